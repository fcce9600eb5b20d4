/** The track flow's job: checkpoints of fulfilled parcels written to Shopify as fulfilment events, until delivered. */
import type { KindHandler } from "../queue/job-kinds";
import { withDeps, type DepsSource } from "../ports/run";
import { trackParcels } from "./tracking.server";

export function trackHandlers(deps: DepsSource): { "shipments.track": KindHandler<"shipments.track"> } {
  return { "shipments.track": ({ shop }, ctx) => withDeps(deps, (d) => trackParcels(ctx, d, shop)) };
}
