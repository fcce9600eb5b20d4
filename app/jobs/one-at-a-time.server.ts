/**
 * For work that reads a shop's whole current state when it runs (the fulfillment requests assigned
 * to the app): two runs at once would read and answer the same things twice. A job asks whether
 * another job of its kind for its shop is already running ahead of it, and if so waits its turn
 * (RetryLater: not an attempt), staying PENDING so it still absorbs new triggers.
 *
 * "Ahead" is ordered by when each became due, then by id, so of two jobs claimed together exactly
 * one goes first. A run that started before an older one was claimed is not stopped; the work is
 * idempotent, this only keeps it from being done twice in the common case.
 */
import type { Database } from "~/stores/database/database.server";

export async function isRunningBehindAnother(db: Database, jobId: string, now: Date): Promise<boolean> {
  const self = await db.job.findUnique({ where: { id: jobId }, select: { kind: true, shop: true, runAt: true } });
  if (!self) return false;
  const ahead = await db.job.findFirst({
    where: {
      kind: self.kind,
      shop: self.shop,
      status: "RUNNING",
      leaseExpiresAt: { gt: now },
      id: { not: jobId },
      OR: [{ runAt: { lt: self.runAt } }, { runAt: self.runAt, id: { lt: jobId } }],
    },
    select: { id: true },
  });
  return ahead !== null;
}
