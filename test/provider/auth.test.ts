/**
 * How the app proves who it is to the provider, end to end against the sandbox: a static token
 * pasted in the settings, or the OAuth2 authorization-code flow with refresh before expiry
 * (DESIGN.md section 6). The client's clock is the test's, moved together with the sandbox's.
 */
import { describe, expect, it, vi } from "vitest";
import {
  codeChallengeOf,
  createFulfilmentClient,
  createProviderOAuth,
  newCodeVerifier,
  ProviderAuthError,
  staticToken,
  type OAuthTokens,
} from "../../app/fulfilment";
import { failureOf, outcomes, START, startWorld, type ProviderWorld } from "./support";

const APP = {
  clientId: "northwind-connector",
  clientSecret: "connector-secret",
  redirectUri: "https://connector.example/auth/provider/callback",
};

/** The merchant's round trip: authorization page (auto-approved) → redirect with a code → tokens. */
async function connect(world: ProviderWorld, now: () => number = world.now) {
  const oauth = createProviderOAuth({ baseUrl: world.url, ...APP, now });
  const verifier = newCodeVerifier();
  const page = oauth.authorizationUrl({ state: "csrf-7f3a", codeChallenge: codeChallengeOf(verifier) });

  const answer = await fetch(page, { redirect: "manual" });
  expect(answer.status).toBe(302);
  const callback = new URL(answer.headers.get("location") ?? "");
  expect(`${callback.origin}${callback.pathname}`).toBe(APP.redirectUri);
  expect(callback.searchParams.get("state")).toBe("csrf-7f3a");
  const code = callback.searchParams.get("code") ?? "";

  const tokens = await oauth.exchangeCode(code, verifier);
  return { oauth, code, verifier, tokens };
}

/** A client using the OAuth tokens, recording every pair it persists. */
function oauthClient(world: ProviderWorld, oauth: ReturnType<typeof createProviderOAuth>, tokens: OAuthTokens) {
  const persisted: OAuthTokens[] = [];
  const onTokens = vi.fn((next: OAuthTokens) => {
    persisted.push(next);
  });
  const provider = oauth.tokenProvider({ tokens, onTokens });
  const { client } = world.clientWith({ auth: provider });
  return { client, provider, persisted, onTokens };
}

const tokenRequests = (world: ProviderWorld) => world.requests.filter((line) => line.startsWith("POST /oauth2/token"));

describe("a static token", () => {
  it("is accepted when it is the provider's token", async () => {
    const world = await startWorld({ sandbox: { token: "merchant-pasted-token" } });
    const { client } = world.clientWith({ auth: staticToken("merchant-pasted-token") });

    await expect(client.searchSkus({ PageSize: 1 })).resolves.toMatchObject({ TotalCount: 14 });
  });

  it("that is wrong fails with ProviderAuthError asking to reconnect, once, without quoting the token", async () => {
    const world = await startWorld({ sandbox: { token: "merchant-pasted-token" } });
    const { client, sleeps } = world.clientWith({ auth: staticToken("an-old-token-4242") });

    const error = await failureOf(client.searchSkus({}));

    expect(error).toBeInstanceOf(ProviderAuthError);
    expect(error).toMatchObject({ status: 401, reconnectRequired: true });
    expect(error.message).not.toContain("an-old-token-4242");
    expect(outcomes(world.operationCalls())).toEqual(["401"]);
    expect(sleeps).toEqual([]);
  });
});

