/**
 * The order's stored webhooks are stale when planning runs (decision 0052): the order changed in
 * Shopify after its `orders/create` was stored, and the change's own webhooks have not reached the
 * app yet (Shopify does not promise when, nor in what order). Planning reads the fulfillment order
 * and its order from Shopify, so the provider still gets exactly what Shopify holds. The emulator
 * keeps its deliveries back; the order's `orders/create` and routing events are then delivered alone
 * (copies of the held ones), and the change's webhooks only after the package went.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { emulatorState, numericId } from "../support/shopify-admin";
import { waitFor } from "../support/jobs";
import { DEMO_SHOP, type PlacedOrder, useHarness } from "./harness";

const harness = useHarness();

const EDIT_BEGIN = `mutation ($id: ID!) { orderEditBegin(id: $id) { calculatedOrder { id lineItems(first: 10) { nodes { id sku quantity } } } userErrors { field message } } }`;
const EDIT_QUANTITY = `mutation ($id: ID!, $line: ID!, $quantity: Int!) { orderEditSetQuantity(id: $id, lineItemId: $line, quantity: $quantity, restock: true) { calculatedLineItem { id } userErrors { field message } } }`;
const EDIT_COMMIT = `mutation ($id: ID!) { orderEditCommit(id: $id, notifyCustomer: false, staffNote: "Customer asked for one less") { order { id } userErrors { field message } } }`;
const FO_LINES = `query ($id: ID!) { fulfillmentOrder(id: $id) { lineItems(first: 10) { nodes { id remainingQuantity } } } }`;
const SPLIT = `mutation ($splits: [FulfillmentOrderSplitInput!]!) { fulfillmentOrderSplit(fulfillmentOrderSplits: $splits) { fulfillmentOrderSplits { remainingFulfillmentOrder { id } } userErrors { field message } } }`;
const HOLD = `mutation ($id: ID!) { fulfillmentOrderHold(id: $id, fulfillmentHold: { reason: INCORRECT_ADDRESS, reasonNotes: "Customer is checking the address" }) { fulfillmentHold { id } userErrors { field message } } }`;

const DeliveryLog = z.array(z.looseObject({ topic: z.string().nullable(), body: z.string(), state: z.string() }));

/** When the test began: the change events the app received since are this test's order's. */
let testBegan = new Date();
beforeEach(() => {
  testBegan = new Date();
});

async function emulatorControl(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${harness.shopify.url}/__emulator/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": DEMO_SHOP },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`the emulator's ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Every webhook from here on waits at the emulator until released. */
const holdBackWebhooks = () => emulatorControl("delivery", { hold: true });

async function deliveryLog() {
  const response = await fetch(`${harness.shopify.url}/__emulator/deliveries`);
  return DeliveryLog.parse(await response.json());
}

/** Webhooks flow again, and the ones held back are delivered, oldest first: resolves once the app has them all. */
async function releaseWebhooks(): Promise<void> {
  await emulatorControl("delivery", { hold: false });
  await emulatorControl("delivery/release", { order: "fifo" });
  await waitFor(async () => (await deliveryLog()).every((record) => record.state !== "held" && record.state !== "pending") || undefined, {
    timeoutMs: 15_000,
    intervalMs: 25,
    what: "every held webhook delivered",
  });
}

afterEach(releaseWebhooks);

/** The held-back deliveries of a topic that are about this order (its id or its fulfillment orders' ids in the body). */
async function heldBack(topic: string, placed: PlacedOrder): Promise<unknown[]> {
  const names = [String(numericId(placed.orderId)), ...placed.fulfillmentOrders.map((fo) => fo.id)];
  return (await deliveryLog())
    .filter((record) => record.state === "held" && record.topic === topic && names.some((name) => record.body.includes(name)))
    .map((record) => JSON.parse(record.body) as unknown);
}

/**
 * Delivers, ahead of everything held back, the order's orders/create and routing events as
 * Shopify sent them when the order was placed (the app stores the first and plans from the second).
 */
async function deliverOrderAsPlaced(placed: PlacedOrder): Promise<void> {
  const created = await heldBack("orders/create", placed);
  const routed = await heldBack("fulfillment_orders/order_routing_complete", placed);
  expect(created).toHaveLength(1);
  expect(routed.length).toBeGreaterThan(0);
  for (const [topic, payloads] of [
    ["orders/create", created],
    ["fulfillment_orders/order_routing_complete", routed],
  ] as const) {
    for (const payload of payloads) await emulatorControl("webhooks", { topic, shop: DEMO_SHOP, payload, hold: false });
  }
}

function studioFulfillmentOrder(placed: PlacedOrder): string {
  const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.studioLocation);
  if (!fo) throw new Error(`the order was not routed to the studio: ${JSON.stringify(placed.fulfillmentOrders)}`);
  return fo.id;
}

