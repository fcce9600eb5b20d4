/**
 * The pipeline over real HTTP, in one process: the provider sandbox and the Shopify Admin emulator
 * (both in-process servers), a fresh migrated database, the app's webhook intake behind a small
 * HTTP receiver (what the webhook and fulfillment-service routes do after `authenticate.*`: verify
 * the HMAC, then the intake's own record-and-enqueue), and the real job worker running the
 * pipeline's handlers with the app's Shopify port on a fetch Admin client and the provider client on
 * the sandbox. Intervals are shortened; everything else is the production code.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Shipment, ShipmentState } from "@prisma/client";
import { afterAll, beforeAll } from "vitest";
import { z } from "zod";
import { WAKE_WINDOW_MS, wakeForFulfillmentServiceNotification } from "~/flows/receive-webhooks/fulfillment-service-notification.server";
import { PerKeyThrottle } from "~/flows/receive-webhooks/per-key-throttle.server";
import { recordAndEnqueue } from "~/flows/receive-webhooks/record-and-enqueue.server";
import { topicAsReported, WEBHOOK_TOPICS, type WebhookTopic } from "~/shopify/webhooks/topics";
import { startJobWorker } from "~/jobs/start-worker.server";
import type { Worker } from "~/jobs/worker.server";
import type { Database } from "~/stores/database/database.server";
import type { ShopSettingsInput } from "~/stores/shops/shop-settings";
import { getShopSettings, saveShopSettings } from "~/stores/shops/shop.server";
import type { PipelineDeps } from "~/flows/ports/deps";
import { pipelineHandlers } from "~/flows/job-handlers.server";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import type { PipelinePolicy } from "~/flows/ports/policy";
import type { ShopifyPort } from "~/flows/ports/ports";
import type { AdminGraphql } from "~/shopify/admin-graphql.server";
import { ensureFulfillmentService } from "~/shopify/fulfillment-services.server";
import { listLocations } from "~/shopify/locations.server";
import { forEachConcurrently } from "~/lib/concurrently";
import { orderPayload, type OrderLineSpec } from "../support/shopify-admin";
import { startSandbox, type Sandbox } from "../../sandbox/server";
import { receive } from "../../sandbox/orders/stock";
import { catalogue } from "../../sandbox/world";
import { DEMO_SHOP, demoShop, MERCHANT_LOCATION, warehouseStock } from "../emulator/seed";
import { startShopifyEmulator, type SeedShop, type ShopifyEmulator } from "../emulator/server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { recordingJobLogger, waitFor, type LoggedLine } from "../support/jobs";
import { emulatorAdmin, type ProviderCalls, type ShopAccess, testPipelineDeps } from "./deps";

export { DEMO_SHOP };

const API_SECRET = "pipeline-test-secret";

const isTopic = (topic: string): topic is WebhookTopic => WEBHOOK_TOPICS.some((candidate) => candidate === topic);

function signed(rawBody: string, hmac: string | undefined): boolean {
  if (hmac === undefined) return false;
  const expected = Buffer.from(createHmac("sha256", API_SECRET).update(rawBody, "utf8").digest("base64"));
  const given = Buffer.from(hmac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * What the app's webhook and fulfillment-service routes do once the request is authenticated, on
 * an HTTP server of its own. `port` with `reusePort`: several processes listen on one port and the
 * kernel spreads the connections among them, as a load balancer spreads them among hosts
 * (bench/pipeline/processes.ts).
 */
