/**
 * Events that arrive one per order in a sale's burst (a fulfillment order routed, an order changed)
 * are done in batches: the intake records each as an ENQUEUED receipt and wakes one job per shop,
 * which works through the waiting receipts a round at a time, one Shopify read for dozens of events.
 * A round marks its receipts PROCESSED with what it did, so no event is lost to a crash; one that can
 * never be done is set apart (REJECTED). Why: docs/decisions/0011-intake-written-at-once-events-in-batches.md.
 */
import type { Prisma } from "@prisma/client";
import { enqueueCoalesced } from "~/flows/queue/jobs.server";
import { ZodError } from "zod";
import { PermanentFailure, RetryLater, type JobContext } from "~/jobs/handler";
import { isRunningBehindAnother } from "~/jobs/one-at-a-time.server";
import {
  markReceiptsProcessed,
  markReceiptsRejected,
  waitingReceipts,
  type WaitingReceipt,
} from "~/stores/receipts/webhook-receipt.server";
import { ShopifyResponseShapeError, ShopifyUserError } from "~/shopify/errors";
import type { PipelineDeps } from "../ports/deps";

export interface ReceiptBatches {
  /** The job kind that works through them (its payload is empty: the receipts are the work). */
  kind: "plan.routed" | "change.orders";
  /** The topics whose receipts it works through, together and oldest first. */
  topics: readonly string[];
  perRound: number;
}

/**
 * Failures that come from the event itself (Shopify refused what we asked about it, or answered in
 * a shape its facts do not fit), not from the moment: trying again cannot help. Anything else
 * (network, Shopify's 5xx, its budget) fails the run, and the receipts wait for the next one.
 */
function isFaultOfAnEvent(error: unknown): boolean {
  return (
    error instanceof ShopifyUserError ||
    error instanceof ShopifyResponseShapeError ||
    error instanceof ZodError ||
    error instanceof PermanentFailure
  );
}

/** Rounds one run does before it queues itself again, so other shops' work gets a turn. */
const ROUNDS_PER_RUN = 20;
/** How soon a run that found another ahead of it looks again. */
const WAIT_FOR_RUN_AHEAD_MS = 250;

/**
 * Runs `round` over the shop's waiting receipts, oldest first. `round` does the Shopify work and
 * returns the database writes that record it; they commit together with the receipts marked
 * PROCESSED (a receipt `round` marked REJECTED itself stays REJECTED). So an event is never lost
 * between a crash and a rerun: its receipt is still ENQUEUED, and the next run (or the next
 * trigger's) picks it up. An event that can never be done is set apart (REJECTED with the reason) so
 * it does not block the rest.
 */
export async function workThroughWaitingReceipts(
  ctx: JobContext,
  deps: PipelineDeps,
  shop: string,
  batches: ReceiptBatches,
  round: (receipts: WaitingReceipt[]) => Promise<(tx: Prisma.TransactionClient) => Promise<void>>,
): Promise<void> {
  if (await isRunningBehindAnother(ctx.db, ctx.jobId, deps.now())) {
    throw new RetryLater(
      new Date(deps.now().getTime() + WAIT_FOR_RUN_AHEAD_MS),
      `Another run is working through this shop's ${batches.kind} events`,
    );
  }
  const finish = async (receipts: WaitingReceipt[]) => {
    const record = await round(receipts);
    await ctx.db.$transaction(async (tx) => {
      await record(tx);
      await markReceiptsProcessed(
        tx,
        receipts.map((receipt) => receipt.id),
        deps.now(),
      );
    });
  };
  for (let rounds = 0; rounds < ROUNDS_PER_RUN; rounds += 1) {
    const receipts = await waitingReceipts(ctx.db, shop, batches.topics, batches.perRound);
    if (receipts.length === 0) return;
    try {
      await finish(receipts);
    } catch (error) {
      if (!isFaultOfAnEvent(error)) throw error;
      // One event that can never be done must not hold back every later one of the shop: done one
      // by one, the one at fault is kept REJECTED with the reason, the others go on.
      for (const receipt of receipts) {
        try {
          await finish([receipt]);
        } catch (alone) {
          if (!isFaultOfAnEvent(alone)) throw alone;
          const reason = `Could not be worked on: ${alone instanceof Error ? alone.message : String(alone)}`;
          await markReceiptsRejected(ctx.db, [receipt.id], reason.slice(0, 1000), deps.now());
          ctx.logger.warn(
            { receiptId: receipt.id, topic: receipt.topic, reason },
            "A webhook event could not be worked on and was rejected",
          );
        }
      }
    }
  }
  // More may be waiting: another turn, queued behind the work of other shops.
  await enqueueCoalesced(
    ctx.db,
    { kind: batches.kind, payload: {}, shop, triggerId: `more-after-${ctx.jobId}-${deps.now().getTime()}` },
    deps.now(),
  );
}
