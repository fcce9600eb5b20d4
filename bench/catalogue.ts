/**
 * A big merchant's catalogue (issue 28 §3): N variants (default 20,000) seeded in the Shopify
 * emulator, then a catalogue read and a registration of every SKU not registered yet, each started
 * as the Products page starts it and run by the real job worker in a process of its own, against
 * the provider sandbox, on a fresh migrated SQLite database (test/pipeline's harness). Not a test:
 * it prints figures and met/MISSED lines (docs/benchmarks.md).
 *
 *   npm run bench:catalogue -- [--variants 20000] [--timeout-s 900]
 */
import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { z } from "zod";
import { startCatalogueRead } from "~/flows/catalogue/read.server";
import { startRegistration } from "~/flows/catalogue/register.server";
import { missingSkus } from "~/routes/app.products._index/products.server";
import { runOf } from "~/stores/catalogue/sync-runs.server";
import { startHarness } from "../test/pipeline/harness";
import { DEMO_SHOP, demoProducts } from "../test/emulator/seed";
import { waitFor } from "../test/support/jobs";
import migrateBaseDatabase from "../test/support/global-setup";
import { startWorkerProcess, type WorkerProcess } from "./pipeline/processes";
import type { RequestCounts } from "./pipeline/counts";
import { benchCatalogue, hasNoSku, hasNoWeight } from "./catalogue/seed";
import { SAMPLE_MS, watchRun, type Gap, type ProgressSeen } from "./catalogue/progress";

const { values } = parseArgs({ options: { variants: { type: "string" }, "timeout-s": { type: "string" } } });
const flags = z
  .object({
    variants: z.coerce.number().int().positive().default(20_000),
    "timeout-s": z.coerce.number().positive().default(900),
  })
  .parse(values);

/** Shopify's standard plan (shopify-facts.md): a bucket of 1,000 points, 100 back a second. */
const STANDARD = { maximumAvailable: 1_000, restoreRate: 100 } as const;
/**
 * The longest the Products page's bar and sentence may stand still. The page asks every second
 * (REFRESH_MS.run): five answers in a row with nothing new is where a merchant starts to wonder
 * whether the run has stalled.
 */
const LARGEST_GAP_MS = 5_000;
/** The operations of the read itself; anything else the worker did then is the stock sync the read queues. */
const READ_SHOPIFY_OPERATIONS = new Set(["BulkQueryRun", "BulkOperationStatus"]);
const MiB = 2 ** 20;

const say = (line: string) => void process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
let ok = true;
const verdict = (met: boolean, line: string) => {
  ok &&= met;
  say(`  ${met ? "met" : "MISSED"}: ${line}`);
};

migrateBaseDatabase();
const loadAtStart = load();
const harness = await startHarness({ createDelayMs: 0, trackingStepMs: 1, worker: false, shopifyThrottle: STANDARD });
const workers: WorkerProcess[] = [];
const startWorker = async () => {
  const worker = await startWorkerProcess({
    databaseUrl: harness.databaseUrl,
    sandboxUrl: harness.sandbox.url,
    graphqlUrl: harness.shopify.graphqlUrl(DEMO_SHOP),
    concurrency: 4,
    polling: "production",
    catalogue: true,
  });
  workers.push(worker);
  return worker;
};

try {
  await run();
} finally {
  await Promise.all(workers.map((worker) => worker.stop()));
  await harness.close();
}
process.exit(ok ? 0 : 1);

