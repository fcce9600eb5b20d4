/**
 * Economy services first issue the provider's own, non-final tracking number, and replace it with
 * the carrier's at pickup: the fulfilment is written with the first, then its tracking updated in
 * Shopify, and the checkpoints are written once although both numbers report them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emulatorState, numericId } from "../support/shopify-admin";
import { DEMO_SHOP, type Harness, type PlacedOrder, startHarness } from "./harness";
import { CATALOGUES } from "~/lib/words";
import { findShipmentDetail } from "~/stores/shipments/shipment-list.server";
import { DELIVERED_STEP, PICKUP_STEP } from "../../sandbox/orders/tracking";
import { waitFor } from "../support/jobs";

let harness: Harness;

/**
 * A tracking step as long as no test takes: a parcel stays at its first checkpoint, under its
 * provisional number, until the test moves the sandbox's clock. With steps of 600 ms, a busy machine
 * let the carrier's number replace the provisional one before the fulfilment was written.
 */
const TRACKING_STEP_MS = 60_000;
/** The carrier picks the parcel up: its number replaces the provider's provisional one. */
const pickUp = () => harness.sandbox.advanceClock(PICKUP_STEP * TRACKING_STEP_MS);
/** The carrier picks the parcel up, carries it and delivers it: every step at once. */
const deliverAll = () => harness.sandbox.advanceClock(DELIVERED_STEP * TRACKING_STEP_MS);

beforeAll(async () => {
  harness = await startHarness({ trackingStepMs: TRACKING_STEP_MS });
  await harness.setSettings((settings) => ({
    ...settings,
    warehouses: (settings.warehouses ?? []).map((w) => ({ ...w, services: { defaultService: "US01-EXP", byCountry: { US: "US01-ECO" } } })),
  }));
}, 30_000);

afterAll(async () => {
  await harness?.close();
});

describe("a non-final tracking number", () => {
  it("is written back, then replaced in Shopify by the carrier's number, events once each", async () => {
    const placed = await harness.placeOrder([{ sku: "EARBUDS-BT5-BLK", quantity: 1 }]);
    const fulfilled = await harness.waitForShipment(placed.orderId, "FULFILLED");
    expect(fulfilled).toMatchObject({ isFinalTracking: false, trackingCarrier: "Sandbox Fulfilment" });
    expect(fulfilled.trackingNumber).toMatch(/^SBX/);
    const provisional = fulfilled.trackingNumber;

    // Picked up, then delivered days later: the number is replaced while the parcel is on its way.
    // (Both at once, the delivery can be read first: the next test.)
    pickUp();
    await waitFor(async () => (await harness.db.shipment.findUnique({ where: { id: fulfilled.id } }))?.isFinalTracking, {
      timeoutMs: 20_000,
      what: "the carrier's number to replace the provisional one",
    });
    deliverAll();
    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 20_000);
    expect(delivered.isFinalTracking).toBe(true);
    expect(delivered.trackingNumber).toMatch(/^9400/);
    expect(delivered.trackingCarrier).toBe("USPS");

    const state = await emulatorState(harness.shopify);
    const fo = placed.fulfillmentOrders[0];
    const fulfilments = state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(fo?.id ?? "")));
    expect(fulfilments).toHaveLength(1);
    expect(fulfilments[0]?.trackingInfo).toEqual([
      { number: delivered.trackingNumber, company: "USPS", url: expect.stringContaining("usps.com") },
    ]);

    const events = state.fulfillmentEvents.filter((e) => e.fulfillmentId === fulfilments[0]?.id).map((e) => e.status);
    expect(events).toEqual(["CONFIRMED", "CARRIER_PICKED_UP", "IN_TRANSIT", "IN_TRANSIT", "IN_TRANSIT", "DELIVERED"]);

    const updated = (await harness.events(delivered.id)).filter((e) => e.type === "tracking_updated");
    expect(updated).toHaveLength(1);
    expect(updated[0]?.message).toContain(`replaced tracking number ${provisional}`);
    // As a Chinese admin reads the two: the provider's numbers and carrier quoted as it gave them.
    const inChinese = (await findShipmentDetail(harness.db, DEMO_SHOP, delivered.id, CATALOGUES["zh-CN"]))?.timeline ?? [];
    expect(inChinese.find((e) => e.type === "created")?.message).toMatch(
      new RegExp(`^服务商已创建包裹：物流单号 ${provisional}.*，为临时单号：服务商可能会更换。$`),
    );
    expect(inChinese.find((e) => e.type === "tracking_updated")?.message).toMatch(
      new RegExp(`^服务商已将物流单号 ${provisional} 更换为 ${delivered.trackingNumber ?? "?"}.*；Shopify 履约记录现已显示新单号。$`),
    );
  }, 30_000);
});

