/** The shop-access flow's job: is Shopify answering for the shop again? */
import type { KindHandler } from "../queue/job-kinds";
import { withDeps, type DepsSource } from "../ports/run";
import { checkShopifyAccess } from "./shop-access.server";

export function shopAccessHandlers(deps: DepsSource): { "shop-access.check": KindHandler<"shop-access.check"> } {
  return { "shop-access.check": ({ shop }, ctx) => withDeps(deps, (d) => checkShopifyAccess(ctx, d, shop)) };
}
