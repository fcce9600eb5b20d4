/** The retry flow's job: shipments of updated orders planned again (the ENQUEUED orders/updated receipts). */
import type { KindHandler } from "../queue/kinds";
import { queuePushes } from "../queue/stages.server";
import { shopOf, withDeps, type DepsSource } from "../ports/run";
import { replanUpdatedOrders } from "./retry.server";

export function retryHandlers(deps: DepsSource): { "orders.updated": KindHandler<"orders.updated"> } {
  return {
    "orders.updated": (_payload, ctx) =>
      withDeps(deps, async (d) => {
        const shop = shopOf(ctx);
        await replanUpdatedOrders(ctx, d, shop);
        await ctx.complete((tx) => queuePushes(tx, shop, d.now()));
      }),
  };
}
