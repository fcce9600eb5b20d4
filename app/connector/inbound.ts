/**
 * An inbound shipment's boxes as the merchant packs them (store SKUs, grams, centimetres) and as
 * the provider receives them (its Containers, with provider SKUs). Pure; no I/O.
 */
import { z } from "zod";
import type { CreateInboundRequest } from "../fulfilment/schemas/requests";
import type { InboundContainer } from "../fulfilment/schemas/types";

export const InboundLine = z.object({
  /** The SKU as the shop sells it. */
  sku: z.string(),
  /** The SKU the provider knows it by (the Products page's entry, or the same). */
  providerSku: z.string(),
  quantity: z.number().int(),
});
export type InboundLine = z.infer<typeof InboundLine>;

export const InboundBox = z.object({
  /** The merchant's label on the box (the provider's CustomContainerNo); null when none. */
  label: z.string().nullable(),
  weightGrams: z.number(),
  lengthCm: z.number(),
  widthCm: z.number(),
  heightCm: z.number(),
  lines: z.array(InboundLine),
});
export type InboundBox = z.infer<typeof InboundBox>;

export const InboundBoxes = z.array(InboundBox);

/** The boxes as the provider's Containers (operations 4 and 5). */
export function containersOf(boxes: readonly InboundBox[]): InboundContainer[] {
  return boxes.map((box) => ({
    ...(box.label === null ? {} : { CustomContainerNo: box.label }),
    Weight: box.weightGrams,
    Length: box.lengthCm,
    Width: box.widthCm,
    Height: box.heightCm,
    Skus: box.lines.map((line) => ({ Sku: line.providerSku, Quantity: line.quantity })),
  }));
}

/** What the merchant sends: the shipment's facts and its boxes. */
export interface InboundDraft {
  /** The merchant's reference, sent as the provider's ShipmentId. */
  reference: string;
  warehouseId: string;
  shippingType: string;
  plannedArrival: Date | null;
  remark: string | null;
  boxes: InboundBox[];
}

/** The provider's request for a new inbound shipment (operation 4). */
export function inboundRequestOf(draft: InboundDraft): CreateInboundRequest {
  return {
    ShipmentId: draft.reference,
    WarehouseId: draft.warehouseId,
    ShippingType: draft.shippingType,
    Containers: containersOf(draft.boxes),
    ...(draft.plannedArrival === null ? {} : { PlanArriveDate: draft.plannedArrival.toISOString() }),
    ...(draft.remark === null ? {} : { Remark: draft.remark }),
  };
}

/** Units of each SKU over every box, in the order first packed. */
export function unitsBySku(boxes: readonly InboundBox[]): { sku: string; quantity: number }[] {
  const totals = new Map<string, number>();
  for (const line of boxes.flatMap((box) => box.lines)) totals.set(line.sku, (totals.get(line.sku) ?? 0) + line.quantity);
  return [...totals].map(([sku, quantity]) => ({ sku, quantity }));
}

export const totalUnits = (boxes: readonly InboundBox[]) =>
  boxes.reduce((sum, box) => sum + box.lines.reduce((inBox, line) => inBox + line.quantity, 0), 0);

/** ON_THE_WAY until the warehouse has received it; then its boxes can no longer change. */
export type InboundState = "ON_THE_WAY" | "RECEIVED";

/** Kept when the provider refuses an inbound change without a message; pages say it in the admin's language. */
const UNSAID_REFUSAL = "The provider refused it without saying why";

/** The provider's refusal as kept on the shipment: its own message and code, as it said them. */
export const inboundRefusal = (code: string | null | undefined, message: string | null | undefined): string =>
  [message?.trim() || UNSAID_REFUSAL, code ? `(${code})` : ""].join(" ").trim();

/**
 * A kept refusal for the reader: the provider's own words as they are; when it gave none, the
 * reader's sentence for that (`unsaid`), with the code it did give.
 */
export function inboundRefusalIn(kept: string, unsaid: (code: string | null) => string): string {
  if (!kept.startsWith(UNSAID_REFUSAL)) return kept;
  const rest = kept.slice(UNSAID_REFUSAL.length).trim();
  if (rest === "") return unsaid(null);
  const code = /^\((.+)\)$/.exec(rest)?.[1];
  return code === undefined ? kept : unsaid(code);
}
