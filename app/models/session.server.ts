/**
 * Shopify's session rows, written by PrismaSessionStorage; the app only tidies them up after the
 * app/* webhooks. Both writes are safe to repeat: webhooks arrive more than once, and after uninstall.
 */
import prisma from "../db.server";

export async function deleteSessionsOfShop(shop: string): Promise<void> {
  await prisma.session.deleteMany({ where: { shop } });
}

/** `updateMany`, not `update`: the session may already be gone when the webhook arrives. */
export async function updateSessionScope(sessionId: string, scopes: readonly string[]): Promise<void> {
  await prisma.session.updateMany({ where: { id: sessionId }, data: { scope: scopes.join(",") } });
}
