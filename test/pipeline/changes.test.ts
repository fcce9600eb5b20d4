/**
 * Orders that change before the package reaches the provider (issue 11), through the whole
 * pipeline: the emulator performs the merchant's admin actions (holds, edits, splits, payment,
 * schedules) and sends Shopify's webhooks, every one of them twice; the worker brings the
 * shipments in line. What a merchant would check: the provider receives exactly what is left to
 * ship, once, and Shopify ends with one fulfilment per fulfillment order.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { emulatorState, numericId } from "../support/shopify-admin";
import { waitFor } from "../support/jobs";
import { DEMO_SHOP, type PlacedOrder, useHarness } from "./harness";
import { CATALOGUES } from "~/lib/words";
import { findShipmentDetail } from "~/stores/shipments/shipment-list.server";

const harness = useHarness();

beforeAll(async () => {
  // Every webhook from here on is delivered twice (same event id, new webhook id), as Shopify may.
  await fetch(`${harness.shopify.url}/__emulator/delivery`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ duplicate: true }),
  });
}, 30_000);

const HOLD = `mutation ($id: ID!) { fulfillmentOrderHold(id: $id, fulfillmentHold: { reason: INCORRECT_ADDRESS, reasonNotes: "Customer is checking the address" }) { fulfillmentHold { id } userErrors { field message } } }`;
const RELEASE = `mutation ($id: ID!) { fulfillmentOrderReleaseHold(id: $id) { fulfillmentOrder { status } userErrors { field message } } }`;
const EDIT_BEGIN = `mutation ($id: ID!) { orderEditBegin(id: $id) { calculatedOrder { id lineItems(first: 10) { nodes { id sku quantity } } } userErrors { field message } } }`;
const EDIT_QUANTITY = `mutation ($id: ID!, $line: ID!, $quantity: Int!) { orderEditSetQuantity(id: $id, lineItemId: $line, quantity: $quantity, restock: true) { calculatedLineItem { id } userErrors { field message } } }`;
const EDIT_COMMIT = `mutation ($id: ID!) { orderEditCommit(id: $id, notifyCustomer: false, staffNote: "Customer asked for one less") { order { id } userErrors { field message } } }`;
const FO_LINES = `query ($id: ID!) { fulfillmentOrder(id: $id) { lineItems(first: 10) { nodes { id sku remainingQuantity } } } }`;
const SPLIT = `mutation ($splits: [FulfillmentOrderSplitInput!]!) { fulfillmentOrderSplit(fulfillmentOrderSplits: $splits) { fulfillmentOrderSplits { remainingFulfillmentOrder { id } } userErrors { field message } } }`;
const MARK_PAID = `mutation ($id: ID!) { orderMarkAsPaid(input: { id: $id }) { order { id } userErrors { field message } } }`;

/** The order's one fulfillment order at the merchant's studio (the drop-ship path). */
function studioFulfillmentOrder(placed: PlacedOrder): string {
  const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.studioLocation);
  if (!fo) throw new Error(`the order was not routed to the studio: ${JSON.stringify(placed.fulfillmentOrders)}`);
  return fo.id;
}

const processed = (topic: string) => harness.db.webhookReceipt.count({ where: { shop: DEMO_SHOP, topic, status: "PROCESSED" } });

/** Does `change`, then resolves once Shopify's `topic` event about it has been worked through and nothing else waits. */
async function andWorkedThrough(topic: string, change: () => Promise<unknown>): Promise<void> {
  const before = await processed(topic);
  await change();
  await waitFor(
    async () =>
      ((await processed(topic)) > before &&
        (await harness.db.webhookReceipt.count({ where: { shop: DEMO_SHOP, status: "ENQUEUED" } })) === 0) ||
      undefined,
    { timeoutMs: 15_000, intervalMs: 25, what: `the ${topic} event worked through` },
  );
}

/** Resolves once no event of the shop waits to be worked through. */
function nothingWaiting(what: string): Promise<unknown> {
  return waitFor(
    async () => (await harness.db.webhookReceipt.count({ where: { shop: DEMO_SHOP, status: "ENQUEUED" } })) === 0 || undefined,
    { timeoutMs: 15_000, intervalMs: 25, what },
  );
}

/**
 * Makes a change with the worker stopped, and starts it again once all of the change's webhooks
 * are recorded: each of its own topics' and the orders/updated Shopify sends with each. One round
 * reads them all.
 */
async function changeReadInOneRound(orderId: string, topics: readonly string[], change: () => Promise<unknown>): Promise<void> {
  const recorded = async (topic: string) =>
    harness.db.webhookReceipt.count({ where: { shop: DEMO_SHOP, orderId, topic, status: "ENQUEUED" } });
  await harness.stopWorker();
  try {
    await change();
    await waitFor(
      async () => {
        for (const topic of topics) if ((await recorded(topic)) === 0) return undefined;
        return (await recorded("orders/updated")) >= topics.length || undefined;
      },
      { timeoutMs: 15_000, intervalMs: 25, what: `the ${topics.join(", ")} and orders/updated webhooks recorded` },
    );
  } finally {
    harness.startWorker();
  }
}

