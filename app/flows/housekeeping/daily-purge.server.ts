/**
 * Housekeeping (decision 0021): once a day, finished jobs and processed webhook receipts older than
 * the retention are deleted in batches, provider logins past their ten minutes (decision 0037) go,
 * and jobs of a kind no version of the app knows are given up with the reason. The customer's data
 * is held to its retention too (decision 0038): final shipments lose their recipient, and data
 * reports older than the retention are removed, and alerts whose messages have gone. Queued by each worker as it starts (one live job
 * across workers); each run queues the next for a day later, in the transaction that marks it done.
 */
import type { Database } from "~/stores/database/database.server";
import { purgeSettledAlerts } from "~/stores/alerts/alert-retention.server";
import { clearEngineLeftovers } from "~/jobs/engine/engine-leftovers.server";
import { buryUnknownKinds, purgeFinishedJobs } from "~/jobs/purge.server";
import { removeDataReportsCompletedBefore } from "~/stores/compliance/compliance-request.server";
import { purgeProcessedReceipts } from "~/stores/receipts/webhook-receipt.server";
import { removeRecipientsOfFinalShipments } from "~/stores/shipments/recipient-removal.server";
import { forgetExpiredConnectionAttempts } from "~/stores/shops/provider-connection-attempts.server";
import { enqueue } from "../queue/jobs.server";
import { jobPayloadSchemas, type KindHandler } from "../queue/job-kinds";

const DAY_MS = 24 * 60 * 60_000;
/** Rows per delete: a short hold of SQLite's write lock, so the intake and the pipeline hardly wait. */
export const PURGE_BATCH = 500;
/** A kind unknown for this long is nobody's: a rolling deploy finishes well within it. */
export const UNKNOWN_KIND_GRACE_MS = 60 * 60_000;
const DEDUPE_KEY = "housekeeping.purge";

export interface HousekeepingOptions {
  /** Finished jobs and processed receipts older than this many days are deleted, and data reports removed. */
  retentionDays: number;
  /** Between runs; a day unless a test says otherwise. */
  intervalMs?: number;
}

export function housekeepingHandler({ retentionDays, intervalMs = DAY_MS }: HousekeepingOptions): KindHandler<"housekeeping.purge"> {
  return async (_payload, ctx) => {
    const now = new Date();
    const before = new Date(now.getTime() - retentionDays * DAY_MS);
    const started = Date.now();
    const jobs = await purgeFinishedJobs(ctx.db, { finishedBefore: before, batchSize: PURGE_BATCH, signal: ctx.signal });
    const receipts = await purgeProcessedReceipts(ctx.db, { processedBefore: before, batchSize: PURGE_BATCH, signal: ctx.signal });
    // Few rows (a new Connect replaces the staff member's earlier one): one delete.
    const connectionAttempts = await forgetExpiredConnectionAttempts(ctx.db, now);
    const recipients = await removeRecipientsOfFinalShipments(ctx.db, { batchSize: PURGE_BATCH, signal: ctx.signal, now });
    const dataReports = await removeDataReportsCompletedBefore(ctx.db, before);
    const alerts = await purgeSettledAlerts(ctx.db, { createdBefore: before, batchSize: PURGE_BATCH, signal: ctx.signal });
    const unknownKinds = await buryUnknownKinds(ctx.db, {
      knownKinds: Object.keys(jobPayloadSchemas),
      dueBefore: new Date(now.getTime() - UNKNOWN_KIND_GRACE_MS),
      now,
    });
    // On PostgreSQL, what the job engine holds for those (nothing on SQLite).
    const engine = await clearEngineLeftovers(ctx.db);
    ctx.logger.info(
      {
        retentionDays,
        jobsPurged: jobs,
        receiptsPurged: receipts,
        providerConnectionAttemptsPurged: connectionAttempts,
        recipientsRemoved: recipients,
        dataReportsRemoved: dataReports,
        alertsPurged: alerts.alerts,
        alertMessagesPurged: alerts.messages,
        unknownKindJobsDead: unknownKinds,
        engineWakeUpsRemoved: engine.wakeUpsRemoved,
        engineGivenUpRemoved: engine.givenUpRemoved,
        durationMs: Date.now() - started,
      },
      "Housekeeping done",
    );
    // The job's own row is re-armed for the next run as it is marked done: never two, never none.
    await ctx.complete((tx) =>
      enqueue(tx, { kind: "housekeeping.purge", payload: {}, dedupeKey: DEDUPE_KEY, runAt: new Date(now.getTime() + intervalMs) }),
    );
  };
}

/** Queued by each worker as it starts: runs now unless a run is already waiting or under way. */
export async function queueHousekeeping(db: Database): Promise<void> {
  await enqueue(db, { kind: "housekeeping.purge", payload: {}, dedupeKey: DEDUPE_KEY });
}
