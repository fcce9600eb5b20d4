/** The cancel flow's jobs: cancelled orders and fulfillment orders, and cancellation requests answered. */
import { markReceiptProcessed } from "~/stores/receipts/webhook-receipt.server";
import type { KindHandler } from "../queue/job-kinds";
import { shopOf, withDeps, type DepsSource } from "../ports/run";
import { answerCancellationRequests, cancelFulfillmentOrder, cancelOrder } from "./cancellation.server";

type CancelKinds = "orders.cancelled" | "fulfillment-orders.cancelled" | "cancellation-requests.fetch";

export function cancelHandlers(deps: DepsSource): { [K in CancelKinds]: KindHandler<K> } {
  return {
    "orders.cancelled": ({ receiptId, orderId }, ctx) =>
      withDeps(deps, async (d) => {
        await cancelOrder(ctx, d, shopOf(ctx), orderId);
        await ctx.complete((tx) => markReceiptProcessed(tx, receiptId, d.now()));
      }),
    "fulfillment-orders.cancelled": ({ receiptId, fulfillmentOrderId }, ctx) =>
      withDeps(deps, async (d) => {
        await cancelFulfillmentOrder(ctx, d, shopOf(ctx), fulfillmentOrderId);
        await ctx.complete((tx) => markReceiptProcessed(tx, receiptId, d.now()));
      }),
    "cancellation-requests.fetch": (_payload, ctx) => withDeps(deps, (d) => answerCancellationRequests(ctx, d, shopOf(ctx))),
  };
}
