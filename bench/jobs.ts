/**
 * Throughput of the embedded job queue on SQLite: how many jobs per second go through enqueue, and
 * through claim → handler → done, for N jobs at concurrency C in P worker processes. Not a test:
 * numbers depend on the machine. Flags and figures: docs/benchmarks.md.
 *
 *   ./run bench:jobs [--jobs 2000] [--concurrency 8] [--processes 1] [--effects]
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import type { JobHandler } from "~/jobs/handler";
import { jobQueue } from "~/jobs/queue.server";
import { startWorker } from "~/jobs/worker.server";
import { createDatabase, type Database } from "~/stores/database/database.server";
import { createLogger } from "~/lib/log.server";

const root = path.resolve(import.meta.dirname, "..");
const { values: options } = parseArgs({
  options: {
    jobs: { type: "string", default: "2000" },
    concurrency: { type: "string", default: "8" },
    processes: { type: "string", default: "1" },
    effects: { type: "boolean", default: false },
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

async function benchmark(): Promise<void> {
  const database = migratedDatabase();
  const db = createDatabase(database.url);
  try {
    await db.$executeRaw`CREATE TABLE "BenchEffect" ("jobId" TEXT NOT NULL)`;
    console.log(
      `Job queue on SQLite: ${jobCount} jobs, concurrency ${concurrency} × ${processCount} worker process(es), ` +
        `handler: ${options.effects ? "effect written through ctx.complete" : "noop"}`,
    );

    // Queued for later, so the run below starts with the whole backlog at once.
    const later = new Date(Date.now() + 3_600_000);
    let started = performance.now();
    for (let i = 0; i < jobCount; i += 1) await enqueue(db, { kind: "noop", payload: { note: `job ${i}` }, runAt: later });
    console.log(`enqueue: ${rate(jobCount, performance.now() - started)} (one transaction each, as webhooks do)`);

    let finished: Promise<unknown>;
    if (processCount === 1) {
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
    console.log(`run:     ${rate(jobCount, performance.now() - started)}`);

    const done = await db.job.count({ where: { status: "DONE", attempts: 1 } });
    const [effects] = EffectCount.parse(await db.$queryRaw`SELECT COUNT(*) AS "rows" FROM "BenchEffect"`);
    console.log(`check:   ${done} of ${jobCount} jobs DONE at the first attempt; ${effects?.rows ?? 0} effect rows`);
  } finally {
    await db.$disconnect();
    database.remove();
  }
}

await (options["worker-for"] ? workUntilEmpty(options["worker-for"]) : benchmark());
