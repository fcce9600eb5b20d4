/**
 * Routing events and order updates are worked through in batches per shop: the intake records each
 * as an ENQUEUED receipt and wakes one job per shop, which plans the waiting receipts a round at a
 * time (ROUTED_PER_ROUND routing events to one aliased location query) and marks them PROCESSED with what it
 * recorded. What the merchant sees: a sale's burst of drop-ship orders all ships, for a handful of
 * Shopify reads instead of one per order; orders at the warehouse are left to their fulfillment
 * requests; an event whose stored payload was erased is rejected with a reason, and the events
 * around it are planned as usual.
 *
 * The Shopify requests are counted at the emulator's GraphQL endpoint (every request the app sent,
 * by operation name, with its variables), so the assertions are about what went over the wire.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTED_PER_ROUND } from "~/flows/plan/plan-requests.server";
import { operationName } from "~/shopify/admin-graphql.server";
import { emulatorState, numericId } from "../support/shopify-admin";
import { waitFor } from "../support/jobs";
import { DEMO_SHOP, HANDLING_LOCATION, type Harness, type PlacedOrder, startHarness } from "./harness";

const ROUTED = "fulfillment_orders/order_routing_complete";

interface ShopifyRequest {
  operation: string;
  variables: Record<string, unknown>;
  /** Refused for the shop's GraphQL budget: the client sends it again. */
  throttled: boolean;
}

let harness: Harness;
const requests: ShopifyRequest[] = [];

beforeAll(async () => {
  // A Plus shop's GraphQL budget, so no request is throttled and sent twice (the counts below are
  // of the app's decisions, not of its pacing); the sandbox fast, so 30 orders are delivered soon.
  harness = await startHarness({ createDelayMs: 0, trackingStepMs: 20, shopifyThrottle: { maximumAvailable: 10_000, restoreRate: 1_000 } });
  // Every Admin GraphQL request the app sends goes through the emulator's `handle`: count them there.
  const graphql = harness.shopify.graphql;
  const handle = graphql.handle.bind(graphql);
  graphql.handle = async (shop, body) => {
    const response = await handle(shop, body);
    const request = body !== null && typeof body === "object" ? (body as { query?: unknown; variables?: unknown }) : {};
    const errors = response.body !== null && typeof response.body === "object" ? (response.body as { errors?: unknown }).errors : undefined;
    requests.push({
      operation: typeof request.query === "string" ? operationName(request.query) : "none",
      variables: request.variables !== null && typeof request.variables === "object" ? (request.variables as Record<string, unknown>) : {},
      throttled: Array.isArray(errors) && errors.some((e: { extensions?: { code?: unknown } }) => e?.extensions?.code === "THROTTLED"),
    });
    return response;
  };
}, 30_000);

afterAll(async () => {
  await harness?.close();
});

/** The requests of one operation sent since `from` (an index into `requests`), throttled ones left out. */
const sent = (operation: string, from = 0) => requests.slice(from).filter((r) => r.operation === operation && !r.throttled);
/** The fulfillment order ids a set of aliased requests named ($id0, $id1, …). */
const namedIn = (list: ShopifyRequest[]) =>
  list.flatMap((r) =>
    Object.values(r.variables).filter((v): v is string => typeof v === "string" && v.startsWith("gid://shopify/FulfillmentOrder/")),
  );

/** The routing receipts naming these fulfillment orders (their payload's fulfillment_order.id). */
async function routingReceipts(fulfillmentOrderIds: readonly string[]) {
  const rows = await harness.db.webhookReceipt.findMany({ where: { shop: DEMO_SHOP, topic: ROUTED } });
  return rows.filter((row) => {
    if (row.payload === null) return false;
    const id = (JSON.parse(row.payload) as { fulfillment_order?: { id?: unknown } }).fulfillment_order?.id;
    return typeof id === "string" && fulfillmentOrderIds.includes(id);
  });
}

