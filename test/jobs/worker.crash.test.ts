/**
 * Workers in real processes on one SQLite file, killed with SIGKILL mid-job: the job still
 * completes exactly once, and its effect (written through ctx.complete) exists exactly once.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { useTestDatabase } from "../support/database";
import { createEffectTables, effectRecorder, WAITS_FOR_ANOTHER_PROCESS } from "../support/effect-recorder";
import { recordingJobLogger, spawnWorkerProcess, waitFor, type WorkerProcess } from "../support/jobs";
import { enqueue, testKinds } from "../support/test-queue";
import { startWorker, type Worker } from "~/jobs/worker.server";

/**
 * The crashing process's lease: how long the survivor waits for the job. Long enough that a busy
 * machine cannot starve the crashing worker's heartbeats past it before the kill (at 400 ms its own
 * poll could take its job back, a third attempt).
 */
const LEASE_MS = 1_500;
/** The survivor's: it only has to outlive the crashed worker's, never to lapse itself. */
const SURVIVOR_LEASE_MS = 60_000;
const { db, url } = useTestDatabase();
const processes: WorkerProcess[] = [];
const workers: Worker[] = [];

async function workerProcess(mode: Parameters<typeof spawnWorkerProcess>[1], leaseMs = LEASE_MS): Promise<WorkerProcess> {
  const started = await spawnWorkerProcess(url, mode, leaseMs);
  processes.push(started);
  return started;
}

/** The survivor: a worker in this process running the same handler to completion. */
function survivingWorker(): void {
  workers.push(
    startWorker({
      db,
      kinds: testKinds,
      handlers: { noop: effectRecorder("complete") },
      pollIntervalMs: 10,
      leaseMs: SURVIVOR_LEASE_MS,
      logger: recordingJobLogger().logger,
    }),
  );
}

const Effects = z.array(z.object({ jobId: z.string(), pid: z.coerce.number() }));
const Attempts = z.array(z.object({ jobId: z.string(), attempt: z.coerce.number(), pid: z.coerce.number() }));
const EffectsPerJob = z.array(z.object({ jobId: z.string(), times: z.coerce.number(), pid: z.coerce.number() }));

const effectsOf = async (jobId: string) => Effects.parse(await db.$queryRaw`SELECT * FROM "TestEffect" WHERE "jobId" = ${jobId}`);
const attemptsOf = async (jobId: string) =>
  Attempts.parse(await db.$queryRaw`SELECT * FROM "TestAttempt" WHERE "jobId" = ${jobId} ORDER BY "attempt"`);
const done = (jobId: string) =>
  waitFor(async () => (await db.job.findUniqueOrThrow({ where: { id: jobId } })).status === "DONE", {
    timeoutMs: 10_000,
    what: `job ${jobId} to be done`,
  });

beforeAll(() => createEffectTables(db));

beforeEach(async () => {
  await db.job.deleteMany();
  await db.$executeRaw`DELETE FROM "TestEffect"`;
  await db.$executeRaw`DELETE FROM "TestAttempt"`;
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await Promise.all(processes.splice(0).map((child) => child.kill("SIGKILL")));
});

describe("a worker process killed with SIGKILL", () => {
  // Child processes take about a second to start (tsx compiles on the fly).
  // Bounds for a machine that has stopped: beside a second CI, starting the worker processes alone took over 10 s.
  const timeout = 90_000;

  it("in the middle of its handler: another worker runs the job again, and its effect happens once", { timeout }, async () => {
    const crashing = await workerProcess("hang-in-handler");
    const { jobId } = await enqueue(db, { kind: "noop", payload: {} });
    await crashing.waitForLine(`STARTED ${jobId}`);
    await crashing.kill("SIGKILL");

    survivingWorker();
    await done(jobId);

    expect(await effectsOf(jobId)).toEqual([{ jobId, pid: process.pid }]);
    expect(await attemptsOf(jobId)).toEqual([
      { jobId, attempt: 1, pid: crashing.pid },
      { jobId, attempt: 2, pid: process.pid },
    ]);
    const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(job.attempts).toBe(2);
    expect(job.lastError).toMatch(new RegExp(`^Worker worker-process-${crashing.pid}/\\w+ stopped responding during attempt 1`));
  });

  it(
    "after writing its effect but before committing it: the effect is rolled back with the crash and written once by the next run",
    { timeout },
    async () => {
      const crashing = await workerProcess("hang-in-commit");
      const { jobId } = await enqueue(db, { kind: "noop", payload: {} });
      await crashing.waitForLine(`EFFECT-WRITTEN ${jobId}`);
      await crashing.kill("SIGKILL");

      survivingWorker();
      await done(jobId);

      expect(await effectsOf(jobId)).toEqual([{ jobId, pid: process.pid }]);
      expect(await attemptsOf(jobId)).toHaveLength(2);
    },
  );
});

describe("worker processes side by side on one database", () => {
  it("run each of 200 jobs exactly once", { timeout: 120_000 }, async () => {
    // Leases far longer than the test: a job claimed twice here could only be a claiming bug. (With
    // short leases a loaded machine may let one expire, and a second claim is then correct.)
    const [first, second] = await Promise.all([workerProcess("complete", 60_000), workerProcess("complete", 60_000)]);
    // The first four (one process's concurrency) wait until another process has run a job: a process
    // that takes them all has no slot left, so the other must claim, however busy the machine is.
    // Without them, whether both took part was left to timing.
    for (let i = 0; i < 4; i += 1) await enqueue(db, { kind: "noop", payload: { note: WAITS_FOR_ANOTHER_PROCESS } });
    for (let i = 4; i < 200; i += 1) await enqueue(db, { kind: "noop", payload: { note: `job ${i}` } });

    await waitFor(async () => (await db.job.count({ where: { status: "DONE" } })) === 200, { timeoutMs: 90_000, what: "200 jobs done" });
    const effects = EffectsPerJob.parse(
      await db.$queryRaw`SELECT "jobId", COUNT(*) AS "times", MIN("pid") AS "pid" FROM "TestEffect" GROUP BY "jobId"`,
    );
    expect(effects).toHaveLength(200);
    expect(effects.filter((row) => row.times !== 1)).toEqual([]);
    // Both processes took part: the claims really competed.
    expect(new Set(effects.map((row) => row.pid))).toEqual(new Set([first?.pid, second?.pid]));
    expect(await db.job.count({ where: { attempts: { not: 1 } } })).toBe(0);
  });
});
