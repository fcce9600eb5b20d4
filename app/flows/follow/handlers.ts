/** The follow flow's job: SUBMITTED shipments polled until the provider created or refused them. */
import type { KindHandler } from "../queue/job-kinds";
import { withDeps, type DepsSource } from "../ports/run";
import { followShipments } from "./status-poll.server";

export function followHandlers(deps: DepsSource): { "follow.poll": KindHandler<"follow.poll"> } {
  return { "follow.poll": ({ shop, kind }, ctx) => withDeps(deps, (d) => followShipments(ctx, d, shop, kind)) };
}
