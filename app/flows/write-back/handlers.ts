/** The write-back flow's job: CREATED shipments written to Shopify as fulfilments with tracking. */
import type { KindHandler } from "../queue/job-kinds";
import { withDeps, type DepsSource } from "../ports/run";
import { writeBackShipments } from "./write-back.server";

export function writeBackHandlers(deps: DepsSource): { "write-back.fulfil": KindHandler<"write-back.fulfil"> } {
  return { "write-back.fulfil": ({ shop }, ctx) => withDeps(deps, (d) => writeBackShipments(ctx, d, shop)) };
}
