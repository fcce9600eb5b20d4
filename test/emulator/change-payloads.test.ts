import { beforeEach, describe, expect, it } from "vitest";
import { BackgroundJobs } from "./background";
import { restBulkOperation } from "./bulk-operations";
import { addShop, upsertProducts } from "./catalogue";
import { acceptFulfillmentRequest, closeFulfillmentOrder } from "./fulfillment-orders";
import { mergeFulfillmentOrders, moveFulfillmentOrder, splitFulfillmentOrders } from "./fulfillment-order-changes";
import { placeHold, releaseHolds } from "./holds";
import { assessRisk } from "./order-changes";
import { beginEdit, commitEdit, setQuantity } from "./order-edits";
import { addLocation } from "./catalogue";
import { createOrder } from "./orders";
import { examplePayload } from "./payloads";
import type { Platform } from "./platform";
import { createRefund } from "./refunds";
import { openEarly, reschedule } from "./scheduled";
import { EmulatorState, type FulfillmentOrderRecord } from "./state";
import { WebhookDispatcher } from "./webhooks";

const SHOP = "change-shapes.myshopify.com";

let platform: Platform;

/** The last payload published for a topic (nothing is subscribed: the dispatcher only logs). */
function published(topic: string): Record<string, unknown> {
  const record = platform.webhooks
    .log()
    .filter((d) => d.topic === topic)
    .at(-1);
  if (!record) throw new Error(`nothing published for ${topic}`);
  return JSON.parse(record.body) as Record<string, unknown>;
}

function expectShape(topic: string): Record<string, unknown> {
  const payload = published(topic);
  expect(Object.keys(payload), topic).toEqual(Object.keys(examplePayload(topic) ?? {}));
  return payload;
}

function order(lines: { sku: string; quantity: number }[], fulfillAt?: string): FulfillmentOrderRecord {
  const shop = platform.state.shop(SHOP);
  if (!shop) throw new Error("no shop");
  const [fo] = createOrder(platform, shop, { line_items: lines }, {}, { fulfillAt }).fulfillmentOrders;
  if (!fo) throw new Error("no fulfillment order");
  return fo;
}

beforeEach(() => {
  const state = new EmulatorState(() => new Date("2026-11-01T10:00:00Z"));
  const webhooks = new WebhookDispatcher({
    appUrl: "http://127.0.0.1:1",
    apiSecret: "s",
    app: { apiVersion: "2026-10", scopes: [], subscriptions: [] },
    delivery: { retryDelaysMs: [], timeoutMs: 10 },
    clock: state.clock,
  });
  platform = { state, webhooks, jobs: new BackgroundJobs() };
  addShop(state, { domain: SHOP, accessToken: "t" });
  addLocation(state, SHOP, { name: "Back room" });
  upsertProducts(state, SHOP, {
    products: [{ title: "Tea", variants: [{ sku: "TEA", price: "12.00", stock: { "Shop location": 10, "Back room": 10 } }] }],
  });
});

