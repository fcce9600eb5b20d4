/**
 * The provider's and the carrier's endings: a package the provider deletes or returns, a parcel the
 * carrier loses, cannot deliver, or stops reporting on. Each ends the follow (ENDED) with a reason
 * the merchant reads, and the parcel is polled no more. Driven through the sandbox's control route
 * (sandbox/README.md: what the provider or the carrier does to a package).
 */
import type { Shipment } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { needsAttention } from "~/stores/shipments/needs-attention.server";
import { CATALOGUES } from "~/lib/words";
import { lastErrorIn, sayOf } from "~/stores/shipments/last-error";
import { findShipmentDetail } from "~/stores/shipments/shipment-list.server";
import { saveTimeZone } from "~/stores/shops/shop-time-zone.server";
import { waitFor } from "../support/jobs";
import { emulatorState, numericId } from "../support/shopify-admin";
import { DEMO_SHOP, useHarness } from "./harness";

// Tracking steps of a second: time to act between the fulfilment and the delivery. Packages are
// created 2 s after they are accepted: time to stop the worker while one is still being created
// (at the harness's 100 ms, a status poll under load moved it on first).
const harness = useHarness({ trackingStepMs: 1_000, createDelayMs: 2_000 });

async function provider(packageId: string, change: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${harness.sandbox.url}/__sandbox/packages/${packageId}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(change),
  });
  if (!response.ok) throw new Error(`changing package ${packageId}: ${response.status} ${await response.text()}`);
}

/** The timeline's last entry is the ending, with the reason the shipment shows. */
async function endedInTimeline(ended: Shipment): Promise<void> {
  const timeline = await harness.events(ended.id);
  expect(timeline.at(-1)).toMatchObject({
    type: "ended",
    message: `Followed no further: ${ended.lastErrorText}`,
    data: { endedReason: ended.endedReason, say: sayOf(ended.lastErrorSay) },
  });
  // Stored with its sentence, so a Chinese admin reads the ending in Chinese, quoting the provider or carrier as they said it.
  expect(sayOf(ended.lastErrorSay)).toBeDefined();
  const inChinese = lastErrorIn(CATALOGUES["zh-CN"], ended);
  expect(inChinese).not.toBe(ended.lastErrorText);
  expect(inChinese).toMatch(/请/);
}

const FOLLOWING_KINDS = ["track.checkpoints", "follow.poll"];

/**
 * The ended parcel was not asked about again: the shop's tracking and status runs since it ended
 * have finished without reading it, and none is due soon (none is queued, or one ran since).
 */
async function notPolledAgain(ended: Shipment): Promise<void> {
  const endedAt = Date.now();
  await waitFor(
    async () => {
      const live = await harness.db.job.findMany({
        where: { shop: DEMO_SHOP, kind: { in: FOLLOWING_KINDS }, status: { in: ["PENDING", "RUNNING"] } },
        select: { kind: true, status: true, runAt: true },
      });
      // Two: the first to finish may be the run that ended it.
      const ranSince = (kind: string) =>
        harness.jobRuns.filter((run) => run.kind === kind && run.shop === DEMO_SHOP && run.finishedAt > endedAt).length >= 2;
      return live.every((job) => (job.status === "PENDING" && job.runAt.getTime() > Date.now() + 10_000) || ranSince(job.kind));
    },
    { timeoutMs: 20_000, intervalMs: 25, what: "the shop's tracking and status runs since the parcel ended" },
  );
  const now = await harness.db.shipment.findUniqueOrThrow({ where: { id: ended.id } });
  expect(now).toMatchObject({ state: "ENDED", lastPolledAt: ended.lastPolledAt });
}

/** When the parcel is next read after `after` (a tracking run ended after it). */
async function polledAfter(shipmentId: string, after: Date): Promise<Date> {
  return waitFor(
    async () => {
      const { lastPolledAt } = await harness.db.shipment.findUniqueOrThrow({ where: { id: shipmentId } });
      return lastPolledAt !== null && lastPolledAt > after ? lastPolledAt : undefined;
    },
    { timeoutMs: 5_000, intervalMs: 25, what: `a read of shipment ${shipmentId} after ${after.toISOString()}` },
  );
}

