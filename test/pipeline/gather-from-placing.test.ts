/**
 * A partial batch waits for company until pushGatherMs after its oldest order was placed, not
 * after its package was planned (decision 0051): a package whose planning took a while does not
 * wait again, and takes the packages gathering beside it along.
 */
import { describe, expect, it } from "vitest";
import { numericId } from "../support/shopify-admin";
import { waitFor } from "../support/jobs";
import { useHarness } from "./harness";

/** Longer than the test: a package that went only when the window ended would show. */
const GATHER_MS = 120_000;
const harness = useHarness({
  worker: false,
  createDelayMs: 0,
  trackingStepMs: 20,
  // The quiet rule as long as the window, so that only the placing can send a partial batch early.
  policy: { pushGatherMs: GATHER_MS, pushGatherQuietMs: GATHER_MS },
});

describe("a partial batch at the warehouse", () => {
  it("waits for company until the gather window after its order was placed, and an order placed long ago takes it along at once", async () => {
    const fresh = await harness.placeOrder([{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
    harness.startWorker();

    // The push ran and decided to wait: it is queued again for the end of the window, counted from
    // the order's placing (as Shopify says it), and nothing has gone to the provider.
    const ready = await harness.waitForShipment(fresh.orderId, "READY", 60_000);
    const placedAt = harness.shopify.state.orders.get(numericId(fresh.orderId))?.createdAt;
    expect(ready.orderPlacedAt?.toISOString()).toBe(placedAt);
    const windowEnds = (ready.orderPlacedAt as Date).getTime() + GATHER_MS;
    await waitFor(
      () =>
        harness.db.job
          .findFirst({ where: { kind: "push.batch", status: "PENDING", runAt: new Date(windowEnds) } })
          .then((job) => job ?? undefined),
      { timeoutMs: 60_000, intervalMs: 50, what: "the push queued again for the end of the gather window" },
    );
    expect(harness.providerCalls.createOutboundBatch ?? 0).toBe(0);
    expect((await harness.shipmentsOf(fresh.orderId)).map((s) => s.state)).toEqual(["READY"]);

    // An order placed an hour ago (planned only now: the app was down, or the order was held):
    // its package has waited long enough already, so the batch goes now, with both packages.
    await harness.stopWorker();
    const late = await harness.placeOrder([{ sku: "TSHIRT-ORG-M-BLK", quantity: 1 }]);
    const lateOrder = harness.shopify.state.orders.get(numericId(late.orderId));
    if (!lateOrder) throw new Error("the emulator has no record of the order just placed");
    lateOrder.createdAt = new Date(Date.now() - 3_600_000).toISOString();
    harness.startWorker();

    const sentLate = await harness.waitForShipment(late.orderId, "SUBMITTED", 100_000);
    const sentFresh = await harness.waitForShipment(fresh.orderId, "SUBMITTED", 100_000);
    expect(sentLate.orderPlacedAt?.toISOString()).toBe(lateOrder.createdAt);
    expect(harness.providerCalls.createOutboundBatch).toBe(1);
    // Before the fresh order's window ended: the late order's placing sent the batch, not the clock.
    expect((sentFresh.submittedAt as Date).getTime()).toBeLessThan(windowEnds);
  }, 300_000);
});
