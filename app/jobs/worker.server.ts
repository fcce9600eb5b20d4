/**
 * The embedded worker: claims due jobs of the kinds it has handlers for and runs up to
 * `concurrency` of them at once. Any number of workers, in this process or others on the same
 * SQLite file, can run side by side: claims and outcomes are atomic and fenced by leases.
 */
import { hostname } from "node:os";
import type { Job } from "@prisma/client";
import type { Database } from "~/stores/database/database.server";
import { claimDueJobs } from "./claim.server";
import { postpone, type Lease } from "./lease.server";
import type { JobHandlers } from "./handler";
import type { JobKinds } from "./kind-schemas";
import { describeError, log, type Logger } from "~/lib/log.server";
import type { BackoffPolicy } from "~/lib/backoff";
import { JOB_POLICY } from "./policy";
import { runClaimedJob, type DeadJobHook, type RunOutcome } from "./run-job.server";

export interface WorkerOptions<S extends JobKinds> {
  db: Database;
  /** The queue's kinds (each payload's schema). */
  kinds: S;
  /** The kinds this worker runs; it claims no other. */
  handlers: JobHandlers<S>;
  /** Names the worker in leases and logs; the host and process id by default. */
  owner?: string;
  concurrency?: number;
  pollIntervalMs?: number;
  leaseMs?: number;
  stopTimeoutMs?: number;
  backoff?: BackoffPolicy;
  /** The clock for runAt, leases and backoff; tests move it instead of waiting. */
  now?: () => Date;
  /** The jitter's source, [0, 1). */
  random?: () => number;
  logger?: Logger;
  /** Told of each job's outcome, after it is written (tests and the benchmark count them, the metrics time them). */
  onOutcome?: (jobId: string, outcome: RunOutcome, run: { kind: string; shop: string | null; durationMs: number }) => void;
  /** Written with a job that gives up, in the transaction that marks it DEAD (the app's alerts: decision 0044). */
  onDead?: DeadJobHook;
}

export interface Worker {
  /**
   * Claims nothing more and waits for running jobs, up to stopTimeoutMs; then aborts their signals,
   * and releases what is still running back to PENDING (the attempt not counted), so another worker
   * takes it at once instead of after its lease expires. A handler still running after that can
   * write nothing: its lease is gone.
   */
  stop(): Promise<void>;
  /** True once stop() was called: the worker claims nothing more. */
  readonly stopping: boolean;
}

/** How long aborted handlers get to wind down (and record their own outcome) before their jobs are released. */
export const ABORT_SETTLE_MS = 1_000;

/** The settings both workers share (this one and the job engine's), with the policy's defaults. */
export function workerSettings(
  options: Pick<WorkerOptions<JobKinds>, "owner" | "concurrency" | "pollIntervalMs" | "leaseMs" | "stopTimeoutMs" | "logger">,
) {
  return {
    owner: options.owner ?? `${hostname()}:${process.pid}`,
    concurrency: options.concurrency ?? JOB_POLICY.concurrency,
    pollIntervalMs: options.pollIntervalMs ?? JOB_POLICY.pollIntervalMs,
    leaseMs: options.leaseMs ?? JOB_POLICY.leaseMs,
    stopTimeoutMs: options.stopTimeoutMs ?? JOB_POLICY.stopTimeoutMs,
    logger: options.logger ?? log,
  };
}