async function run(): Promise<void> {
  // The merchant's catalogue: the demo shop's own products (already registered) and the seed's.
  const seeded = benchCatalogue(flags.variants);
  const seedStarted = Date.now();
  for (let at = 0; at < seeded.products.length; at += 500) harness.shopify.addProducts(DEMO_SHOP, seeded.products.slice(at, at + 500));
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const demoVariants = demoProducts().flatMap((product) => product.variants).length;
  const allVariants = flags.variants + demoVariants;
  const seededSkus = seeded.skus.flatMap((sku) => (sku === null ? [] : [sku]));
  const refused = new Set(seeded.skus.flatMap((sku, index) => (sku !== null && hasNoWeight(index) ? [sku] : [])));
  const withoutSku = seeded.skus.filter((_, index) => hasNoSku(index)).length;
  // Registration needs a size for SKUs without one of their own (Settings > SKU defaults).
  await harness.setSettings((settings) => ({ ...settings, skuDefaults: { size: { lengthCm: 20, widthCm: 15, heightCm: 10 } } }));

  say(
    `Catalogue benchmark: ${flags.variants} variants seeded in the emulator (${seeded.products.length} products, ${withoutSku} without a SKU, ${refused.size} without a weight) beside the demo shop's ${demoVariants}, in ${seedSeconds.toFixed(1)} s; SQLite; one worker process (concurrency 4, the test policy: bulk read polled every 100 ms); sandbox delays 0; Shopify standard plan's bucket (${STANDARD.maximumAvailable} points, ${STANDARD.restoreRate}/s back); the run's row sampled every ${SAMPLE_MS} ms`,
  );
  say(`  load average at the start (1, 5, 15 min; ${availableParallelism()} cores, shared): ${loadAtStart}`);

  // 1. The catalogue read, as "Refresh from Shopify" on the Products page starts it.
  const first = await readCatalogue("Catalogue read");
  const saved = await harness.db.catalogueVariant.count({ where: { shop: DEMO_SHOP } });
  const savedSeeded = await harness.db.catalogueVariant.count({ where: { shop: DEMO_SHOP, sku: { startsWith: "CAT-" } } });
  const { read, readRun } = first;

  // 2. "Register all missing", as the Products page's action starts it.
  const registrar = await startWorker();
  const idleAgain = await registrar.report();
  const registerStarted = Date.now();
  const missing = await missingSkus(harness.db, DEMO_SHOP);
  const registerId = await startRegistration(harness.db, DEMO_SHOP, missing, "MERCHANT");
  const registration = await watchRun(harness.db, registerId, registerStarted, flags["timeout-s"] * 1000);
  const afterRegister = await registrar.report();
  // Stopped, so the next read's jobs are all its own worker's, and so are its counts.
  await registrar.stop();
  const registerRun = await runOf(harness.db, DEMO_SHOP, registerId);
  const registerCounts = diff(afterRegister.counts, idleAgain.counts);
  const rows = await harness.db.syncRunItem.groupBy({ by: ["status"], where: { runId: registerId }, _count: true });
  const rowCount = (status: string) => rows.find((row) => row.status === status)?._count ?? 0;
  const operation16 = registerCounts.providerCalls["POST /v1/merchantSkus"] ?? 0;
  say(
    `Register all missing: ${registration.status} in ${(registration.wallMs / 1000).toFixed(1)} s wall, ${missing.length} SKUs; the run says: ${registerRun?.message ?? "?"}`,
  );
  say(
    `  rows: ${rows.map((row) => `${row.status} ${row._count}`).join(", ")}; ${(rowCount("DONE") / (registration.wallMs / 1000)).toFixed(0)} registered a second`,
  );
  say(`  provider calls: ${describeCalls(registerCounts.providerCalls, () => true)}`);
  reportShopify(registerCounts);
  reportProgress(registration);
  say(
    `  worker peak RSS: ${(afterRegister.peakRssBytes / MiB).toFixed(0)} MiB (idle before: ${(idleAgain.peakRssBytes / MiB).toFixed(0)} MiB)`,
  );

  // 3. The catalogue read again, now that the provider knows every SKU (the next refresh).
  const again = await readCatalogue("Catalogue read again");

  // 4. What came of it.
  const atSandbox = harness.sandbox.state().skus;
  const registrable = seededSkus.filter((sku) => !refused.has(sku));
  const approved = new Set(
    (
      await harness.db.providerSku.findMany({
        where: { shop: DEMO_SHOP, sku: { startsWith: "CAT-" }, approvalStatus: "Approved", readAt: { gte: new Date(registerStarted) } },
        select: { sku: true },
      })
    ).map((row) => row.sku),
  );
  const readBack = registrable.filter((sku) => approved.has(sku));
  const stillMissing = await missingSkus(harness.db, DEMO_SHOP);
  const readPoints = points(first.shopify);
  say("Targets:");
  verdict(
    read.status === "DONE" &&
      saved === allVariants &&
      savedSeeded === seededSkus.length &&
      readRun?.processed === allVariants &&
      readRun.total === allVariants,
    `every variant saved: ${saved} of ${allVariants} (the seed's SKUs ${savedSeeded} of ${seededSkus.length}), the run's count ${readRun?.processed}/${readRun?.total}`,
  );
  verdict(
    readPoints <= STANDARD.maximumAvailable,
    `the read's Shopify points within one standard bucket: ${readPoints} of ${STANDARD.maximumAvailable} (${(readPoints / (read.wallMs / 1000)).toFixed(1)} a second against ${STANDARD.restoreRate} back)`,
  );
  verdict(
    registration.status === "DONE" && registrable.every((sku) => atSandbox.has(sku)) && operation16 === registrable.length,
    `every registrable SKU registered at the sandbox exactly once: ${registrable.filter((sku) => atSandbox.has(sku)).length} of ${registrable.length} there, ${operation16} operation 16 calls`,
  );
  verdict(
    [...refused].every((sku) => !atSandbox.has(sku)) && rowCount("FAILED") === refused.size,
    `each SKU without a weight FAILED with its reason and was never sent: ${rowCount("FAILED")} FAILED of ${refused.size}`,
  );
  verdict(
    registerRun !== null &&
      registerRun.total === missing.length &&
      registerRun.processed === registerRun.total &&
      registerRun.failed === rowCount("FAILED") &&
      rowCount("DONE") + rowCount("FAILED") === registerRun.total,
    `the registration's counts match its rows: ${registerRun?.processed}/${registerRun?.total}, ${registerRun?.failed} failed; rows DONE ${rowCount("DONE")}, FAILED ${rowCount("FAILED")}, PENDING ${rowCount("PENDING")}`,
  );
  verdict(
    readBack.length === registrable.length && stillMissing.length === refused.size,
    `every registered SKU's approval read back: ${readBack.length} of ${registrable.length}; "Register all missing" then offers ${stillMissing.length} (the ${refused.size} without a weight)`,
  );
  verdict(points(registerCounts) <= 10, `the registration spends no Shopify points: ${points(registerCounts)}`);
  verdict(
    read.largestCountedGap.ms < LARGEST_GAP_MS,
    `the read's progress never stood still ${LARGEST_GAP_MS / 1000} s or more once it had a total: longest ${(read.largestCountedGap.ms / 1000).toFixed(1)} s (from the start, Shopify's part included: ${(read.largestGap.ms / 1000).toFixed(1)} s)`,
  );
  verdict(
    registration.largestGap.ms < LARGEST_GAP_MS,
    `the registration's progress never stood still ${LARGEST_GAP_MS / 1000} s or more: longest ${(registration.largestGap.ms / 1000).toFixed(1)} s`,
  );
  verdict(
    Math.max(first.peakRssBytes, again.peakRssBytes, afterRegister.peakRssBytes) < 500 * MiB,
    `worker peak RSS under 500 MiB (bench:pipeline's target): ${(Math.max(first.peakRssBytes, again.peakRssBytes, afterRegister.peakRssBytes) / MiB).toFixed(0)} MiB`,
  );
  verdict(
    again.read.largestCountedGap.ms < LARGEST_GAP_MS,
    `the second read's progress never stood still ${LARGEST_GAP_MS / 1000} s or more once it had a total: longest ${(again.read.largestCountedGap.ms / 1000).toFixed(1)} s`,
  );
  verdict(
    points(again.shopify) <= STANDARD.maximumAvailable,
    `the second read's Shopify points within one standard bucket too: ${points(again.shopify)} (the first's ${readPoints})`,
  );
  for (const failure of [...first.failures, ...afterRegister.failures, ...again.failures]) say(`  worker error: ${failure}`);
  say(`  load average at the end: ${load()}`);
}

