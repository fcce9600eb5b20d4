/** The returns flow's jobs: approved returns sent back to the warehouses, then followed and restocked. */
import { markReceiptProcessed } from "~/stores/receipts/webhook-receipt.server";
import type { KindHandler } from "../queue/job-kinds";
import { shopOf, withDeps, type DepsSource } from "../ports/run";
import { queueReturnsFollow } from "../queue/stages.server";
import { followReturns } from "./return-tracking.server";
import { openReturn } from "./open.server";

type ReturnKinds = "returns.open" | "returns.follow";

export function returnHandlers(deps: DepsSource): { [K in ReturnKinds]: KindHandler<K> } {
  return {
    "returns.open": ({ receiptId, returnId }, ctx) =>
      withDeps(deps, async (d) => {
        const shop = shopOf(ctx);
        const following = await openReturn(ctx, d, shop, returnId);
        await ctx.complete(async (tx) => {
          await markReceiptProcessed(tx, receiptId, d.now());
          if (following) await queueReturnsFollow(tx, shop, d.now());
        });
      }),
    "returns.follow": ({ shop }, ctx) => withDeps(deps, (d) => followReturns(ctx, d, shop)),
  };
}
