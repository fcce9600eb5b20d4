/**
 * The Shop row: install and uninstall, and settings read and written through ShopSettings. Rows
 * survive an uninstall (a reinstall keeps its settings); shop/redact erases them (redaction.server.ts).
 */
import { z } from "zod";
import type { SkuEntry } from "~/connector/settings";
import { inTransaction, sqlFor, type DatabaseOrTransaction } from "../database/database.server";
import { ShopSettings, type CheckoutRatesSettings, type ShopSettingsInput } from "./shop-settings";

/** Stored settings that no longer parse: a bug or a hand edit, never silently replaced by defaults. */
export class InvalidShopSettings extends Error {
  override readonly name = "InvalidShopSettings";
  /** What is wrong with them, without the shop: "not JSON: …", or each field and why. */
  readonly detail: string;
  constructor(
    readonly domain: string,
    detail: string,
  ) {
    super(`The settings of ${domain} are ${detail}`);
    this.detail = detail;
  }
}

export function parseShopSettings(domain: string, json: string): ShopSettings {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new InvalidShopSettings(domain, `not JSON: ${String(error)}`);
  }
  const parsed = ShopSettings.safeParse(value);
  if (!parsed.success) throw new InvalidShopSettings(domain, `invalid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Idempotent: the install callback and app/* webhooks may repeat it. A reinstall clears uninstalledAt. */
export async function recordInstall(db: DatabaseOrTransaction, domain: string, now = new Date()): Promise<void> {
  await db.shop.upsert({
    where: { domain },
    create: { domain, installedAt: now },
    update: { installedAt: now, uninstalledAt: null },
  });
}

/**
 * Idempotent: app/uninstalled may arrive more than once (the first time is kept). A shop never
 * recorded gets its row, so shop/redact later finds it uninstalled.
 */
export async function recordUninstall(db: DatabaseOrTransaction, domain: string, now = new Date()): Promise<void> {
  const { count } = await db.shop.updateMany({ where: { domain, uninstalledAt: null }, data: { uninstalledAt: now } });
  if (count === 0) await db.shop.upsert({ where: { domain }, create: { domain, installedAt: now, uninstalledAt: now }, update: {} });
}

/**
 * Whether the app is installed in the shop as far as the database knows: "uninstalled" once an
 * uninstall was recorded (and no reinstall since), "installed" while the shop is recorded without
 * one or holds an offline session, "unknown" when the app holds nothing of it.
 */
export async function shopInstallation(db: DatabaseOrTransaction, domain: string): Promise<"installed" | "uninstalled" | "unknown"> {
  const shop = await db.shop.findUnique({ where: { domain }, select: { uninstalledAt: true } });
  if (shop !== null) return shop.uninstalledAt === null ? "installed" : "uninstalled";
  return (await db.session.count({ where: { shop: domain, isOnline: false } })) > 0 ? "installed" : "unknown";
}

const UninstalledAt = z.array(z.object({ uninstalledAt: z.date().nullable() }));

/** Shared with the intake's synchronous path (app/flows/receive-webhooks/record-at-once.server.ts). Argument: the shop's domain. */
export const SHOP_UNINSTALLED_AT_SQL = `SELECT "uninstalledAt" FROM "Shop" WHERE "domain" = ?`;

/** When the app was uninstalled from the shop; null while installed, or for a shop never recorded. */
export async function shopUninstalledAt(db: DatabaseOrTransaction, domain: string): Promise<Date | null> {
  const [row] = UninstalledAt.parse(await db.$queryRawUnsafe(sqlFor(db, SHOP_UNINSTALLED_AT_SQL), domain));
  return row?.uninstalledAt ?? null;
}

/** The shop's settings; the defaults for a shop that has not saved any (or is not recorded yet). */
export async function getShopSettings(db: DatabaseOrTransaction, domain: string): Promise<ShopSettings> {
  const shop = await db.shop.findUnique({ where: { domain }, select: { settings: true } });
  return parseShopSettings(domain, shop?.settings ?? "{}");
}

/**
 * The settings of a shop the app is installed on; null for a shop never recorded or uninstalled.
 * `parse` lets a caller on a hot path (checkout rates) reuse its parse of the same stored text.
 */
export async function installedShopSettings(
  db: DatabaseOrTransaction,
  domain: string,
  parse: (domain: string, json: string) => ShopSettings = parseShopSettings,
): Promise<ShopSettings | null> {
  const shop = await db.shop.findUnique({ where: { domain }, select: { settings: true, uninstalledAt: true } });
  if (shop === null || shop.uninstalledAt !== null) return null;
  return parse(domain, shop.settings);
}

/** Validates and stores the settings whole; returns them as stored, defaults filled in. */
export async function saveShopSettings(db: DatabaseOrTransaction, domain: string, input: ShopSettingsInput): Promise<ShopSettings> {
  const settings = ShopSettings.parse(input);
  const json = JSON.stringify(settings);
  await db.shop.upsert({ where: { domain }, create: { domain, settings: json }, update: { settings: json } });
  return settings;
}

/**
 * Stores the Shopify location of each warehouse's fulfillment service, leaving every other setting
 * as it is now (the merchant may have saved settings while the service was being created). A
 * warehouse removed from the settings meanwhile is not brought back. Use inside a transaction, so
 * the read and the write see the same settings. Returns the warehouses whose location changed.
 */
export async function recordWarehouseLocations(
  db: DatabaseOrTransaction,
  domain: string,
  locations: ReadonlyMap<string, string>,
): Promise<string[]> {
  const settings = await getShopSettings(db, domain);
  const changed: string[] = [];
  const warehouses = settings.warehouses.map((warehouse) => {
    const locationId = locations.get(warehouse.warehouseId);
    if (locationId === undefined || locationId === warehouse.shopifyLocationId) return warehouse;
    changed.push(warehouse.warehouseId);
    return { ...warehouse, shopifyLocationId: locationId };
  });
  if (changed.length > 0) await saveShopSettings(db, domain, { ...settings, warehouses });
  return changed;
}

/** Changes the checkout-rates part of the settings only, leaving every other setting as it is now. */
export function saveCheckoutRatesSettings(
  db: DatabaseOrTransaction,
  domain: string,
  change: Partial<CheckoutRatesSettings>,
): Promise<ShopSettings> {
  return inTransaction(db, async (tx) => {
    const settings = await getShopSettings(tx, domain);
    return saveShopSettings(tx, domain, { ...settings, checkoutRates: { ...settings.checkoutRates, ...change } });
  });
}

/**
 * After the app's uninstall (Shopify deletes the app's carrier service itself): checkout rates are
 * off until the merchant turns them on again. Settings that no longer parse are left for the page to report.
 */
export async function forgetCarrierService(db: DatabaseOrTransaction, domain: string): Promise<void> {
  const row = await db.shop.findUnique({ where: { domain }, select: { settings: true } });
  if (row === null) return;
  let settings: ShopSettings;
  try {
    settings = parseShopSettings(domain, row.settings);
  } catch (error) {
    if (error instanceof InvalidShopSettings) return;
    throw error;
  }
  if (!settings.checkoutRates.enabled && settings.checkoutRates.carrierServiceId === null) return;
  await saveShopSettings(db, domain, { ...settings, checkoutRates: { ...settings.checkoutRates, enabled: false, carrierServiceId: null } });
}

/**
 * Sets (or, with undefined, removes) one store SKU's entry, leaving every other setting as it is
 * now: the Products page edits SKUs one at a time while others may save the Settings page.
 */
export function saveSkuEntry(
  db: DatabaseOrTransaction,
  domain: string,
  storeSku: string,
  entry: SkuEntry | undefined,
): Promise<ShopSettings> {
  return inTransaction(db, async (tx) => {
    const settings = await getShopSettings(tx, domain);
    const { [storeSku]: _previous, ...others } = settings.skus.bySku;
    return saveShopSettings(tx, domain, {
      ...settings,
      skus: { ...settings.skus, bySku: entry === undefined ? others : { ...others, [storeSku]: entry } },
    });
  });
}