/** The units the provider received for a package (its SKU lines' Quantity); 0 when it has none. */
function unitsAtProvider(shipment: { packageId: string; requestSent: string | null }): number {
  if (!harness.sandbox.state().dropships.has(shipment.packageId)) return 0;
  return [...(shipment.requestSent ?? "").matchAll(/"Quantity":(\d+)/g)].reduce((n, match) => n + Number(match[1]), 0);
}

/** What the app holds of the order from Shopify's webhooks: its stored orders/create's units, and how many change events it received since the test began. */
async function storedOfOrder(orderId: string): Promise<{ unitsOrdered: number; changeEvents: number }> {
  const created = await harness.db.webhookReceipt.findFirstOrThrow({ where: { shop: DEMO_SHOP, topic: "orders/create", orderId } });
  const lines = (JSON.parse(created.payload ?? "{}") as { line_items?: { quantity: number }[] }).line_items ?? [];
  const changeEvents = await harness.db.webhookReceipt.count({
    where: {
      shop: DEMO_SHOP,
      topic: {
        in: [
          "orders/updated",
          "orders/edited",
          "orders/cancelled",
          "fulfillment_orders/split",
          "fulfillment_orders/placed_on_hold",
          "fulfillment_orders/cancelled",
        ],
      },
      receivedAt: { gte: testBegan },
    },
  });
  return { unitsOrdered: lines.reduce((n, line) => n + line.quantity, 0), changeEvents };
}

const sentToProvider = (orderId: string) =>
  waitFor(
    async () => {
      const shipments = await harness.shipmentsOf(orderId);
      return shipments.length > 0 && shipments.every((s) => unitsAtProvider(s) > 0) ? shipments : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 25, what: "the order's packages at the provider" },
  );