describe("a parcel delivered before its carrier's number was read", () => {
  /**
   * A parcel under its provisional number, then DELIVERED. Picked up, carried and delivered at once,
   * the tracking read can see the delivery before the status poll sees the carrier's number: that
   * outcome of the race is set here as the tracking read leaves it, so the test does not depend on
   * which job runs first. Then two status polls of the parcel, before the carrier's number exists:
   * the second began after the first ended, so it read the parcel as DELIVERED (a poll that read it
   * before would see it as FULFILLED, and rightly tell the buyer).
   */
  async function deliveredUnderItsProvisionalNumber() {
    const placed = await harness.placeOrder([{ sku: "EARBUDS-BT5-BLK", quantity: 1 }]);
    const fulfilled = await harness.waitForShipment(placed.orderId, "FULFILLED");
    expect(fulfilled.isFinalTracking).toBe(false);
    const flipped = new Date();
    await harness.db.shipment.update({ where: { id: fulfilled.id }, data: { state: "DELIVERED", deliveredAt: flipped } });
    const polledAfter = async (after: Date) =>
      waitFor(
        async () => {
          const polledAt = (await harness.db.shipment.findUnique({ where: { id: fulfilled.id } }))?.lastPolledAt;
          return polledAt && polledAt > after ? polledAt : undefined;
        },
        { timeoutMs: 20_000, what: "a status poll of the delivered parcel's provisional number" },
      );
    await polledAfter(await polledAfter(flipped));
    return { placed, fulfilled };
  }

  const finalNumberOf = (shipmentId: string) =>
    waitFor(
      async () => {
        const shipment = await harness.db.shipment.findUnique({ where: { id: shipmentId } });
        return shipment?.isFinalTracking ? shipment : undefined;
      },
      { timeoutMs: 20_000, what: "the carrier's number to replace the provisional one of a delivered parcel" },
    );

  async function fulfilmentsOf(placed: PlacedOrder) {
    const state = await emulatorState(harness.shopify);
    return state.fulfillments.filter((f) => f.fulfillmentOrderIds.includes(numericId(placed.fulfillmentOrders[0]?.id ?? "")));
  }

  it("still gets the carrier's number in Shopify, without telling the buyer again", async () => {
    const { placed, fulfilled } = await deliveredUnderItsProvisionalNumber();
    deliverAll();
    const final = await finalNumberOf(fulfilled.id);
    expect(final.state).toBe("DELIVERED");
    expect(final.trackingNumber).toMatch(/^9400/);

    const fulfilments = await fulfilmentsOf(placed);
    expect(fulfilments).toHaveLength(1);
    expect(fulfilments[0]?.trackingInfo).toEqual([
      { number: final.trackingNumber, company: "USPS", url: expect.stringContaining("usps.com") },
    ]);
    const updated = (await harness.events(final.id)).filter((e) => e.type === "tracking_updated");
    expect(updated).toHaveLength(1);
    expect(updated[0]?.message).toContain(`replaced tracking number ${fulfilled.trackingNumber}`);
    expect(updated[0]?.data).toMatchObject({ sent: { notifyCustomer: false } });
  }, 90_000);

  it("keeps the carrier's number with Shopify's refusal when the merchant cancelled the fulfilment since", async () => {
    const { placed, fulfilled } = await deliveredUnderItsProvisionalNumber();
    const cancelled = await fetch(
      `${harness.shopify.url}/__emulator/fulfillments/${encodeURIComponent(fulfilled.shopifyFulfillmentId ?? "")}/cancel`,
      { method: "POST", headers: { "X-Shopify-Shop-Domain": DEMO_SHOP } },
    );
    expect(cancelled.status).toBe(200);
    const cancelledAt = Date.now();
    deliverAll();
    const final = await finalNumberOf(fulfilled.id);
    expect(final.trackingNumber).toMatch(/^9400/);

    // Shopify's fulfilment keeps the number it had; the timeline says why, in the merchant's words.
    expect((await fulfilmentsOf(placed))[0]?.trackingInfo.map((t) => t.number)).toEqual([fulfilled.trackingNumber]);
    const updated = (await harness.events(final.id)).filter((e) => e.type === "tracking_updated");
    expect(updated).toHaveLength(1);
    expect(updated[0]?.message).toBe(
      `The provider replaced tracking number ${fulfilled.trackingNumber} with ${final.trackingNumber} (USPS) after the parcel was delivered; ` +
        `Shopify refused it for the fulfilment, which still shows ${fulfilled.trackingNumber}: Tracking can only be updated on a successful fulfillment.`,
    );
    // The refusal did not fail the status poll (every run of it since the cancellation ended done),
    // and the parcel is no longer watched: its number is the carrier's. The run that wrote the
    // number is recorded once its outcome is, a moment after its writes are seen: waited for.
    await waitFor(
      () => harness.jobRuns.some((run) => run.kind === "follow.poll" && run.finishedAt >= cancelledAt && run.outcome === "done"),
      {
        timeoutMs: 20_000,
        what: "the status poll that wrote the carrier's number to end done",
      },
    );
    expect(harness.jobRuns.filter((run) => run.kind === "follow.poll" && run.finishedAt >= cancelledAt && run.outcome !== "done")).toEqual(
      [],
    );
  }, 90_000);
});

