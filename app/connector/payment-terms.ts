/**
 * B2B orders on payment terms: a company that buys on Net 30 has not paid when the order is placed,
 * and is not meant to. Such an order ships as its terms allow, by the shop's choice of which terms
 * ship at once (decision 0043); the others wait for payment like any unpaid order, saying which
 * terms hold them. Pure; the words a merchant reads are the catalogue's (`reasons`).
 */
import { z } from "zod";
import { said } from "../lib/words/reason-said";

type Said = ReturnType<typeof said>;

/** Shopify's PaymentTermsType (2026-10). UNKNOWN is what Shopify cannot name: never shipped on terms. */
export const PaymentTermsType = z.enum(["FIXED", "FULFILLMENT", "NET", "RECEIPT", "UNKNOWN"]);
export type PaymentTermsType = z.infer<typeof PaymentTermsType>;

/** The terms a shop may let ship before payment, each a checkbox in Settings > Orders and after sending. */
export const SHIPPABLE_TERMS = ["FULFILLMENT", "NET", "FIXED", "RECEIPT"] as const satisfies readonly PaymentTermsType[];
export type ShippableTerms = (typeof SHIPPABLE_TERMS)[number];

/**
 * Which terms ship at once. Due on fulfilment is paid only once shipped, and net and fixed-date
 * terms are credit the merchant granted the company: they ship. Due on receipt means pay now.
 */
export const ShipOnTerms = z
  .object({
    FULFILLMENT: z.boolean().default(true),
    NET: z.boolean().default(true),
    FIXED: z.boolean().default(true),
    RECEIPT: z.boolean().default(false),
  })
  .prefault({});
export type ShipOnTerms = z.infer<typeof ShipOnTerms>;

/** The order's payment terms as Shopify has them (Order.paymentTerms). */
export const PaymentTerms = z.object({
  // A kind Shopify adds later is terms the app cannot name, never a failed read.
  type: PaymentTermsType.catch("UNKNOWN"),
  /** Shopify's name of the terms: "Net 30", "Due on fulfillment", "Fixed". */
  name: z.string(),
  dueInDays: z.number().int().nullable(),
  /** When the first payment is due (its schedule's dueAt); null when not yet known (on fulfilment). */
  dueAt: z.string().nullable(),
});
export type PaymentTerms = z.infer<typeof PaymentTerms>;

/** The B2B company that placed the order (Order.purchasingEntity), and which of its locations. */
export const PurchasingCompany = z.object({ name: z.string().trim().min(1), location: z.string().nullable() });
export type PurchasingCompany = z.infer<typeof PurchasingCompany>;

/** Whether the order's terms let it ship before it is paid, by the shop's settings. */
export function shipsOnTerms(terms: PaymentTerms | null, shipOn: ShipOnTerms): boolean {
  if (terms === null || terms.type === "UNKNOWN") return false;
  return shipOn[terms.type];
}

/** A company's unpaid order whose terms the app may not read: the merchant approves the access, or sends it. */
export function termsUnreadable(order: { name: string }): Said {
  return said("termsUnreadable", order.name);
}

/**
 * Why an unpaid company order waits: its terms named (with the day due, when known), and the
 * setting that would let them ship. Terms Shopify cannot name wait like any unpaid order, saying so.
 */
export function waitingOnTerms(order: { name: string; company: PurchasingCompany | null }, terms: PaymentTerms): Said {
  const company = order.company?.name ?? "";
  const dueAt = terms.dueAt ?? "";
  if (terms.type === "UNKNOWN") return said("onUnnamedTerms", order.name, company, terms.name, dueAt);
  return said("onTerms", order.name, company, terms.name, dueAt, terms.type);
}
