/**
 * The worker on PostgreSQL: graphile-worker decides which job runs when and where. Its jobs are
 * wake-ups (wake.server.ts): each names a `Job` row, which this worker claims under a lease as the
 * embedded worker does (claimJobById) and runs with the same runner (run-job.server.ts), so
 * handlers, leases, outcomes and what the flows read are the same on both databases. What the
 * engine brings and what stays ours: docs/decisions/0028-jobs-on-postgresql-run-on-graphile-worker.md.
 */
import { Logger, run, type Runner, type Task, type TaskList } from "graphile-worker";
import { z } from "zod";
import { claimJobById } from "../claim.server";
import type { JobKinds } from "../kind-schemas";
import { postpone, type Lease } from "../lease.server";
import { describeError, type Logger as AppLogger } from "~/lib/log.server";
import { JOB_POLICY } from "../policy";
import { runClaimedJob, type RunDependencies } from "../run-job.server";
import { ABORT_SETTLE_MS, workerSettings, type Worker, type WorkerOptions } from "../worker.server";
import { ENGINE_SCHEMA } from "~/stores/database/job-engine-schema";
import { writingForShop } from "~/stores/database/write-scope.server";
import { createEnginePool } from "./engine-pool.server";
import { wakeJobs, wakeOrphanedJobs } from "./wake.server";

export interface EngineWorkerOptions<S extends JobKinds> extends Omit<WorkerOptions<S>, "now" | "random" | "backoff"> {
  /** The database's URL: the engine keeps a pool of its own beside Prisma's. */
  connectionString: string;
}

/** PostgreSQL's clock (the engine's) and ours may differ by a little: a wake-up that early still runs its job. */
const DUE_WITHIN_MS = 1_000;

/**
 * graphile-worker's retry schedule, which it applies itself to a failed run: e^min(attempts, 10)
 * seconds (3 s, 7 s, 20 s, 55 s ... up to 6 hours). The job's runAt shows the same time.
 */
export function engineRetryDelayMs(engineAttempts: number): number {
  return Math.round(Math.exp(Math.min(engineAttempts, 10)) * 1000);
}

/** A wake-up's payload (wake.server.ts): the job, and the shop whose write lock its run takes; one queued before wake-ups named the shop runs under the whole database's lock. */
const WakeUp = z.object({ jobId: z.string().min(1), shop: z.string().nullish() });

/** Thrown back to the engine so it records the failed attempt and runs the job again on its schedule. */
class FailedRun extends Error {}

/** Between the job engine stopping on an error and its start again. */
const RESTART_PAUSE_MS = 1_000;

function engineLogger(logger: AppLogger): Logger {
  // The engine's errors and warnings are the worker's; its info and debug lines are its own business.
  return new Logger(() => (level, message, meta) => {
    if (level === "error" || level === "warning") logger.warn(meta === undefined ? {} : { meta }, `Job engine: ${message}`);
  });
}

