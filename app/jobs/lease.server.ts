/**
 * Everything a worker writes about a job it claimed is fenced by the lease: the update applies only
 * while the job is still RUNNING under this worker's lease token, and reports whether it did. A
 * worker whose lease expired and was taken over can therefore never overwrite the new holder's work.
 */
import type { Prisma } from "@prisma/client";
import { writeRowAlone, type Database, type DatabaseOrTransaction } from "~/stores/database/database.server";
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

/** whereHeld in SQL: its arguments, the job's id and the lease's owner, come last. */
const HELD = `WHERE "id" = ? AND "status" = 'RUNNING' AND "leaseOwner" = ? RETURNING "id"`;

/**
 * A lease's write of its own, not part of a transaction: written alone (writeRowAlone), as the claim
 * is. The WHERE is the lease, so a write that waited for another on the row finds whether the
 * lease is still this one (decision 0065).
 */
async function updateHeldAlone(db: Database, lease: Lease, set: string, args: unknown[]): Promise<boolean> {
  return (await writeRowAlone(db, `UPDATE "Job" SET ${set} ${HELD}`, [...args, lease.jobId, lease.owner])) !== undefined;
}

/** The heartbeat's write: the lease runs until `until`. */
export function extendLease(db: Database, lease: Lease, until: Date, now: Date): Promise<boolean> {
  return updateHeldAlone(db, lease, `"leaseExpiresAt" = ?, "updatedAt" = ?`, [until, now]);
}

/** Inside the transaction that writes the job's effects (JobContext.complete). */
export function markDone(db: DatabaseOrTransaction, lease: Lease, now: Date): Promise<boolean> {
  return updateHeld(db, lease, { ...released, status: "DONE", finishedAt: now, updatedAt: now });
}

/** A job whose handler wrote its own effects: done, the lease let go, as markDone writes it. */
export function markDoneAlone(db: Database, lease: Lease, now: Date): Promise<boolean> {
  return updateHeldAlone(db, lease, `"status" = 'DONE', "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "finishedAt" = ?, "updatedAt" = ?`, [
    now,
    now,
  ]);
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
