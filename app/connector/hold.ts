/**
 * Why a shipment cannot go yet. Each reason names the field, the value and the limit, and tells the
 * merchant what to change; the admin shows them next to a retry button, in the merchant's language
 * (`say`, decision 0045).
 */
import { z } from "zod";
import { ReasonSay } from "../lib/words/reason-said";

export const HoldReason = z.object({
  /** The provider's field, as a path: "ShipToAddress.Street1", "Skus.DeclareNameEn", "ServiceCode". */
  field: z.string(),
  /** The value that was refused, as the order has it. */
  value: z.string().optional(),
  /** The most characters (or grams, digits) the field accepts, when the reason is a limit. */
  limit: z.number().optional(),
  /** For reasons about one line: the fulfillment order line item. */
  lineItemId: z.string().optional(),
  /** For the merchant: what is wrong and what to do, in English (logs, alerts, Shopify). */
  message: z.string(),
  /** The same in any language: the catalogue's sentence (`reasons`) and its arguments; the English message is made from it. */
  say: ReasonSay.optional(),
});
export type HoldReason = z.infer<typeof HoldReason>;

/** Reasons, or a value when there are none: how every check below hands back its result. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reasons: HoldReason[] };

export const held = (...reasons: HoldReason[]): { ok: false; reasons: HoldReason[] } => ({ ok: false, reasons });
export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
