/** What the admin shows and does about jobs that gave up. */
import type { Job } from "@prisma/client";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { wakeJobs } from "./engine/wake.server";

export type DeadJob = Pick<Job, "id" | "kind" | "payload" | "attempts" | "lastError" | "lastErrorSay" | "createdAt" | "finishedAt">;

/** A shop's dead jobs, the latest first. */
export function listDeadJobs(db: DatabaseOrTransaction, shop: string, limit = 100): Promise<DeadJob[]> {
  return db.job.findMany({
    where: { shop, status: "DEAD" },
    orderBy: { finishedAt: "desc" },
    take: limit,
    select: { id: true, kind: true, payload: true, attempts: true, lastError: true, lastErrorSay: true, createdAt: true, finishedAt: true },
  });
}

/**
 * Queues a dead job again, now, with all its attempts. Scoped by shop so one shop's admin cannot
 * touch another's jobs. False when there is no such dead job (already retried, or not this shop's).
 * lastError (and the sentence it was said by, lastErrorSay) stays until the next attempt replaces
 * it, so the admin still shows why it had died.
 */
export async function retryJob(db: DatabaseOrTransaction, shop: string, jobId: string): Promise<boolean> {
  const now = new Date();
  const { count } = await db.job.updateMany({
    where: { id: jobId, shop, status: "DEAD" },
    data: { status: "PENDING", attempts: 0, runAt: now, finishedAt: null, updatedAt: now },
  });
  if (count === 1) await wakeJobs(db, [jobId]);
  return count === 1;
}

/**
 * Whether a shop has work of these kinds queued or running that is due within `withinMs`: a page
 * showing what that work changes keeps asking until it ran. Work scheduled later (a stock sync hours
 * away) does not count.
 */
export async function workDueSoon(
  db: DatabaseOrTransaction,
  shop: string,
  kinds: readonly string[],
  { now = new Date(), withinMs }: { now?: Date; withinMs: number },
): Promise<boolean> {
  const due = await db.job.findFirst({
    where: { shop, kind: { in: [...kinds] }, status: { in: ["PENDING", "RUNNING"] }, runAt: { lte: new Date(now.getTime() + withinMs) } },
    select: { id: true },
  });
  return due !== null;
}

/** The jobs that turn orders Shopify sent into shipments: until they ran, a new order is not on the Shipments page. */
export const PLANNING_JOB_KINDS = ["plan.requests", "plan.routed", "plan.backfill"] as const;
