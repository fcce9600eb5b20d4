/**
 * A worker process told to stop (SIGTERM, as a supervisor or a deploy does) while it holds jobs:
 * it claims nothing more, finishes what it can within its stop timeout, hands back what it cannot
 * (PENDING again, the attempt not counted), and exits 0. Nothing is lost and nothing done twice.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { startWorker, type Worker } from "~/jobs/worker.server";
import { useTestDatabase } from "../support/database";
import { createEffectTables, effectRecorder } from "../support/effect-recorder";
import { recordingJobLogger, spawnWorkerProcess, waitFor, type WorkerProcess } from "../support/jobs";
import { enqueue, testKinds } from "../support/test-queue";

const LEASE_MS = 60_000;
const { db, url } = useTestDatabase();
const processes: WorkerProcess[] = [];
const workers: Worker[] = [];

const Effects = z.array(z.object({ jobId: z.string(), pid: z.coerce.number() }));
const effectsOf = async (jobId: string) => Effects.parse(await db.$queryRaw`SELECT * FROM "TestEffect" WHERE "jobId" = ${jobId}`);

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

async function workerProcess(mode: "slow" | "hang-in-handler", stopTimeoutMs: number): Promise<WorkerProcess> {
  const started = await spawnWorkerProcess(url, mode, LEASE_MS, stopTimeoutMs);
  processes.push(started);
  return started;
}

describe("a worker process on SIGTERM", () => {
  it("finishes the job in hand, claims no other, and exits 0", { timeout: 90_000 }, async () => {
    // A stop timeout far longer than the job: an exit before it is the worker leaving as soon as
    // its job is done, however busy the machine (a bound of the job's length plus 3 s was not).
    const stopTimeoutMs = 60_000;
    const worker = await workerProcess("slow", stopTimeoutMs);
    const { jobId } = await enqueue(db, { kind: "noop", payload: {} });
    await worker.waitForLine(`STARTED ${jobId}`);

    const told = Date.now();
    process.kill(worker.pid, "SIGTERM");
    await worker.waitForLine("STOPPING");
    // Queued after the signal: no longer this worker's to take.
    const { jobId: later } = await enqueue(db, { kind: "noop", payload: { note: "after the signal" } });

    expect(await worker.exitCode).toBe(0);
    expect(Date.now() - told).toBeLessThan(stopTimeoutMs);
    expect(await db.job.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ status: "DONE", attempts: 1 });
    expect(await effectsOf(jobId)).toEqual([{ jobId, pid: worker.pid }]);
    expect(await db.job.findUniqueOrThrow({ where: { id: later } })).toMatchObject({ status: "PENDING", attempts: 0, leaseOwner: null });
  });

  it(
    "hands back a job that outlasts its stop timeout, at once and uncounted; another worker runs it once",
    { timeout: 60_000 },
    async () => {
      const worker = await workerProcess("hang-in-handler", 300);
      const { jobId } = await enqueue(db, { kind: "noop", payload: {} });
      await worker.waitForLine(`STARTED ${jobId}`);

      process.kill(worker.pid, "SIGTERM");
      expect(await worker.exitCode).toBe(0);
      // Released by the worker itself as it stopped, not left to its lease: no other worker runs yet,
      // and a lapsed lease writes nothing. (A 5 s bound on the stop failed at load 14.)
      const handedBack = await db.job.findUniqueOrThrow({ where: { id: jobId } });
      expect(handedBack).toMatchObject({ status: "PENDING", attempts: 0, leaseOwner: null, leaseExpiresAt: null });
      expect(handedBack.lastError).toBe("The worker stopped before the job finished; released for another worker");
      expect(handedBack.runAt.getTime()).toBeLessThanOrEqual(Date.now());

      // Long before the old lease (a minute) would have expired, another worker takes it.
      workers.push(
        startWorker({
          db,
          kinds: testKinds,
          handlers: { noop: effectRecorder("complete") },
          pollIntervalMs: 10,
          leaseMs: LEASE_MS,
          logger: recordingJobLogger().logger,
        }),
      );
      await waitFor(async () => (await db.job.findUniqueOrThrow({ where: { id: jobId } })).status === "DONE", {
        what: "the handed-back job done",
      });
      expect(await effectsOf(jobId)).toEqual([{ jobId, pid: process.pid }]);
      expect(await db.job.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ attempts: 1 });
    },
  );
});
