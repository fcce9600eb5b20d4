/**
 * `npm run stack`: the whole product on loopback without Shopify or the provider (DESIGN.md section
 * 7). The provider sandbox and the Shopify Admin emulator run in this process; the app (built,
 * served by server/serve.mjs) and its job worker as child processes, on a fresh SQLite file or, with
 * `--db postgres`, a PostgreSQL server of the run's own, holding the demo shop's offline session as
 * after an install. Unless --bare, the shop is set up through the app's own admin pages
 * (dev/stack/merchant-setup.ts). stdout carries exactly one line, `READY {...}` (dev/stack/ready.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createDatabase } from "~/stores/database/database.server";
import { startSandbox } from "../sandbox/server";
import { DEMO_ACCESS_TOKEN, DEMO_SHOP, demoShop, MERCHANT_LOCATION } from "../test/emulator/seed";
import { startShopifyEmulator } from "../test/emulator/server";
import { parseAppToml } from "../test/emulator/webhooks";
import { startAppProcesses } from "./stack/app-processes";
import { ensureAppBuild, PROJECT_ROOT } from "./stack/build";
import { stopAllChildren } from "./stack/children";
import { freshStackDatabase, installOfflineSession, newCredentialsKey } from "./stack/database";
import { demoShopSettingsForm, setUpShopThroughTheApp } from "./stack/merchant-setup";
import { parseStackOptions, usage, type StackOptions } from "./stack/options";
import { formatReadyLine } from "./stack/ready";
import { Teardown } from "./stack/teardown";

const startedAt = Date.now();
const say = (line: string) => void process.stderr.write(`${line}\n`);

const parsed = parseStackOptions(process.argv.slice(2));
if ("error" in parsed) {
  say(`stack: ${parsed.error}\n\n${usage}`);
  process.exit(2);
}
const options: StackOptions = parsed;
if (options.help) {
  process.stdout.write(usage);
  process.exit(0);
}
const log = options.quiet ? () => {} : say;

const teardown = new Teardown(say);
// Cancels a build or migration still running when the stack is told to stop.
const starting = new AbortController();

let shuttingDown = false;
// Settles once main() has finished or given up; set below.
let startup: Promise<void> = Promise.resolve();

/**
 * SIGINT/SIGTERM/SIGHUP stop the children (process groups: SIGTERM, then SIGKILL after a grace
 * time), then the emulator, the sandbox and the PostgreSQL server (stopped and its folder removed
 * after the app and worker stop), and exit 0 (1 after an unexpected error).
 */
async function shutdown(code: number, reason: string): Promise<never> {
  if (!shuttingDown) {
    shuttingDown = true;
    say(`[stack] ${reason}: stopping`);
    starting.abort();
    await teardown.run();
    // Children spawned while the stack was still starting, not yet handed to the teardown.
    await stopAllChildren();
    // A start cut short settles quickly once its children are gone; what it started meanwhile
    // (a server that finished listening) is in the teardown by then.
    await Promise.race([startup, sleep(10_000)]);
    await teardown.run();
    await stopAllChildren();
    say(`[stack] stopped`);
  }
  process.exit(code);
}

