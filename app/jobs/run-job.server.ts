/**
 * Runs one claimed job to an outcome: its payload parsed, its handler called with the lease kept
 * alive by heartbeats, and the result written under the lease (lease.server.ts).
 */
import type { Job, Prisma } from "@prisma/client";
import { z } from "zod";
import type { Database } from "~/stores/database/database.server";
import { writingForShop } from "~/stores/database/write-scope.server";
import { backoffDelayMs, type BackoffPolicy } from "~/lib/backoff";
import { LeaseLost, PermanentFailure, RetryLater, type JobContext, type JobHandler, type JobHandlers } from "./handler";
import { isKindOf, type JobKinds, type KindOf, type PayloadOf } from "./kind-schemas";
import { extendLease, markDead, markDone, markDoneAlone, postpone, scheduleRetry, type JobErrorWritten, type Lease } from "./lease.server";
import { describeError, type Logger } from "~/lib/log.server";
import { jobErrors } from "~/lib/words/en/job-errors";
import { jobErrorSaid, jobErrorWithin, postponedSaid } from "~/lib/words/job-error-said";
import type { NestedSay, Said } from "~/lib/words/reason-said";

export interface RunDependencies<S extends JobKinds> {
  db: Database;
  kinds: S;
  handlers: JobHandlers<S>;
  leaseMs: number;
  heartbeatMs: number;
  backoff: BackoffPolicy;
  lastErrorMaxChars: number;
  now: () => Date;
  random: () => number;
  logger: Logger;
  /** Aborted when the worker's stop() has waited long enough. */
  stopping: AbortSignal;
  /**
   * When a failed job runs again, if not by `backoff`: the job engine's own schedule, which it
   * applies itself (engine/engine-worker.server.ts); the job's runAt shows it.
   */
  retryAt?: (now: Date) => Date;
  /** Tells the job engine, in the transaction that postponed it, that a job is PENDING again under a new runAt. */
  requeued?: (tx: Prisma.TransactionClient, jobId: string) => Promise<void>;
  /** Written with a job that gives up, in the transaction that marks it DEAD. */
  onDead?: DeadJobHook;
}

/**
 * What the app records when a job gives up (an alert for the merchant), atomically with DEAD:
 * `reason` is the lastError written, `say` the sentence it was made from when it was one.
 */
export type DeadJobHook = (
  tx: Prisma.TransactionClient,
  job: Pick<Job, "id" | "kind" | "shop">,
  reason: string,
  now: Date,
  say?: NestedSay,
) => Promise<void>;

/** What became of the job; "lease lost" means another worker holds it now and nothing was written. */
export type RunOutcome = "done" | "retry scheduled" | "postponed" | "dead" | "lease lost";

// Each kind's schema and handler, typed by the kind itself, so a payload parsed for one kind can
// only reach that kind's handler.
function handlerFor<S extends JobKinds, K extends KindOf<S>>(handlers: JobHandlers<S>, kind: K): JobHandler<PayloadOf<S, K>> | undefined {
  return handlers[kind];
}

type ParsedPayload<P> = { ok: true; payload: P } | { ok: false; reason: Said };

/**
 * The job's payload for its kind. One that names a shop (`shop`) other than the job's own is refused:
 * the job runs with its writes counted as its own shop's (write-scope.server.ts).
 */
function parsePayload<S extends JobKinds, K extends KindOf<S>>(
  kinds: S,
  kind: K,
  job: Pick<Job, "payload" | "shop">,
): ParsedPayload<PayloadOf<S, K>> {
  let json: unknown;
  try {
    json = JSON.parse(job.payload);
  } catch (error) {
    return { ok: false, reason: jobErrorSaid("payloadUnreadable", `The payload is not JSON (${describeError(error)})`) };
  }
  const named = typeof json === "object" && json !== null ? (json as { shop?: unknown }).shop : undefined;
  if (typeof named === "string" && named !== job.shop) {
    return { ok: false, reason: jobErrorSaid("payloadOfOtherShop", named, job.shop ?? "") };
  }
  const schema: S[K] = kinds[kind];
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      reason: jobErrorSaid("payloadUnreadable", `The payload does not match the ${kind} schema:\n${z.prettifyError(parsed.error)}`),
    };
  return { ok: true, payload: parsed.data };
}