export async function startIntake(
  db: Database,
  listen: { port: number; reusePort: boolean } = { port: 0, reusePort: false },
): Promise<{ url: string; server: Server; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  // The intake's own, not the app's: the wake-ups it folds are written before its database closes.
  const throttle = new PerKeyThrottle(WAKE_WINDOW_MS, (error) => console.warn("a deferred wake-up failed", error));
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const shop = header(request.headers["x-shopify-shop-domain"]) ?? "";
      const webhookId = header(request.headers["x-shopify-webhook-id"]) ?? null;
      const apiVersion = header(request.headers["x-shopify-api-version"]) ?? null;
      const topic = header(request.headers["x-shopify-topic"]) ?? "";
      const work = async (): Promise<number> => {
        if (!signed(rawBody, header(request.headers["x-shopify-hmac-sha256"]))) return 401;
        const payload: unknown = JSON.parse(rawBody);
        if (request.url?.endsWith("/fulfillment_order_notification")) {
          received.push("fulfillment_order_notification");
          await wakeForFulfillmentServiceNotification(db, { shop, payload }, { throttle });
          return 200;
        }
        if (!isTopic(topic)) return 200;
        received.push(topic);
        await recordAndEnqueue(db, topic, {
          shop,
          topic: topicAsReported(topic),
          webhookId: webhookId ?? "",
          eventId: header(request.headers["x-shopify-event-id"]),
          triggeredAt: header(request.headers["x-shopify-triggered-at"]),
          apiVersion: apiVersion ?? "2026-10",
          payload,
        });
        return 200;
      };
      work().then(
        (status) => response.writeHead(status).end(),
        (error: unknown) => {
          console.warn("intake failed", error);
          response.writeHead(500).end();
        },
      );
    });
  });
  await new Promise<void>((ready) => server.listen({ port: listen.port, host: "127.0.0.1", reusePort: listen.reusePort }, ready));
  const close = async () => {
    await new Promise<void>((done) => server.close(() => done()));
    await throttle.settle();
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, received, close };
}

export interface HarnessOptions {
  /** Sandbox pace: creation and tracking steps. */
  createDelayMs?: number;
  trackingStepMs?: number;
  policy?: Partial<PipelinePolicy>;
  concurrency?: number;
  /** Start the worker at once (default true). */
  worker?: boolean;
  /**
   * The app's webhook intake somewhere else (another process, as the app's web process is), given
   * the database; by default in this process.
   */
  intake?: (databaseUrl: string) => Promise<{ url: string; close(): Promise<void> }>;
  /**
   * When the emulator sends a delivery again after a failure (default: quickly, 50 ms to 400 ms,
   * four times). Shopify itself retries for hours; a test that loads the app on purpose gives it
   * longer.
   */
  deliveryRetryDelaysMs?: number[];
  /** The database to run on (the benchmark's own PostgreSQL, say); by default a fresh test database. */
  database?: TestDatabase;
  /** The emulated shop's GraphQL cost budget (default: a standard plan's, 1,000 points refilled at 100/s). */
  shopifyThrottle?: { maximumAvailable: number; restoreRate: number };
  /** Shopify's clock (default the machine's): behind the app's, Shopify opens scheduled orders late. */
  shopifyNow?: () => Date;
  /**
   * Shops installed beside the demo shop, each set up as it is (its own token, warehouse, stock and
   * settings) and each with its own bucket of `shopifyThrottle`. The one-shop fields and functions
   * of the harness stay the demo shop's.
   */
  moreShops?: SeedShop[];
}

export interface JobRun {
  jobId: string;
  kind: string;
  shop: string | null;
  outcome: string;
  /** Date.now() when the worker recorded the outcome. */
  finishedAt: number;
}

export interface Harness {
  db: Database;
  /** The test database's DATABASE_URL, for a worker in another process. */
  databaseUrl: string;
  sandbox: Sandbox;
  shopify: ShopifyEmulator;
  admin: AdminGraphql;
  port: ShopifyPort;
  deps: PipelineDeps;
  providerCalls: ProviderCalls;
  /** Deliveries the intake received, by topic. */
  received: string[];
  /** The app's base URL, where the emulator delivers webhooks and fulfillment-service callbacks. */
  intakeUrl: string;
  logLines: LoggedLine[];
  /** Every job run the worker finished, in order: a test proves that a job ran and decided, rather than waiting a while. */
  jobRuns: JobRun[];
  /** The US01 warehouse's Shopify location (its fulfillment service's). */
  warehouseLocation: string;
  /** The merchant's own location, mapped to the provider's drop-ship handling location. */
  studioLocation: string;
  /** Every installed shop, the demo shop first, then `moreShops` in their order. */
  shops: HarnessShop[];
  startWorker(): void;
  stopWorker(): Promise<void>;
  setSettings(change: (settings: ShopSettingsInput) => ShopSettingsInput): Promise<void>;
  planFault(fault: {
    operation: string;
    kind: "429" | "500" | "timeout" | "drop";
    count?: number;
    retryAfterSeconds?: number;
    afterProcessing?: boolean;
  }): Promise<void>;
  /** The provider recovers: every planned fault not yet suffered is dropped. */
  clearFaults(): Promise<void>;
  /** Places an order from Shopify's orders/create example with these lines (app/shopify's test helper). */
  /** `fulfillAt`: a scheduled order (subscription, pre-order), its fulfillment orders SCHEDULED until then. */
  /** `hold` keeps the order's webhooks back at the emulator (released only by POST /__emulator/delivery/release). */
  /** `shop`: placed at another of `shops` (by default the demo shop). */
  placeOrder(
    lines: OrderLineSpec[],
    overrides?: Record<string, unknown>,
    mode?: { duplicate?: boolean; hold?: boolean; fulfillAt?: Date; shop?: string },
  ): Promise<PlacedOrder>;
  /** A GraphQL call as the merchant's admin makes it (holds, edits, splits, payment); throws on errors or userErrors. */
  merchant(query: string, variables?: Record<string, unknown>): Promise<unknown>;
  shipmentsOf(orderId: string): Promise<Shipment[]>;
  waitForShipment(orderId: string, state: ShipmentState, timeoutMs?: number): Promise<Shipment>;
  events(shipmentId: string): Promise<{ type: string; message: string; data: unknown }[]>;
  close(): Promise<void>;
}

