/**
 * How the shipment's JSON columns read and write (planned lines, hold reasons, other parcels):
 * parsed with zod where they are read, so a row written by an older version reads as empty, not as
 * an exception.
 */
import type { Shipment } from "@prisma/client";
import { z } from "zod";
import { ReasonSay } from "~/lib/words/reason-said";

/**
 * A fulfillment order line item and how many of it the package carries; with what the shipment's
 * page names it by: its product, its SKU, and the Shopify bundle it is a component of (decision
 * 0046). Rows planned before those were kept have the id and quantity alone.
 */
export const ShipmentLine = z.object({
  id: z.string().min(1),
  quantity: z.number().int().positive(),
  product: z.string().optional(),
  sku: z.string().nullable().optional(),
  bundle: z.object({ id: z.string(), title: z.string(), quantity: z.number().int().nonnegative() }).optional(),
});
export type ShipmentLine = z.infer<typeof ShipmentLine>;
const ShipmentLines = z.array(ShipmentLine);

/**
 * Why a shipment is held, as the connector says it (app/connector/hold.ts): its English message, and
 * the sentence the admin says it by in the merchant's language (`say`; none on rows written before).
 */
export const StoredHoldReason = z.object({
  field: z.string(),
  value: z.string().optional(),
  limit: z.number().optional(),
  lineItemId: z.string().optional(),
  message: z.string(),
  say: ReasonSay.optional(),
});
export type StoredHoldReason = z.infer<typeof StoredHoldReason>;

/** The planned line items of a shipment; empty when none were stored (or they do not parse). */
export function shipmentLines(shipment: Pick<Shipment, "lineItems">): ShipmentLine[] {
  if (shipment.lineItems === null) return [];
  const parsed = ShipmentLines.safeParse(JSON.parse(shipment.lineItems));
  return parsed.success ? parsed.data : [];
}

/** Another parcel of the package (several boxes): its tracking number, and its page once known. */
export const OtherParcel = z.object({ number: z.string().min(1), url: z.string().nullable() });
export type OtherParcel = z.infer<typeof OtherParcel>;

/** The package's other parcels; empty when it has none (or they do not parse). */
export function otherParcelsOf(shipment: Pick<Shipment, "extraTrackingNumbers">): OtherParcel[] {
  if (shipment.extraTrackingNumbers === null) return [];
  const parsed = z.array(OtherParcel).safeParse(JSON.parse(shipment.extraTrackingNumbers));
  return parsed.success ? parsed.data : [];
}

/** The column's text for these parcels (null for none). */
export function otherParcelsText(parcels: readonly OtherParcel[]): string | null {
  return parcels.length === 0 ? null : JSON.stringify(parcels);
}

export function holdReasonsOf(shipment: Pick<Shipment, "holdReasons">): StoredHoldReason[] {
  if (shipment.holdReasons === null) return [];
  const parsed = z.array(StoredHoldReason).safeParse(JSON.parse(shipment.holdReasons));
  return parsed.success ? parsed.data : [];
}

/** The columns a hold writes: every reason, and their messages as the shipment's last error. */
export function heldChanges(
  code: string,
  reasons: readonly StoredHoldReason[],
): { lastErrorCode: string; lastErrorText: string | null; lastErrorSay: null; holdReasons: string } {
  return {
    lastErrorCode: code,
    lastErrorText: reasons.map((reason) => reason.message).join(" ") || null,
    // Each reason keeps its own sentence; the joined text has none.
    lastErrorSay: null,
    holdReasons: JSON.stringify(reasons),
  };
}
