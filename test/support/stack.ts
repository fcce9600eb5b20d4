/**
 * The stack for integration tests: what `npm run stack` starts, with the parts a test needs to
 * control kept in the test's own process.
 *
 * - The provider sandbox and the Shopify Admin emulator run in-process (`startSandbox`,
 *   `startShopifyEmulator`): a test moves their clocks, plans faults, creates orders and publishes
 *   webhooks directly, and reads their state without HTTP.
 * - The app (the production build, served by server/serve.mjs) and the job worker run as child processes,
 *   exactly as deployed: real HTTP in, real `authenticate.*`, the Admin API redirected to the
 *   emulator (SHOPIFY_ADMIN_API_ORIGIN).
 * - The database is a fresh migrated copy per stack (test/support/database.ts) holding the demo
 *   shop's offline session; `db` is a client on it.
 *
 *   const stack = useStack();                       // beforeAll starts it, afterAll stops it
 *   it("...", async () => { await stack().deliverWebhook("app/uninstalled"); ... });
 *
 * Start-up takes about 2 s once build/ is current (see app-build.global-setup.ts for the build).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { z } from "zod";
import { appEnvironment, startAppProcesses, type AppProcesses } from "../../dev/stack/app-processes";
import { ensureAppBuild, PROJECT_ROOT } from "../../dev/stack/build";
import type { Child } from "../../dev/stack/children";
import { installOfflineSession, newCredentialsKey } from "../../dev/stack/database";
import type { StackReady } from "../../dev/stack/ready";
import { startSandbox, type Sandbox, type SandboxOptions } from "../../sandbox/server";
import { DEMO_ACCESS_TOKEN, DEMO_SHOP, demoShop } from "../emulator/seed";
import { startShopifyEmulator, type EmulatorOptions, type ShopifyEmulator } from "../emulator/server";
import { parseAppToml, type DeliveryRecord } from "../emulator/webhooks";
import type { Database } from "~/stores/database/database.server";
import { createTestDatabase, type TestDatabase } from "./database";

export interface StackOverrides {
  /** Sandbox settings (its clock: `now`; its pace: `createDelayMs`, `trackingStepMs`...). */
  sandbox?: Omit<SandboxOptions, "port" | "host">;
  /** Emulator settings (`shops`, `delivery` retries, `now`, `subscriptions`, `throttle`...). */
  shopify?: Omit<EmulatorOptions, "apiKey" | "apiSecret" | "appUrl" | "port">;
  apiKey?: string;
  apiSecret?: string;
  /** Start the worker process too (default true). */
  worker?: boolean;
  /** Install the demo shop's offline session (default true), as after an install. */
  installed?: boolean;
  /** More variables for the app and worker processes (LOG_LEVEL, METRICS_TOKEN, WORKER_HEALTH_PORT...). */
  env?: Record<string, string>;
  /**
   * A database of the caller's (bench:admin's seeded merchant) instead of a fresh copy: migrated,
   * and left open when the stack stops (its owner closes it).
   */
  database?: TestDatabase;
}

export interface TestStack extends StackReady {
  apiKey: string;
  apiSecret: string;
  scopes: readonly string[];
  databaseUrl: string;
  sandbox: Sandbox;
  shopify: ShopifyEmulator;
  db: Database;
  app: Child;
  worker: Child | undefined;
  /** How long startStack took, in ms. */
  startupMs: number;
  /**
   * The app processes' PROVIDER_CREDENTIALS_KEY (random per stack: they run as production), for a
   * test that reads or writes what they seal: `readProviderCredentials(db, shop, { key: stack.credentialsKey })`.
   */
  credentialsKey: Buffer;
  /** The app's variables (app/env.server.ts), for extra processes that must act as the app (e.g. admin-probe.ts). */
  appEnv: Record<string, string>;
  /** Admin GraphQL against the emulator as the shop's client: `{shopifyUrl}/admin/api/2026-10/graphql.json`. */
  adminGraphql(query: string, variables?: Record<string, unknown>): Promise<unknown>;
  /**
   * Publishes a webhook through the emulator's control route (`POST {shopifyUrl}/__emulator/webhooks`),
   * signed with the app's secret and sent to the route the app's TOML names, and resolves once every
   * resulting delivery has had its first attempt. Without `payload`, the emulator builds Shopify's.
   */
  deliverWebhook(topic: string, options?: { payload?: unknown; shop?: string; duplicate?: boolean }): Promise<DeliveryRecord[]>;
  /** (Re)installs the demo shop's offline session, e.g. after an app/uninstalled delivery removed it. */
  installOfflineSession(): Promise<void>;
  /** Everything the app and worker wrote, for failure messages. */
  logs(): string;
  stop(): Promise<void>;
}

const PublishAnswer = z.object({ deliveries: z.array(z.object({ id: z.number() })) });

