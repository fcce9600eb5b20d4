/**
 * The demo's stack: what `npm run stack` starts (dev/stack/*), with the parts the demo drives kept in
 * its own process: the provider sandbox (fast clock) and the Shopify Admin emulator run here; the app
 * (the production build under server/serve.mjs) and its job worker, on the fast policy, as child
 * processes on a fresh database (SQLite, or a PostgreSQL server of the demo's own). The demo only
 * places and cancels orders in Shopify, sets the shop up as a merchant would, and reads the database
 * and Shopify to see where each order stands.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Shipment, ShipmentState } from "@prisma/client";
import { z } from "zod";
import { createDatabase, type Database } from "~/stores/database/database.server";
import type { AdminGraphql } from "~/shopify/admin-graphql.server";
import { fetchAdmin, orderPayload, type OrderLineSpec } from "../../test/support/shopify-admin";
import { startSandbox, type Sandbox } from "../../sandbox/server";
import { DEMO_ACCESS_TOKEN, DEMO_SHOP, demoShop } from "../../test/emulator/seed";
import { startShopifyEmulator, type ShopifyEmulator } from "../../test/emulator/server";
import { parseAppToml } from "../../test/emulator/webhooks";
import { startAppProcesses, type AppProcesses } from "../stack/app-processes";
import { ensureAppBuild, PROJECT_ROOT } from "../stack/build";
import { freshStackDatabase, installOfflineSession, newCredentialsKey, type DatabaseKind } from "../stack/database";

export { DEMO_SHOP };

export interface DemoStackOptions {
  /** Sandbox pace (its fast clock): order accepted → Created, and time between tracking checkpoints. */
  createDelayMs: number;
  trackingStepMs: number;
  /** Where the demo's SQLite database lives (emptied at start). */
  dataDir: string;
  /** The database (default sqlite); postgres: a PostgreSQL server of the demo's own, stopped and removed at close. */
  db?: DatabaseKind;
  /** Progress lines of the start-up (build, migration). */
  log: (line: string) => void;
}

const PlacedOrder = z.object({
  order: z.looseObject({ id: z.number(), admin_graphql_api_id: z.string(), name: z.string() }),
  fulfillmentOrders: z.array(z.object({ id: z.string(), assignedLocationId: z.string(), status: z.string(), requestStatus: z.string() })),
});
export type PlacedOrder = z.infer<typeof PlacedOrder> & { orderId: string };

export interface DemoStack {
  /** The app's base URL: webhooks and the fulfillment-service callback arrive here. */
  appUrl: string;
  /** The app's credentials, for its admin pages (the merchant's setup signs session tokens with them). */
  apiKey: string;
  apiSecret: string;
  db: Database;
  /** Which database the app runs on. */
  databaseKind: DatabaseKind;
  sandbox: Sandbox;
  shopify: ShopifyEmulator;
  /** Admin GraphQL on the emulator as the app's offline session sees it (for the merchant's setup). */
  admin: AdminGraphql;
  /** Places an order from Shopify's orders/create example with these lines (as the pipeline tests do). */
  /** `fulfillAt`: a scheduled order (a pre-order), its fulfillment orders SCHEDULED until then. */
  placeOrder(lines: OrderLineSpec[], overrides?: Record<string, unknown>, options?: { fulfillAt?: Date }): Promise<PlacedOrder>;
  cancelOrder(placed: PlacedOrder): Promise<void>;
  waitForShipment(orderId: string, state: ShipmentState, timeoutMs?: number): Promise<Shipment>;
  /** The app's and the worker's last output lines, for a failure report. */
  recentOutput(): string;
  close(): Promise<void>;
}

const API_KEY = "demo-api-key";
const API_SECRET = "demo-api-secret";
const KEPT_LINES = 80;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function valueOf<T>(settled: PromiseSettledResult<T>): T {
  if (settled.status === "rejected") throw settled.reason;
  return settled.value;
}

/** Stops what was started, newest first, even when a step fails; each step runs once. */
async function stopAll(steps: (() => Promise<unknown>)[]): Promise<void> {
  for (let step = steps.pop(); step; step = steps.pop()) await step().catch(() => undefined);
}

/** The stop of every demo stack started or starting in this process and not yet closed. */
const openStacks = new Set<() => Promise<void>>();

/**
 * Stops whatever demo stack is still up (its processes, the emulator, the sandbox, its PostgreSQL
 * server and folder): for a signal that ends the demo before it closes its stack itself.
 */
export async function closeOpenDemoStacks(): Promise<void> {
  await Promise.all([...openStacks].map((close) => close()));
}

/**
 * The app's processes with PIPELINE_POLICY=fast. startAppProcesses gives its children this
 * process's environment plus the app's settings, so the variable is set for as long as it starts them.
 */