export const HANDLING_LOCATION = "SZ-HUB";

const PlacedOrder = z.object({
  order: z.looseObject({ id: z.number(), admin_graphql_api_id: z.string(), name: z.string() }),
  fulfillmentOrders: z.array(z.object({ id: z.string(), assignedLocationId: z.string(), status: z.string(), requestStatus: z.string() })),
});
export type PlacedOrder = z.infer<typeof PlacedOrder> & { orderId: string };

/** An installed shop: how the app reaches it, and its locations as the app set them up. */
export interface HarnessShop extends ShopAccess {
  admin: AdminGraphql;
  /** The US01 warehouse's Shopify location (its fulfillment service's). */
  warehouseLocation: string;
  /** The merchant's own location, mapped to the provider's drop-ship handling location. */
  studioLocation: string;
}

/** Shops set up together: each is a few Admin calls and one settings write, mostly waiting. */
const SHOPS_SET_UP_AT_ONCE = 4;

/**
 * The shop as the merchant leaves it after installing and setting up: the warehouse's fulfillment
 * service (and so its location) created by the app, stocked like the provider's warehouse, and the
 * settings (warehouse services, drop-ship from the studio, customs, automatic pushes) saved.
 */
async function setUpShop(
  db: Database,
  shopify: ShopifyEmulator,
  app: { sandboxUrl: string; intakeUrl: string },
  seed: SeedShop,
): Promise<HarnessShop> {
  const access: ShopAccess = { shop: seed.domain, graphqlUrl: shopify.graphqlUrl(seed.domain), accessToken: seed.accessToken };
  const admin = emulatorAdmin(access.graphqlUrl, access.accessToken);
  const { service } = await ensureFulfillmentService(admin, {
    name: "Fulfilment warehouse US01",
    callbackUrl: `${app.intakeUrl}/fulfillment-service`,
    address: { countryCode: "US", address1: "3350 E Jurupa St", city: "Ontario", provinceCode: "CA", zip: "91761" },
  });
  if (service.locationId === null) throw new Error(`the fulfillment service of ${seed.domain} has no location`);
  const warehouseLocation = service.locationId;
  shopify.addProducts(seed.domain, warehouseStock("US01", warehouseLocation));
  const locations = (await listLocations(admin)).items;
  const studio = locations.find((location) => location.name === MERCHANT_LOCATION);
  if (!studio) throw new Error(`${seed.domain} has no studio location`);

  await saveShopSettings(db, seed.domain, {
    mode: "sandbox",
    providerBaseUrl: app.sandboxUrl,
    warehouses: [
      {
        warehouseId: "US01",
        shopifyLocationId: warehouseLocation,
        services: { defaultService: "US01-EXP", byCountry: { US: "US01-STD" } },
      },
    ],
    dropShip: {
      handlingLocation: HANDLING_LOCATION,
      merchantLocationIds: [studio.id],
      services: { defaultService: "DE01-EXP", byCountry: { US: "US01-EXP" } },
    },
    customs: { declareNameEn: "Home goods" },
    notifyCustomer: true,
    pushPolicy: "autoPush",
  });
  return { ...access, admin, warehouseLocation, studioLocation: studio.id };
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const database: TestDatabase = options.database ?? createTestDatabase();
  const { db } = database;
  const intake = options.intake ? { ...(await options.intake(database.url)), received: [] as string[] } : await startIntake(db);
  const sandbox = await startSandbox({
    port: 0,
    seed: 7,
    createDelayMs: options.createDelayMs ?? 100,
    trackingStepMs: options.trackingStepMs ?? 150,
  });
  const shopify = await startShopifyEmulator({
    apiSecret: API_SECRET,
    appUrl: intake.url,
    shops: [demoShop(), ...(options.moreShops ?? [])],
    port: 0,
    delivery: { retryDelaysMs: options.deliveryRetryDelaysMs ?? [50, 100, 200, 400] },
    ...(options.shopifyThrottle ? { throttle: options.shopifyThrottle } : {}),
    ...(options.shopifyNow ? { now: options.shopifyNow } : {}),
  });
  const setUp = (seed: SeedShop) => setUpShop(db, shopify, { sandboxUrl: sandbox.url, intakeUrl: intake.url }, seed);
  const demo = await setUp(demoShop());
  // Kept in the order given, whichever is set up first.
  const more: HarnessShop[] = [];
  const numbered = (options.moreShops ?? []).map((seed, index) => ({ seed, index }));
  await forEachConcurrently(numbered, SHOPS_SET_UP_AT_ONCE, async ({ seed, index }) => {
    more[index] = await setUp(seed);
  });
  // The sandbox is one provider account, seeded with the demo merchant's stock: each further shop
  // sends in as much again, so the shops' orders together find what each would at its own account.
  for (let n = 0; n < more.length; n++) for (const sku of catalogue) receive(sandbox.state(), "US01", sku.sku, sku.stock.US01, Date.now());
  const { admin } = demo;

  const { deps, port, providerCalls } = testPipelineDeps(db, {
    sandboxUrl: sandbox.url,
    graphqlUrl: demo.graphqlUrl,
    policy: options.policy,
    moreShops: more,
  });
  const handlers = pipelineHandlers(async () => deps);
  const echo = process.env.PIPELINE_TEST_LOG
    ? (line: LoggedLine) => console.info(new Date().toISOString(), line.message, JSON.stringify(line.fields))
    : undefined;
  const { logger, lines } = recordingJobLogger(echo);
  const jobRuns: JobRun[] = [];
  // On PostgreSQL the job engine's worker, which starts asynchronously (start-worker.server.ts).
  let worker: Promise<Worker> | undefined;
  const start = () => {
    worker ??= startJobWorker({
      db,
      kinds: jobPayloadSchemas,
      handlers,
      logger,
      pollIntervalMs: 10,
      concurrency: options.concurrency ?? 4,
      stopTimeoutMs: 2_000,
      // Retries quickly: the backoff's shape is the queue's business, not this test's.
      backoff: { baseDelayMs: 20, maxDelayMs: 200 },
      onOutcome: (jobId, outcome, run) => void jobRuns.push({ jobId, kind: run.kind, shop: run.shop, outcome, finishedAt: Date.now() }),
    });
  };
  if (options.worker ?? true) start();

  const harness: Harness = {
    db,
    databaseUrl: database.url,
    sandbox,
    shopify,
    admin,
    port,
    deps,
    providerCalls,
    received: intake.received,
    intakeUrl: intake.url,
    logLines: lines,
    jobRuns,
    warehouseLocation: demo.warehouseLocation,
    studioLocation: demo.studioLocation,
    shops: [demo, ...more],
    startWorker: start,
    async stopWorker() {
      const stopping = worker;
      worker = undefined;
      await (await stopping)?.stop();
    },
    async setSettings(change) {
      await saveShopSettings(db, DEMO_SHOP, change(await getShopSettings(db, DEMO_SHOP)));
    },
    async planFault(fault) {
      const response = await fetch(`${sandbox.url}/__sandbox/faults`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(fault),
      });
      if (!response.ok) throw new Error(`planning a fault failed: ${response.status} ${await response.text()}`);
    },
    async clearFaults() {
      const response = await fetch(`${sandbox.url}/__sandbox/faults`, { method: "DELETE" });
      if (!response.ok) throw new Error(`clearing the faults failed: ${response.status} ${await response.text()}`);
    },
    async placeOrder(lines, overrides = {}, mode = {}) {
      const query = new URLSearchParams({
        ...(mode.duplicate ? { duplicate: "1" } : {}),
        ...(mode.hold ? { hold: "1" } : {}),
        ...(mode.fulfillAt ? { fulfill_at: mode.fulfillAt.toISOString() } : {}),
      }).toString();
      const response = await fetch(`${shopify.url}/__emulator/orders${query ? `?${query}` : ""}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": mode.shop ?? DEMO_SHOP },
        body: JSON.stringify(orderPayload(lines, overrides)),
      });
      const body: unknown = await response.json();
      if (!response.ok) throw new Error(`placing the order failed: ${response.status} ${JSON.stringify(body)}`);
      const placed = PlacedOrder.parse(body);
      return { ...placed, orderId: placed.order.admin_graphql_api_id };
    },
    async merchant(query, variables = {}) {
      const response = await admin.graphql(query, { variables });
      const body = (await response.json()) as { data?: Record<string, { userErrors?: unknown[] } | null>; errors?: unknown[] };
      const userErrors = Object.values(body.data ?? {}).flatMap((field) => field?.userErrors ?? []);
      if (body.errors || userErrors.length > 0)
        throw new Error(`the merchant's ${query.slice(0, 60)}… failed: ${JSON.stringify(body.errors ?? userErrors)}`);
      return body.data;
    },
    shipmentsOf: (orderId) => db.shipment.findMany({ where: { shop: DEMO_SHOP, orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    waitForShipment: (orderId, state, timeoutMs = 15_000) =>
      waitFor(
        async () => {
          const shipments = await db.shipment.findMany({ where: { shop: DEMO_SHOP, orderId } });
          return shipments.find((s) => s.state === state);
        },
        { timeoutMs, intervalMs: 25, what: `a ${state} shipment of ${orderId}` },
      ).catch(async (error: unknown) => {
        const shipments = await db.shipment.findMany({ where: { shop: DEMO_SHOP, orderId }, include: { events: true } });
        const jobs = await db.job.findMany({ where: { status: { in: ["PENDING", "RUNNING", "DEAD"] } } });
        throw new Error(
          `${String(error)}\nshipments: ${JSON.stringify(
            shipments.map((s) => ({ state: s.state, err: s.lastErrorText, events: s.events.map((e) => e.message) })),
            null,
            1,
          )}\n` +
            `jobs: ${JSON.stringify(jobs.map((j) => ({ kind: j.kind, status: j.status, lastError: j.lastError, runAt: j.runAt })))}\n` +
            `log: ${lines
              .filter((l) => l.level !== "info")
              .slice(-10)
              .map((l) => `${l.message} ${JSON.stringify(l.fields)}`)
              .join("\n")}`,
        );
      }),
    async events(shipmentId) {
      // As the shipment page orders them: events of one millisecond by their (counter-ordered) ids;
      // PostgreSQL, unlike SQLite, returns ties in no particular order.
      const rows = await db.shipmentEvent.findMany({ where: { shipmentId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
      return rows.map((row) => ({
        type: row.type,
        message: row.message,
        data: row.data === null ? null : z.unknown().parse(JSON.parse(row.data)),
      }));
    },
    async close() {
      await harness.stopWorker();
      await shopify.close();
      await sandbox.close();
      await intake.close();
      await database.close();
    },
  };
  return harness;
}

/**
 * One harness for a test file: started before its tests, closed after them. The harness it returns
 * stands for the started one (its fields and functions read once the file's tests run).
 */
export function useHarness(options: HarnessOptions = {}, { startTimeoutMs = 30_000 } = {}): Harness {
  let started: Harness | undefined;
  beforeAll(async () => {
    started = await startHarness(options);
  }, startTimeoutMs);
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as Harness, {
    get(_, field) {
      if (started === undefined) throw new Error("The harness is read before the file's tests start (useHarness)");
      const value: unknown = Reflect.get(started, field);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(started) : value;
    },
    set(_, field, value) {
      if (started === undefined) throw new Error("The harness is changed before the file's tests start (useHarness)");
      return Reflect.set(started, field, value);
    },
  });
}
