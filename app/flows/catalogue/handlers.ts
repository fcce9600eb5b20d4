/** The catalogue flow's jobs: the catalogue read from Shopify and the provider, SKUs registered with the provider. */
import type { KindHandler } from "../queue/job-kinds";
import { shopOf, withDeps, type DepsSource } from "../ports/run";
import { readCatalogue } from "./read.server";
import { registerSkus } from "./register.server";

export function catalogueHandlers(deps: DepsSource): {
  "catalogue.read": KindHandler<"catalogue.read">;
  "catalogue.register": KindHandler<"catalogue.register">;
} {
  return {
    "catalogue.read": ({ runId }, ctx) => withDeps(deps, (d) => readCatalogue(ctx, d, shopOf(ctx), runId)),
    "catalogue.register": ({ runId }, ctx) => withDeps(deps, (d) => registerSkus(ctx, d, shopOf(ctx), runId)),
  };
}
