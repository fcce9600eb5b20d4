// The provider sends the merchant back here after they approve the connection: a top-level page,
// outside Shopify's admin, so there is no session token to authenticate with. The signed `state`
// (made for one staff member of one shop, good once, for 15 minutes) says which shop it is. Nothing
// is exchanged or stored here: the answer is sealed and carried into that shop's admin, where the
// staff member who pressed Connect finishes it (provider-credentials-connection.server.ts says why).
import type { LoaderFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { env } from "~/env.server";
import { parkProviderAnswer } from "~/stores/shops/provider-credentials-connection.server";
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
  if (query.get("error") !== null)
    return page(400, "The provider did not approve the connection. Press Connect in the app's settings to try again.");
  if (!code || !state) return page(400, "The provider's answer has no code or state. Press Connect in the app's settings again.");
  try {
    const { shop, parked } = await parkProviderAnswer(prisma, { code, state }, env);
    // Back into the app inside the shop's admin, which passes the query on to the settings page.
    const store = shop.replace(/\.myshopify\.com$/, "");
    const settings = new URL(`https://admin.shopify.com/store/${store}/apps/${env.SHOPIFY_API_KEY}/app/settings/provider`);
    settings.searchParams.set("provider_connection", parked);
    return new Response(null, { status: 302, headers: { Location: settings.toString() } });
  } catch (error) {
    if (error instanceof InvalidOAuthState) return page(400, error.message);
    throw error;
  }
}
