/**
 * The intake's hot path: an order or fulfillment-order event recorded, and its job queued (or, for
 * the fulfillment-service callback, its job alone woken), in ONE short write transaction
 * (writeAtOnce): synchronous on SQLite, so the write lock is held for the statements alone; on
 * PostgreSQL a READ COMMITTED transaction on node-postgres, without the write lock (decision 0056).
 * Each function is a write program (a generator yielding the models' own SQL, each statement given
 * back its first row), so the two paths cannot drift apart. On PostgreSQL the intake's hot path
 * runs instead as one statement: a function of the database that repeats the program's statements
 * (recordAndQueueInOneStatement, below; decision 0064), held to the same texts by a test.
 * Why: docs/decisions/0011-intake-written-at-once-events-in-batches.md and 0027.
 */
import { z } from "zod";
import { ENQUEUE_SQL, LIVE_JOB_SQL, type Enqueued } from "~/jobs/enqueue.server";
import { appJobs, type AppEnqueueRequest } from "~/flows/queue/jobs.server";
import { storedDate, writeInOneStatement, type Database, type SqlRow, type WriteProgram } from "~/stores/database/database.server";
import { SHOP_UNINSTALLED_AT_SQL } from "~/stores/shops/shop.server";
import { receiptArgs, RECEIPT_SQL, type WebhookDelivery } from "~/stores/receipts/webhook-receipt.server";
import { coalescedKeys } from "~/jobs/coalesce.server";
import { wakeStep } from "~/jobs/engine/wake.server";
import type { JobToQueue } from "./work.server";

/** What happened to the delivery: the receipt's id, and the job's when one was queued (or found live). */
export type RecordedAtOnce =
  { receiptId: string; duplicate: false; job: Enqueued | null } | { receiptId: string; duplicate: true } | { uninstalledAt: Date };

const Id = z.object({ id: z.string() });
const LiveJob = z.object({ id: z.string(), status: z.string() });
const UninstalledAt = z.object({ uninstalledAt: z.unknown() });

function insertedId(row: SqlRow): string | null {
  return row === undefined ? null : Id.parse(row).id;
}

/** The receipt of the same event recorded before (the caller found the insert skipped). */
function* earlier(receipt: WebhookDelivery): WriteProgram<{ receiptId: string; duplicate: true }> {
  const row = yield { sql: RECEIPT_SQL.earlier, args: [receipt.shop, receipt.topic, receipt.eventId] };
  if (row === undefined) throw new Error(`The receipt of ${receipt.topic} event ${receipt.eventId} was neither inserted nor found`);
  return { receiptId: Id.parse(row).id, duplicate: true };
}

function* enqueueNow(request: AppEnqueueRequest, now: Date): WriteProgram<Enqueued> {
  const inserted = insertedId(yield { sql: ENQUEUE_SQL, args: appJobs.enqueueArgs(request, now) });
  if (inserted !== null) {
    // On PostgreSQL, handed to the job engine in this same transaction (wake.server.ts).
    yield wakeStep(inserted);
    return { jobId: inserted, enqueued: true, status: "PENDING" };
  }
  if (request.dedupeKey === undefined) throw new Error("The job was not inserted, yet it has no dedupeKey to conflict on");
  const live = LiveJob.parse(yield { sql: LIVE_JOB_SQL, args: [request.dedupeKey] });
  return { jobId: live.id, enqueued: false, status: live.status };
}

/** As enqueueCoalesced (coalesce.server.ts), over the same keys. */
function* queueJob(job: NonNullable<JobToQueue>, now: Date): WriteProgram<Enqueued> {
  if ("once" in job) return yield* enqueueNow(job.once, now);
  let last: Enqueued | undefined;
  for (const { dedupeKey, runAt } of coalescedKeys(job.coalesced, now)) {
    const { kind, payload, shop } = job.coalesced;
    last = yield* enqueueNow({ kind, payload, shop, dedupeKey, ...(runAt ? { runAt } : {}) }, now);
    if (last.enqueued || last.status === "PENDING") return last;
  }
  if (last === undefined) throw new Error("unreachable: at least one key was tried");
  return last;
}

/**
 * Records the receipt (unless the app was uninstalled from the shop, when `unlessUninstalled`) and
 * queues its job, in the caller's writeAtOnce transaction. `jobFor` names the job once the
 * receipt's id is known. A duplicate event queues nothing.
 */
export function* recordAndQueueAtOnce(
  receipt: WebhookDelivery,
  options: { unlessUninstalled: boolean },
  jobFor: (receiptId: string) => JobToQueue,
  now: Date,
): WriteProgram<RecordedAtOnce> {
  const inserted = options.unlessUninstalled
    ? insertedId(yield { sql: RECEIPT_SQL.insertUnlessUninstalled, args: [...receiptArgs(receipt, now), receipt.shop] })
    : insertedId(yield { sql: RECEIPT_SQL.insert, args: receiptArgs(receipt, now) });
  if (inserted === null) {
    const uninstalledAt = options.unlessUninstalled
      ? storedDate(UninstalledAt.optional().parse(yield { sql: SHOP_UNINSTALLED_AT_SQL, args: [receipt.shop] })?.uninstalledAt)
      : null;
    return uninstalledAt === null ? yield* earlier(receipt) : { uninstalledAt };
  }
  const job = jobFor(inserted);
  return { receiptId: inserted, duplicate: false, job: job === null ? null : yield* queueJob(job, now) };
}