describe("payloads of orders that change have the keys of Shopify's examples (2026-07)", () => {
  it("holds: placed_on_hold, hold_released, fulfillment_holds/added and /released", () => {
    const fo = order([{ sku: "TEA", quantity: 2 }]);
    placeHold(platform, fo, { reason: "OTHER", reasonNotes: null, handle: "h", externalId: null, notifyMerchant: false, lineItems: null });
    const placed = expectShape("fulfillment_orders/placed_on_hold");
    expect(Object.keys(placed.created_fulfillment_hold as object)).toEqual(
      Object.keys(examplePayload("fulfillment_orders/placed_on_hold")?.created_fulfillment_hold as object),
    );
    expectShape("fulfillment_holds/added");
    releaseHolds(platform, fo, null);
    expectShape("fulfillment_holds/released");
    expectShape("fulfillment_orders/hold_released");
  });

  it("scheduling, split, merge, move", () => {
    const scheduled = order([{ sku: "TEA", quantity: 2 }], "2026-12-01T00:00:00Z");
    reschedule(platform, scheduled, "2026-12-02T00:00:00Z");
    expectShape("fulfillment_orders/rescheduled");
    openEarly(platform, scheduled);
    expectShape("fulfillment_orders/scheduled_fulfillment_order_ready");
    const line = scheduled.lineItems[0]?.id ?? 0;
    const split = splitFulfillmentOrders(platform, [{ fo: scheduled, picks: [{ lineId: line, quantity: 1 }] }]);
    expectShape("fulfillment_orders/split");
    if (!Array.isArray(split) || !split[0]) throw new Error("not split");
    mergeFulfillmentOrders(platform, [
      [
        { fo: scheduled, picks: null },
        { fo: split[0].remainingFulfillmentOrder, picks: null },
      ],
    ]);
    const merged = expectShape("fulfillment_orders/merged");
    expect(Object.keys((merged.merge_intents as object[])[0] ?? {})).toEqual(
      Object.keys((examplePayload("fulfillment_orders/merged")?.merge_intents as object[])[0] ?? {}),
    );
    const backRoom = [...platform.state.locations.values()].find((l) => l.name === "Back room")?.id;
    moveFulfillmentOrder(platform, scheduled, backRoom, null);
    expectShape("fulfillment_orders/moved");
  });

  it("a service closing what it accepted, an outright cancellation's replacement", () => {
    const service = addLocation(platform.state, SHOP, { name: "Warehouse" }, 9_999);
    platform.state.fulfillmentServices.set(9_999, {
      id: 9_999,
      shop: SHOP,
      serviceName: "Warehouse",
      handle: "warehouse",
      callbackUrl: null,
      inventoryManagement: false,
      trackingSupport: false,
      requiresShippingMethod: true,
      locationId: service.id,
    });
    upsertProducts(platform.state, SHOP, { products: [{ title: "Mug", variants: [{ sku: "MUG", stock: { Warehouse: 5 } }] }] });
    const fo = order([{ sku: "MUG", quantity: 1 }]);
    acceptFulfillmentRequest(platform, fo, { message: null, estimatedShippedAt: null });
    closeFulfillmentOrder(platform, fo, "Broken");
    expectShape("fulfillment_orders/fulfillment_service_failed_to_complete");
  });

  it("orders/edited, refunds/create (and its line items), orders/risk_assessment_changed, bulk_operations/finish", () => {
    const fo = order([{ sku: "TEA", quantity: 3 }]);
    const record = platform.state.orders.get(fo.orderId);
    if (!record) throw new Error("no order");
    const edit = beginEdit(platform, record);
    if ("refused" in edit) throw new Error(edit.message);
    setQuantity(platform, edit, record.lineItems[0]?.id ?? 0, 2, true, null);
    commitEdit(platform, edit, false, null);
    const edited = expectShape("orders/edited");
    expect(Object.keys(edited.order_edit as object)).toEqual(Object.keys(examplePayload("orders/edited")?.order_edit as object));

    createRefund(platform, record, {
      note: null,
      lines: [{ lineItemId: record.lineItems[0]?.id, quantity: 1, restockType: "CANCEL", locationId: null }],
      shipping: null,
    });
    const refund = expectShape("refunds/create");
    const example = examplePayload("refunds/create");
    const first = (value: unknown) => (Array.isArray(value) ? (value[0] as object) : {});
    expect(Object.keys(first(refund.refund_line_items))).toEqual(Object.keys(first(example?.refund_line_items)));
    expect(Object.keys(first(refund.transactions))).toEqual(Object.keys(first(example?.transactions)));

    assessRisk(platform, record, { riskLevel: "MEDIUM", facts: [] });
    expectShape("orders/risk_assessment_changed");

    const bulk = restBulkOperation({
      id: 1,
      shop: SHOP,
      type: "QUERY",
      status: "COMPLETED",
      query: "{}",
      groupObjects: false,
      createdAt: "2026-11-01T10:00:00.000Z",
      completedAt: "2026-11-01T10:00:01.000Z",
      errorCode: null,
      errorDetail: null,
      objectCount: 0,
      rootObjectCount: 0,
      jsonl: "",
      urlPath: null,
    });
    expect(Object.keys(bulk)).toEqual(Object.keys(examplePayload("bulk_operations/finish") ?? {}));
  });
});