let signals = 0;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    // A second Ctrl-C does not wait: the children notice their parent is gone and stop themselves.
    if (++signals > 1) process.exit(130);
    void shutdown(0, signal);
  });
}
process.on("uncaughtException", (error) => void shutdown(1, `unexpected error: ${error.stack ?? error.message}`));
process.on(
  "unhandledRejection",
  (error) => void shutdown(1, `unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
);

/** Resolves `work`, registering what it started for the teardown as soon as it exists. */
async function started<T>(name: string, work: Promise<T>, stop: (value: T) => Promise<unknown>): Promise<T> {
  const value = await work;
  teardown.add(name, () => stop(value));
  return value;
}

async function main(): Promise<void> {
  const app = parseAppToml(readFileSync(path.join(PROJECT_ROOT, "shopify.app.toml"), "utf8"));
  const databaseFile = path.resolve(options.dataDir, "stack.sqlite");

  // Independent steps side by side: a build alone can take ten seconds.
  const [build, database, sandbox, shopify] = await Promise.allSettled([
    ensureAppBuild({ output: log, signal: starting.signal }),
    options.db === "postgres"
      ? started(
          "PostgreSQL",
          freshStackDatabase("postgres", { sqliteFile: databaseFile, output: log, signal: starting.signal }),
          async (database) => {
            // After every process using it, including any still starting when the stop came.
            await stopAllChildren();
            await database.stop();
          },
        )
      : freshStackDatabase("sqlite", { sqliteFile: databaseFile, output: log, signal: starting.signal }),
    started(
      "sandbox",
      startSandbox({
        port: options.sandboxPort,
        createDelayMs: options.createDelayMs,
        trackingStepMs: options.trackingStepMs,
        inboundDelayMs: options.inboundDelayMs,
        seed: options.seed,
        log: options.quiet ? undefined : (line) => say(`[sandbox] ${line}`),
      }),
      (s) => s.close(),
    ),
    started(
      "emulator",
      startShopifyEmulator({ apiKey: options.apiKey, apiSecret: options.apiSecret, port: options.shopifyPort, shops: [demoShop()] }),
      (e) => e.close(),
    ),
  ]);
  for (const step of [build, database, sandbox, shopify]) if (step.status === "rejected") throw step.reason;
  if (database.status !== "fulfilled" || sandbox.status !== "fulfilled" || shopify.status !== "fulfilled") return;
  const databaseUrl = database.value.url;

  const db = createDatabase(databaseUrl);
  // The app's processes run as production: a key of this run's own, never the published development key.
  const credentialsKey = newCredentialsKey();
  try {
    await installOfflineSession(db, { shop: DEMO_SHOP, accessToken: DEMO_ACCESS_TOKEN, scopes: app.scopes, credentialsKey });
  } finally {
    await db.$disconnect();
  }

  const processes = await started(
    "app and worker",
    startAppProcesses(
      {
        databaseUrl,
        apiKey: options.apiKey,
        apiSecret: options.apiSecret,
        shopifyUrl: shopify.value.url,
        sandboxUrl: sandbox.value.url,
        scopes: app.scopes,
        credentialsKey,
        output: log,
      },
      {
        port: options.appPort,
        workers: options.workers,
        ...(options.appProcesses === undefined ? {} : { appProcesses: options.appProcesses }),
      },
    ),
    (p) => p.stop(),
  );
  shopify.value.setAppUrl(processes.appUrl);
  for (const child of [processes.app, ...processes.workers]) {
    void child.exited.then((exit) => {
      if (!shuttingDown)
        void shutdown(1, `the ${child.name} exited (${exit.signal ?? `code ${exit.code}`}); its last output:\n${child.recentOutput()}`);
    });
  }

  if (options.setUp) {
    await setUpShopThroughTheApp(
      { appUrl: processes.appUrl, shop: DEMO_SHOP, apiKey: options.apiKey, apiSecret: options.apiSecret },
      { settingsForm: demoShopSettingsForm, studioName: MERCHANT_LOCATION, log },
    );
  }

  say(`[stack] app      ${processes.appUrl}`);
  say(`[stack] sandbox  ${sandbox.value.url}`);
  say(`[stack] shopify  ${shopify.value.url} (shop ${DEMO_SHOP}, GraphQL ${shopify.value.graphqlUrl(DEMO_SHOP)})`);
  say(
    `[stack] database ${database.value.kind === "postgres" ? `PostgreSQL ${databaseUrl} (data in ${database.value.location}, removed at stop)` : `SQLite ${databaseFile}`}`,
  );
  say(`[stack] ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; Ctrl-C stops everything`);
  process.stdout.write(
    `${formatReadyLine({
      appUrl: processes.appUrl,
      sandboxUrl: sandbox.value.url,
      shopifyUrl: shopify.value.url,
      shop: DEMO_SHOP,
      accessToken: DEMO_ACCESS_TOKEN,
    })}\n`,
  );
}

startup = main().catch((error: unknown) => {
  if (shuttingDown) return;
  void shutdown(1, `could not start: ${error instanceof Error ? error.message : String(error)}`);
});
