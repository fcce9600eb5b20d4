/**
 * Shopify's own bundles, as an order holds them on 2026-10: the customer buys the bundle (one
 * product, "Gift box"), the order's line items are its components, each pointing at the bundle
 * through `LineItem.lineItemGroup` (REST: `sales_line_item_group_id`), and fulfillment orders list
 * the components, never the bundle. A posted line with `components` is expanded here.
 */
import { findVariantBySku } from "./catalogue";
import type { EmulatorState, LineItemGroupRecord, LineItemRecord } from "./state";

/** What a bundle line and each of its components say (the payload's line item keys the emulator reads). */
interface PostedLine {
  variant_id?: number | string | null;
  sku?: string | null;
  title?: string | null;
  name?: string | null;
  quantity: number;
  properties?: { name: string; value: unknown }[] | null;
}

/**
 * The component lines of a bundle bought `bundle.quantity` times: each component's quantity per
 * bundle times that, every line sharing one group with the bundle's title, product, variant and
 * properties (its `customAttributes`). `lineItem` builds a component's record as any other line's.
 */
export function bundleLines<Line extends PostedLine>(
  state: EmulatorState,
  shop: string,
  bundle: PostedLine,
  components: readonly Line[],
  lineItem: (line: Line) => LineItemRecord,
): LineItemRecord[] {
  const byId = bundle.variant_id != null ? state.owned(state.variants, Number(bundle.variant_id), shop) : undefined;
  const variant = byId ?? (bundle.sku ? findVariantBySku(state, shop, bundle.sku) : undefined);
  const product = variant ? state.products.get(variant.productId) : undefined;
  const group: LineItemGroupRecord = {
    id: state.newId(),
    title: bundle.title ?? product?.title ?? bundle.name ?? "Bundle",
    quantity: bundle.quantity,
    productId: variant?.productId ?? null,
    variantId: variant?.id ?? null,
    variantSku: bundle.sku ?? variant?.sku ?? null,
    customAttributes: (bundle.properties ?? []).map((p) => ({ name: p.name, value: String(p.value) })),
  };
  return components.map((component) => ({
    ...lineItem({ ...component, quantity: component.quantity * bundle.quantity }),
    lineItemGroup: group,
  }));
}