/** Places the orders all at once (as a sale's burst arrives), each one line of one unit. */
const placeAtOnce = (skus: string[]) => Promise.all(skus.map((sku) => harness.placeOrder([{ sku, quantity: 1 }])));

/** The fulfillment order of each order, which must be at `location` (one per order). */
function fulfillmentOrdersAt(placed: PlacedOrder[], location: string): string[] {
  return placed.map((order) => {
    expect(order.fulfillmentOrders, `${order.order.name} has one fulfillment order`).toHaveLength(1);
    const fo = order.fulfillmentOrders[0];
    if (fo?.assignedLocationId !== location)
      throw new Error(`${order.order.name} was not routed to ${location}: ${JSON.stringify(order.fulfillmentOrders)}`);
    return fo.id;
  });
}

async function diagnostics(): Promise<string> {
  const receipts = await harness.db.webhookReceipt.groupBy({ by: ["topic", "status"], _count: true });
  const shipments = await harness.db.shipment.groupBy({ by: ["kind", "state"], _count: true });
  const jobs = await harness.db.job.findMany({ where: { status: { in: ["PENDING", "RUNNING", "DEAD"] } } });
  const log = harness.logLines.filter((l) => l.level !== "info").slice(-10);
  return (
    `receipts: ${JSON.stringify(receipts)}\nshipments: ${JSON.stringify(shipments)}\n` +
    `jobs: ${JSON.stringify(jobs.map((j) => [j.kind, j.status, j.runAt, j.lastError]))}\n` +
    `log: ${log.map((l) => `${l.message} ${JSON.stringify(l.fields)}`).join("\n")}`
  );
}