/** The merchant edits the order in Shopify: its first line's quantity becomes `quantity`. */
async function editFirstLine(orderId: string, quantity: number): Promise<void> {
  const begun = (await harness.merchant(EDIT_BEGIN, { id: orderId })) as {
    orderEditBegin: { calculatedOrder: { id: string; lineItems: { nodes: { id: string }[] } } };
  };
  const calculated = begun.orderEditBegin.calculatedOrder;
  await harness.merchant(EDIT_QUANTITY, { id: calculated.id, line: calculated.lineItems.nodes[0]?.id, quantity });
  await harness.merchant(EDIT_COMMIT, { id: calculated.id });
}

/** The units each package carries as it was sent to the provider (its SKU lines' Quantity), by PackageId; 0 for one the provider does not have. */
function sentUnits(shipments: { packageId: string; requestSent: string | null }[]): Record<string, number> {
  return Object.fromEntries(
    shipments.map((shipment) => {
      if (!harness.sandbox.state().dropships.has(shipment.packageId)) return [shipment.packageId, 0];
      const units = [...(shipment.requestSent ?? "").matchAll(/"Quantity":(\d+)/g)].reduce((n, match) => n + Number(match[1]), 0);
      return [shipment.packageId, units];
    }),
  );
}

describe("an order that changes before its package is sent", () => {
  it("waits while unpaid; an edit and a split are planned as they happen; paid, each part ships once", async () => {
    const placed = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 3 }], { financial_status: "pending" });
    const foId = studioFulfillmentOrder(placed);
    const waiting = await harness.waitForShipment(placed.orderId, "HELD");
    expect(waiting).toMatchObject({ kind: "DROPSHIP", lastErrorCode: "AWAITING_PAYMENT" });
    expect(waiting.lastErrorText).toMatch(/Not paid|paid/);

    // The customer asks for one less: the order is edited in Shopify.
    const begun = (await harness.merchant(EDIT_BEGIN, { id: placed.orderId })) as {
      orderEditBegin: { calculatedOrder: { id: string; lineItems: { nodes: { id: string }[] } } };
    };
    const calculated = begun.orderEditBegin.calculatedOrder;
    await harness.merchant(EDIT_QUANTITY, { id: calculated.id, line: calculated.lineItems.nodes[0]?.id, quantity: 2 });
    await andWorkedThrough("orders/edited", () => harness.merchant(EDIT_COMMIT, { id: calculated.id }));
    const [edited] = await harness.shipmentsOf(placed.orderId);
    expect(edited).toMatchObject({ id: waiting.id, state: "HELD", lastErrorCode: "AWAITING_PAYMENT" });
    expect(JSON.parse(edited?.lineItems ?? "[]")).toEqual([expect.objectContaining({ id: expect.any(String), quantity: 2 })]);

    // The merchant splits the remaining two into two fulfillment orders.
    const lines = (await harness.merchant(FO_LINES, { id: foId })) as {
      fulfillmentOrder: { lineItems: { nodes: { id: string; remainingQuantity: number }[] } };
    };
    const line = lines.fulfillmentOrder.lineItems.nodes[0];
    await andWorkedThrough("fulfillment_orders/split", () =>
      harness.merchant(SPLIT, { splits: [{ fulfillmentOrderId: foId, fulfillmentOrderLineItems: [{ id: line?.id, quantity: 1 }] }] }),
    );
    const split = await harness.shipmentsOf(placed.orderId);
    expect(split.map((s) => [s.state, s.lastErrorCode, JSON.parse(s.lineItems ?? "[]")[0]?.quantity])).toEqual([
      ["HELD", "AWAITING_PAYMENT", 1],
      ["HELD", "AWAITING_PAYMENT", 1],
    ]);
    expect(new Set(split.map((s) => s.packageId)).size).toBe(2);
    expect(harness.sandbox.state().dropships.has(waiting.packageId)).toBe(false);

    // Paid: both parts go, each once, and Shopify gets one fulfilment per fulfillment order.
    await harness.merchant(MARK_PAID, { id: placed.orderId });
    const delivered = await waitFor(
      async () => {
        const shipments = await harness.shipmentsOf(placed.orderId);
        return shipments.length === 2 && shipments.every((s) => s.state === "DELIVERED") ? shipments : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 50, what: "both parts delivered" },
    );
    expect(Object.values(sentUnits(delivered))).toEqual([1, 1]);
    expect(delivered.every((s) => s.attempts === 1)).toBe(true);
    const state = await emulatorState(harness.shopify);
    for (const shipment of delivered) {
      expect(state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(shipment.fulfillmentOrderId)))).toHaveLength(1);
    }
    // Each change is named after the webhook the app read first. An edit comes as orders/edited and
    // orders/updated, sent at once and in no promised order (nor does Shopify promise one): either
    // name is right, the outcome must follow it. A payment is named so whichever came first (its
    // orders/updated says the order is paid).
    const timeline = await harness.events(waiting.id);
    const messages = timeline.map((e) => e.message);
    expect(messages).toContainEqual(expect.stringMatching(/^The order was (edited|updated) in Shopify.*; still held\./));
    expect(messages).toContainEqual(expect.stringMatching(/^The order was paid: [Pp]ackage \S+ /));
    // The Chinese admin reads each change and what it came to in Chinese, the plan's sentence inside.
    const inChinese =
      (await findShipmentDetail(harness.db, DEMO_SHOP, waiting.id, CATALOGUES["zh-CN"]))?.timeline.map((e) => e.message) ?? [];
    expect(inChinese).toContainEqual(
      expect.stringMatching(/^订单在 Shopify 中已.*，仍然暂缓。尚未付款：等待 Shopify 将订单标记为已付款。$/),
    );
    expect(inChinese).toContainEqual(
      expect.stringMatching(/^订单已付款：包裹 \S+ 已通过检查：将从一件代发地点 \S+ 以物流服务 \S+ 发出。$/),
    );
    expect(inChinese).toContainEqual(expect.stringMatching(/^已发送给服务商（一件代发地点 \S+，物流服务 \S+）：.+。$/));
    expect(inChinese.join("\n")).not.toMatch(/The order|still held|checked: goes to|Sent to the provider/);
  }, 60_000);

  it("names a payment a payment when its orders/updated is read with it, or before it", async () => {
    const placed = await harness.placeOrder([{ sku: "TEA-GREEN-100G", quantity: 1 }], { financial_status: "pending" });
    const waiting = await harness.waitForShipment(placed.orderId, "HELD");
    expect(waiting).toMatchObject({ kind: "DROPSHIP", lastErrorCode: "AWAITING_PAYMENT" });
    await nothingWaiting("the order's first events worked through");

    // Shopify sends the payment as orders/paid and orders/updated at once: read in either order,
    // or together, the change is the payment.
    await changeReadInOneRound(placed.orderId, ["orders/paid"], () => harness.merchant(MARK_PAID, { id: placed.orderId }));
    await harness.waitForShipment(placed.orderId, "DELIVERED", 30_000);
    const messages = (await harness.events(waiting.id)).map((e) => e.message);
    expect(messages).toContainEqual(expect.stringMatching(/^The order was paid: [Pp]ackage \S+ /));
    expect(messages.join("\n")).not.toMatch(/updated in Shopify/);
  }, 60_000);

  it("names an edit an edit when its orders/updated is read with it", async () => {
    const placed = await harness.placeOrder([{ sku: "TEA-GREEN-100G", quantity: 2 }], { financial_status: "pending" });
    const waiting = await harness.waitForShipment(placed.orderId, "HELD");
    await nothingWaiting("the order's first events worked through");

    // Shopify sends an edit as orders/edited and orders/updated at once.
    await changeReadInOneRound(placed.orderId, ["orders/edited"], () => editFirstLine(placed.orderId, 1));
    await nothingWaiting("the edit worked through");
    const [edited] = await harness.shipmentsOf(placed.orderId);
    expect(JSON.parse(edited?.lineItems ?? "[]")).toEqual([expect.objectContaining({ quantity: 1 })]);
    const messages = (await harness.events(waiting.id)).map((e) => e.message);
    expect(messages).toContainEqual(expect.stringMatching(/^The order was edited in Shopify; still held\./));
    expect(messages.join("\n")).not.toMatch(/updated in Shopify/);
  }, 60_000);

  it("says two changes read in one round as two sentences, the earlier first", async () => {
    const placed = await harness.placeOrder([{ sku: "TEA-GREEN-100G", quantity: 2 }], { financial_status: "pending" });
    const waiting = await harness.waitForShipment(placed.orderId, "HELD");
    await nothingWaiting("the order's first events worked through");

    await changeReadInOneRound(placed.orderId, ["orders/edited", "orders/paid"], async () => {
      await editFirstLine(placed.orderId, 1);
      await harness.merchant(MARK_PAID, { id: placed.orderId });
    });
    await harness.waitForShipment(placed.orderId, "DELIVERED", 30_000);
    const messages = (await harness.events(waiting.id)).map((e) => e.message);
    expect(messages).toContainEqual(expect.stringMatching(/^The order was edited in Shopify\. The order was paid: [Pp]ackage \S+ /));
    expect(messages.join("\n")).not.toMatch(/Shopify; The order|updated in Shopify/);
    const inChinese =
      (await findShipmentDetail(harness.db, DEMO_SHOP, waiting.id, CATALOGUES["zh-CN"]))?.timeline.map((e) => e.message) ?? [];
    expect(inChinese).toContainEqual(expect.stringMatching(/^订单在 Shopify 中已编辑；订单已付款：包裹 \S+ /));
  }, 60_000);

  it("respects a hold placed in Shopify before the package was planned, and ships once it is released", async () => {
    await harness.stopWorker();
    let placed: PlacedOrder;
    try {
      placed = await harness.placeOrder([{ sku: "TEA-GREEN-100G", quantity: 1 }]);
      await harness.merchant(HOLD, { id: studioFulfillmentOrder(placed) });
    } finally {
      harness.startWorker();
    }
    const held = await harness.waitForShipment(placed.orderId, "HELD");
    expect(held).toMatchObject({ kind: "DROPSHIP", lastErrorCode: "SHOPIFY_HOLD" });
    expect(held.lastErrorText).toMatch(/On hold in Shopify/);
    await nothingWaiting("the hold's events worked through");
    expect((await harness.shipmentsOf(placed.orderId))[0]).toMatchObject({ state: "HELD", lastErrorCode: "SHOPIFY_HOLD" });
    expect(harness.sandbox.state().dropships.has(held.packageId)).toBe(false);

    await harness.merchant(RELEASE, { id: studioFulfillmentOrder(placed) });
    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 30_000);
    expect(delivered).toMatchObject({ id: held.id, attempts: 1 });
    expect(sentUnits([delivered])).toEqual({ [delivered.packageId]: 1 });
    const timeline = await harness.events(held.id);
    expect(timeline.map((e) => e.message).join("\n")).toMatch(/Its hold was released in Shopify/);
  }, 60_000);

  it("waits for a scheduled order's date, then ships it", async () => {
    const fulfillAt = new Date(Date.now() + 3_000);
    const placed = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }], {}, { fulfillAt });
    const scheduled = await harness.waitForShipment(placed.orderId, "HELD");
    expect(scheduled).toMatchObject({ kind: "DROPSHIP", lastErrorCode: "SCHEDULED" });
    expect(scheduled.waitUntil?.toISOString()).toBe(fulfillAt.toISOString());
    expect(harness.sandbox.state().dropships.has(scheduled.packageId)).toBe(false);

    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 30_000);
    expect(delivered).toMatchObject({ id: scheduled.id, attempts: 1, waitUntil: null });
    expect(delivered.submittedAt?.getTime()).toBeGreaterThanOrEqual(fulfillAt.getTime());
    // Its timeline in the admin's language: the wait, the carrier's checkpoints (its words quoted), the delivery.
    const inChinese =
      (await findShipmentDetail(harness.db, DEMO_SHOP, delivered.id, CATALOGUES["zh-CN"]))?.timeline.map((e) => e.message) ?? [];
    expect(inChinese).toContain("在 Shopify 中预定发货：等到预定日期。");
    expect(inChinese).toContainEqual(
      expect.stringMatching(/^预定发货日期已到：包裹 \S+ 已通过检查：将从一件代发地点 \S+ 以物流服务 \S+ 发出。$/),
    );
    expect(inChinese.filter((message) => message.startsWith("物流跟踪："))).not.toEqual([]);
    expect(inChinese.at(-1)).toMatch(/^承运商显示已.*送达。停止跟踪。$/);
  }, 60_000);

  it("answers a warehouse's fulfillment request only once its hold is released, and ships it once", async () => {
    await harness.stopWorker();
    let placed: PlacedOrder;
    let foId: string;
    try {
      placed = await harness.placeOrder([{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
      const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.warehouseLocation);
      if (!fo) throw new Error(`the order was not routed to the warehouse: ${JSON.stringify(placed.fulfillmentOrders)}`);
      foId = fo.id;
      await harness.merchant(HOLD, { id: foId });
    } finally {
      harness.startWorker();
    }
    await waitFor(
      async () => (await harness.db.webhookReceipt.count({ where: { shop: DEMO_SHOP, status: "ENQUEUED" } })) === 0 || undefined,
      { timeoutMs: 15_000, intervalMs: 25, what: "the request and the hold worked through" },
    );
    // On hold, Shopify lets no one accept the request: nothing recorded, nothing sent.
    expect(await harness.shipmentsOf(placed.orderId)).toEqual([]);

    await harness.merchant(RELEASE, { id: foId });
    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 30_000);
    expect(delivered).toMatchObject({ kind: "OUTBOUND", warehouseCode: "US01", attempts: 1 });
    expect(harness.sandbox.state().outbounds.has(delivered.packageId)).toBe(true);
    const state = await emulatorState(harness.shopify);
    expect(state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(foId)))).toHaveLength(1);
  }, 60_000);
});
