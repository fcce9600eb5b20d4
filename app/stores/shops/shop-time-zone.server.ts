/** The shop's time zone as last known from Shopify, and as of when (Shop.timeZone, Shop.timeZoneReadAt). */
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { formatterFor, type Formatter } from "~/lib/format";

export interface StoredTimeZone {
  timeZone: string | null;
  /** The instant Shopify held this zone: when it was read, or the shop/update's `updated_at`. */
  readAt: Date | null;
}

export async function storedTimeZone(db: DatabaseOrTransaction, shop: string): Promise<StoredTimeZone> {
  const row = await db.shop.findUnique({ where: { domain: shop }, select: { timeZone: true, timeZoneReadAt: true } });
  return { timeZone: row?.timeZone ?? null, readAt: row?.timeZoneReadAt ?? null };
}

/**
 * Stores the zone Shopify held at `asOf`, unless the zone stored is known as of a later instant:
 * shop/update deliveries arrive in any order, and a read that began before a change may end after
 * the change's webhook was taken. One statement, so two writers cannot both win. False when the
 * stored zone is newer (or the app has no row for the shop).
 */
export async function saveTimeZone(db: DatabaseOrTransaction, shop: string, timeZone: string, asOf: Date): Promise<boolean> {
  const { count } = await db.shop.updateMany({
    where: { domain: shop, OR: [{ timeZoneReadAt: null }, { timeZoneReadAt: { lte: asOf } }] },
    data: { timeZone, timeZoneReadAt: asOf },
  });
  return count > 0;
}

/** Numbers and dates in this locale and the shop's stored zone (UTC while none is known), for a server module writing times. */
export async function shopFormatter(db: DatabaseOrTransaction, shop: string, locale: string): Promise<Formatter> {
  return formatterFor(locale, (await storedTimeZone(db, shop)).timeZone ?? "UTC");
}
