/**
 * A job's Admin GraphQL client for a shop: the library's, on the shop's offline session (tokens
 * refreshed by the library; in the stack, redirected to the emulator). Imported lazily, so modules
 * that only name the handlers do not need the app's Shopify credentials to load.
 */
import type { AdminGraphql } from "~/shopify/admin-graphql.server";
import { PermanentFailure } from "~/jobs/handler";
import { jobErrorSaid } from "~/lib/words/job-error-said";
import type { TokenVerdict } from "~/flows/receive-webhooks/uninstall.server";
import { instrumentedAdmin } from "./instrumented.server";

export async function shopifyAdminFor(shop: string): Promise<AdminGraphql> {
  const [{ unauthenticated }, { SessionNotFoundError }] = await Promise.all([
    import("~/shopify.server"),
    import("@shopify/shopify-app-remix/server"),
  ]);
  try {
    const { admin } = await unauthenticated.admin(shop);
    return instrumentedAdmin(admin);
  } catch (error) {
    // No offline session: the app is not installed there (any more); retrying cannot help.
    if (error instanceof SessionNotFoundError) throw new PermanentFailure(jobErrorSaid("appNotInstalled", shop));
    throw error;
  }
}

/** The HTTP status a library error carries (`HttpResponseError.response.code`), read by shape. */
function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("response" in error)) return undefined;
  const response: unknown = error.response;
  if (typeof response !== "object" || response === null || !("code" in response)) return undefined;
  return typeof response.code === "number" ? response.code : undefined;
}

/** 401: the token (or the refresh token) is not valid any more; 404: no such shop. */
const REFUSED = new Set([401, 404]);

/**
 * Whether Shopify accepts the shop's stored offline token, asked with the cheapest query there is
 * (the library refreshes an expiring token first, and a refused refresh counts as refused). What
 * app/uninstalled waits for before it acts (flows/receive-webhooks/uninstall.server.ts).
 */
export async function shopifyTokenVerdict(shop: string): Promise<TokenVerdict> {
  const [{ unauthenticated }, { SessionNotFoundError }] = await Promise.all([
    import("~/shopify.server"),
    import("@shopify/shopify-app-remix/server"),
  ]);
  try {
    const { admin } = await unauthenticated.admin(shop);
    const response = await admin.graphql(`#graphql
      query TokenProbe { shop { id } }`);
    await response.json();
    return "accepted";
  } catch (error) {
    if (error instanceof SessionNotFoundError) return "no-token";
    const status = httpStatusOf(error);
    if (status !== undefined && REFUSED.has(status)) return "refused";
    throw error;
  }
}
