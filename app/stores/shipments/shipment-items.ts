/**
 * What a package carries, as the shipment's page lists it: each line with its product, SKU and
 * quantity, and the components of a Shopify bundle together under the bundle the customer bought
 * ("Gift box × 2"), in the order the fulfillment order lists them (decision 0046). Pure.
 */
import type { ShipmentLine } from "./shipment-columns";

export interface ShipmentItem {
  product: string;
  sku: string | null;
  quantity: number;
}

/** A line sold on its own (bundle null), or a bundle and its components. */
export interface ShipmentItemGroup {
  bundle: { title: string; quantity: number } | null;
  items: ShipmentItem[];
}

/**
 * The package's lines grouped by bundle. Lines planned before the app kept their product's name
 * are left out: then there is nothing to list (an empty list).
 */
export function shipmentItemsOf(lines: readonly ShipmentLine[]): ShipmentItemGroup[] {
  const groups: ShipmentItemGroup[] = [];
  const bundles = new Map<string, ShipmentItemGroup>();
  for (const line of lines) {
    if (line.product === undefined) continue;
    const item = { product: line.product, sku: line.sku ?? null, quantity: line.quantity };
    if (line.bundle === undefined) {
      groups.push({ bundle: null, items: [item] });
      continue;
    }
    const known = bundles.get(line.bundle.id);
    if (known) {
      known.items.push(item);
      continue;
    }
    const group = { bundle: { title: line.bundle.title, quantity: line.bundle.quantity }, items: [item] };
    bundles.set(line.bundle.id, group);
    groups.push(group);
  }
  return groups;
}
