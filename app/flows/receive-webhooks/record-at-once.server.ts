/**
 * The intake's hot path: an order or fulfillment-order event recorded, and its job queued (or,
 * for the fulfillment-service callback, its job alone woken), in ONE synchronous IMMEDIATE transaction on the app's
 * SQLite connection (writeAtOnce in stores/database/database.server.ts). Through Prisma the same few
 * statements took 3-5 ms of awaits with the write lock held, hundreds of times a second in a sale,
 * and the worker's writes queued behind them; here the lock is held for the statements alone
 * (docs/decisions/0011). The statements are the models' own SQL (RECEIPT_SQL, ENQUEUE_SQL,
 * SHOP_UNINSTALLED_AT_SQL), prepared once per connection, so the two paths cannot drift apart.
 */
import type { Statement } from "better-sqlite3";
import { z } from "zod";
import { ENQUEUE_SQL, LIVE_JOB_SQL, type Enqueued } from "~/jobs/enqueue.server";
import { appJobs, type AppEnqueueRequest } from "~/flows/queue/jobs.server";
import type { SqliteConnection } from "~/stores/database/database.server";
import { SHOP_UNINSTALLED_AT_SQL } from "~/stores/shops/shop.server";
import { sqliteDate, sqliteValue } from "~/stores/database/sqlite-adapter.server";
import { receiptArgs, RECEIPT_SQL, type WebhookDelivery } from "~/stores/receipts/webhook-receipt.server";
import { coalescedKeys } from "~/jobs/coalesce.server";
import type { JobToQueue } from "./work.server";

/** What happened to the delivery: the receipt's id, and the job's when one was queued (or found live). */
export type RecordedAtOnce =
  | { receiptId: string; duplicate: false; job: Enqueued | null }
  | { receiptId: string; duplicate: true }
  | { uninstalledAt: Date };

const Id = z.object({ id: z.string() });
const LiveJob = z.object({ id: z.string(), status: z.string() });
const UninstalledAt = z.object({ uninstalledAt: z.string().nullable() });

type Prepared = Statement<unknown[]>;

interface Statements {
  insertReceipt: Prepared;
  insertReceiptUnlessUninstalled: Prepared;
  earlierReceipt: Prepared;
  uninstalledAt: Prepared;
  enqueue: Prepared;
  liveJob: Prepared;
}

const prepared = new WeakMap<SqliteConnection, Statements>();

function statementsOf(sqlite: SqliteConnection): Statements {
  let statements = prepared.get(sqlite);
  if (statements === undefined) {
    // Prisma's connection returns integers as BigInt; nothing read here is a number.
    statements = {
      insertReceipt: sqlite.prepare<unknown[]>(RECEIPT_SQL.insert),
      insertReceiptUnlessUninstalled: sqlite.prepare<unknown[]>(RECEIPT_SQL.insertUnlessUninstalled),
      earlierReceipt: sqlite.prepare<unknown[]>(RECEIPT_SQL.earlier),
      uninstalledAt: sqlite.prepare<unknown[]>(SHOP_UNINSTALLED_AT_SQL),
      enqueue: sqlite.prepare<unknown[]>(ENQUEUE_SQL),
      liveJob: sqlite.prepare<unknown[]>(LIVE_JOB_SQL),
    };
    prepared.set(sqlite, statements);
  }
  return statements;
}

const bind = (args: unknown[]) => args.map(sqliteValue);

function insertedId(row: unknown): string | null {
  return row === undefined ? null : Id.parse(row).id;
}

/** The receipt of the same event recorded before (the caller found the insert skipped). */
function earlier(statements: Statements, receipt: WebhookDelivery): { receiptId: string; duplicate: true } {
  const row = statements.earlierReceipt.get(receipt.shop, receipt.topic, receipt.eventId);
  if (row === undefined) throw new Error(`The receipt of ${receipt.topic} event ${receipt.eventId} was neither inserted nor found`);
  return { receiptId: Id.parse(row).id, duplicate: true };
}

function enqueueNow(statements: Statements, request: AppEnqueueRequest, now: Date): Enqueued & { status: string } {
  const inserted = insertedId(statements.enqueue.get(...bind(appJobs.enqueueArgs(request, now))));
  if (inserted !== null) return { jobId: inserted, enqueued: true, status: "PENDING" };
  if (request.dedupeKey === undefined) throw new Error("The job was not inserted, yet it has no dedupeKey to conflict on");
  const live = LiveJob.parse(statements.liveJob.get(request.dedupeKey));
  return { jobId: live.id, enqueued: false, status: live.status };
}

/** As enqueueCoalesced (coalesce.server.ts), over the same keys. */
function queueJob(statements: Statements, job: NonNullable<JobToQueue>, now: Date): Enqueued {
  if ("once" in job) {
    const { jobId, enqueued } = enqueueNow(statements, job.once, now);
    return { jobId, enqueued };
  }
  let last: Enqueued | undefined;
  for (const { dedupeKey, runAt } of coalescedKeys(job.coalesced, now)) {
    const { kind, payload, shop } = job.coalesced;
    const found = enqueueNow(statements, { kind, payload, shop, dedupeKey, ...(runAt ? { runAt } : {}) }, now);
    last = { jobId: found.jobId, enqueued: found.enqueued };
    if (found.enqueued || found.status === "PENDING") return last;
  }
  if (last === undefined) throw new Error("unreachable: at least one key was tried");
  return last;
}

/**
 * Records the receipt (unless the app was uninstalled from the shop, when `unlessUninstalled`) and
 * queues its job, in the caller's writeAtOnce transaction. `jobFor` names the job once the
 * receipt's id is known. A duplicate event queues nothing.
 */
export function recordAndQueueAtOnce(
  sqlite: SqliteConnection,
  receipt: WebhookDelivery,
  options: { unlessUninstalled: boolean },
  jobFor: (receiptId: string) => JobToQueue,
  now: Date,
): RecordedAtOnce {
  const statements = statementsOf(sqlite);
  const inserted = options.unlessUninstalled
    ? insertedId(statements.insertReceiptUnlessUninstalled.get(...bind([...receiptArgs(receipt, now), receipt.shop])))
    : insertedId(statements.insertReceipt.get(...bind(receiptArgs(receipt, now))));
  if (inserted === null) {
    const uninstalledAt = options.unlessUninstalled ? sqliteDate(UninstalledAt.optional().parse(statements.uninstalledAt.get(receipt.shop))?.uninstalledAt) : null;
    return uninstalledAt === null ? earlier(statements, receipt) : { uninstalledAt };
  }
  const job = jobFor(inserted);
  return { receiptId: inserted, duplicate: false, job: job === null ? null : queueJob(statements, job, now) };
}

/** Records a receipt as it is (REJECTED with its reason, say) in the caller's writeAtOnce transaction. */
export function recordReceiptAtOnce(sqlite: SqliteConnection, receipt: WebhookDelivery, now: Date): { receiptId: string; duplicate: boolean } {
  const statements = statementsOf(sqlite);
  const inserted = insertedId(statements.insertReceipt.get(...bind(receiptArgs(receipt, now))));
  return inserted === null ? earlier(statements, receipt) : { receiptId: inserted, duplicate: false };
}

/** Queues a job with no receipt (the fulfillment-service callback's wake-up), in the caller's writeAtOnce transaction. */
export function queueAtOnce(sqlite: SqliteConnection, job: NonNullable<JobToQueue>, now: Date): Enqueued {
  return queueJob(statementsOf(sqlite), job, now);
}
