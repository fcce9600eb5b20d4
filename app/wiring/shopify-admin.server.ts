/**
 * A job's Admin GraphQL client for a shop: the library's, on the shop's offline session (tokens
 * refreshed by the library; in the stack, redirected to the emulator). Imported lazily, so modules
 * that only name the handlers do not need the app's Shopify credentials to load.
 */
import type { AdminGraphql } from "~/shopify/admin-graphql.server";
import { PermanentFailure } from "~/jobs/handler";

export async function shopifyAdminFor(shop: string): Promise<AdminGraphql> {
  const [{ unauthenticated }, { SessionNotFoundError }] = await Promise.all([import("~/shopify.server"), import("@shopify/shopify-app-remix/server")]);
  try {
    const { admin } = await unauthenticated.admin(shop);
    return admin;
  } catch (error) {
    // No offline session: the app is not installed there (any more); retrying cannot help.
    if (error instanceof SessionNotFoundError) throw new PermanentFailure(`The app is not installed on ${shop}: there is no access token to call Shopify with`);
    throw error;
  }
}
