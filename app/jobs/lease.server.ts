/**
 * Everything a worker writes about a job it claimed is fenced by the lease: the update applies only
 * while the job is still RUNNING under this worker's lease token, and reports whether it did. A
 * worker whose lease expired and was taken over can therefore never overwrite the new holder's work.
 */
import type { Prisma } from "@prisma/client";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import type { NestedSaid } from "~/lib/words/reason-said";

export interface Lease {
  jobId: string;
  /** The job's leaseOwner as claimed: the worker's name and this claim's token. */
  owner: string;
}

function whereHeld(lease: Lease): Prisma.JobWhereInput {
  return { id: lease.jobId, status: "RUNNING", leaseOwner: lease.owner };
}

const released: Prisma.JobUpdateManyMutationInput = { leaseOwner: null, leaseExpiresAt: null };

/**
 * What a job's lastError is written from: a text, or a sentence of the catalogue whose key is kept
 * in lastErrorSay (decision 0045). A text clears lastErrorSay, so the sentence of an earlier error
 * is never read beside a later one.
 */
export type JobErrorWritten = string | NestedSaid;

function errorColumns(error: JobErrorWritten): Pick<Prisma.JobUpdateManyMutationInput, "lastError" | "lastErrorSay"> {
  return typeof error === "string"
    ? { lastError: error, lastErrorSay: null }
    : { lastError: error.message, lastErrorSay: JSON.stringify(error.say) };
}

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

export function markDead(db: DatabaseOrTransaction, lease: Lease, error: JobErrorWritten, now: Date): Promise<boolean> {
  return updateHeld(db, lease, { ...released, status: "DEAD", ...errorColumns(error), finishedAt: now, updatedAt: now });
}

/** After a failure: back to PENDING at `runAt`, the attempt counted. */
export function scheduleRetry(db: DatabaseOrTransaction, lease: Lease, runAt: Date, error: JobErrorWritten, now: Date): Promise<boolean> {
  return updateHeld(db, lease, { ...released, status: "PENDING", runAt, ...errorColumns(error), updatedAt: now });
}

/** RetryLater: back to PENDING at `runAt`, the claim not counted as an attempt. */
export function postpone(db: DatabaseOrTransaction, lease: Lease, runAt: Date, reason: JobErrorWritten, now: Date): Promise<boolean> {
  return updateHeld(db, lease, {
    ...released,
    status: "PENDING",
    runAt,
    ...errorColumns(reason),
    attempts: { decrement: 1 },
    updatedAt: now,
  });
}
