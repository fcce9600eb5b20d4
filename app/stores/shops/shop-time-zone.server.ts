/** The shop's time zone as last read from Shopify, and when it was read (Shop.timeZone). */
import type { DatabaseOrTransaction } from "~/stores/database/database.server";

export interface StoredTimeZone {
  timeZone: string | null;
  readAt: Date | null;
}

export async function storedTimeZone(db: DatabaseOrTransaction, shop: string): Promise<StoredTimeZone> {
  const row = await db.shop.findUnique({ where: { domain: shop }, select: { timeZone: true, timeZoneReadAt: true } });
  return { timeZone: row?.timeZone ?? null, readAt: row?.timeZoneReadAt ?? null };
}

export async function saveTimeZone(db: DatabaseOrTransaction, shop: string, timeZone: string, now: Date): Promise<void> {
  await db.shop.updateMany({ where: { domain: shop }, data: { timeZone, timeZoneReadAt: now } });
}
