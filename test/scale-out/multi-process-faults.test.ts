/**
 * The scale-out promise, on one PostgreSQL: two app (intake) processes behind a round-robin front
 * and three job workers, as on several hosts, take 1,000 orders while a worker is killed with
 * SIGKILL in the middle of its batch and every database connection is cut. Every order is still
 * fulfilled exactly once in Shopify, with tracking; every package is created once at the provider;
 * no delivery is lost and no job is left dead. (Decision 0027: PostgreSQL keeps one writer at a time.)
 *
 * A test, not a benchmark: its times are not asserted (bench/pipeline.ts measures).
 */
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startIntakes, startWorkerProcess, type WorkerOptions, type WorkerProcess } from "../../bench/pipeline/processes";
import { startPostgresDatabase } from "../../bench/pipeline/postgres";
import { DEMO_SHOP, startHarness, type Harness } from "../pipeline/harness";
import { emulatorState } from "../support/shopify-admin";

const ORDERS = 1_000;
const SKUS = ["MUG-CER-350-WHT", "TSHIRT-ORG-M-BLK", "TSHIRT-ORG-L-BLK", "BOTTLE-SS-750-SLV", "PHONECASE-IP15-CLR", "SOCKS-WOOL-3P-GRY"];

let postgres: Awaited<ReturnType<typeof startPostgresDatabase>>;
let harness: Harness;
let workerOptions: WorkerOptions;
const workers: WorkerProcess[] = [];
const say = (line: string) => void process.stderr.write(`[scale-out] ${line}\n`);

beforeAll(async () => {
  postgres = await startPostgresDatabase({ fast: true });
  harness = await startHarness({
    database: postgres.database,
    createDelayMs: 0,
    trackingStepMs: 1,
    worker: false,
    // A Plus shop's budget: 1,000 orders are a Plus shop's volume.
    shopifyThrottle: { maximumAvailable: 10_000, restoreRate: 1_000 },
    intake: (databaseUrl) => startIntakes(databaseUrl, 2),
    // As Shopify does (for hours), not the harness's quick four: a delivery that meets the cut
    // connections, or the machine at its busiest, is sent again until it is taken. Retries that
    // ended after a minute gave up on hundreds of deliveries while a whole second CI ran beside the
    // suite (load 12 to 15), and 5 orders were never planned: nothing woke a fetch for them again. Shopify's own would go
    // on for 48 hours; these go on for the test's whole deadline.
    deliveryRetryDelaysMs: [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, ...Array<number>(8).fill(60_000)],
  });
  // A shorter lease than production's minute, so the killed worker's jobs are taken over soon; long
  // enough that heartbeats waiting their turn to write do not let live jobs' leases lapse.
  workerOptions = {
    databaseUrl: harness.databaseUrl,
    sandboxUrl: harness.sandbox.url,
    graphqlUrl: harness.shopify.graphqlUrl(DEMO_SHOP),
    concurrency: 4,
    polling: "fast",
  };
  for (let i = 0; i < 3; i++) workers.push(await startWorkerProcess(workerOptions, { leaseMs: 10_000 }));
}, 120_000);

afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await harness?.close();
  await postgres?.stop();
}, 60_000);

