/**
 * install.fulfillment-services: Shopify's calls first (idempotent: a service is found by name before
 * one is created), then the locations stored with the job's completion in one transaction.
 */
import { ensureWarehouseServices, type EnsureServicesDependencies } from "./fulfillment-services.server";
import { latestRun } from "~/stores/catalogue/sync-runs.server";
import { getShopSettings, recordWarehouseLocations } from "~/stores/shops/shop.server";
import { stopForUnreadableSettings } from "../ports/errors";
import { startCatalogueRead } from "../catalogue/read.server";
import { queueStockSync } from "../queue/stages.server";
import type { AdminGraphql } from "~/shopify/admin-graphql.server";
import { ShopifyGraphqlError, ShopifyThrottledError, ShopifyUserError } from "~/shopify/errors";
import { PermanentFailure, RetryLater } from "~/jobs/handler";
import { jobErrorSaid } from "~/lib/words/job-error-said";
import type { KindHandler } from "../queue/job-kinds";

export interface FulfillmentServicesHandlerDependencies {
  adminFor(shop: string): Promise<AdminGraphql>;
  appUrl: string;
  ensure?: EnsureServicesDependencies["ensure"];
}

export function ensureFulfillmentServicesHandler(
  deps: FulfillmentServicesHandlerDependencies,
): KindHandler<"install.fulfillment-services"> {
  return async (_payload, ctx) => {
    const { shop } = ctx;
    if (shop === null) throw new PermanentFailure("A install.fulfillment-services job must name its shop");
    const settings = await getShopSettings(ctx.db, shop).catch((error: unknown) => {
      throw stopForUnreadableSettings(error);
    });
    if (!settings.warehouses.some((w) => w.enabled)) return;
    const admin = await deps.adminFor(shop);
    let locations: Map<string, string>;
    try {
      locations = await ensureWarehouseServices(settings, { admin, appUrl: deps.appUrl, ensure: deps.ensure });
    } catch (error) {
      if (error instanceof ShopifyThrottledError) throw new RetryLater(new Date(Date.now() + error.retryAfterMs), error.message);
      // Refused as asked (a name another app's service holds, a missing scope): the same request
      // will be refused again, so it waits for a person (the dead job says why), not for backoff.
      if (error instanceof ShopifyUserError || (error instanceof ShopifyGraphqlError && error.hasCode("ACCESS_DENIED")))
        throw new PermanentFailure(jobErrorSaid("servicesRefused", error.message));
      throw error;
    }
    const changed = await ctx.complete(async (tx) => {
      const recorded = await recordWarehouseLocations(tx, shop, locations);
      // The warehouses' locations exist now: their stock can be written into Shopify, from a
      // catalogue read first if the shop has none yet.
      if ((await latestRun(tx, shop, "CATALOGUE_READ", { status: "DONE" })) === null) await startCatalogueRead(tx, shop, "SETUP");
      await queueStockSync(tx, shop, new Date(), "SETUP");
      return recorded;
    });
    ctx.logger.info({ warehouses: [...locations.keys()], locationsRecorded: changed }, "Fulfillment services ensured");
  };
}
