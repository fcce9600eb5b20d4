/**
 * One Shopify fulfillment service per provider warehouse the merchant enables (DESIGN.md flow 1):
 * creating it creates the Shopify location that stands for the warehouse; products stocked there
 * produce fulfillment requests, announced at the app's callback URL. Created by the
 * install.fulfillment-services job, after install and after the settings change, and idempotent.
 * A disabled warehouse keeps its service and location: deleting a location that may hold stock and
 * open fulfillment orders is the merchant's call, in Shopify's admin (docs/decisions/0006-webhook-intake.md).
 */
import { wakeShipmentsHeldBySettings } from "~/flows/change/settings-wake.server";
import { randomUUID } from "node:crypto";
import type { Enqueued } from "~/jobs/enqueue.server";
import { inTransaction, type DatabaseOrTransaction } from "~/stores/database/database.server";
import { restateAfterSettings } from "~/stores/catalogue/product-states.server";
import { getShopSettings, saveShopSettings } from "~/stores/shops/shop.server";
import type { ShopSettings, ShopSettingsInput } from "~/stores/shops/shop-settings";
import type { AdminGraphql } from "~/shopify/admin-graphql.server";
import { ensureFulfillmentService } from "~/shopify/fulfillment-services.server";
import { enqueueCoalesced } from "~/flows/queue/jobs.server";
import { queueBackfill } from "../plan/backfill.server";

/**
 * The callback URL given to Shopify; it POSTs to `${callbackUrl}/fulfillment_order_notification`
 * (app/routes/fulfillment-service.fulfillment_order_notification.tsx).
 */
export function fulfillmentServiceCallbackUrl(appUrl: string): string {
  return `${appUrl.replace(/\/+$/, "")}/fulfillment-service`;
}

/**
 * The service's name, which is also its location's name in the merchant's admin. It must never
 * change: finding the service by name is what makes creating it idempotent.
 */
export function fulfillmentServiceName(warehouseId: string): string {
  return `Fulfilment warehouse ${warehouseId}`;
}

export interface EnsureServicesDependencies {
  admin: AdminGraphql;
  appUrl: string;
  ensure?: typeof ensureFulfillmentService;
}

/**
 * Ensures the service of every enabled warehouse, one after another (Shopify's cost budget is
 * per shop); returns each warehouse's location. Calls Shopify only: the caller stores the result
 * (recordWarehouseLocations), in the job's completing transaction.
 */
export async function ensureWarehouseServices(settings: ShopSettings, deps: EnsureServicesDependencies): Promise<Map<string, string>> {
  const ensure = deps.ensure ?? ensureFulfillmentService;
  const locations = new Map<string, string>();
  for (const warehouse of settings.warehouses.filter((w) => w.enabled)) {
    const { service } = await ensure(deps.admin, {
      name: fulfillmentServiceName(warehouse.warehouseId),
      callbackUrl: fulfillmentServiceCallbackUrl(deps.appUrl),
      ...(warehouse.country === null ? {} : { address: { countryCode: warehouse.country } }),
    });
    // Shopify creates the location with the service; a service without one is not usable yet.
    if (service.locationId === null)
      throw new Error(`Shopify returned the fulfillment service of warehouse ${warehouse.warehouseId} without its location`);
    locations.set(warehouse.warehouseId, service.locationId);
  }
  return locations;
}

/** Queues the shop's install.fulfillment-services job; one waiting job absorbs any number of these. */
export function enqueueEnsureFulfillmentServices(db: DatabaseOrTransaction, shop: string): Promise<Enqueued> {
  return enqueueCoalesced(db, { kind: "install.fulfillment-services", payload: {}, shop, triggerId: randomUUID() });
}

/**
 * Saving the settings: stored, and the services ensured when any warehouse is enabled, in one
 * transaction; shipments held by rules for orders that wait are planned again when those changed. A location the ensure job recorded is kept when the form sends none for that warehouse
 * (the form was loaded before the job finished).
 */
export function saveSettingsAndEnsureServices(db: DatabaseOrTransaction, shop: string, input: ShopSettingsInput): Promise<ShopSettings> {
  return inTransaction(db, async (tx) => {
    const stored = await getShopSettings(tx, shop);
    const known = new Map(stored.warehouses.map((w) => [w.warehouseId, w.shopifyLocationId]));
    const warehouses = (input.warehouses ?? []).map((w) => ({
      ...w,
      shopifyLocationId: w.shopifyLocationId ?? known.get(w.warehouseId) ?? null,
    }));
    const saved = await saveShopSettings(tx, shop, { ...input, warehouses });
    if (saved.warehouses.some((w) => w.enabled)) await enqueueEnsureFulfillmentServices(tx, shop);
    // A drop-ship location just connected may hold open orders already: they are brought in.
    const before = new Set(stored.dropShip?.merchantLocationIds ?? []);
    if ((saved.dropShip?.merchantLocationIds ?? []).some((id) => !before.has(id)))
      await queueBackfill(tx, shop, "location-connected", new Date());
    // Rules for orders that wait changed (unpaid, high risk, payment terms): what they hold is planned again.
    await wakeShipmentsHeldBySettings(tx, shop, stored.orders, saved.orders, new Date());
    // The Products page's states are built from the SKU entries and defaults (decision 0053).
    await restateAfterSettings(tx, shop, stored, saved);
    return saved;
  });
}