/** Records a receipt as it is (REJECTED with its reason, say) in the caller's writeAtOnce transaction. */
export function* recordReceiptAtOnce(receipt: WebhookDelivery, now: Date): WriteProgram<{ receiptId: string; duplicate: boolean }> {
  const inserted = insertedId(yield { sql: RECEIPT_SQL.insert, args: receiptArgs(receipt, now) });
  return inserted === null ? yield* earlier(receipt) : { receiptId: inserted, duplicate: false };
}

/** Queues a job with no receipt (the fulfillment-service callback's wake-up), in the caller's writeAtOnce transaction. */
export function queueAtOnce(job: NonNullable<JobToQueue>, now: Date): WriteProgram<Enqueued> {
  return queueJob(job, now);
}

/**
 * PostgreSQL's form of recordAndQueueAtOnce and queueAtOnce: the same statements, run by the
 * function `intake_record_and_queue` (prisma/postgres/migrations/0030_intake_in_one_statement) in
 * one statement of its own transaction, so a delivery costs one round trip and holds its job's row
 * for no round trip at all (decision 0064). Its arguments: the wait for its locks, the receipt
 * (receiptArgs, or 15 nulls for none), unlessUninstalled, the job (its id, shop, kind, payload, max
 * attempts, tier), the keys it is tried under in turn with their runAt, and now.
 */
const RECORD_AND_QUEUE_SQL = `SELECT "receiptId", "duplicate", "uninstalledAt", "jobId", "enqueued", "jobStatus"
  FROM "intake_record_and_queue"(${Array.from({ length: 26 }, () => "?").join(", ")})`;

const RecordedAndQueued = z.object({
  receiptId: z.string().nullable(),
  duplicate: z.boolean().nullable(),
  uninstalledAt: z.date().nullable(),
  jobId: z.string().nullable(),
  enqueued: z.boolean().nullable(),
  jobStatus: z.string().nullable(),
});

const NO_RECEIPT: unknown[] = Array.from({ length: 15 }, () => null);

/** The job's arguments to the function: the first key's enqueue arguments, then every key and its runAt in turn. */
function jobArgs(job: JobToQueue, now: Date): unknown[] {
  if (job === null) return [null, null, null, null, null, null, null, null];
  const request = "once" in job ? job.once : { kind: job.coalesced.kind, payload: job.coalesced.payload, shop: job.coalesced.shop };
  const keys = "once" in job ? [{ dedupeKey: job.once.dedupeKey ?? null, runAt: job.once.runAt }] : coalescedKeys(job.coalesced, now);
  // enqueueArgs checks the payload against its kind's schema and gives the job's id, max attempts and tier.
  const [id, shop, kind, payload, , maxAttempts, , , , tier] = appJobs.enqueueArgs(request, now);
  return [id, shop, kind, payload, maxAttempts, tier, keys.map((key) => key.dedupeKey), keys.map((key) => key.runAt ?? now)];
}

async function inOneStatement(db: Database, receipt: unknown[], unlessUninstalled: boolean, job: JobToQueue, now: Date) {
  const row = await writeInOneStatement(db, RECORD_AND_QUEUE_SQL, (waitMs) => [
    waitMs,
    ...receipt,
    unlessUninstalled,
    ...jobArgs(job, now),
    now,
  ]);
  return RecordedAndQueued.parse(row);
}

function enqueuedOf(row: z.infer<typeof RecordedAndQueued>): Enqueued {
  if (row.jobId === null || row.enqueued === null || row.jobStatus === null)
    throw new Error("The intake's function queued no job, yet was given one");
  return { jobId: row.jobId, enqueued: row.enqueued, status: row.jobStatus };
}

/** recordAndQueueAtOnce on PostgreSQL, in one statement (above). */
export async function recordAndQueueInOneStatement(
  db: Database,
  receipt: WebhookDelivery,
  options: { unlessUninstalled: boolean },
  jobFor: (receiptId: string) => JobToQueue,
  now: Date,
): Promise<RecordedAtOnce> {
  const args = receiptArgs(receipt, now);
  // The receipt's id is chosen here (receiptArgs), so its job can name it before either is written.
  const job = jobFor(z.string().parse(args[0]));
  const row = await inOneStatement(db, args, options.unlessUninstalled, job, now);
  if (row.uninstalledAt !== null) return { uninstalledAt: row.uninstalledAt };
  if (row.receiptId === null) throw new Error(`The receipt of ${receipt.topic} event ${receipt.eventId} was neither inserted nor found`);
  if (row.duplicate === true) return { receiptId: row.receiptId, duplicate: true };
  return { receiptId: row.receiptId, duplicate: false, job: job === null ? null : enqueuedOf(row) };
}

/** queueAtOnce on PostgreSQL, in one statement (above). */
export async function queueInOneStatement(db: Database, job: NonNullable<JobToQueue>, now: Date): Promise<Enqueued> {
  return enqueuedOf(await inOneStatement(db, NO_RECEIPT, false, job, now));
}