/** Cuts every connection to the database but this one, as a failover or a network cut would. */
async function cutDatabaseConnections(): Promise<number> {
  const client = new pg.Client({ connectionString: harness.databaseUrl });
  await client.connect();
  try {
    const cut = await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return cut.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/** Where the orders are, for a failure's message. */
async function whereTheyAre(): Promise<string> {
  const shipments = await harness.db.shipment.groupBy({ by: ["state"], _count: true });
  const jobs = await harness.db.job.groupBy({ by: ["kind", "status"], _count: true });
  const receipts = await harness.db.webhookReceipt.groupBy({ by: ["topic", "status"], _count: true });
  const held = await harness.db.shipment.findMany({
    where: { state: { in: ["HELD", "READY", "FAILED"] } },
    select: { state: true, lastErrorText: true },
    take: 5,
  });
  // What Shopify (the emulator) made of its deliveries: by state, with a sample of failed attempts.
  const deliveries = (await (await fetch(`${harness.shopify.url}/__emulator/deliveries`)).json()) as {
    topic?: string;
    state?: string;
    attempts?: { status: number | null; error: string | null }[];
  }[];
  const byState: Record<string, number> = {};
  for (const delivery of deliveries)
    byState[`${delivery.topic} ${delivery.state}`] = (byState[`${delivery.topic} ${delivery.state}`] ?? 0) + 1;
  const failedAttempts = deliveries
    .filter((delivery) => delivery.state !== "delivered")
    .slice(0, 3)
    .map((delivery) => delivery.attempts);
  return JSON.stringify({ shipments, jobs, receipts, held, deliveries: byState, failedAttempts });
}

const countIn = (states: ("SUBMITTED" | "CREATED" | "FULFILLED" | "DELIVERED")[]) =>
  harness.db.shipment.count({ where: { shop: DEMO_SHOP, state: { in: states } } });

it("fulfils 1,000 orders exactly once with two apps and three workers, through a worker killed mid-batch and the database's connections cut", async () => {
  const started = Date.now();
  let placed = 0;
  let fulfillmentOrders = 0;
  const placing = Promise.all(
    Array.from({ length: 4 }, async () => {
      while (placed < ORDERS) {
        const n = placed++;
        const order = await harness.placeOrder([{ sku: SKUS[n % SKUS.length]!, quantity: 1 + (n % 2) }]);
        fulfillmentOrders += order.fulfillmentOrders.length;
      }
    }),
  );

  // A worker killed while packages are being sent: some of its jobs are mid-way.
  let killed = false;
  let cut = false;
  let lastSaid = Date.now();
  // Alone, about 80 s. With a whole second CI beside the suite (load 15 to 29), 961 of 963 were
  // fulfilled after 540 s: the deadline is for a machine that has stopped, not a busy one.
  const deadline = Date.now() + 1_000_000;
  for (;;) {
    const sent = await countIn(["SUBMITTED", "CREATED", "FULFILLED", "DELIVERED"]);
    if (!killed && sent >= 150) {
      const running = await harness.db.job.count({ where: { status: "RUNNING" } });
      await workers[0]!.kill();
      killed = true;
      say(
        `${((Date.now() - started) / 1000).toFixed(1)} s: worker ${workers[0]!.pid} killed (SIGKILL) with ${running} jobs running, ${sent} packages sent`,
      );
      // As a supervisor would, a new worker takes its place.
      workers.push(await startWorkerProcess(workerOptions, { leaseMs: 10_000 }));
    }
    const fulfilled = await countIn(["FULFILLED", "DELIVERED"]);
    if (killed && !cut && fulfilled >= 400) {
      say(
        `${((Date.now() - started) / 1000).toFixed(1)} s: ${await cutDatabaseConnections()} database connections cut, ${fulfilled} fulfilled`,
      );
      cut = true;
    }
    if (placed >= ORDERS && cut && fulfilled >= fulfillmentOrders) break;
    if (Date.now() - lastSaid > 15_000) {
      lastSaid = Date.now();
      say(`${((Date.now() - started) / 1000).toFixed(1)} s: placed ${placed}, sent ${sent}, fulfilled ${fulfilled}`);
    }
    if (Date.now() > deadline)
      throw new Error(
        `only ${fulfilled} of ${fulfillmentOrders} fulfillment orders fulfilled in time (placed ${placed}): ${await whereTheyAre()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await placing;
  say(`${((Date.now() - started) / 1000).toFixed(1)} s: all ${fulfillmentOrders} fulfilled`);

  // Shopify: one fulfilment per fulfillment order, each with its tracking number.
  const shopify = await emulatorState(harness.shopify);
  const fulfilmentsPerOrder = new Map<number, number>();
  for (const fulfillment of shopify.fulfillments) {
    expect(fulfillment.trackingInfo.some((tracking) => tracking.number)).toBe(true);
    for (const id of fulfillment.fulfillmentOrderIds) fulfilmentsPerOrder.set(id, (fulfilmentsPerOrder.get(id) ?? 0) + 1);
  }
  expect(fulfillmentOrders).toBe(ORDERS);
  expect(fulfilmentsPerOrder.size).toBe(ORDERS);
  expect([...fulfilmentsPerOrder.values()].filter((count) => count !== 1)).toEqual([]);

  // The provider: one package per fulfillment order, created once.
  const shipments = await harness.db.shipment.findMany({
    where: { shop: DEMO_SHOP },
    select: { fulfillmentOrderId: true, packageId: true },
  });
  expect(new Set(shipments.map((shipment) => shipment.fulfillmentOrderId)).size).toBe(ORDERS);
  // Outbound from the warehouse's stock, or drop-ship for what the warehouse does not stock.
  const provider = harness.sandbox.state();
  const packages = [...provider.outbounds.values(), ...provider.dropships.values()];
  expect(packages).toHaveLength(ORDERS);
  expect(new Set(packages.map((sent) => sent.packageId))).toEqual(new Set(shipments.map((shipment) => shipment.packageId)));

  // The cut connections killed no worker: each but the one killed on purpose is still running.
  expect(workers.slice(1).map((worker) => ({ pid: worker.pid, alive: worker.alive }))).toEqual(
    workers.slice(1).map((worker) => ({ pid: worker.pid, alive: true })),
  );

  // Nothing lost: every order's delivery recorded, no job given up. A delivery the busy machine
  // answered late is still being sent again (the fulfilments do not wait for orders/create), so
  // its retries are waited for first, as Shopify would go on sending it.
  const ordersCreate = () => harness.shopify.deliveries().filter((delivery) => delivery.topic === "orders/create");
  const retriesUntil = Date.now() + 120_000;
  while (ordersCreate().some((delivery) => delivery.state === "pending") && Date.now() < retriesUntil)
    await new Promise((resolve) => setTimeout(resolve, 500));
  const undelivered = ordersCreate().filter((delivery) => delivery.state !== "delivered");
  expect(undelivered.map((delivery) => ({ state: delivery.state, attempts: delivery.attempts }))).toEqual([]);
  expect(await harness.db.webhookReceipt.count({ where: { topic: "orders/create" } })).toBe(ORDERS);
  expect(await harness.db.job.findMany({ where: { status: "DEAD" }, select: { kind: true, lastError: true } })).toEqual([]);
}, 1_200_000);
