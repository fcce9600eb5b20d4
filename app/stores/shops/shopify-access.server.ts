/**
 * Whether Shopify answers the app for a shop (Shop.shopifyAccess): null while it does; REVOKED,
 * FROZEN or LOCKED from the first refusal until a check (or a reinstall) finds it answering again.
 * While it refuses, the shop's jobs wait (app/flows/shop-access/) and Home says why.
 */
import type { DatabaseOrTransaction } from "../database/database.server";

/** How Shopify refuses the shop: its token revoked (401), the shop frozen (402) or locked (423). */
export type ShopUnavailable = "REVOKED" | "FROZEN" | "LOCKED";

export interface ShopifyAccess {
  unavailable: ShopUnavailable;
  since: Date;
  /** What Shopify said, for support. */
  message: string | null;
  /** When the app looks again. */
  checkAt: Date | null;
}

const UNAVAILABLE: readonly string[] = ["REVOKED", "FROZEN", "LOCKED"] satisfies ShopUnavailable[];
const isUnavailable = (value: string | null): value is ShopUnavailable => value !== null && UNAVAILABLE.includes(value);

/** Null while Shopify answers (or for a shop never recorded). */
export async function shopifyAccessOf(db: DatabaseOrTransaction, shop: string): Promise<ShopifyAccess | null> {
  const row = await db.shop.findUnique({
    where: { domain: shop },
    select: { shopifyAccess: true, shopifyAccessSince: true, shopifyAccessMessage: true, shopifyAccessCheckAt: true },
  });
  if (row === null || !isUnavailable(row.shopifyAccess)) return null;
  return {
    unavailable: row.shopifyAccess,
    since: row.shopifyAccessSince ?? new Date(0),
    message: row.shopifyAccessMessage,
    checkAt: row.shopifyAccessCheckAt,
  };
}

/**
 * Shopify refused the shop as a whole. Since-when is kept from the first refusal; the kind, the
 * message and the next check follow the latest. Returns whether the shop was reachable until now.
 */
export async function markShopifyUnavailable(
  db: DatabaseOrTransaction,
  shop: string,
  refusal: { unavailable: ShopUnavailable; message: string; checkAt: Date },
  now: Date,
): Promise<boolean> {
  const newly = await db.shop.updateMany({
    where: { domain: shop, shopifyAccess: null },
    data: {
      shopifyAccess: refusal.unavailable,
      shopifyAccessSince: now,
      shopifyAccessMessage: refusal.message.slice(0, 1000),
      shopifyAccessCheckAt: refusal.checkAt,
    },
  });
  if (newly.count === 1) return true;
  await db.shop.updateMany({
    where: { domain: shop },
    data: {
      shopifyAccess: refusal.unavailable,
      shopifyAccessMessage: refusal.message.slice(0, 1000),
      shopifyAccessCheckAt: refusal.checkAt,
    },
  });
  return false;
}

/** Shopify answers again (a check passed, or the app was installed again): returns whether it had been refusing. */
export async function markShopifyAvailable(db: DatabaseOrTransaction, shop: string): Promise<boolean> {
  const { count } = await db.shop.updateMany({
    where: { domain: shop, shopifyAccess: { not: null } },
    data: { shopifyAccess: null, shopifyAccessSince: null, shopifyAccessMessage: null, shopifyAccessCheckAt: null },
  });
  return count > 0;
}
