/** The track flow's job: checkpoints of fulfilled parcels written to Shopify as fulfilment events, until delivered. */
import type { KindHandler } from "../queue/job-kinds";
import { withDeps, type DepsSource } from "../ports/run";
import { trackParcels } from "./tracking.server";

export function trackHandlers(deps: DepsSource): { "track.checkpoints": KindHandler<"track.checkpoints"> } {
  return { "track.checkpoints": ({ shop }, ctx) => withDeps(deps, (d) => trackParcels(ctx, d, shop)) };
}
