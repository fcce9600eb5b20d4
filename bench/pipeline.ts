/**
 * N orders (default 1000) through the whole pipeline, until every order has its fulfilment with
 * tracking in Shopify: test/pipeline's harness in this process and the real job worker in a process
 * of its own (bench/pipeline/worker.ts). Not a test. What it prints, and the figures: docs/benchmarks.md.
 *
 * `--shops S` runs many shops at once instead (bench/pipeline/many-shops.ts): N orders at each of S
 * shops (N 40 by default then), each shop set up as the demo shop is, with its own Shopify bucket
 * of the `--plan`. A mode of this benchmark rather than a benchmark of its own: the world it runs
 * in (sandbox, emulator, database, intake and worker processes) and every flag are the same, and
 * one shop's figures next to many shops' are what issue 28 compares; only what is placed and what is
 * reported per shop differ, and those live in the mode's module.
 *
 *   npm run bench:pipeline -- [--orders N] [--timeout-s S] [--concurrency C] [--wave W] [--plan plus|standard] [--polling production|fast]
 *     [--db sqlite|postgres] [--apps A] [--workers W] [--shops S]
 */
import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { z } from "zod";
import { emulatorState } from "../test/support/shopify-admin";
import { startHarness } from "../test/pipeline/harness";
import { anotherDemoShop, DEMO_SHOP } from "../test/emulator/seed";
import migrateBaseDatabase from "../test/support/global-setup";
import { describeLatency, emulatorTimes, orderLatencies } from "./pipeline/latencies";
import { addCounts, describeWorkerCpu, startIntakes, startWorkerProcess } from "./pipeline/processes";
import { cpuSnapshot, describeCpuShares, type CpuSnapshot, type RunProcesses } from "./pipeline/cpu-shares";
import { startPostgresDatabase } from "./pipeline/postgres";
import { runManyShops } from "./pipeline/many-shops";
import { describeDelivered, followToDelivered } from "./pipeline/delivered";
import { benchOrderLine } from "./pipeline/orders";
import { peakRssBytes as peakRssOfThisProcess } from "./pipeline/own-process";

const { values } = parseArgs({
  options: {
    orders: { type: "string" },
    "timeout-s": { type: "string" },
    concurrency: { type: "string" },
    wave: { type: "string" },
    plan: { type: "string" },
    polling: { type: "string" },
    db: { type: "string" },
    apps: { type: "string" },
    workers: { type: "string" },
    shops: { type: "string" },
  },
});
const flags = z
  .object({
    /** Orders in all; with `--shops`, at each shop. */
    orders: z.coerce.number().int().positive().optional(),
    "timeout-s": z.coerce.number().positive().default(600),
    concurrency: z.coerce.number().int().positive().default(4),
    /** Orders placed before waiting for them to be planned; by default all at once, as a sale brings them. */
    wave: z.coerce.number().int().positive().default(1_000_000),
    plan: z.enum(["standard", "plus"]).default("plus"),
    /** Status polls at production's intervals (the default) or the fast policy's. */
    polling: z.enum(["production", "fast"]).default("production"),
    db: z.enum(["sqlite", "postgres"]).default("sqlite"),
    /** Intake processes (the app's web process), sharing one port. */
    apps: z.coerce.number().int().positive().default(1),
    /** Job worker processes. */
    workers: z.coerce.number().int().positive().default(1),
    /** Shops at once, each with `--orders` of its own (the many-shops mode). */
    shops: z.coerce.number().int().positive().optional(),
  })
  .refine((given) => given.shops === undefined || values.wave === undefined, {
    message: "--wave is for one shop: with --shops every shop's orders are placed at once",
  })
  .parse(values);
const N = flags.orders ?? (flags.shops === undefined ? 1000 : 40);

migrateBaseDatabase();
/**
 * Shopify's GraphQL budget per app and shop (shopify-facts.md): a standard plan refills 100 points a
 * second, Plus 1,000. 1,000 orders a minute is a Plus shop's volume: on a standard plan the budget
 * alone (about 6 points an order) rules it out, so the benchmark defaults to Plus.
 */
