/**
 * After an install (shopify.server.ts' afterAuth hook, which also runs when the library stores a new
 * offline token): the shop recorded as installed (a reinstall clears uninstalledAt), its
 * warehouses' fulfillment services ensured by a job, and its shipments' pipeline resumed where an
 * uninstall stopped it, and the orders already open at its provider locations brought in, in one
 * transaction. A shop Shopify was refusing (a revoked token) has a token that works again: its
 * waiting jobs run (app/flows/shop-access/). All idempotent.
 */
import { inTransaction, type DatabaseOrTransaction } from "~/stores/database/database.server";
import { recordInstall } from "~/stores/shops/shop.server";
import { resumeShopPipeline } from "~/flows/queue/stages.server";
import { enqueueEnsureFulfillmentServices } from "./fulfillment-services.server";
import { queueBackfill } from "../plan/backfill.server";
import { shopifyAnswersAgain } from "../shop-access/shop-access.server";

export function recordInstallation(db: DatabaseOrTransaction, shop: string, now = new Date()): Promise<void> {
  return inTransaction(db, async (tx) => {
    await recordInstall(tx, shop, now);
    await shopifyAnswersAgain(tx, shop, now);
    await enqueueEnsureFulfillmentServices(tx, shop);
    await resumeShopPipeline(tx, shop, now);
    // Orders already open at the provider's locations (a reinstall, a shop moving to the app).
    await queueBackfill(tx, shop, "install", now);
  });
}
