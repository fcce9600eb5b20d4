/**
 * For work that reads a shop's whole current state when it runs (the fulfillment requests assigned
 * to the app): two runs at once would read and answer the same things twice. A job asks whether
 * another job of its kind for its shop is already running ahead of it, and if so waits its turn
 * (RetryLater: not an attempt), staying PENDING so it still absorbs new triggers.
 *
 * The question and the answer are one statement: a job that may go takes the turn by setting its
 * runAt to TURN_HELD (the epoch) in the same UPDATE that checks that no live running job of its
 * kind and shop is ahead of it. SQLite runs one write at a time across processes, so of any number
 * of jobs asking at once exactly one takes the turn, and every job asking later finds the holder
 * ahead of it, whatever its own runAt. (Ordering by runAt alone let a job whose runAt was earlier
 * than a running one's start beside it: the intake takes `now` before it waits for the write lock,
 * so under load a fetch job is written with a runAt seconds in the past, behind a running job's
 * runAt though it came after it. That is how two fetch runs of one shop once overlapped and
 * answered 150 fulfillment requests twice; decision 0025.)
 *
 * runAt means nothing to a running job (postpone, retry and a new enqueue set it afresh), so the
 * held turn needs no column of its own. A job whose worker vanished keeps the turn only until its
 * lease expires.
 */
import type { Database } from "~/stores/database/database.server";

/** The runAt of a job that holds its kind's and shop's turn: earlier than any job's due time. */
export const TURN_HELD = new Date(0);

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