/** Writes each outcome under the job's lease; a refused write means another worker holds it now. */
interface OutcomeRecorder {
  done(): Promise<RunOutcome>;
  dead(reason: string | Said): Promise<RunOutcome>;
  retry(runAt: Date, reason: string): Promise<RunOutcome>;
  postpone(until: Date, reason: string | Said): Promise<RunOutcome>;
}

/**
 * The error as lastError keeps it, at most `maxChars`: a sentence whole, with its key, or with the
 * failure's own text it quotes cut to fit; a text, or a sentence that cannot be fitted so, as its
 * text cut (a cut sentence is no longer the sentence).
 */
function fitted(reason: string | Said, maxChars: number): JobErrorWritten {
  if (typeof reason === "string") return reason.slice(0, maxChars);
  return jobErrorWithin(reason, maxChars) ?? reason.message.slice(0, maxChars);
}

function outcomeRecorder(lease: Lease, job: Job, deps: RunDependencies<JobKinds>, logger: Logger): OutcomeRecorder {
  const record = async (outcome: RunOutcome, update: Promise<boolean>): Promise<RunOutcome> => {
    if (await update) return outcome;
    logger.warn({ outcome }, "Lost the job's lease before recording the outcome; another worker will run it again");
    return "lease lost";
  };
  return {
    done: () => record("done", markDoneAlone(deps.db, lease, deps.now())),
    dead: (reason) => {
      const error = fitted(reason, deps.lastErrorMaxChars);
      const lastError = typeof error === "string" ? error : error.message;
      logger.error({ reason: lastError }, "Job is dead");
      const { onDead } = deps;
      if (onDead === undefined) return record("dead", markDead(deps.db, lease, error, deps.now()));
      return record(
        "dead",
        deps.db.$transaction(async (tx) => {
          const now = deps.now();
          const held = await markDead(tx, lease, error, now);
          if (held) await onDead(tx, job, lastError, now, typeof error === "string" ? undefined : error.say);
          return held;
        }),
      );
    },
    retry: (runAt, reason) => {
      logger.warn({ error: reason, retryAt: runAt.toISOString() }, "Job failed; it will be retried");
      return record("retry scheduled", scheduleRetry(deps.db, lease, runAt, reason, deps.now()));
    },
    postpone: (until, reason) => {
      const note = typeof reason === "string" ? jobErrors.postponed(until.toISOString(), reason) : postponedSaid(until, reason);
      logger.info({ until: until.toISOString(), reason: typeof reason === "string" ? reason : reason.message }, "Job postponed");
      const { requeued } = deps;
      if (requeued === undefined) return record("postponed", postpone(deps.db, lease, until, note, deps.now()));
      return record(
        "postponed",
        deps.db.$transaction(async (tx) => {
          const held = await postpone(tx, lease, until, note, deps.now());
          if (held) await requeued(tx, lease.jobId);
          return held;
        }),
      );
    },
  };
}

/** Runs the job with its writes counted as its shop's: they wait only for that shop's (write-scope.server.ts). */
export function runClaimedJob<S extends JobKinds>(job: Job, deps: RunDependencies<S>): Promise<RunOutcome> {
  return writingForShop(job.shop, () => runAsShop(job, deps));
}

async function runAsShop<S extends JobKinds>(job: Job, deps: RunDependencies<S>): Promise<RunOutcome> {
  const logger = deps.logger.child({ jobId: job.id, kind: job.kind, attempt: job.attempts, shop: job.shop });
  if (job.leaseOwner === null) throw new Error(`Job ${job.id} was not claimed: it has no lease owner`);
  const lease: Lease = { jobId: job.id, owner: job.leaseOwner };
  const outcomes = outcomeRecorder(lease, job, deps, logger);
  try {
    // The holder of the last attempt vanished. The claim wrote which worker into lastError: the log
    // keeps that for the operator; the merchant reads why in their language.
    if (job.attempts > job.maxAttempts) {
      logger.warn({ lastError: job.lastError }, "The worker of the job's last attempt vanished");
      return await outcomes.dead(jobErrorSaid("workerVanished", String(job.maxAttempts)));
    }
    if (!isKindOf(deps.kinds, job.kind)) return await outcomes.dead(jobErrorSaid("unknownKind", job.kind));
    return await runKind(job.kind, job, lease, outcomes, logger, deps);
  } catch (error) {
    // Only the database can fail here (the handler's errors are outcomes): the job stays RUNNING
    // until its lease expires, then it is claimed and run again.
    logger.warn({ error: describeError(error) }, "Could not record the job's outcome; it runs again when its lease expires");
    return "lease lost";
  }
}

