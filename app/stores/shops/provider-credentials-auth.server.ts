/**
 * The stored credentials as the provider client's AuthProvider: a static token as it is, an OAuth
 * connection refreshed ahead of expiry with every new pair written back (encrypted) before use.
 * Also the app's OAuth client (PROVIDER_CLIENT_ID / PROVIDER_CLIENT_SECRET), shared by the Connect
 * flow and the refresh.
 */
import { createProviderOAuth, ProviderAuthError, staticToken, type AuthProvider, type OAuthTokens, type ProviderOAuth } from "~/fulfilment";
import type { Env } from "~/env.server";
import { jobErrorSaid } from "~/lib/words/job-error-said";
import type { Said } from "~/lib/words/reason-said";
import type { DatabaseOrTransaction } from "../database/database.server";
import {
  readProviderCredentials,
  saveRefreshedTokens,
  type KeyOption,
  type OAuthCredentials,
  type ProviderCredentials,
} from "./provider-credentials.server";

/**
 * The provider cannot be reached for a shop until a person acts; the message says who and where.
 * Said as a sentence (`said`) where a job stops for it, so the merchant reads it in their language.
 */
export class ProviderNotConnected extends Error {
  override readonly name = "ProviderNotConnected";
  readonly said: Said | undefined;
  constructor(reason: string | Said) {
    super(typeof reason === "string" ? reason : reason.message);
    this.said = typeof reason === "string" ? undefined : reason;
  }
}

/** Where the provider sends the merchant back after approving the connection. */
export const PROVIDER_OAUTH_CALLBACK_PATH = "/provider-oauth/callback";
/** The app's own top-level page that sends the merchant's browser to the provider's login (decision 0037). */
export const PROVIDER_OAUTH_START_PATH = "/provider-oauth/start";

/**
 * The app's OAuth client, or null when the operator has not registered the app with the provider.
 * Always the operator's PROVIDER_BASE_URL, never a shop's own provider address: the token calls
 * carry the app's client secret, which must not go wherever a shop's settings point.
 */
export function appProviderOAuth(source: Env): ProviderOAuth | null {
  const { PROVIDER_CLIENT_ID: clientId, PROVIDER_CLIENT_SECRET: clientSecret } = source;
  if (!clientId || !clientSecret) return null;
  return createProviderOAuth({
    baseUrl: source.PROVIDER_BASE_URL,
    clientId,
    clientSecret,
    redirectUri: `${source.SHOPIFY_APP_URL.replace(/\/+$/, "")}${PROVIDER_OAUTH_CALLBACK_PATH}`,
  });
}

const tokensOf = (credentials: OAuthCredentials): OAuthTokens => credentials;

/**
 * An OAuth connection as an AuthProvider. Refreshed tokens are stored in place of the pair they
 * replace. If the refresh is refused because another process already spent the refresh token, the
 * pair that process stored is adopted instead of asking the merchant to reconnect.
 */
function oauthAuth(
  db: DatabaseOrTransaction,
  shop: string,
  credentials: OAuthCredentials,
  oauth: ProviderOAuth,
  options: KeyOption,
): AuthProvider {
  let usedRefreshToken = credentials.refreshToken;
  const providerFor = (tokens: OAuthTokens) =>
    oauth.tokenProvider({
      tokens,
      onTokens: async (next) => {
        await saveRefreshedTokens(db, shop, usedRefreshToken, next, options);
        usedRefreshToken = next.refreshToken;
      },
    });
  let current = providerFor(tokensOf(credentials));

  return {
    async getAccessToken() {
      try {
        return await current.getAccessToken();
      } catch (error) {
        if (!(error instanceof ProviderAuthError && error.reconnectRequired)) throw error;
        const stored = await readProviderCredentials(db, shop, options);
        if (stored?.kind !== "oauth" || stored.refreshToken === usedRefreshToken) throw error;
        usedRefreshToken = stored.refreshToken;
        current = providerFor(tokensOf(stored));
        return current.getAccessToken();
      }
    },
    invalidate: (rejected) => current.invalidate?.(rejected),
  };
}

/** The AuthProvider for a shop's stored credentials; `oauth` is the app's client (appProviderOAuth). */
export function authFromCredentials(
  db: DatabaseOrTransaction,
  shop: string,
  credentials: ProviderCredentials,
  oauth: ProviderOAuth | null,
  options: KeyOption = {},
): AuthProvider {
  if (credentials.kind === "staticToken") return staticToken(credentials.token);
  if (oauth === null) {
    throw new ProviderNotConnected(jobErrorSaid("oauthCannotRenew", shop));
  }
  return oauthAuth(db, shop, credentials, oauth, options);
}
