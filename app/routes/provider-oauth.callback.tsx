// The provider sends the merchant back here after the login: a top-level page, outside Shopify's
// admin, with no session token. It goes on only in the browser the start page gave its cookie to,
// for an attempt still in time and not yet answered; the code is exchanged with the attempt's PKCE
// verifier and the tokens are held, sealed, until the staff member who pressed Connect confirms them
// in Settings. The browser goes back into the shop's admin with the attempt's id alone
// (docs/decisions/0037-provider-login-bound-to-the-browser.md).
import type { LoaderFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { env } from "~/env.server";
import { ConnectionAttemptRefused } from "~/stores/shops/provider-connection-attempts.server";
import { appProviderOAuth, ProviderNotConnected } from "~/stores/shops/provider-credentials-auth.server";
import { CLEAR_BROWSER_COOKIE, takeProviderAnswer } from "~/stores/shops/provider-credentials-connection.server";
import { providerLoginRefusal } from "./provider-oauth-page.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  try {
    const settings = await takeProviderAnswer(
      prisma,
      { state: query.get("state"), code: query.get("code"), error: query.get("error"), cookieHeader: request.headers.get("Cookie") },
      appProviderOAuth(env),
      env,
    );
    return new Response(null, {
      status: 302,
      headers: { Location: settings, "Set-Cookie": CLEAR_BROWSER_COOKIE, "Cache-Control": "no-store" },
    });
  } catch (error) {
    // Fixed words per problem: nothing of the query (anyone's to write into a link) is shown.
    if (error instanceof ConnectionAttemptRefused || error instanceof ProviderNotConnected) return providerLoginRefusal(request, error);
    throw error;
  }
}