async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Stops what was started, in reverse, even when some of it fails. */
async function stopAll(steps: (() => Promise<unknown>)[]): Promise<void> {
  const errors: unknown[] = [];
  for (const step of steps.reverse()) await step().catch((error: unknown) => errors.push(error));
  if (errors.length > 0) throw new AggregateError(errors, "Stopping the stack failed");
}

export async function startStack(overrides: StackOverrides = {}): Promise<TestStack> {
  const started = Date.now();
  const apiKey = overrides.apiKey ?? "test-api-key";
  const apiSecret = overrides.apiSecret ?? "test-api-secret";
  const { scopes } = parseAppToml(readFileSync(path.join(PROJECT_ROOT, "shopify.app.toml"), "utf8"));
  const lines: string[] = [];
  const output = (line: string) => void lines.push(line);
  const steps: (() => Promise<unknown>)[] = [];

  try {
    // Normally a no-op: the globalSetup built it (and this also guards runs without that setup).
    await ensureAppBuild({ output });
    const database: TestDatabase = overrides.database ?? createTestDatabase();
    if (overrides.database === undefined) steps.push(() => database.close());
    const [sandbox, shopify] = await Promise.all([
      startSandbox({ seed: 1, ...overrides.sandbox, port: 0 }),
      startShopifyEmulator({ shops: [demoShop()], ...overrides.shopify, apiKey, apiSecret, port: 0 }),
    ]);
    steps.push(
      () => sandbox.close(),
      () => shopify.close(),
    );

    const credentialsKey = newCredentialsKey();
    const install = () => installOfflineSession(database.db, { shop: DEMO_SHOP, accessToken: DEMO_ACCESS_TOKEN, scopes, credentialsKey });
    if (overrides.installed ?? true) await install();

    const settings = {
      databaseUrl: database.url,
      apiKey,
      apiSecret,
      shopifyUrl: shopify.url,
      sandboxUrl: sandbox.url,
      scopes,
      credentialsKey,
      output,
      env: overrides.env,
    };
    const processes: AppProcesses = await startAppProcesses(settings, { worker: overrides.worker ?? true });
    steps.push(() => processes.stop());
    shopify.setAppUrl(processes.appUrl);

    const adminGraphqlUrl = `${shopify.url}/admin/api/2026-10/graphql.json`;
    return {
      appUrl: processes.appUrl,
      sandboxUrl: sandbox.url,
      shopifyUrl: shopify.url,
      shop: DEMO_SHOP,
      accessToken: DEMO_ACCESS_TOKEN,
      apiKey,
      apiSecret,
      scopes,
      databaseUrl: database.url,
      sandbox,
      shopify,
      db: database.db,
      app: processes.app,
      worker: processes.worker,
      startupMs: Date.now() - started,
      credentialsKey,
      appEnv: appEnvironment(settings, processes.appUrl),
      async adminGraphql(query, variables) {
        const response = await fetch(adminGraphqlUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": DEMO_SHOP, "X-Shopify-Access-Token": DEMO_ACCESS_TOKEN },
          body: JSON.stringify({ query, variables }),
        });
        if (!response.ok) throw new Error(`Admin GraphQL answered ${response.status}: ${await response.text()}`);
        return response.json();
      },
      async deliverWebhook(topic, { payload, shop = DEMO_SHOP, duplicate } = {}) {
        const response = await fetch(`${shopify.url}/__emulator/webhooks`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ topic, shop, payload, duplicate }),
        });
        if (response.status !== 202)
          throw new Error(`The emulator refused to publish ${topic}: ${response.status} ${await response.text()}`);
        const ids = new Set(PublishAnswer.parse(await response.json()).deliveries.map((d) => d.id));
        const mine = () => shopify.deliveries().filter((record) => ids.has(record.id));
        await waitUntil(() => mine().every((record) => record.attempts.length > 0), 10_000, `the first attempt of ${topic}`);
        return mine();
      },
      installOfflineSession: install,
      logs: () => lines.join("\n"),
      stop: () => stopAll(steps),
    };
  } catch (error) {
    await stopAll(steps).catch(() => {});
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`The stack did not start: ${message}\n--- its output ---\n${lines.slice(-60).join("\n")}`, { cause: error });
  }
}

/** The test file's stack: started before its first test, stopped after its last. */
export function useStack(overrides: StackOverrides = {}): () => TestStack {
  let stack: TestStack | undefined;
  // Generous: the first stack of a run may have to wait for another process's build.
  beforeAll(async () => {
    stack = await startStack(overrides);
  }, 180_000);
  afterAll(() => stack?.stop(), 30_000);
  return () => {
    if (!stack) throw new Error("The stack is not running: useStack() starts it in beforeAll");
    return stack;
  };
}
