/**
 * Queues a job. Takes the app's client or a transaction, so a route records what it received and
 * the job that will act on it atomically: both are written, or neither. On PostgreSQL the job is
 * handed to the job engine in the same transaction (engine/wake.server.ts).
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { inTransaction, sqlFor, type DatabaseOrTransaction } from "~/stores/database/database.server";
import type { JobKinds, KindOf, PayloadInputOf } from "./kind-schemas";
import { wakeJobs } from "./engine/wake.server";
import { JOB_POLICY } from "./policy";
import { ALL_ORDINARY, tierOf, type JobTiers } from "./tiers";

export interface EnqueueRequest<S extends JobKinds, K extends KindOf<S>> {
  kind: K;
  payload: PayloadInputOf<S, K>;
  shop?: string;
  /**
   * Names the work ("poll-status:<shop>:<PackageId>"). While a job with this key is PENDING or
   * RUNNING, enqueueing it again queues nothing and returns that job. Once it is DONE or DEAD, the
   * same row is queued again with the new payload: the key stays unique and needs no cleanup.
   * Work that must happen once ever puts what makes it unique (a webhook's event id) in the key.
   */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

export interface Enqueued {
  jobId: string;
  /** False when the same work was already queued or running; jobId is then that job. */
  enqueued: boolean;
  /** The job's status as this enqueue found it: PENDING when queued; the live job's otherwise. */
  status: string;
}

const InsertedRows = z.array(z.object({ id: z.string() }));
const LiveJobs = z.array(z.object({ id: z.string(), status: z.string() }));

/**
 * One statement, race-free across processes: insert, or re-arm the finished job holding the key,
 * or (the key's job is live) do nothing and return no row. Shared with the intake's synchronous
 * path (app/flows/receive-webhooks/record-at-once.server.ts). Arguments: enqueueArgs.
 */
export const ENQUEUE_SQL = `
  INSERT INTO "Job" ("id", "shop", "kind", "payload", "dedupeKey", "status", "attempts", "maxAttempts", "runAt", "createdAt", "updatedAt", "tier")
  VALUES (?, ?, ?, ?, ?, 'PENDING', 0, ?, ?, ?, ?, ?)
  ON CONFLICT ("dedupeKey") DO UPDATE SET
    "shop" = excluded."shop", "kind" = excluded."kind", "payload" = excluded."payload", "tier" = excluded."tier",
    "status" = 'PENDING', "attempts" = 0, "maxAttempts" = excluded."maxAttempts", "runAt" = excluded."runAt",
    "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "lastError" = NULL, "lastErrorSay" = NULL, "finishedAt" = NULL,
    "createdAt" = excluded."createdAt", "updatedAt" = excluded."updatedAt"
  WHERE "Job"."status" IN ('DONE', 'DEAD')
  RETURNING "id"`;

/** The live job holding a dedupe key, and its status. Arguments: the key. */
export const LIVE_JOB_SQL = `SELECT "id", "status" FROM "Job" WHERE "dedupeKey" = ?`;

/**
 * ENQUEUE_SQL's arguments; the payload is checked against its kind's schema here. `tiers`: the
 * kinds that run before, and after, every due job of the other kinds (tiers.ts).
 */
export function enqueueArgs<S extends JobKinds, K extends KindOf<S>>(
  kinds: S,
  request: EnqueueRequest<S, K>,
  now: Date,
  tiers: JobTiers = ALL_ORDINARY,
): unknown[] {
  const schema = kinds[request.kind];
  if (schema === undefined) throw new Error(`No job kind is named "${request.kind}"`);
  const payload = JSON.stringify(schema.parse(request.payload));
  return [
    randomUUID(),
    request.shop ?? null,
    request.kind,
    payload,
    request.dedupeKey ?? null,
    request.maxAttempts ?? JOB_POLICY.maxAttempts,
    request.runAt ?? now,
    now,
    now,
    tierOf(tiers, request.kind),
  ];
}

export async function enqueue<S extends JobKinds, K extends KindOf<S>>(
  db: DatabaseOrTransaction,
  kinds: S,
  request: EnqueueRequest<S, K>,
  tiers: JobTiers = ALL_ORDINARY,
): Promise<Enqueued> {
  const args = enqueueArgs(kinds, request, new Date(), tiers);
  const dedupeKey = request.dedupeKey ?? null;
  // In a transaction even on its own: between the insert that found the key taken and the read
  // of the job holding it, that job must not finish unseen.
  return inTransaction(db, async (tx) => {
    const [row] = InsertedRows.parse(await tx.$queryRawUnsafe(sqlFor(tx, ENQUEUE_SQL), ...args));
    if (row) {
      await wakeJobs(tx, [row.id]);
      return { jobId: row.id, enqueued: true, status: "PENDING" };
    }
    if (dedupeKey === null) throw new Error("The job was not inserted, yet it has no dedupeKey to conflict on");
    const [live] = LiveJobs.parse(await tx.$queryRawUnsafe(sqlFor(tx, LIVE_JOB_SQL), dedupeKey));
    if (live === undefined) throw new Error(`The job holding ${dedupeKey} was neither inserted nor found`);
    return { jobId: live.id, enqueued: false, status: live.status };
  });
}

/**
 * Ends a PENDING job as DONE without running it: its producer did the work itself, and the job was
 * queued only to finish that work should the producer stop halfway. False when a worker has
 * claimed it meanwhile (it then runs, and must find the work done).
 */
export async function settlePendingJob(db: DatabaseOrTransaction, jobId: string, now: Date): Promise<boolean> {
  const { count } = await db.job.updateMany({
    where: { id: jobId, status: "PENDING" },
    data: { status: "DONE", finishedAt: now, updatedAt: now },
  });
  return count === 1;
}
