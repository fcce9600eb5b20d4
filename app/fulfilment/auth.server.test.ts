import { describe, expect, it, vi } from "vitest";
import { authorizationUrl, codeChallengeOf, createProviderOAuth, newCodeVerifier, staticToken, type OAuthTokens } from "./auth.server";
import { ProviderAuthError, ProviderError, ProviderResponseError, ProviderServerError } from "./errors";
import type { FetchFunction } from "./transport.server";

const T0 = Date.parse("2026-11-22T10:00:00Z");
const MINUTE = 60_000;

interface TokenCall {
  url: string;
  contentType: string | null;
  form: Record<string, string>;
}

/** A token endpoint answering with `answer(n)` for the n-th request (from 1), recording each. */
function tokenEndpoint(answer: (n: number) => { status: number; body: unknown }) {
  const calls: TokenCall[] = [];
  const fetch = vi.fn<FetchFunction>(async (url, init) => {
    calls.push({
      url,
      contentType: new Headers(init.headers).get("content-type"),
      form: Object.fromEntries(new URLSearchParams(typeof init.body === "string" ? init.body : "")),
    });
    const { status, body } = answer(calls.length);
    await new Promise((resolve) => setTimeout(resolve, 1)); // an answer takes a moment: callers overlap
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
  });
  return { fetch, calls };
}

const issued = (n: number) => ({
  status: 200,
  body: {
    AccessToken: `access-${n}`,
    AccessTokenExpiresIn: 7200,
    RefreshToken: `refresh-${n}`,
    RefreshTokenExpiresIn: 30 * 24 * 3600,
    CustomerId: 4711,
  },
});

function oauthWith(fetch: FetchFunction, clock: { now: number }) {
  return createProviderOAuth({
    baseUrl: "https://provider.example/",
    clientId: "app-client",
    clientSecret: "app-secret-xyz",
    redirectUri: "https://connector.example/auth/provider/callback",
    fetch,
    now: () => clock.now,
  });
}

const savedTokens: OAuthTokens = {
  accessToken: "access-0",
  accessTokenExpiresAt: new Date(T0 + 10 * MINUTE),
  refreshToken: "refresh-0",
  refreshTokenExpiresAt: new Date(T0 + 30 * 24 * 60 * MINUTE),
  customerId: "4711",
};

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

describe("static token", () => {
  it("is what every request carries, and cannot be renewed", async () => {
    const auth = staticToken("pasted-token");
    expect(await auth.getAccessToken()).toBe("pasted-token");
    expect(auth.invalidate).toBeUndefined();
  });
});

