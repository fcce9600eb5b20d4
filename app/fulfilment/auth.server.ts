/**
 * How the app proves who it is to the provider (DESIGN.md section 6): a static API token pasted in
 * the settings, or OAuth2 authorization code with refresh. Both are an AuthProvider, which is all the
 * transport needs. Refreshes and rotated tokens: docs/decisions/0003-provider-client-retries-and-outcomes.md
 * and 0008-provider-credentials-encrypted-at-rest.md.
 */
import { createHash, randomBytes } from "node:crypto";
import { FULFILMENT_DEFAULTS } from "./config";
import { ProviderAuthError, ProviderResponseError, detailsFromIssues, parseJson, providerErrorFromResponse } from "./errors";
import { TokenResponse } from "./schemas";
import { sendOnce, withoutTrailingSlash, type AuthProvider, type FetchFunction } from "./transport.server";

/** A token the merchant pasted in the settings. */
export function staticToken(token: string): AuthProvider {
  return { getAccessToken: async () => token };
}

/** What the app keeps (encrypted) of an OAuth connection. */
export interface OAuthTokens {
  readonly accessToken: string;
  readonly accessTokenExpiresAt: Date;
  /** When the access token was asked for; absent on tokens saved before this field existed. */
  readonly accessTokenIssuedAt?: Date;
  /** Null when the provider issued none: the connection then ends when the access token expires. */
  readonly refreshToken: string | null;
  /** Null when the provider did not say. */
  readonly refreshTokenExpiresAt: Date | null;
  /** The provider's id of the merchant's account. */
  readonly customerId: string | null;
}

export interface ProviderOAuthOptions {
  /** The provider's address, e.g. `https://openapi.example.com` (OAuth lives beside `/v1`). */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The app's callback route, registered with the provider. */
  readonly redirectUri: string;
  readonly fetch?: FetchFunction;
  readonly timeoutMs?: number;
  /** Milliseconds since the epoch. */
  readonly now?: () => number;
}

export interface TokenProviderOptions {
  /** As last persisted. */
  readonly tokens: OAuthTokens;
  /** Called with every new pair before it is used; persist it, since the old refresh token may now be dead. */
  readonly onTokens?: (tokens: OAuthTokens) => void | Promise<void>;
  /** Refresh this long before the access token expires. */
  readonly refreshSkewMs?: number;
}

/**
 * A PKCE code verifier (RFC 7636): 32 random bytes, base64url (43 characters). Kept by the app
 * until the code is exchanged, so a code taken on its way back is worth nothing without it.
 */
