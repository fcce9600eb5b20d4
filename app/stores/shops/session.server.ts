/**
 * Shopify's session rows, written by PrismaSessionStorage; the app only tidies them up after the
 * app/* webhooks. Both writes are safe to repeat: webhooks arrive more than once, and after uninstall.
 */
import type { DatabaseOrTransaction } from "../database/database.server";

/** app/uninstalled: the tokens are revoked, so every session of the shop is useless. */
export async function deleteSessionsOfShop(db: DatabaseOrTransaction, shop: string): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { shop } });
  return count;
}

/**
 * app/scopes_update: the offline session's scopes as granted now, so the library does not ask for
 * a re-authorisation it does not need. `updateMany`: the session may already be gone.
 */
export async function updateOfflineSessionScopes(db: DatabaseOrTransaction, shop: string, scopes: readonly string[]): Promise<number> {
  const { count } = await db.session.updateMany({ where: { shop, isOnline: false }, data: { scope: scopes.join(",") } });
  return count;
}

/** Whether the shop has an offline session: the app is installed there and can act for it. */
export async function hasOfflineSession(db: DatabaseOrTransaction, shop: string): Promise<boolean> {
  return (await db.session.count({ where: { shop, isOnline: false } })) > 0;
}
