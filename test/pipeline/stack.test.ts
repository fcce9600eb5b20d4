/**
 * The pipeline on the app's own wiring, as deployed (npm run stack): webhooks and the
 * fulfillment-service callback through the app's routes, the worker process with the production
 * dependencies (the shop's offline session, the settings in the database, the provider URL from
 * the environment). With the production intervals, the first steps are what fits a test's time:
 * an order at the warehouse becomes a Shopify fulfilment with tracking.
 */
import { describe, expect, it } from "vitest";
import { saveSettingsAndEnsureServices } from "~/flows/install/fulfillment-services.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { orderPayload } from "../support/shopify-admin";
import { DEMO_SHOP, warehouseStock } from "../emulator/seed";
import { waitFor } from "../support/jobs";
import { useStack } from "../support/stack";

const stack = useStack({ sandbox: { createDelayMs: 200, trackingStepMs: 60_000 } });

describe("the stack", () => {
  it("fulfils an order at the provider's warehouse in Shopify, with tracking, through the app's routes and worker", async () => {
    const s = stack();
    await saveSettingsAndEnsureServices(s.db, DEMO_SHOP, {
      warehouses: [{ warehouseId: "US01", services: { defaultService: "US01-EXP", byCountry: { US: "US01-STD" } } }],
    });
    const location = await waitFor(async () => (await getShopSettings(s.db, DEMO_SHOP)).warehouses[0]?.shopifyLocationId ?? undefined, {
      timeoutMs: 30_000,
      what: "the warehouse's fulfillment service",
    });
    s.shopify.addProducts(DEMO_SHOP, warehouseStock("US01", location));

    const response = await fetch(`${s.shopifyUrl}/__emulator/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": DEMO_SHOP },
      body: JSON.stringify(orderPayload([{ sku: "BACKPACK-CNV-20L-OLV", quantity: 1 }])),
    });
    expect(response.status).toBe(201);
    const shipment = await waitFor(
      async () => (await s.db.shipment.findFirst({ where: { shop: DEMO_SHOP, state: "FULFILLED" } })) ?? undefined,
      { timeoutMs: 60_000, intervalMs: 100, what: `a fulfilled shipment\n${s.logs().slice(-3_000)}` },
    );
    expect(shipment).toMatchObject({ kind: "OUTBOUND", warehouseCode: "US01", serviceCode: "US01-STD" });
    expect(shipment.trackingNumber).toMatch(/^9400/);
    expect(shipment.shopifyFulfillmentId).toMatch(/^gid:\/\/shopify\/Fulfillment\//);
  }, 120_000);
});
