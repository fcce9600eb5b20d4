/**
 * Events that arrive one per order in a sale's burst (a fulfillment order routed, an order updated)
 * are done in batches: the intake records each as an ENQUEUED receipt and wakes one job per shop
 * (app/intake/work.server.ts), which works through the waiting receipts a round at a time. One
 * round reads Shopify once for dozens of events, and marks its receipts PROCESSED in the
 * transaction that records what it did, so an event is never lost between a crash and a rerun:
 * its receipt is still ENQUEUED, and the next run (or the next trigger's) picks it up.
 */
import type { Prisma } from "@prisma/client";
import { enqueueCoalesced } from "~/intake/coalesce.server";
import { RetryLater, type JobContext } from "~/jobs/handler";
import { isRunningBehindAnother } from "~/jobs/one-at-a-time.server";
import { markReceiptsProcessed, waitingReceipts, type WaitingReceipt } from "~/models/webhook-receipt.server";
import type { PipelineDeps } from "./deps";

export interface ReceiptBatches {
  /** The job kind that works through them (its payload is empty: the receipts are the work). */
  kind: "fulfillment-orders.routed" | "orders.updated";
  topic: "fulfillment_orders/order_routing_complete" | "orders/updated";
  perRound: number;
}

/** Rounds one run does before it queues itself again, so other shops' work gets a turn. */
const ROUNDS_PER_RUN = 20;
/** How soon a run that found another ahead of it looks again. */
const WAIT_FOR_RUN_AHEAD_MS = 250;

/**
 * Runs `round` over the shop's waiting receipts, oldest first. `round` does the Shopify work and
 * returns the database writes that record it; they commit together with the receipts marked
 * PROCESSED (a receipt `round` marked REJECTED itself stays REJECTED).
 */
export async function workThroughWaitingReceipts(
  ctx: JobContext,
  deps: PipelineDeps,
  shop: string,
  batches: ReceiptBatches,
  round: (receipts: WaitingReceipt[]) => Promise<(tx: Prisma.TransactionClient) => Promise<void>>,
): Promise<void> {
  if (await isRunningBehindAnother(ctx.db, ctx.jobId, deps.now())) {
    throw new RetryLater(new Date(deps.now().getTime() + WAIT_FOR_RUN_AHEAD_MS), `Another run is working through this shop's ${batches.topic} events`);
  }
  for (let rounds = 0; rounds < ROUNDS_PER_RUN; rounds += 1) {
    const receipts = await waitingReceipts(ctx.db, shop, batches.topic, batches.perRound);
    if (receipts.length === 0) return;
    const record = await round(receipts);
    await ctx.db.$transaction(async (tx) => {
      await record(tx);
      await markReceiptsProcessed(
        tx,
        receipts.map((receipt) => receipt.id),
        deps.now(),
      );
    });
  }
  // More may be waiting: another turn, queued behind the work of other shops.
  await enqueueCoalesced(ctx.db, { kind: batches.kind, payload: {}, shop, triggerId: `more-after-${ctx.jobId}-${deps.now().getTime()}` }, deps.now());
}
