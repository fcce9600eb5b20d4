/** The plan flow's jobs: fulfillment requests answered (warehouse path), routed fulfillment orders planned (drop-ship path), open orders brought in (backfill). */
import type { KindHandler } from "../queue/job-kinds";
import { planningOver } from "../queue/stages.server";
import { shopOf, withDeps, type DepsSource } from "../ports/run";
import { answerFulfillmentRequests, planRoutedFulfillmentOrders } from "./plan-requests.server";
import { bringInOpenOrders, queueOpenOrdersSweep } from "./backfill.server";

export function planHandlers(deps: DepsSource): {
  "plan.requests": KindHandler<"plan.requests">;
  "plan.routed": KindHandler<"plan.routed">;
  "plan.backfill": KindHandler<"plan.backfill">;
} {
  return {
    "plan.backfill": (_payload, ctx) =>
      withDeps(deps, async (d) => {
        const shop = shopOf(ctx);
        await bringInOpenOrders(ctx, d, shop);
        // The next look, queued as this one is marked done (if this run is the sweep, its own row again).
        await ctx.complete((tx) => queueOpenOrdersSweep(tx, shop, new Date(d.now().getTime() + d.policy.openOrdersSweepMs)));
      }),
    "plan.requests": (_payload, ctx) =>
      withDeps(deps, async (d) => {
        const shop = shopOf(ctx);
        await answerFulfillmentRequests(ctx, d, shop);
        await ctx.complete((tx) => planningOver(tx, shop, d.now()));
      }),
    "plan.routed": (_payload, ctx) =>
      withDeps(deps, async (d) => {
        const shop = shopOf(ctx);
        await planRoutedFulfillmentOrders(ctx, d, shop);
        await ctx.complete((tx) => planningOver(tx, shop, d.now()));
      }),
  };
}
