/**
 * The time zone the admin writes dates in: the shop's, as Shopify's own admin does, so an order
 * placed at 9 p.m. in Los Angeles reads 9 p.m., not 5 a.m. the next day. Read from Shopify when the
 * app does not know it yet and again once a day (a merchant may change it); while Shopify cannot
 * answer, the zone last read, or UTC, which the dates then name. A change the merchant makes in
 * Shopify arrives sooner as shop/update (flows/receive-webhooks/shop-update.server.ts).
 */
import { isKnownTimeZone } from "~/lib/format";
import { log } from "~/lib/log.server";
import type { AdminGraphql } from "~/shopify/admin-graphql.server";
import { readShopTimeZone } from "~/shopify/shop-time-zone.server";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { saveTimeZone, storedTimeZone } from "~/stores/shops/shop-time-zone.server";

export const FALLBACK_TIME_ZONE = "UTC";
const READ_AGAIN_AFTER_MS = 24 * 60 * 60_000;

export async function shopTimeZone(db: DatabaseOrTransaction, admin: AdminGraphql, shop: string, now = new Date()): Promise<string> {
  const stored = await storedTimeZone(db, shop);
  const known = stored.timeZone !== null && isKnownTimeZone(stored.timeZone) ? stored.timeZone : null;
  if (known !== null && stored.readAt !== null && now.getTime() - stored.readAt.getTime() < READ_AGAIN_AFTER_MS) return known;
  try {
    const read = await readShopTimeZone(admin);
    if (!isKnownTimeZone(read)) {
      log.warn({ shop, timeZone: read }, "The shop's time zone is not one Intl knows: dates stay in UTC");
      return known ?? FALLBACK_TIME_ZONE;
    }
    // As of when the read began: a shop/update taken meanwhile is newer, and stays.
    if (await saveTimeZone(db, shop, read, now)) return read;
    return (await storedTimeZone(db, shop)).timeZone ?? read;
  } catch (error) {
    // The page opens all the same (a refused token is a Response thrown by Shopify's library).
    log.warn({ shop, err: error }, "The shop's time zone could not be read from Shopify");
    return known ?? FALLBACK_TIME_ZONE;
  }
}
