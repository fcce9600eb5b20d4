/**
 * For work that reads a shop's whole current state when it runs (the fulfillment requests assigned
 * to the app): two runs at once would read and answer the same things twice. A job asks whether
 * another job of its kind for its shop is already running ahead of it, and if so waits its turn
 * (RetryLater: not an attempt), staying PENDING so it still absorbs new triggers. Why one statement:
 * docs/decisions/0025-one-fetch-run-taken-in-one-statement.md.
 */
import type { Database } from "~/stores/database/database.server";

/** The runAt of a job that holds its kind's and shop's turn: earlier than any job's due time. */
export const TURN_HELD = new Date(0);

/**
 * Whether another live running job of this one's kind and shop is ahead of it. The question and the
 * answer are one statement: a job that may go takes the turn by setting its runAt to TURN_HELD in
 * the same UPDATE that checks that no such job is ahead of it. One write runs at a time, so of any
 * number of jobs asking at once exactly one takes the turn, and every job asking later finds the
 * holder ahead of it, whatever its own runAt. runAt means nothing to a running job (postpone, retry
 * and a new enqueue set it afresh), so the held turn needs no column of its own. A job whose worker
 * vanished keeps the turn only until its lease expires.
 */
export async function isRunningBehindAnother(db: Database, jobId: string, now: Date): Promise<boolean> {
  const took = await db.$executeRaw`
    UPDATE "Job" SET "runAt" = ${TURN_HELD}
    WHERE "id" = ${jobId} AND "status" = 'RUNNING' AND NOT EXISTS (
      SELECT 1 FROM "Job" AS "ahead"
      WHERE "ahead"."kind" = "Job"."kind"
        AND "ahead"."shop" = "Job"."shop"
        AND "ahead"."status" = 'RUNNING'
        AND "ahead"."leaseExpiresAt" > ${now}
        AND "ahead"."id" <> "Job"."id"
        AND ("ahead"."runAt" < "Job"."runAt" OR ("ahead"."runAt" = "Job"."runAt" AND "ahead"."id" < "Job"."id"))
    )`;
  if (took === 1) return false;
  // Not taken: another is ahead, or this job is not running (then there is nothing to wait for).
  const self = await db.job.findUnique({ where: { id: jobId }, select: { status: true } });
  return self?.status === "RUNNING";
}
