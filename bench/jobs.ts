/**
 * Throughput of the job queue: how many jobs per second go through enqueue, and through claim →
 * handler → done, for N jobs at concurrency C in P worker processes; on SQLite the embedded queue,
 * on PostgreSQL (`--db postgres`, one process) the job engine's worker, with its CPU and its
 * statements a job. The jobs belong to `--shops` shops in turn, queued as each shop's writes, as
 * the app's are. Not a test: numbers depend on the machine. Flags and figures: docs/benchmarks.md.
 *
 *   ./run bench:jobs [--jobs 2000] [--concurrency 8] [--processes 1] [--effects] [--db sqlite|postgres] [--shops 20]
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import type { JobHandler } from "~/jobs/handler";
import { jobQueue } from "~/jobs/queue.server";
import { startJobWorker } from "~/jobs/start-worker.server";
import { startWorker } from "~/jobs/worker.server";
import { createDatabase, type Database } from "~/stores/database/database.server";
import { writingForShop } from "~/stores/database/write-scope.server";
import { createLogger } from "~/lib/log.server";
import { migratePostgres } from "../scripts/postgres/migrate";
import { startPostgres } from "../scripts/postgres/server";
import { countStatementsSent } from "./pipeline/own-process";

const root = path.resolve(import.meta.dirname, "..");
const { values: options } = parseArgs({
  options: {
    jobs: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "8" },
    processes: { type: "string", default: "1" },
    effects: { type: "boolean", default: false },
    db: { type: "string", default: "sqlite" },
    shops: { type: "string", default: "20" },
    /** Internal: run as one of the worker processes of a benchmark, on this database. */
    "worker-for": { type: "string" },
  },
});

const positive = (name: string, value: string): number => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive whole number, not "${value}"`);
  return number;
};
const jobCount = positive("jobs", options.jobs);
const concurrency = positive("concurrency", options.concurrency);
const processCount = positive("processes", options.processes);
const shopCount = positive("shops", options.shops);
const shopOf = (job: number) => `bench-${String(job % shopCount).padStart(3, "0")}.myshopify.com`;
if (options.db !== "sqlite" && options.db !== "postgres") throw new Error(`--db must be sqlite or postgres, not "${options.db}"`);
const onPostgres = options.db === "postgres";
// The job engine's several workers are measured by bench:pipeline (--db postgres --workers N).
if (onPostgres && processCount > 1) throw new Error("--processes must be 1 with --db postgres");

/** Only errors: the bench prints its own figures. */
const silent = createLogger({ level: "error", name: "jobs-bench" });

/** The queue's own benchmark kind: it measures the queue, not any flow. */
const kinds = { noop: z.strictObject({ note: z.string().optional() }) };
const { enqueue } = jobQueue(kinds);

function handler(effects: boolean): JobHandler<object> {
  if (!effects) return async () => {};
  return async (_payload, ctx) => {
    await ctx.complete((tx) => tx.$executeRaw`INSERT INTO "BenchEffect" ("jobId") VALUES (${ctx.jobId})`);
  };
}

const unfinished = (db: Database) => db.job.count({ where: { status: { in: ["PENDING", "RUNNING"] } } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Child mode: work until no job is left, then exit. */
async function workUntilEmpty(url: string): Promise<void> {
  const db = createDatabase(url);
  const worker = startWorker({ db, kinds, handlers: { noop: handler(options.effects) }, concurrency, pollIntervalMs: 5, logger: silent });
  process.stdout.write("READY\n");
  // The jobs are queued already (not yet due): work until none is left.
  while ((await unfinished(db)) > 0) await sleep(20);
  await worker.stop();
  await db.$disconnect();
}

/** A PostgreSQL server of its own (durable, as in production), migrated, stopped afterwards. */
async function migratedPostgres(): Promise<{ url: string; remove(): Promise<void> }> {
  const server = await startPostgres();
  try {
    await migratePostgres(server.url, { log: () => {} });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: server.url, remove: () => server.stop() };
}

function migratedDatabase(): { url: string; remove(): void } {
  const directory = path.join(root, ".cache", "bench");
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `jobs-bench-${process.pid}.sqlite`);
  const url = `file:${file}`;
  const migrate = spawnSync(process.execPath, ["--import", "tsx", "scripts/prisma.ts", "migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`migrate deploy failed:\n${migrate.stdout}\n${migrate.stderr}`);
  return { url, remove: () => ["", "-wal", "-shm", "-journal"].forEach((suffix) => rmSync(`${file}${suffix}`, { force: true })) };
}

function startWorkerProcess(url: string): Promise<{ exited: Promise<void> }> {
  const args = ["--import", "tsx", "bench/jobs.ts", "--worker-for", url, "--concurrency", String(concurrency)];
  const child = spawn(process.execPath, options.effects ? [...args, "--effects"] : args, {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve, reject) =>
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`A worker process exited with ${code}`)))),
  );
  return new Promise((resolve) => child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("READY") && resolve({ exited })));
}

const EffectCount = z.array(z.object({ rows: z.coerce.number() }));
const rate = (count: number, ms: number) => `${count} jobs in ${(ms / 1000).toFixed(2)} s = ${Math.round((count * 1000) / ms)} jobs/s`;

/**
 * The job engine's worker in this process, started once every job is queued and due: the run from
 * the moment the worker is ready (its start, the engine's migrations checked, not counted), its CPU
 * (this process's: the worker's, with nothing else running in it meanwhile) and its statements, over
 * the jobs done since. `statementsSent`: the counter, installed before the database's first client.
 */
async function runOnTheEngine(db: Database, statementsSent: () => number): Promise<void> {
  let done = 0;
  let allDone!: () => void;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  const worker = await startJobWorker({
    db,
    kinds,
    handlers: { noop: handler(options.effects) },
    concurrency,
    pollIntervalMs: 1_000,
    logger: silent,
    onOutcome: () => (done += 1) === jobCount && allDone(),
  });
  const doneAtReady = done;
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const statementsAtStart = statementsSent();
  await finished;
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuAtStart);
  const statements = statementsSent() - statementsAtStart;
  const measured = jobCount - doneAtReady;
  await worker.stop();
  console.log(`run:     ${rate(measured, ms)} (from the worker's ready; ${doneAtReady} done while it started)`);
  console.log(
    `worker:  ${((cpu.user + cpu.system) / 1000 / measured).toFixed(3)} ms of CPU a job, ` +
      `${(statements / measured).toFixed(2)} statements to PostgreSQL a job (the engine's own included)`,
  );
}

