/**
 * Which lines of a fulfillment order go in the package, how many of each, and under which
 * provider SKU. Only what is still to ship travels: a line already fulfilled, removed from the
 * order, a gift card or a service that needs no shipping stays out.
 */
import type { FulfillmentOrderFacts, FulfillmentOrderLine } from "./fulfillment-order";
import { said } from "../lib/words/reason-said";
import { type HoldReason } from "./hold";
import { FIELD_LIMITS, characters, overLimit } from "./limits";
import type { ConnectorSettings, SkuEntry } from "./settings";

export interface PackageLine {
  readonly line: FulfillmentOrderLine;
  /** The SKU as the provider knows it. */
  readonly sku: string;
  readonly quantity: number;
  /** The merchant's settings for this SKU, when there are any. */
  readonly entry: SkuEntry | undefined;
}

/** “Aviator sunglasses – Black”, how a line is named in messages. */
export function productLabel(line: FulfillmentOrderLine): string {
  const variant = line.variantTitle?.trim();
  return `“${line.productTitle}${variant ? ` – ${variant}` : ""}”`;
}

/** Lines with units still to ship that are physical goods. */
export function linesToShip(fo: FulfillmentOrderFacts): FulfillmentOrderLine[] {
  return fo.lineItems.filter((line) => line.remainingQuantity > 0 && line.requiresShipping && !line.isGiftCard);
}

/** The store SKU → provider SKU mapping, identity unless the merchant set one. */
export function packageLines(
  lines: readonly FulfillmentOrderLine[],
  settings: ConnectorSettings,
): { lines: PackageLine[]; reasons: HoldReason[] } {
  const result: PackageLine[] = [];
  const reasons: HoldReason[] = [];
  for (const line of lines) {
    const storeSku = line.sku?.trim();
    const lineItemId = line.id;
    if (!storeSku) {
      reasons.push({ field: "Skus.Sku", lineItemId, ...said("noSku", productLabel(line)) });
      continue;
    }
    const entry = settings.skus.bySku[storeSku];
    // A kit is mapped too: its components, set on the Products page.
    if (entry === undefined && settings.skus.strict && settings.kits[storeSku] === undefined) {
      reasons.push({ field: "Skus.Sku", value: storeSku, lineItemId, ...said("skuNotMapped", productLabel(line), storeSku) });
      continue;
    }
    const sku = entry?.providerSku ?? storeSku;
    const tooLong = overLimit("Skus.Sku", sku, { subject: productLabel(line), lineItemId });
    if (tooLong !== undefined) {
      reasons.push(tooLong);
      continue;
    }
    result.push({ line, sku, quantity: line.remainingQuantity, entry });
  }
  return { lines: result, reasons };
}

/**
 * The product name the provider shows for a line: title and variant when they fit, the title
 * alone when only it fits. Longer titles are left out rather than cut: the field is descriptive,
 * the SKU identifies the goods, and a cut name would read as a different product.
 */
export function productNameOf(line: FulfillmentOrderLine): string | undefined {
  const max = FIELD_LIMITS["Skus.ProductName"].max;
  const title = line.productTitle.trim();
  const variant = line.variantTitle?.trim();
  const full = variant ? `${title} - ${variant}` : title;
  return [full, title].find((name) => name !== "" && characters(name) <= max);
}
