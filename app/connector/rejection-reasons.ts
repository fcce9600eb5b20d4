/**
 * Why a fulfillment request is refused, in Shopify's words: a package the connector holds (its
 * HoldReasons) or one the provider could not create (its ReasonCode) becomes one
 * FulfillmentOrderRejectionReason, a message the merchant reads on the order, and the line items at
 * fault, each with its own note. Pure: planning calls it when it rejects a request it has not
 * accepted (fulfillmentOrderRejectFulfillmentRequest's reason, message and lineItems).
 */
import type { HoldReason } from "./hold";

/** Shopify's FulfillmentOrderRejectionReason (2026-10). */
export type RejectionReason =
  | "INCORRECT_ADDRESS"
  | "INCORRECT_PRODUCT_INFO"
  | "INELIGIBLE_PRODUCT"
  | "INTERNATIONAL_SHIPPING_UNAVAILABLE"
  | "INVALID_CONTACT_INFORMATION"
  | "INVALID_SKU"
  | "INVENTORY_OUT_OF_STOCK"
  | "MERCHANT_BLOCKED_OR_SUSPENDED"
  | "MISSING_CUSTOMS_INFO"
  | "ORDER_TOO_LARGE"
  | "OTHER"
  | "PACKAGE_PREFERENCE_NOT_SET"
  | "PAYMENT_DECLINED"
  | "UNDELIVERABLE_DESTINATION";

export interface RejectedLineItem {
  fulfillmentOrderLineItemId: string;
  message: string;
}

export interface Rejection {
  reason: RejectionReason;
  /** For the merchant, on the order: every reason, in the words the app uses elsewhere. */
  message: string;
  /** The line items at fault; empty when the whole package is (an address, a destination). */
  lineItems: RejectedLineItem[];
}

/** Shopify shows the message on the order; long ones are cut. */
const MAX_MESSAGE = 250;
const MAX_LINE_MESSAGE = 250;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * When reasons point several ways, the one to name first: what the merchant must fix about the
 * products before the address, and the address before customs paperwork. OTHER last.
 */
const PRECEDENCE: readonly RejectionReason[] = [
  "INVALID_SKU",
  "INVENTORY_OUT_OF_STOCK",
  "INCORRECT_ADDRESS",
  "INVALID_CONTACT_INFORMATION",
  "UNDELIVERABLE_DESTINATION",
  "INTERNATIONAL_SHIPPING_UNAVAILABLE",
  "MISSING_CUSTOMS_INFO",
  "INCORRECT_PRODUCT_INFO",
  "ORDER_TOO_LARGE",
  "PAYMENT_DECLINED",
  "INELIGIBLE_PRODUCT",
  "PACKAGE_PREFERENCE_NOT_SET",
  "MERCHANT_BLOCKED_OR_SUSPENDED",
  "OTHER",
];

/** The recipient's contact fields of ShipToAddress; the others are the address proper. */
const CONTACT_FIELDS = new Set(["Contact", "Phone", "Email"]);

/**
 * The reason a field of the provider's package stands for (the HoldReason's `field`, or the field
 * a provider's InvalidField error names), without its index: "ShipToAddress.Street1",
 * "Skus.DeclareNameEn", "Packages[0].Skus[1].HsCode".
 */
export function reasonOfField(field: string): RejectionReason {
  const path = field.replace(/\[\d+\]/g, "").replace(/^(Packages|Package)\./, "");
  const [head = "", tail = ""] = path.split(".");
  if (head === "ShipToAddress") {
    if (tail === "Country") return "UNDELIVERABLE_DESTINATION";
    return CONTACT_FIELDS.has(tail) ? "INVALID_CONTACT_INFORMATION" : "INCORRECT_ADDRESS";
  }
  if (head === "ServiceCode") return "UNDELIVERABLE_DESTINATION";
  if (head === "TaxId" || head === "IDNumber" || head === "VatCode" || head === "IOSS") return "MISSING_CUSTOMS_INFO";
  if (head === "Skus" || head === "Sku") {
    if (tail === "" || tail === "Sku") return "INVALID_SKU";
    if (tail === "Weight") return "INCORRECT_PRODUCT_INFO";
    return "MISSING_CUSTOMS_INFO";
  }
  if (head === "Customs name" || head === "HS code" || head === "Declared value" || head === "DeclareValue") return "MISSING_CUSTOMS_INFO";
  if (head === "Weight" || head === "Length" || head === "Width" || head === "Height" || head === "Size") return "ORDER_TOO_LARGE";
  // CodAmount (a cash-on-delivery order in several packages), Review, and anything else: the message says.
  return "OTHER";
}