interface ReadFigures {
  read: ProgressSeen;
  readRun: Awaited<ReturnType<typeof runOf>>;
  /** The read's own Shopify calls (the stock sync's left out). */
  shopify: RequestCounts;
  peakRssBytes: number;
  failures: string[];
}

/** A catalogue read as the merchant starts it, in a worker of its own, then the stock sync it queues; prints its figures. */
async function readCatalogue(title: string): Promise<ReadFigures> {
  const reader = await startWorker();
  const idle = await reader.report();
  const readStarted = Date.now();
  const readId = await startCatalogueRead(harness.db, DEMO_SHOP, "MERCHANT");
  const read = await watchRun(harness.db, readId, readStarted, flags["timeout-s"] * 1000);
  const afterRead = await reader.report();
  const readRun = await runOf(harness.db, DEMO_SHOP, readId);
  // The read queues a stock sync as it ends (the stock follows the catalogue): let it finish, apart.
  await waitFor(
    async () =>
      (await harness.db.job.count({
        where: { kind: "stock.sync", OR: [{ status: "RUNNING" }, { status: "PENDING", runAt: { lte: new Date() } }] },
      })) === 0,
    { timeoutMs: flags["timeout-s"] * 1000, intervalMs: 250, what: "the stock sync the read queued" },
  );
  const afterSync = await reader.report();
  await reader.stop();
  const readCounts = diff(afterRead.counts, idle.counts);
  const shopify = only(readCounts, (name) => READ_SHOPIFY_OPERATIONS.has(name));
  const syncCounts = diff(afterSync.counts, idle.counts);
  const syncShopify = only(syncCounts, (name) => !READ_SHOPIFY_OPERATIONS.has(name));
  const saved = readRun?.processed ?? 0;
  say(`${title}: ${read.status} in ${(read.wallMs / 1000).toFixed(1)} s wall; the run says: ${readRun?.message ?? "?"}`);
  say(
    `  variants saved: ${saved} (${(saved / (read.wallMs / 1000)).toFixed(0)} a second over the whole read); run's count ${readRun?.processed}/${readRun?.total}`,
  );
  reportShopify(shopify);
  say(`  provider calls: ${describeCalls(readCounts.providerCalls, (path) => path.endsWith("/sku/page"))}`);
  reportProgress(read);
  say(
    `  worker peak RSS: ${(afterRead.peakRssBytes / MiB).toFixed(0)} MiB (idle before the read: ${(idle.peakRssBytes / MiB).toFixed(0)} MiB)`,
  );
  say(
    `  then the stock sync the read queued: Shopify ${points(syncShopify)} points in ${calls(syncShopify)} requests; provider calls ${describeCalls(
      syncCounts.providerCalls,
      (path) => !path.endsWith("/sku/page"),
    )}`,
  );
  return { read, readRun, shopify, peakRssBytes: afterRead.peakRssBytes, failures: afterSync.failures };
}

