import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { ProviderErrorBody, TokenResponse } from "../app/fulfilment/schemas";
import { startTestSandbox, TOKEN, type TestSandbox } from "./test-support";

const REDIRECT = "https://app.example.com/fulfilment/callback";
let sb: TestSandbox;
afterEach(() => sb.close());

/** Walks the authorization-code flow and returns the token answer. */
async function authorizeAndExchange(s: TestSandbox) {
  const query = new URLSearchParams({ client_id: "app-1", response_type: "code", scope: "OpenApi", redirect_uri: REDIRECT, state: "xyz" });
  const approval = await s.call(`/oauth2/authorization?${query}`, { token: null, redirect: "manual" });
  expect(approval.status).toBe(302);
  const location = new URL(approval.headers.get("location") ?? "");
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  expect(location.searchParams.get("state")).toBe("xyz");
  const code = location.searchParams.get("code") ?? "";
  expect(code).not.toBe("");
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    client_id: "app-1",
    client_secret: "s3cret",
  });
  const exchanged = await s.call("/oauth2/token", {
    body: form.toString(),
    token: null,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(exchanged.status).toBe(200);
  return { code, tokens: TokenResponse.parse(exchanged.json) };
}

const trackings = (s: TestSandbox, token: string | null) => s.call("/v1/trackings", { body: { TrackingNumbers: ["X1"] }, token });

describe("bearer tokens", () => {
  it("refuses a call without a bearer token, with the error body naming Authorization", async () => {
    sb = await startTestSandbox();
    const attempts: Record<string, string>[] = [{}, { Authorization: "Basic dXNlcjpwdw==" }, { Authorization: "Bearer " }];
    for (const headers of attempts) {
      const answer = await sb.call("/v1/trackings", { body: { TrackingNumbers: ["X1"] }, token: null, headers });
      expect(answer.status).toBe(401);
      const body = ProviderErrorBody.parse(answer.json);
      expect(body.Errors[0]?.Code).toBe("Authorization");
      expect(body.TicketId).toBeTruthy();
      expect(body.RequestUri).toBe(`${sb.url}/v1/trackings`);
    }
  });

  it("accepts any bearer token when no --token is set", async () => {
    sb = await startTestSandbox();
    expect((await trackings(sb, "anything-at-all")).status).toBe(200);
  });

  it("accepts only the --token (and issued tokens) when it is set", async () => {
    sb = await startTestSandbox({ token: TOKEN });
    expect((await trackings(sb, TOKEN)).status).toBe(200);
    expect((await trackings(sb, "wrong")).status).toBe(401);
    const { tokens } = await authorizeAndExchange(sb);
    expect((await trackings(sb, tokens.AccessToken)).status).toBe(200);
  });
});

describe("OAuth2 authorization code", () => {
  it("issues tokens for a code, once", async () => {
    sb = await startTestSandbox({ token: TOKEN });
    const { code, tokens } = await authorizeAndExchange(sb);
    expect(tokens.AccessTokenExpiresIn).toBe(7200);
    expect(tokens.RefreshTokenExpiresIn).toBe(30 * 24 * 3600);
    expect(tokens.CustomerId).toBeTruthy();

    const again = await sb.call("/oauth2/token", {
      body: { grant_type: "authorization_code", code, redirect_uri: REDIRECT, client_id: "app-1", client_secret: "s3cret" },
      token: null,
    });
    expect(again.status).toBe(400);
    expect(ProviderErrorBody.parse(again.json).Errors[0]?.Code).toBe("code");
  });

  it("refuses authorization requests without client_id or redirect_uri, or not asking for a code", async () => {
    sb = await startTestSandbox();
    const cases: [Record<string, string>, string][] = [
      [{ response_type: "code", redirect_uri: REDIRECT }, "client_id"],
      [{ client_id: "app-1", response_type: "code" }, "redirect_uri"],
      [{ client_id: "app-1", response_type: "token", redirect_uri: REDIRECT }, "response_type"],
    ];
    for (const [query, field] of cases) {
      const answer = await sb.call(`/oauth2/authorization?${new URLSearchParams(query)}`, { token: null, redirect: "manual" });
      expect(answer.status).toBe(400);
      expect(ProviderErrorBody.parse(answer.json).Errors.map((e) => e.Code)).toContain(field);
    }
  });

  it("expires access tokens (401) and refreshes them with a rotating refresh token", async () => {
    sb = await startTestSandbox({ accessTokenTtlS: 60 });
    const { tokens } = await authorizeAndExchange(sb);
    expect((await trackings(sb, tokens.AccessToken)).status).toBe(200);

    await sb.advance(61_000);
    const expired = await trackings(sb, tokens.AccessToken);
    expect(expired.status).toBe(401);
    expect(ProviderErrorBody.parse(expired.json).Errors[0]?.Message).toMatch(/expired/);

    const refresh = { grant_type: "refresh_token", refresh_token: tokens.RefreshToken, client_id: "app-1", client_secret: "s3cret" };
    const refreshed = await sb.call("/oauth2/token", { body: refresh, token: null });
    expect(refreshed.status).toBe(200);
    const next = TokenResponse.parse(refreshed.json);
    expect(next.AccessToken).not.toBe(tokens.AccessToken);
    expect(next.RefreshToken).not.toBe(tokens.RefreshToken);
    expect((await trackings(sb, next.AccessToken)).status).toBe(200);

    const reused = await sb.call("/oauth2/token", { body: refresh, token: null });
    expect(reused.status).toBe(400);
    expect(ProviderErrorBody.parse(reused.json).Errors[0]?.Code).toBe("refresh_token");
  });

  it("names the grant_type when it is missing or unknown", async () => {
    sb = await startTestSandbox();
    for (const body of [{}, { grant_type: "password" }]) {
      const answer = await sb.call("/oauth2/token", { body, token: null });
      expect(answer.status).toBe(400);
      expect(ProviderErrorBody.parse(answer.json).Errors[0]?.Code).toBe("grant_type");
    }
  });
});

describe("PKCE", () => {
  const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
  const challengeOf = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

  /** A code issued for an authorization request with these extra parameters. */
  async function codeFor(s: TestSandbox, extra: Record<string, string>) {
    const query = new URLSearchParams({ client_id: "app-1", response_type: "code", redirect_uri: REDIRECT, state: "xyz", ...extra });
    const approval = await s.call(`/oauth2/authorization?${query}`, { token: null, redirect: "manual" });
    return { approval, code: new URL(approval.headers.get("location") ?? REDIRECT).searchParams.get("code") ?? "" };
  }
  const exchange = (s: TestSandbox, code: string, extra: Record<string, string> = {}) =>
    s.call("/oauth2/token", {
      body: { grant_type: "authorization_code", code, redirect_uri: REDIRECT, client_id: "app-1", client_secret: "s3cret", ...extra },
      token: null,
    });
  const s256 = { code_challenge: challengeOf(VERIFIER), code_challenge_method: "S256" };

  it("issues tokens for a code whose S256 challenge the verifier matches", async () => {
    sb = await startTestSandbox();
    const { code } = await codeFor(sb, s256);
    const answer = await exchange(sb, code, { code_verifier: VERIFIER });
    expect(answer.status).toBe(200);
    expect(TokenResponse.parse(answer.json).AccessToken).toBeTruthy();
  });

  it("refuses a verifier that does not match the challenge, and the code is spent by it", async () => {
    sb = await startTestSandbox();
    const { code } = await codeFor(sb, s256);
    const wrong = await exchange(sb, code, { code_verifier: "another-verifier-of-the-right-length-0123456789" });
    expect(wrong.status).toBe(400);
    expect(ProviderErrorBody.parse(wrong.json).Errors).toEqual([{ Code: "code_verifier", Message: "does not match the code_challenge" }]);
    // Whoever sent the wrong one may have taken the code on its way: the right verifier no longer helps.
    const after = await exchange(sb, code, { code_verifier: VERIFIER });
    expect(after.status).toBe(400);
    expect(ProviderErrorBody.parse(after.json).Errors[0]?.Code).toBe("code");
  });

  it("refuses a code with a challenge exchanged without a verifier, and a verifier for a code without a challenge", async () => {
    sb = await startTestSandbox();
    const withChallenge = await codeFor(sb, s256);
    const missing = await exchange(sb, withChallenge.code);
    expect(missing.status).toBe(400);
    expect(ProviderErrorBody.parse(missing.json).Errors[0]?.Message).toMatch(/is required/);

    const withoutChallenge = await codeFor(sb, {});
    const downgraded = await exchange(sb, withoutChallenge.code, { code_verifier: VERIFIER });
    expect(downgraded.status).toBe(400);
    expect(ProviderErrorBody.parse(downgraded.json).Errors[0]).toEqual({
      Code: "code_verifier",
      Message: "was sent, but the authorization request had no code_challenge",
    });
  });

  it("takes S256 only: a plain or missing method, or a challenge that is no SHA-256, is refused at the authorization", async () => {
    sb = await startTestSandbox();
    const cases: [Record<string, string>, string][] = [
      [{ code_challenge: VERIFIER, code_challenge_method: "plain" }, "code_challenge_method"],
      [{ code_challenge: challengeOf(VERIFIER) }, "code_challenge_method"],
      [{ code_challenge: "short", code_challenge_method: "S256" }, "code_challenge"],
    ];
    for (const [extra, field] of cases) {
      const { approval } = await codeFor(sb, extra);
      expect(approval.status).toBe(400);
      expect(ProviderErrorBody.parse(approval.json).Errors.map((e) => e.Code)).toContain(field);
    }
  });
});
