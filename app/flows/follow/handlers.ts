/** The follow flow's job: SUBMITTED shipments polled until the provider created or refused them. */
import type { KindHandler } from "../queue/kinds";
import { withDeps, type DepsSource } from "../ports/run";
import { followShipments } from "./follow.server";

export function followHandlers(deps: DepsSource): { "shipments.poll-status": KindHandler<"shipments.poll-status"> } {
  return { "shipments.poll-status": ({ shop, kind }, ctx) => withDeps(deps, (d) => followShipments(ctx, d, shop, kind)) };
}
