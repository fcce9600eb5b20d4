/** The push flow's job: READY shipments of one warehouse or handling location sent, 20 to a request. */
import type { KindHandler } from "../queue/kinds";
import { withDeps, type DepsSource } from "../ports/run";
import { pushShipments } from "./push.server";

export function pushHandlers(deps: DepsSource): { "shipments.push": KindHandler<"shipments.push"> } {
  return { "shipments.push": (payload, ctx) => withDeps(deps, (d) => pushShipments(ctx, d, payload)) };
}