async function runKind<S extends JobKinds, K extends KindOf<S>>(
  kind: K,
  job: Job,
  lease: Lease,
  outcomes: OutcomeRecorder,
  logger: Logger,
  deps: RunDependencies<S>,
): Promise<RunOutcome> {
  const handler = handlerFor(deps.handlers, kind);
  if (!handler) return outcomes.dead(jobErrorSaid("noHandler", kind));
  const parsed = parsePayload(deps.kinds, kind, job);
  if (!parsed.ok) return outcomes.dead(parsed.reason);

  const leaseLost = new AbortController();
  const heartbeat = startHeartbeat(lease, deps, logger, leaseLost);
  let completed = false;
  const ctx: JobContext = {
    db: deps.db,
    shop: job.shop,
    jobId: job.id,
    attempt: job.attempts,
    logger,
    signal: AbortSignal.any([leaseLost.signal, deps.stopping]),
    complete: async (effects) => {
      const result = await deps.db.$transaction(async (tx) => {
        // First, in the same transaction as the effects: if this worker no longer holds the job,
        // nothing of what follows is written.
        if (!(await markDone(tx, lease, deps.now()))) throw new LeaseLost(`Job ${job.id} is no longer held by ${lease.owner}`);
        return effects(tx);
      });
      completed = true;
      return result;
    },
  };

  try {
    await handler(parsed.payload, ctx);
    return completed ? "done" : await outcomes.done();
  } catch (error) {
    if (completed) {
      logger.warn({ error: describeError(error) }, "The handler failed after completing the job; the job stays done");
      return "done";
    }
    return await failed(error, job, outcomes, logger, deps);
  } finally {
    clearInterval(heartbeat);
  }
}

async function failed(
  error: unknown,
  job: Job,
  outcomes: OutcomeRecorder,
  logger: Logger,
  deps: RunDependencies<JobKinds>,
): Promise<RunOutcome> {
  const now = deps.now();
  const reason = describeError(error, deps.lastErrorMaxChars);
  if (error instanceof LeaseLost) {
    logger.warn({ error: reason }, "The job's lease was lost; another worker will run it again");
    return "lease lost";
  }
  if (error instanceof RetryLater) return outcomes.postpone(error.at > now ? error.at : now, error.said ?? error.message);
  // Cut short by a stopping worker: not the job's fault, so not an attempt.
  if (deps.stopping.aborted) return outcomes.postpone(now, "The worker stopped before the job finished");
  // A sentence is what the merchant reads, in their language: its English, without the error's name.
  if (error instanceof PermanentFailure) return outcomes.dead(error.said ?? reason);
  if (job.attempts >= job.maxAttempts) {
    // Said as a sentence, so the stopped jobs list and the alert say it in the merchant's language;
    // the failure's own text is cut to keep the whole within the column, not the sentence's end.
    return outcomes.dead(jobErrorSaid("gaveUp", String(job.attempts), reason));
  }
  return outcomes.retry(deps.retryAt?.(now) ?? new Date(now.getTime() + backoffDelayMs(job.attempts, deps.backoff, deps.random)), reason);
}
/** Extends the lease while the handler runs; a refused extension means the job is someone else's now. */
function startHeartbeat(lease: Lease, deps: RunDependencies<JobKinds>, logger: Logger, leaseLost: AbortController): NodeJS.Timeout {
  const timer = setInterval(() => {
    const now = deps.now();
    extendLease(deps.db, lease, new Date(now.getTime() + deps.leaseMs), now).then(
      (held) => {
        if (held || leaseLost.signal.aborted) return;
        clearInterval(timer);
        logger.warn("The job's lease was taken over; abandoning it");
        leaseLost.abort(new LeaseLost(`Job ${lease.jobId} is no longer held by ${lease.owner}`));
      },
      // A missed heartbeat is not yet a lost lease: the next one may get through.
      (error: unknown) => logger.warn({ error: describeError(error) }, "Could not extend the job's lease"),
    );
  }, deps.heartbeatMs);
  timer.unref();
  return timer;
}