describe("OAuth2 authorization code", () => {
  it("turns the merchant's approval into tokens the client calls with", async () => {
    // With --token, only that token and tokens issued by /oauth2/token pass: the calls below prove
    // the client sends the issued access token.
    const world = await startWorld({ sandbox: { token: "not-used-by-this-client" } });

    const { oauth, tokens } = await connect(world);

    expect(tokens.accessToken).toMatch(/^at_/);
    expect(tokens.refreshToken).toMatch(/^rt_/);
    expect(tokens.accessTokenExpiresAt.getTime()).toBe(START + 7200 * 1000);
    expect(tokens.customerId).toMatch(/^C\d+$/);
    const { client, onTokens } = oauthClient(world, oauth, tokens);
    await expect(client.searchSkus({ PageSize: 1 })).resolves.toMatchObject({ TotalCount: 14 });
    await expect(client.inventoryAge({ WarehouseId: "US01", PageSize: 1 })).resolves.toMatchObject({ WarehouseId: "US01" });
    expect(onTokens).not.toHaveBeenCalled();
    expect(outcomes(world.requests.filter((line) => !line.includes("/__sandbox/")))).toEqual(["302", "200", "200", "200"]);
  });

  it("refuses a code used twice with ProviderAuthError asking to reconnect", async () => {
    const world = await startWorld();
    const { oauth, code, verifier } = await connect(world);

    const error = await failureOf(oauth.exchangeCode(code, verifier));

    expect(error).toBeInstanceOf(ProviderAuthError);
    expect(error).toMatchObject({ status: 400, reconnectRequired: true });
    expect(error.message).not.toContain(code);
  });

  it("refreshes ahead of expiry by the client's clock, so no call is refused", async () => {
    const world = await startWorld({ sandbox: { token: "not-used-by-this-client", accessTokenTtlS: 600 } });
    const { oauth, tokens } = await connect(world);
    const { client, persisted, provider } = oauthClient(world, oauth, tokens);
    await client.searchSkus({ PageSize: 1 });

    await world.advance(500_000); // 100 s left: outside the 60 s refresh margin
    await client.searchSkus({ PageSize: 1 });
    expect(tokenRequests(world)).toHaveLength(1); // the code exchange only

    await world.advance(50_000); // 50 s left: inside the margin, still valid at the sandbox
    await expect(client.searchSkus({ PageSize: 1 })).resolves.toMatchObject({ TotalCount: 14 });

    expect(tokenRequests(world)).toHaveLength(2);
    expect(outcomes(world.operationCalls())).toEqual(["200", "200", "200"]);
    expect(persisted).toHaveLength(1);
    expect(persisted[0]?.accessToken).not.toBe(tokens.accessToken);
    expect(persisted[0]?.refreshToken).not.toBe(tokens.refreshToken);
    expect(persisted[0]?.accessTokenExpiresAt.getTime()).toBe(world.now() + 600_000);
    expect(provider.tokens()).toEqual(persisted[0]);
    // The refresh token rotated: the old one is spent.
    expect(await failureOf(oauth.refresh(tokens.refreshToken ?? ""))).toBeInstanceOf(ProviderAuthError);
  });

  it("shares one refresh among concurrent calls", async () => {
    const world = await startWorld({ sandbox: { token: "not-used-by-this-client", accessTokenTtlS: 600 } });
    const { oauth, tokens } = await connect(world);
    const { client, onTokens } = oauthClient(world, oauth, tokens);
    await world.advance(570_000);

    const answers = await Promise.all([
      client.searchSkus({ PageSize: 1 }),
      client.inventoryAge({ WarehouseId: "US01", PageSize: 1 }),
      client.inventoryAge({ WarehouseId: "DE01", PageSize: 1 }),
      client.priceAllServices({ WarehouseId: "US01", Country: "US", Skus: [{ Sku: "MUG-CER-350-WHT", Quantity: 1 }] }),
      client.trackBatch({ TrackingNumbers: ["1Z999AA10123456784"] }),
    ]);

    expect(answers).toHaveLength(5);
    expect(tokenRequests(world)).toHaveLength(2); // the code exchange and one refresh
    expect(onTokens).toHaveBeenCalledTimes(1);
    expect(outcomes(world.operationCalls())).toEqual(["200", "200", "200", "200", "200"]);
  });

  it("recovers from a token the provider has expired before the client expected: one refresh, one resend", async () => {
    const world = await startWorld({ sandbox: { token: "not-used-by-this-client", accessTokenTtlS: 600 } });
    // The app server's clock is behind the provider's and never catches up.
    const { oauth, tokens } = await connect(world, () => START);
    const { client, onTokens } = oauthClient(world, oauth, tokens);
    await world.advance(601_000);

    await expect(client.searchSkus({ PageSize: 1 })).resolves.toMatchObject({ TotalCount: 14 });

    expect(outcomes(world.operationCalls())).toEqual(["401", "200"]);
    expect(onTokens).toHaveBeenCalledTimes(1);
  });

  it("answers concurrent 401s for the same dead token with one refresh", async () => {
    const world = await startWorld({ sandbox: { token: "not-used-by-this-client", accessTokenTtlS: 600 } });
    const { oauth, tokens } = await connect(world, () => START);
    const { client, onTokens } = oauthClient(world, oauth, tokens);
    await world.advance(601_000);

    await Promise.all([
      client.searchSkus({ PageSize: 1 }),
      client.inventoryAge({ WarehouseId: "US01", PageSize: 1 }),
      client.inventoryAge({ WarehouseId: "DE01", PageSize: 1 }),
    ]);

    expect(tokenRequests(world)).toHaveLength(2); // the code exchange and one refresh
    expect(onTokens).toHaveBeenCalledTimes(1);
    expect(outcomes(world.operationCalls()).sort()).toEqual(["200", "200", "200", "401", "401", "401"]);
  });

  it("keeps using an access token that lives less than the refresh margin until it expires", async () => {
    // The sandbox README suggests --access-token-ttl-s 60 to test refreshing; the client's default
    // refresh margin is also 60 s, so every token it gets is "about to expire" the moment it arrives.
    const world = await startWorld({ sandbox: { accessTokenTtlS: 60 } });
    const { oauth, tokens } = await connect(world);
    const { client } = oauthClient(world, oauth, tokens);

    await client.searchSkus({ PageSize: 1 });
    await client.searchSkus({ PageSize: 1 });
    await client.searchSkus({ PageSize: 1 });

    // One code exchange; the 60 s token is fresh for all three calls made at the same instant.
    expect(tokenRequests(world)).toHaveLength(1);
  });
});

describe("a client without credentials the provider knows", () => {
  it("is refused by the sandbox with --token even for a well-formed bearer token", async () => {
    const world = await startWorld({ sandbox: { token: "merchant-pasted-token" } });
    const client = createFulfilmentClient({ baseUrl: world.url, auth: staticToken("at_forged"), retry: { maxAttempts: 1 } });

    expect(await failureOf(client.searchSkus({}))).toBeInstanceOf(ProviderAuthError);
  });
});