describe("a burst of 30 drop-ship orders placed at once", () => {
  it("ships every one, marks every routing event PROCESSED, and reads their locations in a few queries, not 30", async () => {
    const from = requests.length;
    // Studio stock: 40 tea, 24 candles; 15 of each leaves enough for the cases below.
    const placed = await placeAtOnce(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? "TEA-GREEN-100G" : "CANDLE-SOY-200-LAV")));
    const ids = fulfillmentOrdersAt(placed, harness.studioLocation);

    const delivered = await waitFor(
      async () => {
        const shipments = await harness.db.shipment.findMany({ where: { shop: DEMO_SHOP, fulfillmentOrderId: { in: ids } } });
        return shipments.length === ids.length && shipments.every((s) => s.state === "DELIVERED") ? shipments : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 100, what: "all 30 drop-ship shipments delivered" },
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await diagnostics()}`);
    });

    // One shipment per fulfillment order, each a drop-ship package through the handling location,
    // created at the first attempt and delivered with a UPS tracking number.
    expect(new Set(delivered.map((s) => s.fulfillmentOrderId))).toEqual(new Set(ids));
    for (const shipment of delivered) {
      expect(shipment).toMatchObject({ kind: "DROPSHIP", warehouseCode: HANDLING_LOCATION, serviceCode: "US01-EXP", attempts: 1 });
      expect(shipment.trackingNumber).toMatch(/^1Z/);
      expect(harness.sandbox.state().dropships.get(shipment.packageId)).toMatchObject({ location: HANDLING_LOCATION, retryCount: 0 });
    }

    // Shopify has one fulfilment per fulfillment order, with the tracking number, delivered.
    const state = await emulatorState(harness.shopify);
    for (const shipment of delivered) {
      const fulfilments = state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(shipment.fulfillmentOrderId)));
      expect(fulfilments, `the fulfilments of ${shipment.orderName}`).toHaveLength(1);
      expect(fulfilments[0]?.trackingInfo[0]).toMatchObject({ number: shipment.trackingNumber, company: "UPS" });
      expect(state.fulfillmentEvents.filter((e) => e.fulfillmentId === fulfilments[0]?.id).at(-1)?.status).toBe("DELIVERED");
    }

    // Every routing event was planned and marked PROCESSED; none is left waiting or rejected.
    const receipts = await routingReceipts(ids);
    expect(receipts).toHaveLength(30);
    expect(receipts.map((r) => r.status)).toEqual(Array(30).fill("PROCESSED"));
    expect(receipts.every((r) => r.processedAt !== null && r.reason === null)).toBe(true);

    // The fulfilments made Shopify send orders/updated for these orders: worked through the same
    // way, and none left waiting.
    await waitFor(
      async () =>
        (await harness.db.webhookReceipt.count({ where: { shop: DEMO_SHOP, topic: "orders/updated", status: "ENQUEUED" } })) === 0,
      {
        timeoutMs: 10_000,
        intervalMs: 50,
        what: "no orders/updated event left waiting",
      },
    );
    const updates = await harness.db.webhookReceipt.findMany({
      where: { shop: DEMO_SHOP, topic: "orders/updated", orderId: { in: placed.map((p) => p.orderId) } },
    });
    expect(updates.length).toBeGreaterThan(0);
    expect(new Set(updates.map((u) => u.status))).toEqual(new Set(["PROCESSED"]));

    // Where the 30 fulfillment orders are was asked in a handful of aliased queries, each naming up
    // to ROUTED_PER_ROUND: ceil(30 / ROUTED_PER_ROUND) if every event had arrived before the first run, a few more for runs
    // that woke while the burst was still arriving. Far from one per order.
    const located = sent("FulfillmentOrderLocations", from);
    const locatedIds = namedIn(located);
    expect(new Set(locatedIds)).toEqual(new Set(ids));
    expect(locatedIds).toHaveLength(ids.length); // each asked once
    expect(located.length).toBeGreaterThanOrEqual(Math.ceil(ids.length / ROUTED_PER_ROUND));
    expect(located.length).toBeLessThanOrEqual(10);
    for (const request of located) expect(Object.keys(request.variables).length).toBeLessThanOrEqual(ROUTED_PER_ROUND);
    // Each drop-ship fulfillment order was read in full once (the full read is only for those at a
    // drop-ship location, and these all are).
    const fullyRead = namedIn(sent("FulfillmentOrdersFacts", from)).filter((id) => ids.includes(id));
    expect(new Set(fullyRead)).toEqual(new Set(ids));
    expect(fullyRead).toHaveLength(ids.length);
  }, 300_000);
});

describe("routing events of orders at the fulfillment-service warehouse", () => {
  it("set no drop-ship shipment going and end PROCESSED; the orders are planned through their fulfillment requests", async () => {
    // Shopify does not request fulfillment by itself here, so the routing events are all the app
    // hears of these orders until the requests are submitted below.
    const manual = await fetch(`${harness.shopify.url}/__emulator/shops/${DEMO_SHOP}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ autoRequestFulfillment: false }),
    });
    expect(manual.ok).toBe(true);
    let ids: string[];
    let placed: PlacedOrder[];
    const from = requests.length;
    try {
      placed = await placeAtOnce([
        "MUG-CER-350-WHT",
        "TSHIRT-ORG-M-BLK",
        "BOTTLE-SS-750-SLV",
        "MUG-CER-350-WHT",
        "TSHIRT-ORG-M-BLK",
        "BOTTLE-SS-750-SLV",
      ]);
      ids = fulfillmentOrdersAt(placed, harness.warehouseLocation);
    } finally {
      await fetch(`${harness.shopify.url}/__emulator/shops/${DEMO_SHOP}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ autoRequestFulfillment: true }),
      });
    }

    const processed = await waitFor(
      async () => {
        const receipts = await routingReceipts(ids);
        return receipts.length === ids.length && receipts.every((r) => r.status === "PROCESSED") ? receipts : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 50, what: "the warehouse orders' routing events processed" },
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await diagnostics()}`);
    });
    expect(processed.every((r) => r.reason === null && r.processedAt !== null)).toBe(true);

    // Their locations were asked (cheaply); none was read in full, and nothing was recorded.
    expect(new Set(namedIn(sent("FulfillmentOrderLocations", from)))).toEqual(new Set(ids));
    expect(namedIn(sent("FulfillmentOrdersFacts", from)).filter((id) => ids.includes(id))).toEqual([]);
    expect(await harness.db.shipment.count({ where: { shop: DEMO_SHOP, fulfillmentOrderId: { in: ids } } })).toBe(0);

    // The merchant requests fulfillment: each is accepted and shipped from the warehouse, once.
    for (const id of ids) {
      const response = await fetch(`${harness.shopify.url}/__emulator/fulfillment_orders/${numericId(id)}/submit_fulfillment_request`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": DEMO_SHOP },
        body: JSON.stringify({ message: null }),
      });
      expect(response.ok, `submitting ${id}: ${response.status}`).toBe(true);
    }
    const shipped = await Promise.all(placed.map((order) => harness.waitForShipment(order.orderId, "DELIVERED", 30_000)));
    for (const shipment of shipped) expect(shipment).toMatchObject({ kind: "OUTBOUND", warehouseCode: "US01", attempts: 1 });
    const all = await harness.db.shipment.findMany({ where: { shop: DEMO_SHOP, fulfillmentOrderId: { in: ids } } });
    expect(all).toHaveLength(ids.length);
    expect(all.filter((s) => s.kind === "DROPSHIP")).toEqual([]);
    // The routing events were not planned a second time.
    expect((await routingReceipts(ids)).map((r) => r.status)).toEqual(Array(ids.length).fill("PROCESSED"));
  }, 180_000);
});

