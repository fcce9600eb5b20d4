/**
 * The checkout-rates callback of the built app under signed rate requests, open loop: first cached
 * (the same carts again and again), then uncached (a new cart every request). Not a test: numbers
 * depend on the machine. Phases, targets, what it prints and the figures: docs/benchmarks.md.
 *
 *   npm run bench:rates -- [--rate 50] [--seconds 20] [--carts 20]
 */
import { mkdirSync, rmSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { createDatabase } from "~/stores/database/database.server";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { catalogue } from "../sandbox/world";
import { seedCatalogue } from "../test/support/catalogue";
import { rateRequestBody, signedRateRequest, type CartItem } from "../test/support/rate-requests";
import { startAppProcesses } from "../dev/stack/app-processes";
import { ensureAppBuild, PROJECT_ROOT } from "../dev/stack/build";
import { spawnChild } from "../dev/stack/children";
import { freePort } from "../dev/stack/ports";
import { freshMigratedDatabase, installOfflineSession, newCredentialsKey } from "../dev/stack/database";

const { values } = parseArgs({ options: { rate: { type: "string" }, seconds: { type: "string" }, carts: { type: "string" } } });
const flags = z
  .object({
    rate: z.coerce.number().positive().default(50),
    seconds: z.coerce.number().positive().default(20),
    carts: z.coerce.number().int().positive().default(20),
  })
  .parse(values);

const SHOP = "rates-bench.myshopify.com";
const API_SECRET = "rates-bench-secret";
const log = (line: string) => process.stderr.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** Destinations the seeded services reach; DE and FR go by DE01 (its own services), the rest by US01's default. */
const DESTINATIONS = [
  { country: "GB", postcode: "SW1A 1AA" },
  { country: "CA", postcode: "M5V 2T6" },
  { country: "DE", postcode: "10115" },
  { country: "FR", postcode: "75001" },
  { country: "AU", postcode: "2000" },
  { country: "JP", postcode: "100-0001" },
];

/**
 * Cart n: a SKU of the catalogue in a quantity that no other n below it has with that SKU, and the
 * next SKU once, to one of the destinations: every n is a different quote.
 */
function cart(n: number): { items: CartItem[]; country: string; postcode: string } {
  const skus = catalogue.map((item) => item.sku);
  const first = n % skus.length;
  const destination = DESTINATIONS[n % DESTINATIONS.length] ?? { country: "GB", postcode: "SW1A 1AA" };
  return {
    items: [
      { sku: skus[first] ?? null, quantity: 1 + Math.floor(n / skus.length) },
      { sku: skus[(first + 1) % skus.length] ?? null, quantity: 1 },
    ],
    ...destination,
  };
}

interface Outcome {
  ms: number;
  /** performance.now() when the answer was read. */
  endedAt: number;
  status: number;
  source: string;
}

async function ask(appUrl: string, n: number): Promise<Outcome> {
  const started = performance.now();
  const body = rateRequestBody(cart(n));
  try {
    const response = await signedRateRequest(appUrl, API_SECRET, SHOP, body);
    await response.arrayBuffer();
    const endedAt = performance.now();
    return { ms: endedAt - started, endedAt, status: response.status, source: response.headers.get("X-Checkout-Rates-Source") ?? "none" };
  } catch {
    const endedAt = performance.now();
    return { ms: endedAt - started, endedAt, status: 0, source: "network error" };
  }
}

/** Open loop: request i is sent at start + i/rate, whatever became of the others; latency from then. */
async function paced(appUrl: string, count: number, cartOf: (i: number) => number): Promise<Outcome[]> {
  const start = performance.now();
  const interval = 1_000 / flags.rate;
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const due = start + i * interval;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const outcome = await ask(appUrl, cartOf(i));
      // From when it was due: a late send (this process busy) counts against the app's figure, not for it.
      return { ...outcome, ms: outcome.endedAt - due };
    }),
  );
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function report(name: string, outcomes: readonly Outcome[], target: number): void {
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const sources = new Map<string, number>();
  for (const o of outcomes) sources.set(`${o.status} ${o.source}`, (sources.get(`${o.status} ${o.source}`) ?? 0) + 1);
  const fallback = outcomes.filter((o) => o.source === "fallback").length;
  const p99 = percentile(ms, 99);
  console.log(
    `${name.padEnd(9)} ${outcomes.length} requests at ${flags.rate}/s: p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target < ${target} ms: ${p99 < target ? "met" : "MISSED"}), max ${(ms.at(-1) ?? 0).toFixed(1)} ms; ` +
      `flat rates ${((100 * fallback) / outcomes.length).toFixed(1)}%; answers ${[...sources].map(([what, count]) => `${what} ×${count}`).join(", ")}`,
  );
}