const PLANS = { standard: { maximumAvailable: 1_000, restoreRate: 100 }, plus: { maximumAvailable: 10_000, restoreRate: 1_000 } } as const;
let intakes: Awaited<ReturnType<typeof startIntakes>> | undefined;
const postgres = flags.db === "postgres" ? await startPostgresDatabase() : undefined;
const harness = await startHarness({
  createDelayMs: 0,
  trackingStepMs: 1,
  worker: false,
  shopifyThrottle: PLANS[flags.plan],
  ...(postgres ? { database: postgres.database } : {}),
  intake: async (databaseUrl) => (intakes = await startIntakes(databaseUrl, flags.apps)),
  // The demo shop is the first of the many.
  ...(flags.shops === undefined ? {} : { moreShops: Array.from({ length: flags.shops - 1 }, (_, i) => anotherDemoShop(i + 2)) }),
});
const workerOptions = {
  databaseUrl: harness.databaseUrl,
  sandboxUrl: harness.sandbox.url,
  graphqlUrl: harness.shopify.graphqlUrl(DEMO_SHOP),
  concurrency: flags.concurrency,
  polling: flags.polling,
  ...(flags.shops === undefined
    ? {}
    : { moreShops: harness.shops.slice(1).map(({ shop, graphqlUrl, accessToken }) => ({ shop, graphqlUrl, accessToken })) }),
};
const workers = await Promise.all(Array.from({ length: flags.workers }, () => startWorkerProcess(workerOptions)));
const say = (line: string) => void process.stdout.write(`${line}\n`);
const intakesReport = async () => (await intakes?.report()) ?? { peakRssBytes: 0, statements: 0 };
/** The Shopify operations that write and read a fulfilment's tracking events (flows/track). */
const TRACKING_OPERATIONS = new Set(["FulfillmentEventsCreate", "FulfillmentEvents"]);

const database = flags.db === "postgres" ? "PostgreSQL" : "SQLite";
const runProcesses: RunProcesses = {
  intakes: () => intakes?.pids ?? [],
  workers: () => workers.map((worker) => worker.pid),
  ...(postgres ? { postgres: postgres.serverPid } : {}),
};
let ok = true;
try {
  if (flags.shops === undefined) ok = await runOneShop();
  else
    ok = await runManyShops({
      harness,
      ordersPerShop: N,
      timeoutMs: flags["timeout-s"] * 1000,
      workers,
      intakes: intakesReport,
      ownPeakRssBytes: peakRssOfThisProcess,
      processes: runProcesses,
      setting: `${database}, ${flags.apps} intake and ${flags.workers} worker process(es), sandbox delays 0 (tracking step 1 ms), worker concurrency ${flags.concurrency}, Shopify ${flags.plan} plan's rate limit, status polls at the ${flags.polling} policy's intervals`,
      say,
    });
} finally {
  await Promise.all(workers.map((worker) => worker.stop()));
  await harness.close();
  await postgres?.stop();
}
process.exit(ok ? 0 : 1);

