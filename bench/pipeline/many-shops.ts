/**
 * The pipeline benchmark with many shops at once (`--shops S --orders N`, issue 28): N orders at
 * each of S shops, every shop installed and set up as the demo shop is (the harness's `moreShops`)
 * and with a Shopify bucket of its own. The shops' orders are placed in turn, so all of them arrive
 * in the same seconds, as a sale day brings them to many merchants; the run follows them until each
 * is fulfilled with tracking in Shopify exactly once, and reports per shop how long its orders
 * waited to be accepted by the provider, to see whether some shops wait while others are served.
 */
import { availableParallelism, loadavg } from "node:os";
import type { Harness } from "../../test/pipeline/harness";
import { emulatorState } from "../../test/support/shopify-admin";
import { fairnessOf, SHOP_P99_UNDER_MS, SLOWEST_TO_MEDIAN_AT_MOST } from "./fairness";
import { fulfilledOnce } from "./fulfilled-once";
import { describeLatency, emulatorTimes, orderLatencies, type ShipmentLink } from "./latencies";
import { benchOrderLine } from "./orders";
import { describeDelivered, followToDelivered } from "./delivered";
import { addCounts, describeWorkerCpu, type IntakesReport, type WorkerProcess } from "./processes";
import { cpuSnapshot, describeCpuShares, type CpuSnapshot, type RunProcesses } from "./cpu-shares";

/** Orders placed at once, as in the one-shop run: checkouts overlap, the emulator answers each. */
const PLACED_AT_ONCE = 4;
/** The Shopify operations that write and read a fulfilment's tracking events (flows/track). */
const TRACKING_OPERATIONS = new Set(["FulfillmentEventsCreate", "FulfillmentEvents"]);

export interface ManyShopsRun {
  harness: Harness;
  ordersPerShop: number;
  timeoutMs: number;
  workers: WorkerProcess[];
  /** The intake processes' highest peak RSS and their statements to PostgreSQL. */
  intakes(): Promise<IntakesReport>;
  /** This process's (the harness, sandbox and emulator). */
  ownPeakRssBytes(): number;
  /** What the run was, for the first line: database, processes, policy. */
  setting: string;
  /** The run's processes, to tell where the cores went while the orders were under way. */
  processes: RunProcesses;
  say(line: string): void;
}

const numericTail = (gid: string) => Number(gid.slice(gid.lastIndexOf("/") + 1));
const handle = (shop: string) => shop.replace(/\.myshopify\.com$/, "");
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const loads = (load: number[]) => load.map((l) => l.toFixed(2)).join(", ");

/** Places every shop's orders, the shops in turn; returns the fulfillment orders placed, by shop. */
async function placeOrders(harness: Harness, ordersPerShop: number): Promise<Map<string, number[]>> {
  const shops = harness.shops.map((shop) => shop.shop);
  const placed = new Map(shops.map((shop) => [shop, [] as number[]]));
  const queue = Array.from({ length: ordersPerShop }, (_, n) => shops.map((shop) => ({ shop, n }))).flat();
  let next = 0;
  await Promise.all(
    Array.from({ length: PLACED_AT_ONCE }, async () => {
      for (let item = queue[next++]; item !== undefined; item = queue[next++]) {
        const order = await harness.placeOrder([benchOrderLine(item.n)], {}, { shop: item.shop });
        placed.get(item.shop)?.push(...order.fulfillmentOrders.map((fo) => numericTail(fo.id)));
      }
    }),
  );
  return placed;
}

