/**
 * A package the provider cannot create (CreateFailed): kept to fix and retry, or, when Settings >
 * After sending says so, handed back to Shopify (fulfillmentOrderClose, with the reason; a
 * drop-ship one has nothing to close and says so); cancelling it is accepted. Accepting a request
 * tells Shopify when the warehouse should ship it, from the warehouse's handling time. Every
 * webhook is delivered twice.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { estimatedShipDate } from "~/connector/ship-date";
import { retryShipment } from "~/flows/retry/retry.server";
import { emulatorState, numericId } from "../support/shopify-admin";
import { waitFor } from "../support/jobs";
import { DEMO_SHOP, type Harness, useHarness } from "./harness";
import { CATALOGUES } from "~/lib/words";
import { lastErrorIn } from "~/stores/shipments/last-error";

const harness = useHarness();

beforeAll(async () => {
  await fetch(`${harness.shopify.url}/__emulator/delivery`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ duplicate: true }),
  });
}, 30_000);

type Settings = Parameters<Parameters<Harness["setSettings"]>[0]>[0];

/** US01-STD and the drop-ship's US01-STD deliver in the US only: a Canadian parcel fails at creation. */
const canadaByUs01Std = (failedPackages: "hold" | "handBack") => (settings: Settings) => ({
  ...settings,
  afterSending: { failedPackages, noNewsDays: 30 },
  warehouses: (settings.warehouses ?? []).map((w) => ({
    ...w,
    handlingDays: null,
    services: { defaultService: "US01-EXP", byCountry: { US: "US01-STD", CA: "US01-STD" } },
  })),
  dropShip: settings.dropShip
    ? { ...settings.dropShip, services: { defaultService: "DE01-EXP", byCountry: { US: "US01-EXP", CA: "US01-STD" } } }
    : null,
});

beforeEach(async () => {
  await harness.setSettings(canadaByUs01Std("hold"));
});

const toronto = {
  first_name: "Chloé",
  last_name: "Tremblay",
  name: "Chloé Tremblay",
  company: null,
  address1: "290 Bremner Blvd",
  address2: null,
  city: "Toronto",
  province: "Ontario",
  province_code: "ON",
  zip: "M5V 3L9",
  country: "Canada",
  country_code: "CA",
  phone: "+1 416-555-0199",
  latitude: null,
  longitude: null,
};

async function fulfillmentOrderNow(id: string) {
  return (await emulatorState(harness.shopify)).fulfillmentOrders.find((fo) => fo.id === numericId(id));
}