async function startFastAppProcesses(...args: Parameters<typeof startAppProcesses>): Promise<AppProcesses> {
  const before = process.env.PIPELINE_POLICY;
  process.env.PIPELINE_POLICY = "fast";
  try {
    return await startAppProcesses(...args);
  } finally {
    if (before === undefined) delete process.env.PIPELINE_POLICY;
    else process.env.PIPELINE_POLICY = before;
  }
}

/**
 * Starts the stack. The database is fresh, migrated and holds the demo shop's offline session, as
 * after an install. The emulator delivers signed webhooks and fulfillment-service callbacks to the
 * app's own routes (the URLs of shopify.app.toml).
 */
export async function startDemoStack(options: DemoStackOptions): Promise<DemoStack> {
  const { scopes } = parseAppToml(readFileSync(path.join(PROJECT_ROOT, "shopify.app.toml"), "utf8"));
  const output: string[] = [];
  const keep = (line: string) => {
    output.push(line);
    if (output.length > KEPT_LINES) output.shift();
  };
  const steps: (() => Promise<unknown>)[] = [];
  const closeSteps = async () => {
    await stopAll(steps);
    openStacks.delete(closeSteps);
  };
  openStacks.add(closeSteps);
  try {
    // Side by side: a build alone can take ten seconds.
    const [build, database, sandboxStart, shopifyStart] = await Promise.allSettled([
      // Vite's file-by-file report stays in the kept output; the progress says only build or not.
      ensureAppBuild({ output: (line) => (/^\[build\] (build\/ is missing|done in|waiting)/.test(line) ? options.log(line) : keep(line)) }),
      freshStackDatabase(options.db ?? "sqlite", { sqliteFile: path.join(options.dataDir, "demo.sqlite"), output: keep }),
      startSandbox({ port: 0, seed: 7, createDelayMs: options.createDelayMs, trackingStepMs: options.trackingStepMs }),
      startShopifyEmulator({ apiKey: API_KEY, apiSecret: API_SECRET, port: 0, shops: [demoShop()] }),
    ]);
    // Stopped last (steps run newest first): after the processes and the client using it.
    if (database.status === "fulfilled") steps.push(() => database.value.stop());
    if (sandboxStart.status === "fulfilled") steps.push(() => sandboxStart.value.close());
    if (shopifyStart.status === "fulfilled") steps.push(() => shopifyStart.value.close());
    valueOf(build);
    const [{ url: databaseUrl, kind: databaseKind }, sandbox, shopify] = [valueOf(database), valueOf(sandboxStart), valueOf(shopifyStart)];
    const db = createDatabase(databaseUrl);
    steps.push(() => db.$disconnect());
    const credentialsKey = newCredentialsKey();
    await installOfflineSession(db, { shop: DEMO_SHOP, accessToken: DEMO_ACCESS_TOKEN, scopes, credentialsKey });

    const processes = await startFastAppProcesses({
      databaseUrl,
      apiKey: API_KEY,
      apiSecret: API_SECRET,
      shopifyUrl: shopify.url,
      sandboxUrl: sandbox.url,
      scopes,
      credentialsKey,
      output: keep,
    });
    steps.push(() => processes.stop());
    shopify.setAppUrl(processes.appUrl);

    const emulatorControl = async (route: string, body: unknown): Promise<unknown> => {
      const response = await fetch(`${shopify.url}/__emulator${route}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": DEMO_SHOP },
        body: JSON.stringify(body),
      });
      const answer: unknown = await response.json();
      if (!response.ok) throw new Error(`emulator ${route}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };

    return {
      appUrl: processes.appUrl,
      apiKey: API_KEY,
      apiSecret: API_SECRET,
      db,
      databaseKind,
      sandbox,
      shopify,
      admin: fetchAdmin(shopify.url),
      async placeOrder(lines, overrides = {}, options = {}) {
        const route = options.fulfillAt ? `/orders?fulfill_at=${encodeURIComponent(options.fulfillAt.toISOString())}` : "/orders";
        const placed = PlacedOrder.parse(await emulatorControl(route, orderPayload(lines, overrides)));
        return { ...placed, orderId: placed.order.admin_graphql_api_id };
      },
      async cancelOrder(placed) {
        await emulatorControl(`/orders/${placed.order.id}/cancel`, { reason: "customer", message: "Customer changed their mind" });
      },
      async waitForShipment(orderId, state, timeoutMs = 15_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const found = await db.shipment.findFirst({ where: { shop: DEMO_SHOP, orderId, state } });
          if (found) return found;
          if (Date.now() > deadline) throw new Error(`No ${state} shipment of ${orderId} after ${timeoutMs} ms`);
          await sleep(50);
        }
      },
      recentOutput: () => output.join("\n"),
      close: closeSteps,
    };
  } catch (error) {
    await closeSteps();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`The demo's stack did not start: ${message}\n--- its output ---\n${output.join("\n")}`, { cause: error });
  }
}