describe("authorizationUrl", () => {
  it("sends the merchant to the provider's consent page with the app's id, scope, state and an S256 challenge", () => {
    const url = authorizationUrl({
      baseUrl: "https://provider.example/",
      clientId: "app-client",
      redirectUri: "https://connector.example/auth/provider/callback",
      state: "nonce-123",
      codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    });
    expect(url).toBe(
      "https://provider.example/oauth2/authorization?client_id=app-client&response_type=code&scope=OpenApi" +
        "&redirect_uri=https%3A%2F%2Fconnector.example%2Fauth%2Fprovider%2Fcallback&state=nonce-123" +
        "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256",
    );
    const oauth = oauthWith(tokenEndpoint(issued).fetch, { now: T0 });
    expect(oauth.authorizationUrl({ state: "nonce-123", codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM" })).toBe(url);
  });
});

describe("PKCE", () => {
  it("makes the challenge as RFC 7636 does (its appendix B example), from verifiers that are never the same", () => {
    expect(codeChallengeOf("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    const verifier = newCodeVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCodeVerifier()).not.toBe(verifier);
  });
});

describe("exchangeCode", () => {
  it("trades the code for tokens whose expiry is counted from the request", async () => {
    const endpoint = tokenEndpoint(issued);
    const tokens = await oauthWith(endpoint.fetch, { now: T0 }).exchangeCode("code-abc", "verifier-abc");

    expect(endpoint.calls).toEqual([
      {
        url: "https://provider.example/oauth2/token",
        contentType: "application/x-www-form-urlencoded",
        form: {
          grant_type: "authorization_code",
          code: "code-abc",
          redirect_uri: "https://connector.example/auth/provider/callback",
          code_verifier: "verifier-abc",
          client_id: "app-client",
          client_secret: "app-secret-xyz",
        },
      },
    ]);
    expect(tokens).toEqual({
      accessToken: "access-1",
      accessTokenExpiresAt: new Date(T0 + 7200_000),
      accessTokenIssuedAt: new Date(T0),
      refreshToken: "refresh-1",
      refreshTokenExpiresAt: new Date(T0 + 30 * 24 * 3600_000),
      customerId: "4711",
    });
  });

  it("asks the merchant to connect again when the code is refused, quoting neither code nor secret", async () => {
    const endpoint = tokenEndpoint(() => ({
      status: 400,
      body: { error: "invalid_grant", error_description: "code code-abc was already used by app-secret-xyz" },
    }));
    const error = await failure(oauthWith(endpoint.fetch, { now: T0 }).exchangeCode("code-abc", "verifier-abc"));

    expect(error).toBeInstanceOf(ProviderAuthError);
    expect(error instanceof ProviderAuthError && error.reconnectRequired).toBe(true);
    expect(error.message).toMatch(/^The fulfilment provider did not accept the authorization/);
    expect(error.message).toContain("invalid_grant");
    expect(error.message).toContain("(oauthExchangeCode: POST /oauth2/token, HTTP 400)");
    expect(error.message).not.toContain("code-abc");
    expect(error.message).not.toContain("app-secret-xyz");
  });

  it("names the missing field of a malformed token answer", async () => {
    const endpoint = tokenEndpoint(() => ({ status: 200, body: { AccessTokenExpiresIn: 3600 } }));
    const error = await failure(oauthWith(endpoint.fetch, { now: T0 }).exchangeCode("code-abc", "verifier-abc"));
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect(error.errors.map((e) => e.code)).toEqual(["AccessToken"]);
  });

  it("reports a fault of the token endpoint as a provider fault, not as a lost connection", async () => {
    const endpoint = tokenEndpoint(() => ({ status: 503, body: "Service Unavailable" }));
    const error = await failure(oauthWith(endpoint.fetch, { now: T0 }).exchangeCode("code-abc", "verifier-abc"));
    expect(error).toBeInstanceOf(ProviderServerError);
    expect(error.message).toContain("Service Unavailable");
  });
});

describe("tokenProvider", () => {
  function connected(answer: (n: number) => { status: number; body: unknown } = issued, tokens = savedTokens) {
    const clock = { now: T0 };
    const endpoint = tokenEndpoint(answer);
    const onTokens = vi.fn();
    const auth = oauthWith(endpoint.fetch, clock).tokenProvider({ tokens, onTokens, refreshSkewMs: MINUTE });
    return { clock, endpoint, onTokens, auth };
  }

  it("uses the saved access token while it is not about to expire", async () => {
    const { auth, clock, endpoint } = connected();
    clock.now = T0 + 9 * MINUTE - 1;
    expect(await auth.getAccessToken()).toBe("access-0");
    expect(endpoint.calls).toHaveLength(0);
  });

  it("refreshes shortly before expiry and hands the rotated tokens over to be saved", async () => {
    const { auth, clock, endpoint, onTokens } = connected();
    clock.now = T0 + 9 * MINUTE; // ten minutes' token, one minute's skew

    expect(await auth.getAccessToken()).toBe("access-1");

    expect(endpoint.calls.map((c) => c.form)).toEqual([
      { grant_type: "refresh_token", refresh_token: "refresh-0", client_id: "app-client", client_secret: "app-secret-xyz" },
    ]);
    expect(onTokens).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ accessToken: "access-1", refreshToken: "refresh-1", accessTokenExpiresAt: new Date(clock.now + 7200_000) }),
    );
    expect(auth.tokens().refreshToken).toBe("refresh-1");
    expect(await auth.getAccessToken()).toBe("access-1");
    expect(endpoint.calls).toHaveLength(1);
  });

  it("lets ten concurrent callers share one refresh", async () => {
    const { auth, clock, endpoint, onTokens } = connected();
    clock.now = T0 + 11 * MINUTE;

    const tokens = await Promise.all(Array.from({ length: 10 }, () => auth.getAccessToken()));

    expect(tokens).toEqual(Array(10).fill("access-1"));
    expect(endpoint.calls).toHaveLength(1);
    expect(onTokens).toHaveBeenCalledTimes(1);
  });

  it("keeps the refresh token when the provider does not rotate it", async () => {
    const { auth, clock } = connected(() => ({ status: 200, body: { AccessToken: "access-9", AccessTokenExpiresIn: 3600 } }));
    clock.now = T0 + 11 * MINUTE;
    await auth.getAccessToken();
    expect(auth.tokens()).toMatchObject({ accessToken: "access-9", refreshToken: "refresh-0" });
  });

  it("refreshes a token the provider refused, but only if it is still the current one", async () => {
    const { auth, endpoint } = connected();
    auth.invalidate?.("access-0");
    expect(await auth.getAccessToken()).toBe("access-1");
    // A late 401 for the old token must not throw the new one away.
    auth.invalidate?.("access-0");
    expect(await auth.getAccessToken()).toBe("access-1");
    expect(endpoint.calls).toHaveLength(1);
  });

  it("says the merchant must reconnect when the refresh token is rejected, without quoting it", async () => {
    const { auth, clock } = connected(() => ({
      status: 400,
      body: { error: "invalid_grant", error_description: "refresh token refresh-0 revoked" },
    }));
    clock.now = T0 + 11 * MINUTE;

    const error = await failure(auth.getAccessToken());

    expect(error).toBeInstanceOf(ProviderAuthError);
    expect(error instanceof ProviderAuthError && error.reconnectRequired).toBe(true);
    expect(error.message).toMatch(
      /^The fulfilment provider no longer accepts the app's saved connection \(refresh token rejected or expired\)\./,
    );
    expect(error.message).toContain("The merchant must reconnect the fulfilment provider");
    expect(error.message).not.toMatch(/refresh-0|access-0|app-secret-xyz/);
  });

  it("asks for reconnection without a request once the refresh token has expired", async () => {
    const { auth, clock, endpoint } = connected();
    clock.now = T0 + 31 * 24 * 60 * MINUTE;

    const error = await failure(auth.getAccessToken());

    expect(error).toBeInstanceOf(ProviderAuthError);
    expect(error.message).toContain("must reconnect");
    expect(endpoint.calls).toHaveLength(0);
  });

  it("tries again on the next call after a failed refresh", async () => {
    const { auth, clock, endpoint } = connected((n) => (n === 1 ? { status: 502, body: "" } : issued(n)));
    clock.now = T0 + 11 * MINUTE;

    await expect(auth.getAccessToken()).rejects.toBeInstanceOf(ProviderServerError);
    expect(await auth.getAccessToken()).toBe("access-2");
    expect(endpoint.calls).toHaveLength(2);
  });
});