function reportShopify(counts: RequestCounts): void {
  const byOperation = Object.entries(counts.shopifyLatency)
    .map(([name, l]) => `${name} ${l.calls} × ${(l.actualCost / l.calls).toFixed(0)}`)
    .join(", ");
  say(`  Shopify: ${points(counts)} points in ${calls(counts)} requests${byOperation ? ` (${byOperation})` : ""}`);
}

function describeGap(gap: Gap): string {
  return `${(gap.ms / 1000).toFixed(1)} s, from ${gap.fromS.toFixed(1)} s, at "${gap.at}"`;
}

function reportProgress(seen: ProgressSeen): void {
  say(`  progress: ${seen.updates} updates seen in ${seen.samples} samples; longest without a change ${describeGap(seen.largestGap)}`);
  if (seen.largestCountedGap !== seen.largestGap) say(`    once the run had a total: ${describeGap(seen.largestCountedGap)}`);
}

function points(counts: RequestCounts): number {
  return Object.values(counts.shopifyLatency).reduce((sum, l) => sum + l.actualCost, 0);
}

function calls(counts: RequestCounts): number {
  return Object.values(counts.shopifyLatency).reduce((sum, l) => sum + l.calls, 0);
}

function describeCalls(providerCalls: Record<string, number>, keep: (path: string) => boolean): string {
  const kept = Object.entries(providerCalls).filter(([path, n]) => n > 0 && keep(path));
  return kept.length === 0 ? "none" : kept.map(([path, n]) => `${path} ${n}`).join(", ");
}

/** What a worker did between two of its reports. */
function diff(after: RequestCounts, before: RequestCounts): RequestCounts {
  const minus = (a: Record<string, number>, b: Record<string, number>) =>
    Object.fromEntries(Object.entries(a).map(([key, n]) => [key, n - (b[key] ?? 0)]));
  const latency: RequestCounts["shopifyLatency"] = {};
  for (const [name, l] of Object.entries(after.shopifyLatency)) {
    const b = before.shopifyLatency[name];
    const calls = l.calls - (b?.calls ?? 0);
    if (calls > 0)
      latency[name] = {
        calls,
        totalMs: l.totalMs - (b?.totalMs ?? 0),
        maxMs: l.maxMs,
        requestedCost: l.requestedCost - (b?.requestedCost ?? 0),
        actualCost: l.actualCost - (b?.actualCost ?? 0),
      };
  }
  return {
    providerCalls: minus(after.providerCalls, before.providerCalls),
    shopifyMutations: minus(after.shopifyMutations, before.shopifyMutations),
    shopifyQueries: after.shopifyQueries - before.shopifyQueries,
    shopifyRequests: after.shopifyRequests - before.shopifyRequests,
    shopifyLatency: latency,
  };
}

/** The Shopify operations `keep` names, with everything else as it was. */
function only(counts: RequestCounts, keep: (name: string) => boolean): RequestCounts {
  return { ...counts, shopifyLatency: Object.fromEntries(Object.entries(counts.shopifyLatency).filter(([name]) => keep(name))) };
}