export function newCodeVerifier(): string {
  return randomBytes(32).toString("base64url");
}

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)), sent with the authorization request. */
export function codeChallengeOf(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

/** The page the merchant is sent to, to let the app act for their account. */
export function authorizationUrl(options: {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
  /** Unguessable, tied to the merchant's session; checked when the provider redirects back (CSRF). */
  state: string;
  /** The S256 challenge of the verifier the code will be exchanged with (codeChallengeOf). */
  codeChallenge: string;
}): string {
  const query = new URLSearchParams({
    client_id: options.clientId,
    response_type: "code",
    scope: "OpenApi",
    redirect_uri: options.redirectUri,
    state: options.state,
    code_challenge: options.codeChallenge,
    code_challenge_method: "S256",
  });
  return `${withoutTrailingSlash(options.baseUrl)}/oauth2/authorization?${query}`;
}

const TOKEN_PATH = "/oauth2/token";

/**
 * The OAuth flow: send the merchant to `authorizationUrl` with a PKCE challenge, exchange the code
 * the provider returns, with the verifier, for tokens (`exchangeCode`), persist them (encrypted), and
 * build a `tokenProvider` from them for the client. The provider refreshes ahead of expiry, shares
 * one refresh among concurrent callers, and hands rotated tokens to `onTokens` so the app persists
 * them before they are used.
 */
export function createProviderOAuth(options: ProviderOAuthOptions) {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? FULFILMENT_DEFAULTS.timeoutMs;
  const baseUrl = withoutTrailingSlash(options.baseUrl);

  /** POSTs a grant to the token endpoint; `rejected` words the 400/401 the merchant will see. */
  async function requestTokens(grant: Record<string, string>, rejected: { operation: string; summary: string }): Promise<OAuthTokens> {
    const request = { operation: rejected.operation, method: "POST", path: TOKEN_PATH };
    const form = new URLSearchParams({ ...grant, client_id: options.clientId, client_secret: options.clientSecret });
    // Everything sent here is secret; none of it may reach an error message.
    const secrets = [...Object.values(grant), options.clientSecret];
    const requestedAt = now();
    const answer = await sendOnce(
      fetchFn,
      `${baseUrl}${TOKEN_PATH}`,
      {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      },
      { request, timeoutMs },
    );
    if (answer.status === 400 || answer.status === 401) {
      const cause = providerErrorFromResponse({ request, status: answer.status, bodyText: answer.text, secrets });
      throw new ProviderAuthError(
        { ...request, status: answer.status, ticketId: cause.ticketId, errors: cause.errors, cause },
        { summary: rejected.summary, reconnectRequired: true },
      );
    }
    if (answer.status < 200 || answer.status > 299) {
      throw providerErrorFromResponse({ request, status: answer.status, bodyText: answer.text, secrets });
    }
    const parsed = TokenResponse.safeParse(parseJson(answer.text));
    if (!parsed.success) {
      throw new ProviderResponseError({ ...request, status: answer.status, errors: detailsFromIssues(parsed.error.issues, "body") });
    }
    const t = parsed.data;
    // Expiry counts from when we asked: the answer may have taken a while, so we err on the early side.
    return {
      accessToken: t.AccessToken,
      accessTokenExpiresAt: new Date(requestedAt + t.AccessTokenExpiresIn * 1000),
      accessTokenIssuedAt: new Date(requestedAt),
      refreshToken: t.RefreshToken ?? null,
      refreshTokenExpiresAt:
        t.RefreshTokenExpiresIn === null || t.RefreshTokenExpiresIn === undefined
          ? null
          : new Date(requestedAt + t.RefreshTokenExpiresIn * 1000),
      customerId: t.CustomerId === null || t.CustomerId === undefined ? null : String(t.CustomerId),
    };
  }

  /** `codeVerifier`: the one whose challenge went with the authorization request. */
  function exchangeCode(code: string, codeVerifier: string): Promise<OAuthTokens> {
    return requestTokens(
      { grant_type: "authorization_code", code, redirect_uri: options.redirectUri, code_verifier: codeVerifier },
      {
        operation: "oauthExchangeCode",
        summary: "The fulfilment provider did not accept the authorization (it may have expired or been used already)",
      },
    );
  }

  function refresh(refreshToken: string): Promise<OAuthTokens> {
    return requestTokens(
      { grant_type: "refresh_token", refresh_token: refreshToken },
      {
        operation: "oauthRefreshToken",
        summary: "The fulfilment provider no longer accepts the app's saved connection (refresh token rejected or expired)",
      },
    );
  }

  function tokenProvider(providerOptions: TokenProviderOptions): AuthProvider & { tokens(): OAuthTokens } {
    const skew = providerOptions.refreshSkewMs ?? FULFILMENT_DEFAULTS.refreshSkewMs;
    let tokens = providerOptions.tokens;
    let forgotten: string | undefined; // an access token the provider refused before its expiry
    let inFlight: Promise<OAuthTokens> | undefined;

    // Refresh a little before expiry, but never more than half a token's life early: a token that
    // lives less than the margin would otherwise be stale on arrival and refreshed on every call.
    const margin = () => {
      const issuedAt = tokens.accessTokenIssuedAt?.getTime();
      const lifetime = issuedAt === undefined ? Infinity : tokens.accessTokenExpiresAt.getTime() - issuedAt;
      return Math.min(skew, lifetime / 2);
    };
    const fresh = () => tokens.accessToken !== forgotten && now() < tokens.accessTokenExpiresAt.getTime() - margin();

    async function renew(): Promise<OAuthTokens> {
      const { refreshToken, refreshTokenExpiresAt } = tokens;
      if (refreshToken === null || (refreshTokenExpiresAt !== null && now() >= refreshTokenExpiresAt.getTime())) {
        throw new ProviderAuthError(
          { operation: "oauthRefreshToken", method: "POST", path: TOKEN_PATH },
          {
            summary: "The connection to the fulfilment provider has expired and cannot be renewed automatically",
            reconnectRequired: true,
          },
        );
      }
      const next = await refresh(refreshToken);
      forgotten = undefined;
      // A provider that does not rotate refresh tokens answers without one: keep the old.
      tokens = next.refreshToken === null ? { ...next, refreshToken, refreshTokenExpiresAt } : next;
      await providerOptions.onTokens?.(tokens);
      return tokens;
    }

    return {
      async getAccessToken() {
        if (fresh()) return tokens.accessToken;
        // Single flight: concurrent callers share one refresh, since a rotated refresh token is
        // single-use and a second refresh with the old one would be refused.
        inFlight ??= renew().finally(() => {
          inFlight = undefined;
        });
        return (await inFlight).accessToken;
      },
      invalidate(rejectedToken) {
        // Only if still current: concurrent 401s for the same old token must not discard a new one.
        if (rejectedToken === tokens.accessToken) forgotten = rejectedToken;
      },
      tokens: () => tokens,
    };
  }

  return {
    authorizationUrl: (args: { state: string; codeChallenge: string }) =>
      authorizationUrl({ baseUrl, clientId: options.clientId, redirectUri: options.redirectUri, ...args }),
    exchangeCode,
    refresh,
    tokenProvider,
  };
}

export type ProviderOAuth = ReturnType<typeof createProviderOAuth>;
