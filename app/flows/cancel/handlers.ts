/**
 * The cancel flow's jobs: cancelled orders and fulfillment orders, cancellation requests answered,
 * and packages withdrawn while their send was in doubt settled with the provider.
 */
import { markReceiptProcessed } from "~/stores/receipts/webhook-receipt.server";
import type { KindHandler } from "../queue/job-kinds";
import { shopOf, withDeps, type DepsSource } from "../ports/run";
import { answerCancellationRequests, cancelFulfillmentOrder, cancelOrder } from "./cancellation.server";
import { settleSendInDoubt } from "./send-in-doubt.server";

type CancelKinds = "cancel.order" | "cancel.fulfillment-order" | "cancel.requests" | "cancel.in-doubt";

export function cancelHandlers(deps: DepsSource): { [K in CancelKinds]: KindHandler<K> } {
  return {
    "cancel.order": ({ receiptId, orderId }, ctx) =>
      withDeps(deps, async (d) => {
        await cancelOrder(ctx, d, shopOf(ctx), orderId);
        await ctx.complete((tx) => markReceiptProcessed(tx, receiptId, d.now()));
      }),
    "cancel.fulfillment-order": ({ receiptId, fulfillmentOrderId }, ctx) =>
      withDeps(deps, async (d) => {
        await cancelFulfillmentOrder(ctx, d, shopOf(ctx), fulfillmentOrderId);
        await ctx.complete((tx) => markReceiptProcessed(tx, receiptId, d.now()));
      }),
    "cancel.requests": (_payload, ctx) => withDeps(deps, (d) => answerCancellationRequests(ctx, d, shopOf(ctx))),
    "cancel.in-doubt": (payload, ctx) => withDeps(deps, (d) => settleSendInDoubt(ctx, d, payload)),
  };
}
