/** The plan flow's jobs: fulfillment requests answered (warehouse path), routed fulfillment orders planned (drop-ship path), open orders brought in (backfill). */
import type { KindHandler } from "../queue/kinds";
import { queuePushes } from "../queue/stages.server";
import { shopOf, withDeps, type DepsSource } from "../ports/run";
import { answerFulfillmentRequests, planRoutedFulfillmentOrders } from "./plan-requests.server";
import { bringInOpenOrders } from "./backfill.server";

export function planHandlers(deps: DepsSource): {
  "fulfillment-requests.fetch": KindHandler<"fulfillment-requests.fetch">;
  "fulfillment-orders.routed": KindHandler<"fulfillment-orders.routed">;
  "orders.backfill": KindHandler<"orders.backfill">;
} {
  return {
    "orders.backfill": (_payload, ctx) =>
      withDeps(deps, async (d) => {
        await bringInOpenOrders(ctx, d, shopOf(ctx));
      }),
    "fulfillment-requests.fetch": (_payload, ctx) =>
      withDeps(deps, async (d) => {
        const shop = shopOf(ctx);
        await answerFulfillmentRequests(ctx, d, shop);
        await ctx.complete((tx) => queuePushes(tx, shop, d.now()));
      }),
    "fulfillment-orders.routed": (_payload, ctx) =>
      withDeps(deps, async (d) => {
        const shop = shopOf(ctx);
        await planRoutedFulfillmentOrders(ctx, d, shop);
        await ctx.complete((tx) => queuePushes(tx, shop, d.now()));
      }),
  };
}