describe("a package the provider cannot create", () => {
  it("handed back: the fulfillment order is closed in Shopify with the reason, once, and is not retried here", async () => {
    await harness.setSettings(canadaByUs01Std("handBack"));
    const placed = await harness.placeOrder([{ sku: "PUZZLE-1000-MAP", quantity: 1 }], { shipping_address: toronto });
    const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.warehouseLocation);
    if (!fo) throw new Error("the order was not routed to the warehouse");

    const failed = await harness.waitForShipment(placed.orderId, "FAILED");
    expect(failed).toMatchObject({ lastErrorCode: "HANDED_BACK" });
    expect(failed.lastErrorText).toMatch(
      /^The provider could not create the package: Service US01-STD does not deliver to CA\..* Handed back to Shopify: the fulfillment order is closed as incomplete/,
    );
    // Said again in Chinese for a Chinese admin, the provider's words as it said them.
    expect(lastErrorIn(CATALOGUES["zh-CN"], failed)).toMatch(
      /^服务商无法创建该包裹：Service US01-STD does not deliver to CA\..* 已交还 Shopify：该履约订单已按未完成关闭/,
    );
    expect(await fulfillmentOrderNow(fo.id)).toMatchObject({
      status: "INCOMPLETE",
      requestStatus: "CLOSED",
      lastResponse: {
        action: "CLOSE",
        message: expect.stringMatching(
          new RegExp(`^The provider could not create package ${failed.packageId}: Service US01-STD does not deliver to CA`),
        ),
      },
    });

    await harness.shopify.settled();
    const timeline = await harness.events(failed.id);
    expect(timeline.filter((e) => e.type === "failed")).toHaveLength(1);
    expect(timeline.filter((e) => e.type === "handed_back").map((e) => e.message)).toEqual([
      expect.stringMatching(/^Handed back to Shopify: the fulfillment order is closed as incomplete/),
    ]);
    expect(await retryShipment(harness.db, harness.deps, DEMO_SHOP, failed.id)).toMatchObject({
      outcome: "refused",
      message: expect.stringMatching(/^Handed back to Shopify/),
    });
  }, 30_000);

  it("handed back on the drop-ship path: nothing to close, FAILED with the reason, and the timeline says why", async () => {
    await harness.setSettings(canadaByUs01Std("handBack"));
    const placed = await harness.placeOrder([{ sku: "SCARF-SILK-90-NVY", quantity: 1 }], { shipping_address: toronto });
    const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.studioLocation);
    if (!fo) throw new Error("the order was not routed to the studio");

    const failed = await harness.waitForShipment(placed.orderId, "FAILED");
    expect(failed).toMatchObject({ kind: "DROPSHIP", lastErrorCode: "DestinationNotServed" });
    expect(lastErrorIn(CATALOGUES["zh-CN"], failed)).toMatch(
      /^服务商无法创建该包裹：Service US01-STD does not deliver to CA\..* 请在“设置 > 仓库与路由”中选择能送达该地的物流服务，然后重试。$/,
    );
    expect((await fulfillmentOrderNow(fo.id))?.status).toBe("OPEN");
    const timeline = await harness.events(failed.id);
    expect(timeline.filter((e) => e.type === "handed_back").map((e) => e.message)).toEqual([
      expect.stringMatching(
        /^Not handed back: a drop-ship package's fulfillment order stays at your own location in Shopify, so there is nothing to close/,
      ),
    ]);
  }, 30_000);

  it("kept (the default), then cancelled by the merchant: the cancellation is accepted and nothing ships", async () => {
    const placed = await harness.placeOrder([{ sku: "BACKPACK-CNV-20L-OLV", quantity: 1 }], { shipping_address: toronto });
    const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.warehouseLocation);
    if (!fo) throw new Error("the order was not routed to the warehouse");
    const failed = await harness.waitForShipment(placed.orderId, "FAILED");
    expect(failed.lastErrorCode).toBe("DestinationNotServed");
    expect((await fulfillmentOrderNow(fo.id))?.status).toBe("IN_PROGRESS");

    await fetch(`${harness.shopify.url}/__emulator/orders/${placed.order.id}/cancel`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": DEMO_SHOP },
      body: JSON.stringify({ reason: "customer" }),
    });
    const cancelled = await harness.waitForShipment(placed.orderId, "CANCELLED");
    const answered = await waitFor(async () => {
      const now = await fulfillmentOrderNow(fo.id);
      return now?.lastResponse?.action === "ACCEPT_CANCELLATION_REQUEST" ? now : undefined;
    });
    expect(answered).toMatchObject({
      status: "CLOSED",
      requestStatus: "CANCELLATION_ACCEPTED",
      lastResponse: { message: "Cancelled: the provider could not create the package, so nothing ships." },
    });
    const timeline = await harness.events(cancelled.id);
    expect(timeline.filter((e) => e.type === "cancelled")).toHaveLength(1);
    expect(timeline.some((e) => /can no longer be stopped/.test(e.message))).toBe(false);
  }, 30_000);
});

describe("accepting a fulfillment request", () => {
  it("tells Shopify when the warehouse should ship it, from the warehouse's handling time; not for a held package", async () => {
    await harness.setSettings((settings) => ({
      ...settings,
      warehouses: (settings.warehouses ?? []).map((w) => ({ ...w, handlingDays: 2 })),
    }));
    const before = new Date();
    const placed = await harness.placeOrder([{ sku: "TEA-GREEN-100G", quantity: 50 }]);
    const after = new Date();
    const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === harness.warehouseLocation);
    if (!fo) throw new Error("the order was not routed to the warehouse");
    await harness.waitForShipment(placed.orderId, "SUBMITTED");
    const accepted = await fulfillmentOrderNow(fo.id);
    expect(accepted?.lastResponse?.action).toBe("ACCEPT_FULFILLMENT_REQUEST");
    const at = Date.parse(accepted?.lastResponse?.estimatedShippedAt ?? "");
    expect(at).toBeGreaterThanOrEqual(estimatedShipDate(before, 2)?.getTime() ?? Infinity);
    expect(at).toBeLessThanOrEqual((estimatedShipDate(after, 2)?.getTime() ?? 0) + 5_000);

    await harness.setSettings((settings) => ({ ...settings, pushPolicy: "holdForReview" }));
    try {
      const held = await harness.placeOrder([{ sku: "MUG-CER-350-WHT", quantity: 1 }]);
      const heldFo = held.fulfillmentOrders.find((f) => f.assignedLocationId === harness.warehouseLocation);
      await harness.waitForShipment(held.orderId, "HELD");
      const answer = await waitFor(async () => (await fulfillmentOrderNow(heldFo?.id ?? ""))?.lastResponse ?? undefined);
      expect(answer).toMatchObject({ action: "ACCEPT_FULFILLMENT_REQUEST", estimatedShippedAt: null });
    } finally {
      await harness.setSettings((settings) => ({ ...settings, pushPolicy: "autoPush" }));
    }
  }, 30_000);
});
