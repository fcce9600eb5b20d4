/**
 * A shop with one warehouse (US01) at the provider's sandbox, its fulfillment-service location in
 * the Shopify emulator, a fresh test database, and a job worker running the handlers a test file
 * names: the set-up the catalogue, stock and alert flow tests share. The servers start once per
 * file; each test starts from the same shop (the emulator reset, the named tables emptied, the
 * settings saved again) with deps and a worker of its own, stopped after it.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { PipelineDeps } from "~/flows/ports/deps";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import type { JobHandlers } from "~/jobs/handler";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { ensureFulfillmentService } from "~/shopify/fulfillment-services.server";
import { runOf } from "~/stores/catalogue/sync-runs.server";
import type { Database } from "~/stores/database/database.server";
import type { ShopSettingsInput } from "~/stores/shops/shop-settings";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { startSandbox, type Sandbox } from "../../sandbox/server";
import { emulatorAdmin, testPipelineDeps, DEMO_SHOP, type TestDeps } from "../pipeline/deps";
import { createTestDatabase, type TestDatabase } from "./database";
import { recordingJobLogger, waitFor } from "./jobs";
import { startTestShopify, type TestShopify } from "./shopify-admin";

/** A table a test empties before it runs; `shop` is always emptied, last. */
type Table =
  | "job"
  | "syncRun"
  | "catalogueVariant"
  | "providerSku"
  | "warehouseStock"
  | "shipment"
  | "kitComponent"
  | "alert"
  | "alertMessage"
  | "alertChannel";

export interface WarehouseShop {
  db: Database;
  sandbox: Sandbox;
  shopify: TestShopify;
  /** This test's deps (a test may change their policy or Shopify port), and the provider calls they made. */
  testDeps: TestDeps;
  /** The emulator's location of the app's fulfillment service, US01's in the settings. */
  warehouseLocation: string;
}

export interface WarehouseShopOptions {
  /** Emptied before each test, in this order (children before their parents). */
  tables: readonly Table[];
  /** Settings besides the sandbox mode, its address and the US01 warehouse. */
  settings?: Omit<ShopSettingsInput, "mode" | "providerBaseUrl" | "warehouses">;
  /** What the worker runs, given the test's deps. */
  handlers: (deps: () => Promise<PipelineDeps>) => JobHandlers<typeof jobPayloadSchemas>;
  /** Once a file, beside the servers: servers of the test file's own (a mail server, say). */
  startAlso?: () => Promise<{ close(): Promise<void> }>;
  /** Each test, before its worker starts: what else the shop needs (alert channels, say). */
  prepare?: (shop: WarehouseShop) => Promise<void>;
  /** Each test, once its worker runs. */
  started?: (shop: WarehouseShop) => Promise<void>;
}

/** The file's shop; read it in tests and hooks (it is set once the file's set-up ran). */
export function useWarehouseShop(options: WarehouseShopOptions): () => WarehouseShop {
  let database: TestDatabase;
  let sandbox: Sandbox;
  let shopify: TestShopify;
  let also: { close(): Promise<void> } | undefined;
  let shop: WarehouseShop | undefined;
  let worker: Worker | undefined;

  beforeAll(async () => {
    database = createTestDatabase();
    sandbox = await startSandbox({ port: 0, seed: 7, createDelayMs: 0 });
    shopify = await startTestShopify();
    also = await options.startAlso?.();
  });
  afterAll(async () => {
    await also?.close();
    await shopify.close();
    await sandbox.close();
    await database.close();
  });

  beforeEach(async () => {
    const { db } = database;
    shopify.emulator.reset();
    for (const table of [...options.tables, "shop"] as const) await (db[table] as { deleteMany(): Promise<unknown> }).deleteMany();
    const graphqlUrl = shopify.emulator.graphqlUrl(DEMO_SHOP);
    const { service } = await ensureFulfillmentService(emulatorAdmin(graphqlUrl), {
      name: "Fulfilment warehouse US01",
      callbackUrl: `${shopify.app.url}/fulfillment-service`,
    });
    if (service.locationId === null) throw new Error("the fulfillment service has no location");
    await saveShopSettings(db, DEMO_SHOP, {
      ...options.settings,
      mode: "sandbox",
      providerBaseUrl: sandbox.url,
      warehouses: [{ warehouseId: "US01", shopifyLocationId: service.locationId }],
    });
    shop = {
      db,
      sandbox,
      shopify,
      testDeps: testPipelineDeps(db, { sandboxUrl: sandbox.url, graphqlUrl }),
      warehouseLocation: service.locationId,
    };
    const current = shop;
    await options.prepare?.(current);
    worker = startWorker({
      db,
      kinds: jobPayloadSchemas,
      handlers: options.handlers(async () => current.testDeps.deps),
      pollIntervalMs: 10,
      // A failed job comes back at once: the backoff's shape is the queue's business, not these tests'.
      backoff: { baseDelayMs: 20, maxDelayMs: 200 },
      logger: recordingJobLogger().logger,
    });
    await options.started?.(current);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  return () => {
    if (shop === undefined) throw new Error("the warehouse shop is read before its set-up ran");
    return shop;
  };
}

/** A catalogue read's or sync's run once it is no longer RUNNING. */
export const runFinished = (db: Database, runId: string) =>
  waitFor(
    async () => {
      const run = await runOf(db, DEMO_SHOP, runId);
      return run !== null && run.status !== "RUNNING" ? run : undefined;
    },
    { timeoutMs: 15_000, what: `run ${runId} to finish` },
  );
