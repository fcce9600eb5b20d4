/**
 * Shopify opens a scheduled fulfillment order at its date by its own clock, which may be a moment
 * behind: the app, waking at the date, finds it still scheduled. It asks again soon (not in a
 * quarter of an hour), and ships the pre-order once Shopify has opened it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";

/** Shopify's clock, this far behind the app's. */
const SHOPIFY_LATE_MS = 2_000;

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ shopifyNow: () => new Date(Date.now() - SHOPIFY_LATE_MS) });
}, 30_000);

afterAll(async () => {
  await harness?.close();
});

describe("a pre-order Shopify opens a little after its date", () => {
  it("is asked about again soon after the date, and ships once Shopify has opened it", async () => {
    // The date as Shopify's clock reads it; the app's clock reaches it SHOPIFY_LATE_MS sooner.
    const fulfillAt = new Date(Date.now() - SHOPIFY_LATE_MS + 1_500);
    const placed = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }], {}, { fulfillAt });
    const held = await harness.waitForShipment(placed.orderId, "HELD");
    expect(held).toMatchObject({ lastErrorCode: "SCHEDULED" });

    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 30_000);
    expect(delivered).toMatchObject({ id: held.id, attempts: 1 });
    // It was woken at its date, found still scheduled, and asked about again: at least two wakes.
    const wakes = harness.jobRuns.filter((run) => run.kind === "change.wake");
    expect(wakes.length).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