async function main(): Promise<void> {
  await ensureAppBuild({ output: log });
  const directory = path.join(PROJECT_ROOT, ".cache", "bench");
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `rates-bench-${process.pid}.sqlite`);
  const databaseUrl = await freshMigratedDatabase(file, log);
  const db = createDatabase(databaseUrl);
  const credentialsKey = newCredentialsKey();
  await installOfflineSession(db, { shop: SHOP, accessToken: "shpat_bench", scopes: ["write_shipping"], credentialsKey });
  await seedCatalogue(db, SHOP);
  await saveShopSettings(db, SHOP, {
    warehouses: [
      { warehouseId: "US01", services: { defaultService: "US01-INT" } },
      { warehouseId: "DE01", services: { byCountry: { DE: "DE01-STD", FR: "DE01-STD" } } },
    ],
    checkoutRates: {
      enabled: true,
      carrierServiceId: "gid://shopify/DeliveryCarrierService/1",
      flatRates: [{ serviceName: "Standard shipping", amount: 7.5, currency: "USD" }],
    },
  });

  let pricingCalls = 0;
  const sandboxPort = await freePort();
  const sandbox = spawnChild({
    name: "sandbox",
    command: process.execPath,
    args: ["--import", "tsx", "sandbox/cli.ts", "--port", String(sandboxPort), "--seed", "1"],
    env: { ...process.env },
    cwd: PROJECT_ROOT,
    output: (line) => void (line.includes("/v1/pricing/") && pricingCalls++),
  });
  await sandbox.waitForLine(/^Sandbox listening on /, 30_000);
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const app = await startAppProcesses(
    {
      databaseUrl,
      apiKey: "rates-bench-key",
      apiSecret: API_SECRET,
      shopifyUrl: "http://127.0.0.1:9",
      sandboxUrl,
      scopes: ["write_shipping"],
      credentialsKey,
      output: () => {},
    },
    { worker: false },
  );
  try {
    console.log(
      `${availableParallelism()} CPUs, load average ${load()} at the start (other work on the machine competes with the app, the sandbox and this sender)`,
    );
    const count = Math.round(flags.rate * flags.seconds);
    // Warm-up: the app's first requests load its modules; then the carts of phase 1 priced once.
    for (let n = 0; n < flags.carts; n++) await ask(app.appUrl, n);
    // The sandbox's log lines arrive through a pipe: let the warm-up's be counted before the phase starts.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const callsBefore = pricingCalls;
    const cached = await paced(app.appUrl, count, (i) => i % flags.carts);
    report("cached", cached, 50);
    console.log(`          provider pricing calls during the cached phase: ${pricingCalls - callsBefore}`);

    const uncachedFrom = pricingCalls;
    const uncached = await paced(app.appUrl, count, (i) => flags.carts + i);
    report("uncached", uncached, 1_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    console.log(`          provider pricing calls during the uncached phase: ${pricingCalls - uncachedFrom}`);
    console.log(`load average ${load()} at the end`);
  } finally {
    await app.stop();
    await sandbox.stop();
    await db.$disconnect();
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${suffix}`, { force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
