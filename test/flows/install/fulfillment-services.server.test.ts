/**
 * Fulfillment services per warehouse, against the Shopify Admin emulator (every document validated
 * against the real 2026-10 schema) through the library's own GraphQL client, with the real job
 * handler in a real worker on a migrated database.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { runGraphql } from "~/shopify/admin-graphql.server";
import { useTestDatabase } from "../../support/database";
import { recordingJobLogger, waitFor } from "../../support/jobs";
import { ensureFulfillmentServicesHandler } from "~/flows/install/handlers";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { getShopSettings, saveShopSettings } from "~/stores/shops/shop.server";
import { listFulfillmentServices } from "~/shopify/fulfillment-services.server";
import { DEMO_SHOP, startTestShopify, type TestShopify } from "../../support/shopify-admin";
import {
  ensureWarehouseServices,
  fulfillmentServiceCallbackUrl,
  fulfillmentServiceName,
  saveSettingsAndEnsureServices,
} from "~/flows/install/fulfillment-services.server";
import { recordInstallation } from "~/flows/install/install.server";

const { db } = useTestDatabase();
const appUrl = "https://connector.example";
let shopify: TestShopify;
let worker: Worker;
const log = recordingJobLogger();

beforeAll(async () => {
  shopify = await startTestShopify();
  worker = startWorker({
    kinds: jobPayloadSchemas,
    db,
    handlers: { "install.fulfillment-services": ensureFulfillmentServicesHandler({ adminFor: async () => shopify.admin, appUrl }) },
    pollIntervalMs: 10,
    logger: log.logger,
  });
});
afterAll(async () => {
  await worker.stop();
  await shopify.close();
});
beforeEach(async () => {
  // A job the last test queued and did not wait for is let finish first: run after the reset, it
  // would register its services in this test's Shopify (seen on PostgreSQL).
  await waitFor(
    async () => (await db.job.count({ where: { kind: "install.fulfillment-services", status: { in: ["PENDING", "RUNNING"] } } })) === 0,
    { what: "the last test's ensure job", timeoutMs: 8_000 },
  );
  shopify.emulator.reset();
  await db.shop.deleteMany();
  await db.job.deleteMany();
  log.lines.length = 0;
});

async function appServices() {
  return (await listFulfillmentServices(shopify.admin)).filter((s) => s.type === "THIRD_PARTY");
}

async function ensureJobDone() {
  const finished = () => db.job.findFirst({ where: { kind: "install.fulfillment-services", status: { in: ["DONE", "DEAD"] } } });
  const job = await waitFor(async () => (await finished()) ?? undefined, { what: "the ensure job" });
  expect(job.lastError).toBeNull();
  expect(job.status).toBe("DONE");
}

describe("fulfillment services", () => {
  it("are one per enabled warehouse, each with the callback the app serves, and their locations recorded in the settings", async () => {
    await saveShopSettings(db, DEMO_SHOP, {
      warehouses: [{ warehouseId: "US01" }, { warehouseId: "DE01" }, { warehouseId: "JP01", enabled: false }],
    });
    await recordInstallation(db, DEMO_SHOP);
    await ensureJobDone();

    const services = await appServices();
    expect(services.map((s) => [s.serviceName, s.callbackUrl]).sort()).toEqual([
      ["Fulfilment warehouse DE01", "https://connector.example/fulfillment-service"],
      ["Fulfilment warehouse US01", "https://connector.example/fulfillment-service"],
    ]);
    const settings = await getShopSettings(db, DEMO_SHOP);
    const locationOf = (name: string) => services.find((s) => s.serviceName === name)?.locationId;
    expect(settings.warehouses.map((w) => [w.warehouseId, w.shopifyLocationId])).toEqual([
      ["US01", locationOf("Fulfilment warehouse US01")],
      ["DE01", locationOf("Fulfilment warehouse DE01")],
      ["JP01", null],
    ]);
    expect(await db.shop.findUniqueOrThrow({ where: { domain: DEMO_SHOP } })).toMatchObject({ uninstalledAt: null });
  });

  it("are created once however often they are ensured, and a lost location is put back", async () => {
    await saveShopSettings(db, DEMO_SHOP, { warehouses: [{ warehouseId: "US01" }] });
    const settings = await getShopSettings(db, DEMO_SHOP);
    const first = await ensureWarehouseServices(settings, { admin: shopify.admin, appUrl });
    const again = await ensureWarehouseServices(settings, { admin: shopify.admin, appUrl });
    expect(again).toEqual(first);
    expect(await appServices()).toHaveLength(1);

    // The settings lost the location (edited by hand, restored from a backup): the job finds the service again.
    await saveSettingsAndEnsureServices(db, DEMO_SHOP, { warehouses: [{ warehouseId: "US01" }] });
    await ensureJobDone();
    expect((await getShopSettings(db, DEMO_SHOP)).warehouses[0]?.shopifyLocationId).toBe(first.get("US01"));
    expect(await appServices()).toHaveLength(1);
  });

  it("are ensured when the settings are saved, keeping the locations already recorded", async () => {
    await saveShopSettings(db, DEMO_SHOP, { warehouses: [{ warehouseId: "US01", shopifyLocationId: "gid://shopify/Location/123" }] });
    // The form was loaded before the location was known: it sends the warehouse without one.
    const saved = await saveSettingsAndEnsureServices(db, DEMO_SHOP, { warehouses: [{ warehouseId: "US01" }], notifyCustomer: false });
    expect(saved.warehouses[0]?.shopifyLocationId).toBe("gid://shopify/Location/123");
    expect(await db.job.count({ where: { kind: "install.fulfillment-services" } })).toBe(1);
  });

  it("are not asked for when no warehouse is enabled", async () => {
    await saveSettingsAndEnsureServices(db, DEMO_SHOP, { warehouses: [{ warehouseId: "US01", enabled: false }] });
    expect(await db.job.count()).toBe(0);
    await recordInstallation(db, DEMO_SHOP);
    await ensureJobDone();
    expect(await appServices()).toHaveLength(0);
  });

  it("registered by an earlier version with stock and tracking promises are registered again at the next install, keeping their locations", async () => {
    const { data } = await runGraphql(
      shopify.admin,
      `mutation EarlierRegistration($name: String!, $callbackUrl: URL) {
        fulfillmentServiceCreate(name: $name, callbackUrl: $callbackUrl, inventoryManagement: true, trackingSupport: true) { fulfillmentService { id location { id } } userErrors { field message } }
      }`,
      { name: fulfillmentServiceName("US01"), callbackUrl: fulfillmentServiceCallbackUrl(appUrl) },
      z.object({
        fulfillmentServiceCreate: z.object({ fulfillmentService: z.object({ id: z.string(), location: z.object({ id: z.string() }) }) }),
      }),
    );
    await saveShopSettings(db, DEMO_SHOP, { warehouses: [{ warehouseId: "US01" }] });
    await recordInstallation(db, DEMO_SHOP);
    await ensureJobDone();
    expect(await appServices()).toEqual([
      expect.objectContaining({
        id: data.fulfillmentServiceCreate.fulfillmentService.id,
        inventoryManagement: false,
        trackingSupport: false,
      }),
    ]);
    expect((await getShopSettings(db, DEMO_SHOP)).warehouses[0]?.shopifyLocationId).toBe(
      data.fulfillmentServiceCreate.fulfillmentService.location.id,
    );
  });

  it("have stable names and a callback under the app's URL", () => {
    expect(fulfillmentServiceName("US01")).toBe("Fulfilment warehouse US01");
    expect(fulfillmentServiceCallbackUrl("https://connector.example/")).toBe("https://connector.example/fulfillment-service");
  });
});