describe("routing events of orders whose fulfillment requests Shopify sent at once", () => {
  it("end PROCESSED without asking where the orders are: a request says they are at the warehouse", async () => {
    // The worker stopped, so that every routing event and every request is recorded before any run
    // (in a sale, the requests arrive right behind the routing events).
    await harness.stopWorker();
    let placed: PlacedOrder[];
    let ids: string[];
    try {
      placed = await placeAtOnce(["MUG-CER-350-WHT", "TSHIRT-ORG-M-BLK", "BOTTLE-SS-750-SLV", "MUG-CER-350-WHT"]);
      ids = fulfillmentOrdersAt(placed, harness.warehouseLocation);
      await harness.shopify.settled();
      await waitFor(
        async () => {
          const requested = await harness.db.webhookReceipt.count({
            where: {
              shop: DEMO_SHOP,
              topic: "fulfillment_orders/fulfillment_request_submitted",
              OR: ids.map((id) => ({ payload: { contains: `"${id}"` } })),
            },
          });
          return requested === ids.length && (await routingReceipts(ids)).length === ids.length;
        },
        { timeoutMs: 10_000, intervalMs: 25, what: "the routing events and requests recorded" },
      );
    } finally {
      harness.startWorker();
    }
    const from = requests.length;
    const shipped = await Promise.all(placed.map((order) => harness.waitForShipment(order.orderId, "DELIVERED", 30_000)));
    for (const shipment of shipped) expect(shipment).toMatchObject({ kind: "OUTBOUND", warehouseCode: "US01" });
    await waitFor(async () => (await routingReceipts(ids)).every((r) => r.status === "PROCESSED"), {
      timeoutMs: 10_000,
      what: "the routing events processed",
    });
    expect(namedIn(sent("FulfillmentOrderLocations", from)).filter((id) => ids.includes(id))).toEqual([]);
  }, 180_000);
});

