import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startShopifyEmulator, type ShopifyEmulator } from "./server";
import { APP_TOML, dig, postJson, signedBy, startReceiver, type Receiver } from "./test-support";
import { parseAppToml } from "./webhooks";

const SECRET = "webhooks-test-secret";
const SHOP = "hooks-shop.myshopify.com";

let receiver: Receiver;
let emulator: ShopifyEmulator;

beforeAll(async () => {
  receiver = await startReceiver();
  emulator = await startShopifyEmulator({
    appUrl: receiver.url,
    apiSecret: SECRET,
    appTomlPath: APP_TOML,
    delivery: { retryDelaysMs: [10, 10, 10], timeoutMs: 500 },
    shops: [
      {
        domain: SHOP,
        accessToken: "shpat_hooks",
        products: [{ title: "Mug", variants: [{ sku: "MUG-1", stock: { "Shop location": 4 } }] }],
      },
    ],
  });
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});
beforeEach(async () => {
  await emulator.settled();
  emulator.reset();
  emulator.webhooks.setMode({});
  receiver.requests.length = 0;
  receiver.respond = () => 200;
});

const deliver = (body: Record<string, unknown>) => postJson(`${emulator.url}/__emulator/webhooks`, { shop: SHOP, ...body });

describe("webhook delivery", () => {
  it("reads subscriptions, compliance topics included, from shopify.app.toml", () => {
    const config = parseAppToml(readFileSync(APP_TOML, "utf8"));
    expect(config.apiVersion).toBe("2026-10");
    expect(config.scopes).toContain("write_fulfillments");
    expect(config.subscriptions).toContainEqual({
      topics: ["customers/data_request", "customers/redact", "shop/redact"],
      uri: "/webhooks/compliance",
    });
    expect(emulator.webhooks.uriFor("orders/updated")).toBe("/webhooks/orders");
  });

  it("delivers every subscribed topic on request, compliance topics with Shopify's payloads", async () => {
    emulator.createOrder(SHOP, {
      email: "kim@example.com",
      customer: { first_name: "Kim", email: "kim@example.com" },
      line_items: [{ sku: "MUG-1", quantity: 1 }],
    });
    for (const topic of ["customers/data_request", "customers/redact", "shop/redact", "app/uninstalled", "app/scopes_update"]) {
      const { status } = await deliver({ topic });
      expect(status).toBe(202);
    }
    await emulator.settled();
    const byTopic = (topic: string) => receiver.requests.find((r) => r.headers["x-shopify-topic"] === topic);
    expect(receiver.requests.every((r) => signedBy(SECRET, r))).toBe(true);
    expect(byTopic("shop/redact")?.json).toEqual({ shop_id: expect.any(Number), shop_domain: SHOP });
    expect(byTopic("customers/redact")).toMatchObject({
      path: "/webhooks/compliance",
      json: { shop_domain: SHOP, customer: { email: "kim@example.com" }, orders_to_redact: [expect.any(Number)] },
    });
    expect(byTopic("customers/data_request")?.json).toMatchObject({
      orders_requested: [expect.any(Number)],
      data_request: { id: expect.any(Number) },
    });
    expect(byTopic("app/uninstalled")).toMatchObject({ path: "/webhooks/app/uninstalled", json: { myshopify_domain: SHOP } });
    expect(byTopic("app/scopes_update")?.json).toMatchObject({ shop_id: expect.stringMatching(/^gid:\/\/shopify\/Shop\//) });
  });

  it("does not deliver topics the app does not subscribe to", async () => {
    const { status, body } = await deliver({ topic: "products/update" });
    expect(status).toBe(422);
    expect(dig(body, "deliveries", 0, "state")).toBe("not_subscribed");
  });

  it("retries a failed delivery with the same webhook id, logging each attempt", async () => {
    let calls = 0;
    receiver.respond = () => (++calls <= 2 ? 500 : 200);
    await deliver({ topic: "shop/redact" });
    await emulator.settled();
    expect(receiver.requests).toHaveLength(3);
    expect(new Set(receiver.requests.map((r) => r.headers["x-shopify-webhook-id"])).size).toBe(1);
    const [record] = emulator.deliveries();
    expect(record?.state).toBe("delivered");
    expect(record?.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(record?.attempts.every((a) => a.durationMs >= 0)).toBe(true);
  });

  it("retries a delivery the app does not answer in time, logging the timeout", async () => {
    let calls = 0;
    receiver.respond = () => (++calls === 1 ? "no answer" : 200);
    await deliver({ topic: "shop/redact" });
    await emulator.settled();
    const [record] = emulator.deliveries();
    expect(record?.state).toBe("delivered");
    expect(record?.attempts.map((a) => a.status)).toEqual([null, 200]);
    expect(record?.attempts[0]?.error).toMatch(/^TimeoutError/);
    expect(new Set(receiver.requests.map((r) => r.headers["x-shopify-webhook-id"])).size).toBe(1);
  });

  it("gives up after the last retry", async () => {
    receiver.respond = () => 503;
    await deliver({ topic: "shop/redact" });
    await emulator.settled();
    expect(receiver.requests).toHaveLength(4); // the attempt and three retries
    expect(emulator.deliveries()[0]?.state).toBe("failed");
  });

  it("delivers an event twice on request: same event id, new webhook id", async () => {
    await deliver({ topic: "app/uninstalled", duplicate: true });
    await emulator.settled();
    expect(receiver.requests).toHaveLength(2);
    const [a, b] = receiver.requests;
    expect(a?.headers["x-shopify-event-id"]).toBe(b?.headers["x-shopify-event-id"]);
    expect(a?.headers["x-shopify-webhook-id"]).not.toBe(b?.headers["x-shopify-webhook-id"]);
    expect(a?.rawBody).toBe(b?.rawBody);
  });

  it("publishes shop/update, the shop object with its new zone, when the merchant changes the shop's time zone", async () => {
    const patch = (settings: Record<string, unknown>) =>
      fetch(`${emulator.url}/__emulator/shops/${SHOP}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(settings),
      });
    const before = emulator.state.shops.get(SHOP)?.updatedAt ?? "";
    expect(await (await patch({ ianaTimezone: "Europe/Berlin" })).json()).toMatchObject({ ianaTimezone: "Europe/Berlin" });
    // The same zone again, or another setting, is no change of the shop.
    await patch({ ianaTimezone: "Europe/Berlin" });
    await patch({ autoRequestFulfillment: false });
    await emulator.settled();

    expect(receiver.requests.map((r) => r.headers["x-shopify-topic"])).toEqual(["shop/update"]);
    const [update] = receiver.requests;
    expect(update && signedBy(SECRET, update)).toBe(true);
    expect(update).toMatchObject({
      path: "/webhooks/shop/update",
      json: { myshopify_domain: SHOP, iana_timezone: "Europe/Berlin", updated_at: expect.any(String) },
    });
    expect(Date.parse(String(dig(update?.json, "updated_at")))).toBeGreaterThanOrEqual(Date.parse(before));
  });

  it("holds deliveries and releases them out of order", async () => {
    await postJson(`${emulator.url}/__emulator/delivery`, { hold: true });
    emulator.createOrder(SHOP, { line_items: [{ sku: "MUG-1", quantity: 1 }] });
    emulator.cancelOrder(SHOP, [...emulator.state.orders.keys()][0] ?? 0);
    expect(receiver.requests).toHaveLength(0);
    const { body } = await postJson(`${emulator.url}/__emulator/delivery/release`, {});
    expect(dig(body, "released", "length")).toBe(2); // the subscribed topics: orders/create, orders/updated
    await emulator.settled();
    expect(receiver.requests.map((r) => r.headers["x-shopify-topic"])).toEqual(["orders/updated", "orders/create"]);
  });
});