describe("the checkpoints Shopify shows the buyer", () => {
  const CHINESE = /[\u4e00-\u9fff]/;

  /** The messages of the order's fulfilment events in Shopify, oldest first. */
  async function eventMessages(fulfillmentOrderId: string): Promise<{ status: string; message: string | null }[]> {
    const state = await emulatorState(harness.shopify);
    const fulfilment = state.fulfillments.find((f) => f.fulfillmentOrderIds.includes(numericId(fulfillmentOrderId)));
    return state.fulfillmentEvents.filter((e) => e.fulfillmentId === fulfilment?.id).map(({ status, message }) => ({ status, message }));
  }

  it("are in the language the buyer bought in, whatever the others bought in: Chinese for zh-CN, English for English and for none", async () => {
    // Placed together, so the same tracking queries follow them.
    const [chinese, english, unnamed] = await Promise.all([
      harness.placeOrder([{ sku: "EARBUDS-BT5-BLK", quantity: 1 }], { customer_locale: "zh-CN" }),
      harness.placeOrder([{ sku: "EARBUDS-BT5-BLK", quantity: 1 }], { customer_locale: "en-GB" }),
      harness.placeOrder([{ sku: "EARBUDS-BT5-BLK", quantity: 1 }], { customer_locale: null }),
    ]);
    const orders = [chinese, english, unnamed];
    await Promise.all(orders.map((placed) => harness.waitForShipment(placed.orderId, "FULFILLED")));
    deliverAll();
    const delivered = await Promise.all(orders.map((placed) => harness.waitForShipment(placed.orderId, "DELIVERED", 20_000)));
    expect(delivered.map((shipment) => shipment.customerLocale)).toEqual(["zh-CN", "en-GB", null]);

    const eventsOf = (placed: PlacedOrder) => eventMessages(placed.fulfillmentOrders[0]?.id ?? "");
    const [inChinese, inEnglish, byDefault] = [await eventsOf(chinese), await eventsOf(english), await eventsOf(unnamed)];
    expect(inChinese.map((e) => e.status)).toEqual([
      "CONFIRMED",
      "CARRIER_PICKED_UP",
      "IN_TRANSIT",
      "IN_TRANSIT",
      "IN_TRANSIT",
      "DELIVERED",
    ]);
    expect(inChinese.at(-1)?.message).toBe("已妥投");
    expect(inChinese.every((e) => CHINESE.test(e.message ?? ""))).toBe(true);
    for (const events of [inEnglish, byDefault]) {
      expect(events).toHaveLength(6);
      expect(events.at(-1)?.message).toBe("Delivered");
      expect(events.some((e) => CHINESE.test(e.message ?? ""))).toBe(false);
    }
  }, 40_000);
});