describe("an order that changed after its orders/create was stored, its change not yet told", () => {
  it("an edit: the provider gets the edited quantity, not the one the stored orders/create says", async () => {
    await holdBackWebhooks();
    const placed = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 3 }], {}, { hold: true });
    studioFulfillmentOrder(placed);
    const begun = (await harness.merchant(EDIT_BEGIN, { id: placed.orderId })) as {
      orderEditBegin: { calculatedOrder: { id: string; lineItems: { nodes: { id: string }[] } } };
    };
    const calculated = begun.orderEditBegin.calculatedOrder;
    await harness.merchant(EDIT_QUANTITY, { id: calculated.id, line: calculated.lineItems.nodes[0]?.id, quantity: 2 });
    await harness.merchant(EDIT_COMMIT, { id: calculated.id });

    await deliverOrderAsPlaced(placed);
    const [sent] = await sentToProvider(placed.orderId);
    expect(await storedOfOrder(placed.orderId)).toEqual({ unitsOrdered: 3, changeEvents: 0 });
    expect(unitsAtProvider(sent!)).toBe(2);

    // The edit's own webhooks come in the end: nothing is sent again, and Shopify gets one fulfilment.
    await releaseWebhooks();
    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 30_000);
    expect(delivered).toMatchObject({ id: sent!.id, attempts: 1 });
    expect(await harness.shipmentsOf(placed.orderId)).toHaveLength(1);
    const state = await emulatorState(harness.shopify);
    expect(state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(sent!.fulfillmentOrderId)))).toHaveLength(1);
  }, 60_000);

  it("a split: each part ships what Shopify holds, the split-off one once its event comes", async () => {
    await holdBackWebhooks();
    const placed = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 3 }], {}, { hold: true });
    const foId = studioFulfillmentOrder(placed);
    const lines = (await harness.merchant(FO_LINES, { id: foId })) as {
      fulfillmentOrder: { lineItems: { nodes: { id: string }[] } };
    };
    await harness.merchant(SPLIT, {
      splits: [
        { fulfillmentOrderId: foId, fulfillmentOrderLineItems: [{ id: lines.fulfillmentOrder.lineItems.nodes[0]?.id, quantity: 1 }] },
      ],
    });

    await deliverOrderAsPlaced(placed);
    const [first] = await sentToProvider(placed.orderId);
    expect(await storedOfOrder(placed.orderId)).toEqual({ unitsOrdered: 3, changeEvents: 0 });
    expect(first).toMatchObject({ fulfillmentOrderId: foId });
    expect(unitsAtProvider(first!)).toBe(2);

    await releaseWebhooks();
    const both = await waitFor(
      async () => {
        const shipments = await harness.shipmentsOf(placed.orderId);
        return shipments.length === 2 && shipments.every((s) => s.state === "DELIVERED") ? shipments : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 50, what: "both parts delivered" },
    );
    expect(both.map(unitsAtProvider).sort()).toEqual([1, 2]);
    expect(both.every((s) => s.attempts === 1)).toBe(true);
    const state = await emulatorState(harness.shopify);
    for (const shipment of both) {
      expect(state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(shipment.fulfillmentOrderId)))).toHaveLength(1);
    }
  }, 60_000);

  it("a hold: nothing is sent while Shopify holds the fulfillment order, though no webhook said so", async () => {
    await holdBackWebhooks();
    const placed = await harness.placeOrder([{ sku: "TEA-GREEN-100G", quantity: 1 }], {}, { hold: true });
    await harness.merchant(HOLD, { id: studioFulfillmentOrder(placed) });

    await deliverOrderAsPlaced(placed);
    const held = await harness.waitForShipment(placed.orderId, "HELD");
    expect(held).toMatchObject({ kind: "DROPSHIP", lastErrorCode: "SHOPIFY_HOLD" });
    expect(await storedOfOrder(placed.orderId)).toEqual({ unitsOrdered: 1, changeEvents: 0 });
    expect(harness.sandbox.state().dropships.has(held.packageId)).toBe(false);
  }, 60_000);

  it("a cancellation: nothing is planned nor sent for an order Shopify cancelled, though no webhook said so", async () => {
    await holdBackWebhooks();
    const placed = await harness.placeOrder([{ sku: "TEA-GREEN-100G", quantity: 1 }], {}, { hold: true });
    const foId = studioFulfillmentOrder(placed);
    await emulatorControl(`orders/${numericId(placed.orderId)}/cancel?hold=1`, { reason: "customer" });

    await deliverOrderAsPlaced(placed);
    // The routing event worked through: planning looked at the fulfillment order and decided.
    await waitFor(
      async () =>
        (await harness.db.webhookReceipt.count({
          where: {
            shop: DEMO_SHOP,
            topic: "fulfillment_orders/order_routing_complete",
            status: "PROCESSED",
            receivedAt: { gte: testBegan },
          },
        })) > 0 || undefined,
      { timeoutMs: 15_000, intervalMs: 25, what: "the routing event worked through" },
    );
    expect(await storedOfOrder(placed.orderId)).toEqual({ unitsOrdered: 1, changeEvents: 0 });
    expect(await harness.shipmentsOf(placed.orderId)).toEqual([]);
    const state = await emulatorState(harness.shopify);
    expect(state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(foId)))).toEqual([]);
    expect(state.fulfillmentOrders.find((fo) => fo.id === numericId(foId))).toMatchObject({ status: "CANCELLED" });
  }, 60_000);
});
