// The provider sends the merchant back here after they approve the connection: a top-level page,
// outside Shopify's admin, so there is no session token to authenticate with. The signed `state`
// (made for an authenticated admin of one shop, good once, for 15 minutes) says which shop it is;
// nothing is read or written for any other shop.
import type { LoaderFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { env } from "~/env.server";
import { ProviderError } from "~/fulfilment";
import { appProviderOAuth, ProviderNotConnected } from "~/stores/shops/provider-credentials-auth.server";
import { finishProviderConnection } from "~/stores/shops/provider-credentials-connection.server";
import { InvalidOAuthState } from "~/stores/shops/provider-credentials-oauth-state.server";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(status: number, message: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Provider connection</title></head><body><h1>The provider was not connected</h1><p>${escape(message)}</p></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const code = query.get("code");
  const state = query.get("state");
  // A fixed message: the query is anyone's to write (a link sent to the merchant), so none of it is shown.
  if (query.get("error") !== null) return page(400, "The provider did not approve the connection. Press Connect in the app's settings to try again.");
  if (!code || !state) return page(400, "The provider's answer has no code or state. Press Connect in the app's settings again.");
  try {
    const shop = await finishProviderConnection(prisma, { code, state }, appProviderOAuth(env), env);
    // Back into the app inside the shop's admin.
    const store = shop.replace(/\.myshopify\.com$/, "");
    return new Response(null, { status: 302, headers: { Location: `https://admin.shopify.com/store/${store}/apps/${env.SHOPIFY_API_KEY}/app/settings?connected=oauth` } });
  } catch (error) {
    if (error instanceof InvalidOAuthState || error instanceof ProviderNotConnected) return page(400, error.message);
    // The provider refused the code, or could not be reached: its words, never a secret (errors.ts redacts them).
    if (error instanceof ProviderError) return page(502, `${error.message} Press Connect in the app's settings again.`);
    throw error;
  }
}
