/** The change flow's jobs: changed orders brought in line with Shopify, and shipments whose wait has a date woken. */
import type { KindHandler } from "../queue/job-kinds";
import { planningOver } from "../queue/stages.server";
import { shopOf, withDeps, type DepsSource } from "../ports/run";
import { reconcileChangedOrders } from "./reconcile.server";
import { wakeWaitingShipments } from "./scheduled-wake.server";

export function changeHandlers(deps: DepsSource): {
  "change.orders": KindHandler<"change.orders">;
  "change.wake": KindHandler<"change.wake">;
} {
  return {
    "change.orders": (_payload, ctx) =>
      withDeps(deps, async (d) => {
        const shop = shopOf(ctx);
        await reconcileChangedOrders(ctx, d, shop);
        await ctx.complete((tx) => planningOver(tx, shop, d.now()));
      }),
    "change.wake": ({ shop }, ctx) =>
      withDeps(deps, async (d) => {
        await wakeWaitingShipments(ctx, d, shop);
      }),
  };
}
