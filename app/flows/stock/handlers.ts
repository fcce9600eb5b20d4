/** The stock flow's job: the provider's stock written into Shopify at the warehouses' locations. */
import type { KindHandler } from "../queue/job-kinds";
import { withDeps, type DepsSource } from "../ports/run";
import { syncStock } from "./sync.server";

export function stockHandlers(deps: DepsSource): { "stock.sync": KindHandler<"stock.sync"> } {
  return { "stock.sync": ({ shop, trigger }, ctx) => withDeps(deps, (d) => syncStock(ctx, d, shop, trigger)) };
}