describe("a routing event whose stored payload was erased", () => {
  it("is REJECTED with the reason, and the other 26 waiting events are planned in two rounds as usual", async () => {
    // The worker stopped, the events wait as ENQUEUED receipts: one is erased before any run.
    await harness.stopWorker();
    let placed: PlacedOrder[];
    let ids: string[];
    try {
      // Studio stock left after the burst above: 25 tea, 9 candles.
      placed = await placeAtOnce(Array.from({ length: 27 }, (_, i) => (i < 20 ? "TEA-GREEN-100G" : "CANDLE-SOY-200-LAV")));
      ids = fulfillmentOrdersAt(placed, harness.studioLocation);
      await harness.shopify.settled();
      const waiting = await waitFor(
        async () => {
          const receipts = await routingReceipts(ids);
          return receipts.length === ids.length ? receipts : undefined;
        },
        { timeoutMs: 10_000, intervalMs: 25, what: "the 27 routing events recorded" },
      );
      expect(waiting.map((r) => r.status)).toEqual(Array(27).fill("ENQUEUED"));
      const erased = waiting.find((r) => r.payload?.includes(`"${ids[1]}"`));
      if (!erased) throw new Error("no routing receipt for the second order");
      await harness.db.webhookReceipt.update({ where: { id: erased.id }, data: { payload: null, redactedAt: new Date() } });
    } finally {
      harness.startWorker();
    }
    const from = requests.length;
    const erasedFo = ids[1]!;
    const erasedOrder = placed[1]!;
    const readable = ids.filter((id) => id !== erasedFo);

    const shipments = await waitFor(
      async () => {
        const rows = await harness.db.shipment.findMany({ where: { shop: DEMO_SHOP, fulfillmentOrderId: { in: readable } } });
        return rows.length === readable.length && rows.every((s) => s.state === "DELIVERED") ? rows : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 100, what: "the 26 readable events' shipments delivered" },
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await diagnostics()}`);
    });
    for (const shipment of shipments) expect(shipment).toMatchObject({ kind: "DROPSHIP", warehouseCode: HANDLING_LOCATION, attempts: 1 });

    // The erased one is REJECTED, saying why, and stays so; the rest PROCESSED; nothing waits.
    const receipts = await harness.db.webhookReceipt.findMany({ where: { shop: DEMO_SHOP, topic: ROUTED } });
    const rejected = receipts.filter((r) => r.status === "REJECTED");
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ payload: null, reason: expect.stringMatching(/erased or unreadable/) });
    expect(rejected[0]?.processedAt).not.toBeNull();
    expect((await routingReceipts(readable)).map((r) => r.status)).toEqual(Array(26).fill("PROCESSED"));
    expect(receipts.filter((r) => r.status === "ENQUEUED")).toEqual([]);

    // All were waiting when the worker started: ceil(26 / ROUTED_PER_ROUND) rounds, so as many location queries,
    // naming the 26 readable fulfillment orders once each (the erased one names none).
    const located = sent("FulfillmentOrderLocations", from);
    expect(located).toHaveLength(Math.ceil(ids.length / ROUTED_PER_ROUND));
    expect(namedIn(located)).toHaveLength(readable.length);
    expect(new Set(namedIn(located))).toEqual(new Set(readable));

    // The erased event planned nothing: its order is not shipped by the app.
    expect(await harness.shipmentsOf(erasedOrder.orderId)).toEqual([]);
    expect(harness.logLines.filter((l) => l.level === "error")).toEqual([]);
  }, 300_000);
});

describe("a burst of orders/updated events with one held order among them", () => {
  it("re-plans the held one, reads Shopify for it alone, and marks every update PROCESSED", async () => {
    const held = await harness.placeOrder([{ sku: "MUG-CER-350-WHT", quantity: 1 }], {
      shipping_address: {
        first_name: "Steve",
        last_name: "Shipper",
        address1: `${"Long and winding road of the old harbour ".repeat(3)}42`,
        city: "Louisville",
        province: "Kentucky",
        province_code: "KY",
        zip: "40003",
        country: "United States",
        country_code: "US",
        phone: "+1 502-555-0100",
      },
    });
    const [heldFo] = fulfillmentOrdersAt([held], harness.warehouseLocation);
    const before = await harness.waitForShipment(held.orderId, "HELD");
    expect(before.holdReasons).toContain("ShipToAddress.Street1");

    // Twenty shipped orders edited too (they have nothing held), all while no run is under way.
    const shipped = await harness.db.shipment.findMany({
      where: { shop: DEMO_SHOP, kind: "DROPSHIP", state: "DELIVERED" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: 20,
    });
    expect(shipped).toHaveLength(20);
    const edit = async (order: string | number, shippingAddress: Record<string, unknown>) => {
      const response = await fetch(`${harness.shopify.url}/__emulator/orders/${order}/shipping-address`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": DEMO_SHOP },
        body: JSON.stringify({ shipping_address: shippingAddress }),
      });
      if (!response.ok) throw new Error(`editing the address of ${order} failed: ${response.status} ${await response.text()}`);
    };
    const editedOrders = [held.orderId, ...shipped.map((s) => s.orderId)];
    await harness.stopWorker();
    try {
      await Promise.all([
        edit(held.order.id, { address1: "1200 Harbour Road" }),
        ...shipped.map((s) => edit(numericId(s.orderId), { address2: "Suite 12" })),
      ]);
      await harness.shopify.settled();
      await waitFor(
        async () =>
          (await harness.db.webhookReceipt.count({
            where: { shop: DEMO_SHOP, topic: "orders/updated", status: "ENQUEUED", orderId: { in: editedOrders } },
          })) >= editedOrders.length || undefined,
        { timeoutMs: 10_000, intervalMs: 25, what: "the 21 orders/updated events recorded" },
      );
    } finally {
      harness.startWorker();
    }
    const from = requests.length;

    const fulfilled = await waitFor(
      async () => {
        const [shipment] = await harness.shipmentsOf(held.orderId);
        return shipment && (shipment.state === "FULFILLED" || shipment.state === "DELIVERED") ? shipment : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 50, what: `the shipment of ${held.order.name} fulfilled` },
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\n${await diagnostics()}`);
    });
    expect(fulfilled).toMatchObject({
      id: before.id,
      packageId: before.packageId,
      kind: "OUTBOUND",
      warehouseCode: "US01",
      holdReasons: null,
    });
    expect(fulfilled.requestSent).toContain("1200 Harbour Road");
    const timeline = await harness.events(before.id);
    expect(timeline.map((e) => e.type).slice(0, 3)).toEqual(["held", "retry_requested", "sent"]);
    expect(timeline[1]?.message).toMatch(/^The order was updated in Shopify/);

    // Every update is PROCESSED (the fulfilment's own orders/updated too); nothing waits. Shopify
    // sends the fulfilment's own update after the fulfilment: each delivery answered first, so a
    // late one is not mistaken for one left waiting.
    await waitFor(() => harness.shopify.deliveries().every((delivery) => delivery.state !== "pending"), {
      timeoutMs: 60_000,
      what: "Shopify's deliveries answered",
    });
    await waitFor(
      async () =>
        (await harness.db.webhookReceipt.count({ where: { shop: DEMO_SHOP, topic: "orders/updated", status: "ENQUEUED" } })) === 0,
      {
        timeoutMs: 15_000,
        intervalMs: 50,
        what: "no orders/updated event left waiting",
      },
    );
    const updates = await harness.db.webhookReceipt.findMany({
      where: { shop: DEMO_SHOP, topic: "orders/updated", orderId: { in: editedOrders } },
    });
    expect(new Set(updates.map((u) => u.status))).toEqual(new Set(["PROCESSED"]));

    // The shipped orders' updates changed nothing, and cost no Shopify read: the only fulfillment
    // order read in full since the worker started is the held one's.
    const after = await harness.db.shipment.findMany({
      where: { id: { in: shipped.map((s) => s.id) } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(after).toEqual(shipped);
    expect(new Set(namedIn(sent("FulfillmentOrdersFacts", from)))).toEqual(new Set([heldFo]));
  }, 300_000);
});