export function startWorker<S extends JobKinds>(options: WorkerOptions<S>): Worker {
  const {
    db,
    kinds: jobKinds,
    handlers,
    backoff = JOB_POLICY.backoff,
    now = () => new Date(),
    random = Math.random,
    onOutcome,
    onDead,
  } = options;
  const { owner, concurrency, pollIntervalMs, leaseMs, stopTimeoutMs, logger } = workerSettings(options);
  const kinds = Object.keys(jobKinds).filter((kind) => Object.hasOwn(handlers, kind));
  const stopping = new AbortController();
  const deps = {
    db,
    kinds: jobKinds,
    handlers,
    leaseMs,
    heartbeatMs: Math.max(1, Math.floor(leaseMs / JOB_POLICY.heartbeatsPerLease)),
    backoff,
    lastErrorMaxChars: JOB_POLICY.lastErrorMaxChars,
    now,
    random,
    logger,
    stopping: stopping.signal,
    ...(onDead ? { onDead } : {}),
  };

  const running = new Set<Promise<void>>();
  /** The leases of the jobs running now, to release them if the worker stops before they end. */
  const inHand = new Map<string, Lease>();
  let stopRequested = false;
  // True when the last claim filled every free slot: more jobs are probably due, so a finishing
  // job wakes the loop at once instead of after the poll interval.
  let backlog = false;
  let wake: (() => void) | undefined;

  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const run = (job: Job) => {
    const started = Date.now();
    if (job.leaseOwner !== null) inHand.set(job.id, { jobId: job.id, owner: job.leaseOwner });
    const settled = runClaimedJob(job, deps)
      .then((outcome) => onOutcome?.(job.id, outcome, { kind: job.kind, shop: job.shop, durationMs: Date.now() - started }))
      .catch((error: unknown) => logger.error({ jobId: job.id, error: describeError(error) }, "Job run failed unexpectedly"))
      .finally(() => {
        inHand.delete(job.id);
        running.delete(settled);
        if (backlog) wake?.();
      });
    running.add(settled);
  };

  const loop = (async () => {
    while (!stopRequested) {
      const free = concurrency - running.size;
      if (free > 0) {
        try {
          const jobs = await claimDueJobs(db, { kinds, limit: free, owner, leaseMs, now: now() });
          backlog = jobs.length === free;
          // Told to stop while this claim was on its way: hand its jobs straight back, uncounted.
          if (stopRequested)
            await Promise.all(
              jobs.map((job) =>
                job.leaseOwner === null
                  ? false
                  : postpone(db, { jobId: job.id, owner: job.leaseOwner }, now(), "The worker was stopping when it claimed the job", now()),
              ),
            );
          else for (const job of jobs) run(job);
        } catch (error) {
          backlog = false;
          logger.warn({ error: describeError(error) }, "Could not claim jobs; trying again shortly");
        }
      }
      if (stopRequested) break;
      if (!backlog || running.size >= concurrency) await nap(pollIntervalMs);
    }
  })();

  const waitForRunning = async (ms: number): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      Promise.allSettled(running).then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), ms))),
    ]);
    clearTimeout(timer);
    return timedOut;
  };

  let stopped: Promise<void> | undefined;
  return {
    get stopping() {
      return stopRequested;
    },
    stop() {
      stopped ??= (async () => {
        stopRequested = true;
        wake?.();
        await loop;
        if (!(await waitForRunning(stopTimeoutMs))) return;
        logger.warn({ running: running.size }, "Stopped before every job finished; they go back to the queue for another worker");
        stopping.abort(new Error("The worker is stopping"));
        // A handler that heeds its signal hands its job back itself ("postponed"); give it a moment.
        if (!(await waitForRunning(ABORT_SETTLE_MS))) return;
        const leases = [...inHand.values()];
        const released = await Promise.all(
          leases.map((lease) =>
            postpone(db, lease, now(), "The worker stopped before the job finished; released for another worker", now()).catch(
              (error: unknown) => {
                logger.warn(
                  { jobId: lease.jobId, error: describeError(error) },
                  "Could not release a job at stop; its lease will expire and another worker will run it",
                );
                return false;
              },
            ),
          ),
        );
        logger.warn(
          {
            released: released.filter(Boolean).length,
            running: leases.length,
          },
          "Released the jobs whose handlers did not stop: whatever they still try to write is refused",
        );
      })();
      return stopped;
    },
  };
}