async function fulfilmentEventsOf(fulfillmentOrderId: string) {
  const state = await emulatorState(harness.shopify);
  const fulfilment = state.fulfillments.find((f) => f.fulfillmentOrderIds.includes(numericId(fulfillmentOrderId)));
  return state.fulfillmentEvents.filter((e) => e.fulfillmentId === fulfilment?.id).map((e) => e.status);
}

describe("the follow of a package ends", () => {
  it("when the provider returns an outbound package after it shipped: ENDED (returned), in Needs attention, polled no more", async () => {
    const placed = await harness.placeOrder([{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
    const fulfilled = await harness.waitForShipment(placed.orderId, "FULFILLED");
    await provider(fulfilled.packageId, { handleStatus: "Returns" });

    const ended = await harness.waitForShipment(placed.orderId, "ENDED", 15_000);
    expect(ended).toMatchObject({ endedReason: "RETURNED", lastErrorCode: "RETURNED" });
    expect(ended.lastErrorText).toBe(
      `Package ${ended.packageId} is being returned (HandleStatus Returns). Contact the customer, then refund or send the order again from Shopify.`,
    );
    await endedInTimeline(ended);
    expect(await harness.db.shipment.count({ where: { ...needsAttention(DEMO_SHOP), id: ended.id } })).toBe(1);
    await notPolledAgain(ended);
  }, 30_000);

  it("when the carrier loses a drop-ship parcel: its last checkpoint is a FAILURE event in Shopify, then ENDED (lost)", async () => {
    const placed = await harness.placeOrder([{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }]);
    const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.studioLocation);
    if (!fo) throw new Error("the order was not routed to the studio");
    const fulfilled = await harness.waitForShipment(placed.orderId, "FULFILLED");
    await provider(fulfilled.packageId, { trackingStatus: "Lost" });

    const ended = await harness.waitForShipment(placed.orderId, "ENDED", 15_000);
    expect(ended.endedReason).toBe("LOST");
    expect(ended.lastErrorText).toMatch(
      /^The carrier reports the parcel lost \(TrackingStatus Lost on \d{4}-\d{2}-\d{2}: "The carrier reports the parcel lost"\)\. Open a claim with the provider/,
    );
    await endedInTimeline(ended);
    expect((await fulfilmentEventsOf(fo.id)).at(-1)).toBe("FAILURE");
    // Its timeline in Chinese: the app's sentences said again, the carrier's checkpoints quoted as it said them.
    const inChinese =
      (await findShipmentDetail(harness.db, DEMO_SHOP, ended.id, CATALOGUES["zh-CN"]))?.timeline.map((e) => e.message) ?? [];
    expect(inChinese.filter((message) => message.startsWith("物流跟踪："))).not.toEqual([]);
    expect(inChinese.filter((message) => message.startsWith("Tracking:"))).toEqual([]);
    expect(inChinese.at(-1)).toBe(`已停止跟踪：${lastErrorIn(CATALOGUES["zh-CN"], ended)}`);
    await notPolledAgain(ended);
  }, 30_000);

  it("when the carrier returns a parcel to the sender: ENDED (returned), quoting the carrier, polled no more", async () => {
    const placed = await harness.placeOrder([{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
    const fulfilled = await harness.waitForShipment(placed.orderId, "FULFILLED");
    await provider(fulfilled.packageId, { trackingStatus: "Returned" });

    const ended = await harness.waitForShipment(placed.orderId, "ENDED", 15_000);
    expect(ended).toMatchObject({ endedReason: "RETURNED", lastErrorCode: "RETURNED" });
    expect(ended.lastErrorText).toMatch(
      /^The carrier returned the parcel to the sender \(TrackingStatus Returned on \d{4}-\d{2}-\d{2}: "Returned to sender"\)\. Contact the customer/,
    );
    await endedInTimeline(ended);
    await notPolledAgain(ended);
  }, 30_000);

  it("when the carrier cannot deliver: ENDED (exception), quoting the carrier", async () => {
    const placed = await harness.placeOrder([{ sku: "BOTTLE-SS-750-SLV", quantity: 1 }]);
    const fulfilled = await harness.waitForShipment(placed.orderId, "FULFILLED");
    await provider(fulfilled.packageId, { trackingStatus: "Exception", message: "Recipient address not found" });
    const ended = await harness.waitForShipment(placed.orderId, "ENDED", 15_000);
    expect(ended).toMatchObject({ endedReason: "EXCEPTION" });
    expect(ended.lastErrorText).toContain('"Recipient address not found"');
    await endedInTimeline(ended);
    await notPolledAgain(ended);
  }, 30_000);

  it("when the provider deletes a package before it ships: ENDED (deleted), and the fulfillment order handed back to Shopify", async () => {
    const placed = await harness.placeOrder([{ sku: "EARBUDS-BT5-BLK", quantity: 1 }]);
    const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.warehouseLocation);
    if (!fo) throw new Error("the order was not routed to the warehouse");
    const submitted = await harness.waitForShipment(placed.orderId, "SUBMITTED");
    await harness.stopWorker();
    const state = (await harness.db.shipment.findUniqueOrThrow({ where: { id: submitted.id } })).state;
    if (state !== "SUBMITTED") throw new Error(`the package went on to ${state} before it could be deleted`);
    await provider(submitted.packageId, { handleStatus: "Delete" });
    harness.startWorker();

    const ended = await harness.waitForShipment(placed.orderId, "ENDED", 15_000);
    expect(ended).toMatchObject({ endedReason: "DELETED", shopifyFulfillmentId: null });
    expect(ended.lastErrorText).toMatch(
      new RegExp(`^The provider deleted package ${ended.packageId} \\(HandleStatus Delete\\): it will not ship\\.`),
    );
    await endedInTimeline(ended);
    const now = (await emulatorState(harness.shopify)).fulfillmentOrders.find((f) => f.id === numericId(fo.id));
    expect(now).toMatchObject({ status: "INCOMPLETE", requestStatus: "CLOSED", lastResponse: { action: "CLOSE" } });
    expect((await emulatorState(harness.shopify)).fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(fo.id)))).toEqual([]);
    await notPolledAgain(ended);
  }, 30_000);

  it("when nobody has news of a parcel for the shop's number of days: ENDED (no news), saying since which day in the shop's time zone", async () => {
    await harness.setSettings((settings) => ({ ...settings, afterSending: { failedPackages: "hold", noNewsDays: 30 } }));
    // A shop in Shanghai (UTC+8): the carrier's last word at 20:00 UTC was the next morning there.
    expect(await saveTimeZone(harness.db, DEMO_SHOP, "Asia/Shanghai", new Date())).toBe(true);
    const placed = await harness.placeOrder([{ sku: "SOCKS-WOOL-3P-GRY", quantity: 1 }]);
    const fulfilled = await harness.waitForShipment(placed.orderId, "FULFILLED");
    const silenced = new Date();
    await provider(fulfilled.packageId, { silent: true });
    // Checkpoints the carrier gave before it fell silent may not be read yet, and each is news: wait
    // for a tracking run that began after the silence (the runs of a shop follow one another).
    await polledAfter(fulfilled.id, await polledAfter(fulfilled.id, silenced));
    // The carrier's last word was 31 days ago, at 20:00 UTC (the app's clock is the real one: the news is moved back).
    const lastNews = new Date(Date.now() - 31 * 24 * 60 * 60_000);
    lastNews.setUTCHours(20, 0, 0, 0);
    const dayInShanghai = new Date(lastNews.getTime() + 24 * 60 * 60_000).toISOString().slice(0, 10);
    await harness.db.shipment.update({ where: { id: fulfilled.id }, data: { lastNewsAt: lastNews } });

    const ended = await harness.waitForShipment(placed.orderId, "ENDED", 15_000);
    expect(ended.endedReason).toBe("NO_NEWS");
    expect(ended.lastErrorText).toBe(
      `Neither the provider nor the carrier has said anything new about package ${ended.packageId} since ${dayInShanghai}: ` +
        "no news for 30 days, so the app stopped following it (Settings > Orders and after sending). Ask the provider where it is.",
    );
    await endedInTimeline(ended);
    await notPolledAgain(ended);
  }, 30_000);
});
