/**
 * The intake's hot path: an order or fulfillment-order event recorded, and its job queued (or, for
 * the fulfillment-service callback, its job alone woken), in ONE short write transaction
 * (writeAtOnce): synchronous on SQLite, so the write lock is held for the statements alone; on
 * PostgreSQL a READ COMMITTED transaction on node-postgres, without the write lock (decision 0056).
 * Each function is a write program (a generator yielding the models' own SQL, each statement given
 * back its first row), so the two paths cannot drift apart.
 * Why: docs/decisions/0011-intake-written-at-once-events-in-batches.md and 0027.
 */
import { z } from "zod";
import { ENQUEUE_SQL, LIVE_JOB_SQL, type Enqueued } from "~/jobs/enqueue.server";
import { appJobs, type AppEnqueueRequest } from "~/flows/queue/jobs.server";
import { storedDate, type SqlRow, type WriteProgram } from "~/stores/database/database.server";
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