/** The provider's ReasonCode of a package it could not create (CreateFailedReason, UnShippedReason). */
const BY_PROVIDER_CODE: Readonly<Record<string, RejectionReason>> = {
  DestinationNotServed: "UNDELIVERABLE_DESTINATION",
  InsufficientStock: "INVENTORY_OUT_OF_STOCK",
  OutOfStock: "INVENTORY_OUT_OF_STOCK",
  SkuNotFound: "INVALID_SKU",
  InvalidSku: "INVALID_SKU",
  AddressInvalid: "INCORRECT_ADDRESS",
  InvalidAddress: "INCORRECT_ADDRESS",
  PostcodeInvalid: "INCORRECT_ADDRESS",
  CustomsInfoMissing: "MISSING_CUSTOMS_INFO",
  Overweight: "ORDER_TOO_LARGE",
  // The service itself is wrong: a settings problem of the merchant's, not of the order.
  ServiceNotFound: "OTHER",
  ServiceNotAvailable: "OTHER",
};

function first(reasons: Iterable<RejectionReason>): RejectionReason {
  const present = new Set(reasons);
  return PRECEDENCE.find((reason) => present.has(reason)) ?? "OTHER";
}

/** Every line note of the same line item in one. */
function linesOf(notes: readonly { lineItemId: string; message: string }[]): RejectedLineItem[] {
  const byLine = new Map<string, string[]>();
  for (const note of notes) byLine.set(note.lineItemId, [...(byLine.get(note.lineItemId) ?? []), note.message]);
  return [...byLine].map(([fulfillmentOrderLineItemId, messages]) => ({
    fulfillmentOrderLineItemId,
    message: cut(messages.join(" "), MAX_LINE_MESSAGE),
  }));
}

/** A package the connector holds, refused with its reasons (HoldReasons as app/connector/hold.ts makes them). */
export function rejectionForHold(reasons: readonly HoldReason[]): Rejection {
  if (reasons.length === 0) return { reason: "OTHER", message: "The package cannot be sent to the provider.", lineItems: [] };
  return {
    reason: first(reasons.map((reason) => reasonOfField(reason.field))),
    message: cut(reasons.map((reason) => reason.message).join(" "), MAX_MESSAGE),
    lineItems: linesOf(
      reasons.flatMap((reason) => (reason.lineItemId ? [{ lineItemId: reason.lineItemId, message: reason.message }] : [])),
    ),
  };
}

export interface ProviderFailure {
  /** The provider's ReasonCode, or the field of an InvalidField answer ("Packages[0].ShipToAddress.Postcode"). */
  code: string;
  /** The merchant's words for it (creationFailureOf's message). */
  message: string;
  /** The provider's own text (ReasonText, ExtendMessage): where it names a SKU, that line is at fault. */
  providerText?: string;
}

/** Whether `text` names `sku` as a whole word (not inside a longer SKU). */
function names(text: string, sku: string): boolean {
  const escaped = sku.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^A-Za-z0-9_-])${escaped}($|[^A-Za-z0-9_-])`).test(text);
}

/**
 * A package the provider could not create, refused with Shopify's closest reason. `lines` are the
 * fulfillment order's line items with their SKUs: those the provider's text names are at fault.
 */
export function rejectionForProviderFailure(
  failure: ProviderFailure,
  lines: readonly { fulfillmentOrderLineItemId: string; sku: string | null }[] = [],
): Rejection {
  const reason =
    BY_PROVIDER_CODE[failure.code] ?? (failure.code.includes(".") || failure.code.includes("[") ? reasonOfField(failure.code) : "OTHER");
  const text = failure.providerText ?? failure.message;
  const atFault = lines.filter((line) => line.sku !== null && line.sku !== "" && names(text, line.sku));
  return {
    reason,
    message: cut(failure.message, MAX_MESSAGE),
    lineItems: atFault.map((line) => ({
      fulfillmentOrderLineItemId: line.fulfillmentOrderLineItemId,
      message: cut(failure.message, MAX_LINE_MESSAGE),
    })),
  };
}
