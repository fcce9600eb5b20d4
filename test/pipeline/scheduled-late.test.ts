/**
 * Shopify opens a scheduled fulfillment order at its date by its own clock, which may be a moment
 * behind: the app, waking at the date, finds it still scheduled. It asks again soon (not in a
 * quarter of an hour), and ships the pre-order once Shopify has opened it.
 *
 * Shopify's clock stands still just before the date until the app's wake has found the order still
 * scheduled, however late a busy machine runs that wake; then it catches up.
 */
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/jobs";
import { useHarness } from "./harness";

/** While set, Shopify's clock reads no later than a millisecond before this date. */
let shopifyBehindUntil: number | null = null;

const harness = useHarness({
  shopifyNow: () => new Date(shopifyBehindUntil === null ? Date.now() : Math.min(Date.now(), shopifyBehindUntil - 1)),
});

describe("a pre-order Shopify opens a little after its date", () => {
  it("is asked about again soon after the date, and ships once Shopify has opened it", async () => {
    const fulfillAt = new Date(Date.now() + 1_500);
    shopifyBehindUntil = fulfillAt.getTime();
    const placed = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }], {}, { fulfillAt });
    const held = await harness.waitForShipment(placed.orderId, "HELD");
    expect(held).toMatchObject({ lastErrorCode: "SCHEDULED" });

    // The app wakes at the date and finds it still scheduled (Shopify's clock is behind)...
    const wakesAfterDate = () => harness.jobRuns.filter((run) => run.kind === "change.wake" && run.finishedAt >= fulfillAt.getTime());
    await waitFor(() => wakesAfterDate().length >= 1, { timeoutMs: 30_000, what: "the wake at the date" });
    expect(await harness.db.shipment.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({
      state: "HELD",
      lastErrorCode: "SCHEDULED",
    });
    // ...and asks again soon (the fast policy's seconds; a quarter of an hour would never come here).
    await waitFor(() => wakesAfterDate().length >= 2, { timeoutMs: 30_000, what: "the wake asking again" });

    // Shopify's clock catches up: the next look finds it open, and it ships once.
    shopifyBehindUntil = null;
    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 30_000);
    expect(delivered).toMatchObject({ id: held.id, attempts: 1 });
  }, 60_000);
});
