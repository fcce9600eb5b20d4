// The app's own top-level page that sends the merchant to the provider's login (decision 0037).
// Settings, inside Shopify's admin, cannot give the browser a cookie (a third-party frame), so it
// sends the top window here with the attempt it made when Connect was pressed. This page opens that
// attempt once, gives this browser the cookie the callback will ask for, and redirects to the
// provider with the attempt as `state` and the PKCE challenge.
import type { LoaderFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { env } from "~/env.server";
import { ConnectionAttemptRefused } from "~/stores/shops/provider-connection-attempts.server";
import { appProviderOAuth, ProviderNotConnected } from "~/stores/shops/provider-credentials-auth.server";
import { openProviderLogin } from "~/stores/shops/provider-credentials-connection.server";
import { providerLoginRefusal } from "./provider-oauth-page.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const attempt = new URL(request.url).searchParams.get("attempt") ?? "";
  try {
    const { location, setCookie } = await openProviderLogin(prisma, attempt, appProviderOAuth(env));
    return new Response(null, { status: 302, headers: { Location: location, "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof ConnectionAttemptRefused || error instanceof ProviderNotConnected) return providerLoginRefusal(request, error);
    throw error;
  }
}