/** Runs the many shops' orders through and prints the report; true when every order was fulfilled once. */
export async function runManyShops(run: ManyShopsRun): Promise<boolean> {
  const { harness, say } = run;
  const shops = harness.shops.map((shop) => shop.shop);
  const total = shops.length * run.ordersPerShop;
  const loadAtStart = loadavg();
  const cpuAtStart = cpuSnapshot(run.processes);
  const started = Date.now();
  const deadline = started + run.timeoutMs;
  const placed = await placeOrders(harness, run.ordersPerShop);
  const placedFor = Date.now() - started;
  const placedIds = [...placed.values()].flat();
  let lastLog = 0;
  // The moment the app said every order was fulfilled, and Shopify's state read after it.
  let done: { wallMs: number; cpu: CpuSnapshot; state: Awaited<ReturnType<typeof emulatorState>> } | undefined;
  while (Date.now() < deadline) {
    const fulfilled = await harness.db.shipment.count({ where: { state: { in: ["FULFILLED", "DELIVERED"] } } });
    if (Date.now() - lastLog > 5_000) {
      lastLog = Date.now();
      const planned = await harness.db.shipment.count();
      const byShop = await harness.db.shipment.groupBy({
        by: ["shop"],
        where: { state: { in: ["FULFILLED", "DELIVERED"] } },
        _count: true,
      });
      const done = byShop.filter((row) => row._count >= (placed.get(row.shop)?.length ?? Infinity)).length;
      process.stderr.write(
        `[bench] ${((Date.now() - started) / 1000).toFixed(1)} s: placed ${placedIds.length}, planned ${planned}, fulfilled with tracking ${fulfilled}/${total}, shops done ${done}/${shops.length}\n`,
      );
    }
    // The app's view while it runs (cheap); Shopify's is checked once the app says done. The app
    // marks a shipment fulfilled after Shopify answered, so a state read after that moment holds
    // every fulfilment made before it: the clock stops there, not after serialising the whole state.
    if (fulfilled >= placedIds.length) {
      const wallMs = Date.now() - started;
      const cpu = cpuSnapshot(run.processes);
      const state = await emulatorState(harness.shopify);
      if (fulfilledOnce(placedIds, state).missing.length === 0) {
        done = { wallMs, cpu, state };
        break;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const wallMs = done?.wallMs ?? Date.now() - started;
  const cpuAtLastFulfilment = done?.cpu ?? cpuSnapshot(run.processes);
  const check = fulfilledOnce(placedIds, done?.state ?? (await emulatorState(harness.shopify)));
  const ok = check.missing.length === 0 && check.twice.length === 0 && placedIds.length === total;

  const reports = await Promise.all(run.workers.map((worker) => worker.report()));
  const counts = addCounts(reports);
  const cores = availableParallelism();
  const perSecond = check.once / (wallMs / 1000);
  say(
    `Pipeline benchmark, many shops: ${shops.length} shops x ${run.ordersPerShop} orders = ${total} orders (one fulfillment order each), ${run.setting}; the shops' orders placed in turn, ${PLACED_AT_ONCE} at a time, from 0 to ${(placedFor / 1000).toFixed(1)} s; each shop its own Shopify bucket`,
  );
  say(`  load average at the start (1, 5, 15 min; ${cores} cores, shared): ${loads(loadAtStart)}`);
  say(
    `  ${ok ? `all ${total} fulfilled with tracking, each exactly once, in` : `NOT ALL FULFILLED ONCE: ${check.once}/${total} fulfilled once, ${check.missing.length} without a fulfilment with tracking, ${check.twice.length} fulfilled more than once, after`} ${(wallMs / 1000).toFixed(1)} s wall: ${perSecond.toFixed(1)} orders/s, ${(perSecond / cores).toFixed(1)} orders/s per core`,
  );
  const states = await harness.db.shipment.groupBy({ by: ["state"], _count: true });
  say(`  shipments by state at the end: ${states.map((s) => `${s.state} ${s._count}`).join(", ")}`);
  const creations = Object.entries(counts.providerCalls)
    .filter(([operation]) => /\/multiple$/.test(operation))
    .reduce((sum, [, n]) => sum + n, 0);
  const minimum = [...placed.values()].reduce((sum, ids) => sum + Math.ceil(ids.length / 20), 0);
  say(`  creation calls: ${creations} = ${(creations / minimum).toFixed(2)} x the sum of each shop's ceil(orders/20) (${minimum})`);
  const latency = Object.entries(counts.shopifyLatency);
  const points = latency.reduce((sum, [, l]) => sum + l.actualCost, 0);
  const trackingPoints = latency.filter(([name]) => TRACKING_OPERATIONS.has(name)).reduce((sum, [, l]) => sum + l.actualCost, 0);
  const fulfilled = Math.max(1, check.once);
  say(
    `  Shopify points used: ${points} = ${(points / fulfilled).toFixed(1)} per fulfilment; to fulfil (tracking events apart): ${((points - trackingPoints) / fulfilled).toFixed(1)} (target <= 40); Shopify requests: ${counts.shopifyRequests}`,
  );
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  say(
    `  peak RSS of a worker process: ${mib(Math.max(...reports.map((report) => report.peakRssBytes)))} (target < 500); of an intake process: ${mib((await run.intakes()).peakRssBytes)}; of this process (harness, sandbox, emulator): ${mib(run.ownPeakRssBytes())}`,
  );

  say(`  ${describeWorkerCpu(reports, check.once)}`);
  say(`  ${describeCpuShares(cpuAtStart, cpuAtLastFulfilment, "from the first order placed to the last fulfilment")}`);
  const shipments = await harness.db.shipment.findMany({
    select: { shop: true, fulfillmentOrderId: true, packageId: true, kind: true, createdAt: true },
  });
  const sandbox = harness.sandbox.state();
  const emulator = await emulatorTimes(harness.shopify.url);
  const all = orderLatencies(shipments, sandbox, emulator);
  say(`  over all orders:`);
  say(`    ${describeLatency("order placed to package accepted by the provider", all.placedToAccepted, SHOP_P99_UNDER_MS)}`);
  say(`      ${describeLatency("of which placed to planned (request accepted, package written)", all.placedToPlanned)}`);
  say(`      ${describeLatency("and planned to accepted by the provider", all.plannedToAccepted)}`);
  say(`    ${describeLatency("tracking known at the provider to fulfilment with tracking in Shopify", all.trackingToFulfilment, 60_000)}`);

  const ofShop = new Map<string, ShipmentLink[]>(shops.map((shop) => [shop, []]));
  for (const shipment of shipments) ofShop.get(shipment.shop)?.push(shipment);
  const perShop = shops.map((shop) => ({ shop, latencies: orderLatencies(ofShop.get(shop) ?? [], sandbox, emulator) }));
  const planned = new Map(perShop.map(({ shop, latencies }) => [shop, latencies.placedToPlanned]));
  const fairness = fairnessOf(perShop.map(({ shop, latencies }) => ({ shop, figures: latencies.placedToAccepted })));
  say(`  order placed to package accepted, per shop, slowest p99 first (and the p99 of placed to planned):`);
  for (const { shop, figures } of fairness.shops) {
    const plannedP99 = planned.get(shop)?.p99Ms;
    say(`    ${describeLatency(handle(shop), figures)}${plannedP99 === undefined ? "" : `; planned p99 ${seconds(plannedP99)}`}`);
  }
  say(
    `  median shop's p99 ${seconds(fairness.medianP99Ms)}, slowest shop's p99 ${seconds(fairness.slowest.p99Ms)} (${handle(fairness.slowest.shop)}): ${fairness.ratio.toFixed(2)} x the median (target <= ${SLOWEST_TO_MEDIAN_AT_MOST}): ${fairness.ratioMet ? "met" : "MISSED"}`,
  );
  say(
    `  every shop's p99 under ${seconds(SHOP_P99_UNDER_MS)}: ${fairness.shopsOverTarget.length === 0 ? "met" : `MISSED by ${fairness.shopsOverTarget.length} of ${shops.length} shops (${fairness.shopsOverTarget.map(handle).join(", ")})`}`,
  );
  say(`  every order fulfilled with tracking exactly once: ${ok ? "met" : "MISSED"}`);
  const parcels = await harness.db.shipment.count();
  say(`  ${describeDelivered(await followToDelivered(harness, run.workers, parcels, deadline, run.intakes), parcels)}`);
  say(`  load average at the end (1, 5, 15 min; ${cores} cores, shared): ${loads(loadavg())}`);
  for (const failure of reports.flatMap((report) => report.failures)) say(`  worker error: ${failure}`);
  return ok;
}