async function benchmark(): Promise<void> {
  // Installed before any client of node-postgres is made: every statement the worker sends counts.
  const statementsSent = countStatementsSent();
  const database = onPostgres ? await migratedPostgres() : migratedDatabase();
  const db = createDatabase(database.url);
  try {
    await db.$executeRaw`CREATE TABLE "BenchEffect" ("jobId" TEXT NOT NULL)`;
    console.log(
      `Job queue on ${onPostgres ? "PostgreSQL (the job engine)" : "SQLite"}: ${jobCount} jobs, ` +
        `${shopCount} shop(s), concurrency ${concurrency} × ${processCount} worker process(es), ` +
        `handler: ${options.effects ? "effect written through ctx.complete" : "noop"}`,
    );

    // On SQLite queued for later, then made due at once, so the run starts with the whole backlog.
    // The engine's wake-ups keep the time they were queued for: there the jobs are queued due, and
    // the worker starts once they all are.
    const later = new Date(Date.now() + 3_600_000);
    let started = performance.now();
    for (let i = 0; i < jobCount; i += 1) {
      const shop = shopOf(i);
      await writingForShop(shop, () =>
        enqueue(db, { kind: "noop", shop, payload: { note: `job ${i}` }, ...(onPostgres ? {} : { runAt: later }) }),
      );
    }
    console.log(`enqueue: ${rate(jobCount, performance.now() - started)} (one transaction each, as webhooks do)`);

    let finished: Promise<unknown>;
    if (onPostgres) {
      finished = runOnTheEngine(db, statementsSent);
    } else if (processCount === 1) {
      let done = 0;
      let allDone!: () => void;
      finished = new Promise<void>((resolve) => (allDone = resolve));
      const worker = startWorker({
        db,
        kinds,
        handlers: { noop: handler(options.effects) },
        concurrency,
        pollIntervalMs: 5,
        logger: silent,
        onOutcome: () => (done += 1) === jobCount && allDone(),
      });
      finished = finished.then(() => worker.stop());
      started = performance.now();
      await db.job.updateMany({ data: { runAt: new Date() } });
    } else {
      const children = await Promise.all(Array.from({ length: processCount }, () => startWorkerProcess(database.url)));
      started = performance.now();
      await db.job.updateMany({ data: { runAt: new Date() } });
      finished = (async () => {
        while ((await unfinished(db)) > 0) await sleep(10);
        await Promise.all(children.map((child) => child.exited));
      })();
    }
    await finished;
    if (!onPostgres) console.log(`run:     ${rate(jobCount, performance.now() - started)}`);

    const done = await db.job.count({ where: { status: "DONE", attempts: 1 } });
    const [effects] = EffectCount.parse(await db.$queryRaw`SELECT COUNT(*) AS "rows" FROM "BenchEffect"`);
    console.log(`check:   ${done} of ${jobCount} jobs DONE at the first attempt; ${effects?.rows ?? 0} effect rows`);
  } finally {
    await db.$disconnect();
    await database.remove();
  }
}

await (options["worker-for"] ? workUntilEmpty(options["worker-for"]) : benchmark());
