/** The inbound flow's job: the shop's inbound shipments on their way, checked for arrival. */
import type { KindHandler } from "../queue/job-kinds";
import { withDeps, type DepsSource } from "../ports/run";
import { checkInboundArrivals } from "./arrival.server";

export function inboundHandlers(deps: DepsSource): { "inbound.check": KindHandler<"inbound.check"> } {
  return { "inbound.check": ({ shop }, ctx) => withDeps(deps, (d) => checkInboundArrivals(ctx, d, shop)) };
}
