/**
 * Everything a worker writes about a job it claimed is fenced by the lease: the update applies only
 * while the job is still RUNNING under this worker's lease token, and reports whether it did. A
 * worker whose lease expired and was taken over can therefore never overwrite the new holder's work.
 */
import type { Prisma } from "@prisma/client";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";

export interface Lease {
  jobId: string;
  /** The job's leaseOwner as claimed: the worker's name and this claim's token. */
  owner: string;
}

function whereHeld(lease: Lease): Prisma.JobWhereInput {
  return { id: lease.jobId, status: "RUNNING", leaseOwner: lease.owner };
}

const released: Prisma.JobUpdateManyMutationInput = { leaseOwner: null, leaseExpiresAt: null };

async function updateHeld(db: DatabaseOrTransaction, lease: Lease, data: Prisma.JobUpdateManyMutationInput): Promise<boolean> {
  const { count } = await db.job.updateMany({ where: whereHeld(lease), data });
  return count === 1;
}

export function extendLease(db: DatabaseOrTransaction, lease: Lease, until: Date, now: Date): Promise<boolean> {
  return updateHeld(db, lease, { leaseExpiresAt: until, updatedAt: now });
}

export function markDone(db: DatabaseOrTransaction, lease: Lease, now: Date): Promise<boolean> {
  return updateHeld(db, lease, { ...released, status: "DONE", finishedAt: now, updatedAt: now });
}

export function markDead(db: DatabaseOrTransaction, lease: Lease, lastError: string, now: Date): Promise<boolean> {
  return updateHeld(db, lease, { ...released, status: "DEAD", lastError, finishedAt: now, updatedAt: now });
}

/** After a failure: back to PENDING at `runAt`, the attempt counted. */
export function scheduleRetry(db: DatabaseOrTransaction, lease: Lease, runAt: Date, lastError: string, now: Date): Promise<boolean> {
  return updateHeld(db, lease, { ...released, status: "PENDING", runAt, lastError, updatedAt: now });
}

/** RetryLater: back to PENDING at `runAt`, the claim not counted as an attempt. */
export function postpone(db: DatabaseOrTransaction, lease: Lease, runAt: Date, reason: string, now: Date): Promise<boolean> {
  return updateHeld(db, lease, { ...released, status: "PENDING", runAt, lastError: reason, attempts: { decrement: 1 }, updatedAt: now });
}
