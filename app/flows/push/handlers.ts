/** The push flow's jobs: READY shipments of one warehouse or handling location sent, 20 to a request; one package a person sent now, finished. */
import type { KindHandler } from "../queue/job-kinds";
import { withDeps, type DepsSource } from "../ports/run";
import { pushShipments } from "./push.server";
import { finishSendingOne } from "./send-one.server";

export function pushHandlers(deps: DepsSource): { "push.batch": KindHandler<"push.batch">; "push.one": KindHandler<"push.one"> } {
  return {
    "push.batch": (payload, ctx) => withDeps(deps, (d) => pushShipments(ctx, d, payload)),
    "push.one": (payload, ctx) => withDeps(deps, (d) => finishSendingOne(ctx, d, payload)),
  };
}
