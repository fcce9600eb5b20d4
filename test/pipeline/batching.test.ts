/**
 * Many orders at once, as a sale brings them: fulfillment requests are read and accepted a round
 * at a time, and packages go to the provider in full batches of 20 (what it counts). The last,
 * partial batch waits for company only while orders are still being planned: once the fetch has
 * answered every request, it goes, without waiting out the gather window for orders not yet placed.
 */
import { describe, expect, it } from "vitest";
import { emulatorState, numericId } from "../support/shopify-admin";
import { waitFor } from "../support/jobs";
import { useHarness } from "./harness";

/**
 * Long, so that a batch that waited it out would show; and counted from each order's placing
 * (decision 0051), so long enough to cover placing 25 orders one after another on a busy machine.
 */
const GATHER_MS = 60_000;
// A Plus shop's GraphQL budget (1,000 points a second): a standard plan's reads 25 orders in
// about 10 s, which is not what this test is about.
// The worker starts once every order is placed, so that the first batch finds 20 at once.
const harness = useHarness({
  worker: false,
  createDelayMs: 0,
  trackingStepMs: 20,
  policy: { pushGatherMs: GATHER_MS },
  shopifyThrottle: { maximumAvailable: 10_000, restoreRate: 1_000 },
});

describe("a burst of 25 orders at the warehouse", () => {
  it("is accepted once each and sent in two creation calls: 20, then the last 5 once nothing more is being planned", async () => {
    const skus = ["MUG-CER-350-WHT", "TSHIRT-ORG-M-BLK", "BOTTLE-SS-750-SLV"];
    const placed = [];
    for (let i = 0; i < 25; i++) placed.push(await harness.placeOrder([{ sku: skus[i % skus.length] ?? "MUG-CER-350-WHT", quantity: 1 }]));
    const ids = placed.flatMap((order) => order.fulfillmentOrders.map((fo) => fo.id));
    expect(ids).toHaveLength(25);
    harness.startWorker();

    const submitted = await waitFor(
      async () => {
        const shipments = await harness.db.shipment.findMany({ where: { fulfillmentOrderId: { in: ids } } });
        return shipments.length === 25 && shipments.every((s) => s.state !== "READY") ? shipments : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 50, what: "all 25 shipments sent" },
    ).catch(async (error: unknown) => {
      const shipments = await harness.db.shipment.groupBy({ by: ["state"], _count: true });
      const jobs = await harness.db.job.findMany({ where: { status: { in: ["PENDING", "RUNNING", "DEAD"] } } });
      throw new Error(
        `${String(error)}\nshipments: ${JSON.stringify(shipments)}\ncalls: ${JSON.stringify(harness.providerCalls)}\njobs: ${JSON.stringify(jobs.map((j) => [j.kind, j.status, j.runAt, j.lastError]))}\nlog: ${harness.logLines
          .filter((l) => l.level !== "info")
          .slice(-5)
          .map((l) => `${l.message} ${JSON.stringify(l.fields)}`)
          .join("\n")}`,
      );
    });
    expect(submitted.map((s) => s.attempts)).toEqual(Array(25).fill(1));
    expect(harness.providerCalls.createOutboundBatch).toBe(2);

    // Each package's "sent" event names its batch; none waited out the gather window: the last 5
    // went when the fetch had answered every request (its end brings the pushes forward).
    const sentEvents = await harness.db.shipmentEvent.findMany({ where: { shipmentId: { in: submitted.map((s) => s.id) }, type: "sent" } });
    expect(sentEvents).toHaveLength(25);
    for (const shipment of submitted) {
      const sent = sentEvents.find((e) => e.shipmentId === shipment.id);
      expect(sent!.createdAt.getTime() - shipment.createdAt.getTime()).toBeLessThan(GATHER_MS / 2);
    }

    // Shopify saw one answer per request: accepted, with the warehouse named.
    const state = await emulatorState(harness.shopify);
    for (const id of ids) {
      const fo = state.fulfillmentOrders.find((f) => f.id === numericId(id));
      expect(fo?.lastResponse).toMatchObject({ action: "ACCEPT_FULFILLMENT_REQUEST", message: expect.stringContaining("US01") });
    }
  }, 240_000);
});