/** The one-shop run: N orders at the demo shop, in waves of `--wave`; true when all were fulfilled with tracking. */
async function runOneShop(): Promise<boolean> {
  const cpuAtStart = cpuSnapshot(runProcesses);
  const started = Date.now();
  let ok = true;
  let placed = 0;
  let foCount = 0;
  const deadline = started + flags["timeout-s"] * 1000;
  let fulfilled = 0;
  let lastLog = 0;
  let done: { seconds: number; cpu: CpuSnapshot } | undefined;
  while (Date.now() < deadline) {
    // Orders arrive in waves: the next wave once the previous one is planned (see dev/demo/run.ts).
    const planned = await harness.db.shipment.count({ where: { shop: DEMO_SHOP } });
    if (placed < N && planned >= foCount) {
      // Four at a time, as checkouts overlap; each answer is the order with its fulfillment orders.
      const end = Math.min(N, placed + flags.wave);
      let next = placed;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let n = next++; n < end; n = next++) {
            const order = await harness.placeOrder([benchOrderLine(n)]);
            foCount += order.fulfillmentOrders.length;
          }
        }),
      );
      placed = end;
    }
    // The app's view while it runs (cheap); Shopify's is checked below once the app says done.
    fulfilled = await harness.db.shipment.count({ where: { shop: DEMO_SHOP, state: { in: ["FULFILLED", "DELIVERED"] } } });
    if (Date.now() - lastLog > 5_000) {
      lastLog = Date.now();
      process.stderr.write(
        `[bench] ${((Date.now() - started) / 1000).toFixed(1)} s: placed ${placed}, planned ${planned}, fulfilled with tracking ${fulfilled}/${N}\n`,
      );
    }
    if (placed >= N && fulfilled >= foCount) {
      // The clock stops when the app says done; Shopify's state, read after, confirms it (the app
      // marks a shipment fulfilled after Shopify answered), and its serialising is not timed.
      const at = { seconds: (Date.now() - started) / 1000, cpu: cpuSnapshot(runProcesses) };
      const state = await emulatorState(harness.shopify);
      fulfilled = state.fulfillments.filter((f) => f.trackingInfo.some((t) => t.number)).length;
      if (fulfilled >= foCount) {
        done = at;
        break;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = done?.seconds ?? (Date.now() - started) / 1000;
  const cpuAtLastFulfilment = done?.cpu ?? cpuSnapshot(runProcesses);
  const reports = await Promise.all(workers.map((worker) => worker.report()));
  const counts = addCounts(reports);
  const peakRssBytes = Math.max(...reports.map((report) => report.peakRssBytes));
  const failures = reports.flatMap((report) => report.failures);
  const { providerCalls, shopifyMutations, shopifyQueries, shopifyRequests } = counts;
  const states = await harness.db.shipment.groupBy({ by: ["state"], _count: true });
  const minimum = Math.ceil(N / 20);
  const creations = Object.entries(providerCalls)
    .filter(([k]) => /\/multiple$/.test(k))
    .reduce((sum, [, n]) => sum + n, 0);
  const totalMutations = Object.values(shopifyMutations).reduce((a, b) => a + b, 0);
  ok = fulfilled >= N;
  say(
    `Pipeline benchmark: ${N} orders (one fulfillment order each), ${database}, ${flags.apps} intake and ${flags.workers} worker process(es), sandbox delays 0 (tracking step 1 ms), worker concurrency ${flags.concurrency}, ${flags.wave >= N ? "all placed at once" : `waves of ${flags.wave}`}, Shopify ${flags.plan} plan's rate limit, status polls at the ${flags.polling} policy's intervals`,
  );
  say(
    `  ${ok ? "all fulfilled with tracking" : `TIMED OUT: ${fulfilled}/${N} fulfilled`} in ${seconds.toFixed(1)} s wall: ${(fulfilled / seconds).toFixed(1)} orders/s`,
  );
  say(`  shipments by state at the end: ${states.map((s) => `${s.state} ${s._count}`).join(", ")}`);
  say(`  provider HTTP calls (minimum for creations and for status polls: ceil(N/20) = ${minimum}):`);
  for (const [operation, n] of Object.entries(providerCalls).sort()) say(`    ${operation}: ${n} (${(n / minimum).toFixed(2)} x minimum)`);
  say(`  creation calls: ${creations} = ${(creations / minimum).toFixed(2)} x ceil(N/20) (target <= 1.05)`);
  say(
    `  Shopify mutations: ${totalMutations} for ${fulfilled} fulfilments = ${(totalMutations / Math.max(1, fulfilled)).toFixed(2)} per fulfilment; by name: ${JSON.stringify(shopifyMutations)}`,
  );
  say(
    `  Shopify requests: ${shopifyRequests} = ${(shopifyRequests / Math.max(1, fulfilled)).toFixed(2)} per fulfilment (${shopifyQueries} queries)`,
  );
  const latency = Object.entries(counts.shopifyLatency).sort(([, a], [, b]) => b.totalMs - a.totalMs);
  const pointsUsed = latency.reduce((sum, [, l]) => sum + l.actualCost, 0);
  say(
    `  Shopify points used (actual cost): ${pointsUsed} = ${(pointsUsed / Math.max(1, fulfilled)).toFixed(1)} per fulfilment; the ${flags.plan} plan restores ${PLANS[flags.plan].restoreRate}/s after a bucket of ${PLANS[flags.plan].maximumAvailable}`,
  );
  // Tracking events are per checkpoint, not per order: the bench's parcels walk every checkpoint
  // within milliseconds, so how many are written depends on how long the run goes on after the
  // first fulfilments (a real parcel's come over days, read hourly). Shown apart from the cost of
  // getting an order to its fulfilment, which is what a sale's budget has to carry.
  const trackingPoints = latency.filter(([name]) => TRACKING_OPERATIONS.has(name)).reduce((sum, [, l]) => sum + l.actualCost, 0);
  const trackingCalls = latency.filter(([name]) => TRACKING_OPERATIONS.has(name)).reduce((sum, [, l]) => sum + l.calls, 0);
  say(
    `    of which to fulfil (requests answered, facts read, fulfilments written): ${pointsUsed - trackingPoints} = ${((pointsUsed - trackingPoints) / Math.max(1, fulfilled)).toFixed(1)} per fulfilment (target <= 40); tracking events after fulfilment: ${trackingPoints} (${trackingCalls} calls)`,
  );
  say("  Shopify calls by operation (answer time at the emulator; points requested and used per call):");
  for (const [name, l] of latency) {
    say(
      `    ${name}: ${l.calls} calls, mean ${(l.totalMs / l.calls).toFixed(0)} ms (max ${l.maxMs.toFixed(0)}), ${(l.requestedCost / l.calls).toFixed(0)} requested, ${(l.actualCost / l.calls).toFixed(0)} used`,
    );
  }
  say(
    `  peak RSS of a worker process: ${(peakRssBytes / 2 ** 20).toFixed(0)} MiB (target < 500); of an intake process: ${((await intakesReport()).peakRssBytes / 2 ** 20).toFixed(0)} MiB; of this process (harness, sandbox, emulator): ${(peakRssOfThisProcess() / 2 ** 20).toFixed(0)} MiB`,
  );
  say(`  ${describeWorkerCpu(reports, fulfilled)}`);
  say(`  ${describeCpuShares(cpuAtStart, cpuAtLastFulfilment, "from the first order placed to the last fulfilment")}`);
  const shipments = await harness.db.shipment.findMany({
    where: { shop: DEMO_SHOP },
    select: { fulfillmentOrderId: true, packageId: true, kind: true, createdAt: true },
  });
  // When the drop-ship packages were planned: the spread decides how many partial batches they go in.
  const dropship = shipments.filter((s) => s.kind === "DROPSHIP").map((s) => (s.createdAt.getTime() - started) / 1000);
  if (dropship.length > 0)
    say(
      `  drop-ship packages: ${dropship.length}, planned from ${Math.min(...dropship).toFixed(1)} s to ${Math.max(...dropship).toFixed(1)} s`,
    );
  const latencies = orderLatencies(shipments, harness.sandbox.state(), await emulatorTimes(harness.shopify.url));
  say("  per order (one fulfillment order each):");
  say(`    ${describeLatency("order placed to package accepted by the provider", latencies.placedToAccepted, 10_000)}`);
  say(`      ${describeLatency("of which placed to planned (request accepted, package written)", latencies.placedToPlanned)}`);
  say(`      ${describeLatency("and planned to accepted by the provider", latencies.plannedToAccepted)}`);
  for (const { kind, figures } of latencies.placedToAcceptedByKind)
    say(`      ${describeLatency(`${kind.toLowerCase()} packages alone`, figures)}`);
  say(
    `    ${describeLatency("tracking known at the provider to fulfilment with tracking in Shopify", latencies.trackingToFulfilment, 60_000)}`,
  );
  const parcels = await harness.db.shipment.count();
  say(`  ${describeDelivered(await followToDelivered(harness, workers, parcels, deadline, intakesReport), parcels)}`);
  say(
    `  load average at the end (1, 5, 15 min; ${availableParallelism()} cores, shared): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );
  for (const failure of failures) say(`  worker error: ${failure}`);
  return ok;
}
