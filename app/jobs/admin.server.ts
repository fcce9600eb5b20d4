/** What the admin shows and does about jobs that gave up. */
import type { Job } from "@prisma/client";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { wakeJobs } from "./engine/wake.server";

export type DeadJob = Pick<Job, "id" | "kind" | "payload" | "attempts" | "lastError" | "createdAt" | "finishedAt">;

/** A shop's dead jobs, the latest first. */
export function listDeadJobs(db: DatabaseOrTransaction, shop: string, limit = 100): Promise<DeadJob[]> {
  return db.job.findMany({
    where: { shop, status: "DEAD" },
    orderBy: { finishedAt: "desc" },
    take: limit,
    select: { id: true, kind: true, payload: true, attempts: true, lastError: true, createdAt: true, finishedAt: true },
  });
}

/**
 * Queues a dead job again, now, with all its attempts. Scoped by shop so one shop's admin cannot
 * touch another's jobs. False when there is no such dead job (already retried, or not this shop's).
 * lastError stays until the next attempt replaces it, so the admin still shows why it had died.
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
