/**
 * The queue's housekeeping: finished jobs deleted after their retention, and jobs of a kind nobody
 * knows given up with the reason instead of waiting forever (no worker claims a kind it has no
 * handler for). Generic: the caller says which kinds exist and how old is old.
 */
import { jobErrorSaid } from "~/lib/words/job-error-said";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";

export interface PurgeRequest {
  /** DONE jobs that finished before this go. */
  finishedBefore: Date;
  /** Rows per statement: each delete holds the write lock for its batch alone. */
  batchSize: number;
  /** Checked between batches: a stopping worker leaves the rest to the next run. */
  signal?: AbortSignal;
}

/**
 * Deletes DONE jobs finished before the cutoff, in batches; the number deleted. DEAD jobs stay:
 * each waits for a person (the admin lists them with Retry). A DONE job that still holds a dedupe
 * key is deleted too: its key was only kept so the same work is not queued twice while it runs or
 * within Shopify's redelivery window, which the retention (days) far exceeds.
 */
export async function purgeFinishedJobs(db: DatabaseOrTransaction, { finishedBefore, batchSize, signal }: PurgeRequest): Promise<number> {
  let purged = 0;
  for (;;) {
    if (signal?.aborted) return purged;
    const batch = await db.job.findMany({
      where: { status: "DONE", finishedAt: { lt: finishedBefore } },
      select: { id: true },
      take: batchSize,
    });
    if (batch.length === 0) return purged;
    const { count } = await db.job.deleteMany({ where: { id: { in: batch.map((job) => job.id) }, status: "DONE" } });
    purged += count;
    if (batch.length < batchSize) return purged;
  }
}

export interface UnknownKindsRequest {
  /** Every kind the queue knows (not only those this worker runs). */
  knownKinds: readonly string[];
  /**
   * Only jobs due since before this are given up: during a rolling deploy a newer app may queue a
   * kind the older workers do not know yet, and the newer workers take it within minutes.
   */
  dueBefore: Date;
  now: Date;
}

/** Marks PENDING jobs of kinds the queue does not know DEAD with the reason; the number marked. */
export async function buryUnknownKinds(db: DatabaseOrTransaction, { knownKinds, dueBefore, now }: UnknownKindsRequest): Promise<number> {
  const unknown = await db.job.groupBy({
    by: ["kind"],
    where: { status: "PENDING", runAt: { lt: dueBefore }, kind: { notIn: [...knownKinds] } },
  });
  let buried = 0;
  for (const { kind } of unknown) {
    // Said as a sentence: the stopped jobs list says it in the merchant's language.
    const stopped = jobErrorSaid("unknownKind", kind);
    const { count } = await db.job.updateMany({
      where: { status: "PENDING", kind, runAt: { lt: dueBefore } },
      data: {
        status: "DEAD",
        lastError: stopped.message,
        lastErrorSay: JSON.stringify(stopped.say),
        finishedAt: now,
        updatedAt: now,
      },
    });
    buried += count;
  }
  return buried;
}