export async function startEngineWorker<S extends JobKinds>(options: EngineWorkerOptions<S>): Promise<Worker> {
  const { db, connectionString, kinds: jobKinds, handlers, onOutcome, onDead } = options;
  const { owner, concurrency, pollIntervalMs, leaseMs, stopTimeoutMs, logger } = workerSettings(options);
  const stopping = new AbortController();
  const heartbeatMs = Math.max(1, Math.floor(leaseMs / JOB_POLICY.heartbeatsPerLease));
  const deps: RunDependencies<S> = {
    db,
    kinds: jobKinds,
    handlers,
    leaseMs,
    heartbeatMs,
    backoff: JOB_POLICY.backoff,
    lastErrorMaxChars: JOB_POLICY.lastErrorMaxChars,
    now: () => new Date(),
    random: Math.random,
    logger,
    stopping: stopping.signal,
    requeued: (tx, jobId) => wakeJobs(tx, [jobId]),
    ...(onDead ? { onDead } : {}),
  };
  /** The leases of the jobs running now, to release them if the worker stops before they end. */
  const inHand = new Map<string, Lease>();
  let stopRequested = false;

  const task: Task = async (payload, helpers) => {
    const { jobId, shop } = WakeUp.parse(payload);
    // The run and its outcome are the shop's writes: they wait for that shop's alone (the claim
    // and the lease's own writes take no lock: decision 0065).
    return writingForShop(shop ?? null, () => claimAndRun(jobId, helpers));
  };

  async function claimAndRun(jobId: string, helpers: Parameters<Task>[1]): Promise<void> {
    const now = new Date();
    const job = await claimJobById(db, jobId, { owner, leaseMs, now, dueWithinMs: DUE_WITHIN_MS });
    if (job === null) {
      // Moved to a later time since it was woken: woken again for then. Done, dead or held by a
      // live worker: nothing to do (the orphan sweep looks after a holder that vanishes).
      await wakeJobs(db, [jobId]);
      return;
    }
    if (stopRequested) {
      await releaseToEngine({ jobId, owner: job.leaseOwner ?? "" }, "The worker was stopping when it claimed the job");
      return;
    }
    const started = Date.now();
    const lease: Lease = { jobId, owner: job.leaseOwner ?? "" };
    inHand.set(jobId, lease);
    try {
      const outcome = await runClaimedJob(job, {
        ...deps,
        retryAt: (at) => new Date(at.getTime() + engineRetryDelayMs(helpers.job.attempts)),
      });
      onOutcome?.(jobId, outcome, { kind: job.kind, shop: job.shop, durationMs: Date.now() - started });
      if (outcome === "retry scheduled") throw new FailedRun(`Job ${jobId} (${job.kind}) failed; the engine runs it again`);
    } finally {
      inHand.delete(jobId);
    }
  }
  const pool = createEnginePool(connectionString, { max: concurrency + 2, logger });

  const kinds = Object.keys(jobKinds).filter((kind) => Object.hasOwn(handlers, kind));
  const taskList: TaskList = Object.fromEntries(kinds.map((kind) => [kind, task]));

  /** Back to PENDING now, the attempt not counted, and to the engine, in one transaction. */
  async function releaseToEngine(lease: Lease, reason: string): Promise<boolean> {
    const now = new Date();
    return db.$transaction(async (tx) => {
      const held = await postpone(tx, lease, now, reason, now);
      if (held) await wakeJobs(tx, [lease.jobId]);
      return held;
    });
  }

  const startRunner = (): Promise<Runner> =>
    run({
      pgPool: pool,
      schema: ENGINE_SCHEMA,
      concurrency,
      // Jobs queued now arrive by LISTEN/NOTIFY; the poll finds those whose time has come.
      pollInterval: pollIntervalMs,
      noHandleSignals: true,
      taskList,
      logger: engineLogger(logger),
      // Completions and failures recorded in batches (gathered for no longer than a tick): unbatched,
      // graphile-worker 0.18 does not await them, so one that fails for good (a failover cutting its
      // connection) was an unhandled rejection that killed the process. Batched, such a failure
      // stops the pool, which restartOnFailure starts again.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
  let runner = await startRunner().catch(async (error: unknown) => {
    await pool.end().catch(() => undefined);
    throw error;
  });
  /**
   * graphile-worker stops its whole pool when a query of its own fails for good (its connections
   * cut by a failover, say) and rejects the runner's promise: left alone, that stops the worker,
   * or kills the process as an unhandled rejection. It is started again after a pause; the jobs the
   * stopped pool held are woken again by the sweep once their leases run out.
   */
  const restartOnFailure = (current: Runner) => {
    // Whether it ends on an error or by itself ("no remaining workers"), an end nobody asked for
    // is started again: a worker whose engine quietly ended would run nothing until restarted.
    const ended = (error: unknown) => {
      if (stopRequested) return;
      logger.warn(
        { error: error === undefined ? "none" : describeError(error) },
        error === undefined ? "The job engine ended by itself; starting it again" : "The job engine stopped on an error; starting it again",
      );
      const again = async (): Promise<void> => {
        if (stopRequested) return;
        try {
          runner = await startRunner();
          restartOnFailure(runner);
        } catch (failure) {
          logger.warn({ error: describeError(failure) }, "Could not start the job engine again; trying again shortly");
          setTimeout(() => void again(), RESTART_PAUSE_MS).unref();
        }
      };
      setTimeout(() => void again(), RESTART_PAUSE_MS).unref();
    };
    current.promise.then(() => ended(undefined), ended);
  };
  restartOnFailure(runner);

  // Our lease tells within a minute that a worker vanished, where the engine waits four hours: the
  // orphan sweep hands such jobs to the engine again (WAKE_ORPHANS_SQL).
  const sweep = async () => {
    try {
      const woken = await wakeOrphanedJobs(db, new Date(), leaseMs);
      if (woken > 0) logger.warn({ jobs: woken }, "Handed jobs whose worker vanished back to the job engine");
    } catch (error) {
      logger.warn({ error: describeError(error) }, "Could not look for jobs whose worker vanished; trying again shortly");
    }
  };
  void sweep();
  const sweeping = setInterval(() => void sweep(), heartbeatMs);
  sweeping.unref();

  /**
   * Closes the engine's connections once it has let go of them, giving it a moment if it has not
   * (a forceful shutdown may still be failing its runs); the pool's error listener stays either way.
   */
  const closePool = async () => {
    const closed = pool
      .end()
      .catch((error: unknown) => logger.warn({ error: describeError(error) }, "Could not close the job engine's connections"));
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, ABORT_SETTLE_MS).unref())]);
  };

  let stopped: Promise<void> | undefined;
  return {
    get stopping() {
      return stopRequested;
    },
    stop() {
      stopped ??= (async () => {
        stopRequested = true;
        clearInterval(sweeping);
        const graceful = runner.stop();
        let timer: NodeJS.Timeout | undefined;
        const timedOut = await Promise.race([
          graceful.then(
            () => false,
            () => false,
          ),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), stopTimeoutMs))),
        ]);
        clearTimeout(timer);
        if (!timedOut) return closePool();
        logger.warn({ running: inHand.size }, "Stopped before every job finished; they go back to the queue for another worker");
        stopping.abort(new Error("The worker is stopping"));
        await new Promise((resolve) => setTimeout(resolve, ABORT_SETTLE_MS));
        const leases = [...inHand.values()];
        const released = await Promise.all(
          leases.map((lease) =>
            releaseToEngine(lease, "The worker stopped before the job finished; released for another worker").catch((error: unknown) => {
              logger.warn(
                { jobId: lease.jobId, error: describeError(error) },
                "Could not release a job at stop; its lease will expire and another worker will run it",
              );
              return false;
            }),
          ),
        );
        logger.warn(
          {
            released: released.filter(Boolean).length,
            running: leases.length,
          },
          "Released the jobs whose handlers did not stop: whatever they still try to write is refused",
        );
        // The engine waits for those handlers however long they take; their jobs are handed back
        // (each has a new wake-up, and the engine's records of these runs are retired), so the
        // stop does not wait for it: its forceful shutdown gets a moment, then the caller goes on.
        const forceful = runner.kill("the worker stopped; its unfinished jobs were handed back").catch(() => undefined);
        await Promise.race([forceful, new Promise((resolve) => setTimeout(resolve, ABORT_SETTLE_MS).unref())]);
        await closePool();
      })();
      return stopped;
    },
  };
}
