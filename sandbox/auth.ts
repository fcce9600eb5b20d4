/**
 * The provider's OAuth2 authorization-code flow, auto-approving (no login page), with PKCE (S256)
 * checked when the authorization request carried a challenge, and the bearer check of /v1 calls: issued tokens pass until they expire (then 401, so clients can test refreshing), any
 * other token too unless `--token` is set. Every rule: sandbox/README.md, "Authentication".
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { SandboxError, invalid } from "./errors";
import { digitsFor, tokenFor } from "./random";
import { nextSequence, type SandboxState } from "./state";
import { check, parseOrReject } from "./validation";

export interface AuthSettings {
  /** The one static token `--token` accepts besides issued ones; undefined accepts any bearer token. */
  readonly staticToken: string | undefined;
  readonly accessTokenTtlS: number;
  readonly refreshTokenTtlS: number;
  readonly seed: number;
}

const AUTHORIZATION_CODE_TTL_MS = 10 * 60 * 1000;
/** Expired access tokens are remembered this long, so they keep answering 401 rather than passing as "any token". */
const EXPIRED_TOKEN_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

export type BearerCheck = { ok: true } | { ok: false; message: string };

export function checkBearer(header: string | undefined, state: SandboxState, now: number, settings: AuthSettings): BearerCheck {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  const token = match?.[1];
  if (token === undefined) return { ok: false, message: "send the header Authorization: Bearer <access token>" };
  const issued = state.oauth.accessTokens.get(token);
  if (issued !== undefined) {
    return issued.expiresAt > now ? { ok: true } : { ok: false, message: "the access token has expired; refresh it" };
  }
  if (settings.staticToken !== undefined && token !== settings.staticToken) {
    return { ok: false, message: "the access token is not valid" };
  }
  return { ok: true };
}

export function unauthorized(message: string): SandboxError {
  return new SandboxError(401, [{ Code: "Authorization", Message: message }], {
    "WWW-Authenticate": 'Bearer realm="fulfilment-sandbox", error="invalid_token"',
  });
}

const QUERY = { rootCode: "Query" };
const BODY = { rootCode: "Body" };

const AuthorizationRequest = z.object({
  client_id: z.string().min(1, { error: "must not be empty" }),
  response_type: z.literal("code", { error: 'must be "code"' }),
  redirect_uri: z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" }),
  scope: z
    .string()
    .refine((v) => v.split(/[\s,]+/).includes("OpenApi"), { error: 'must include "OpenApi"' })
    .optional(),
  state: z.string().optional(),
  // PKCE (RFC 7636): S256 only; "plain" would send the verifier itself through the browser.
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: "must be the base64url SHA-256 of the code verifier (43 characters)" })
    .optional(),
  code_challenge_method: z.literal("S256", { error: 'must be "S256"' }).optional(),
});

/** base64url(SHA-256(verifier)): what a code_challenge of method S256 must equal. */
const s256 = (verifier: string) => createHash("sha256").update(verifier, "ascii").digest("base64url");

/** `GET /oauth2/authorization`: approves at once and sends the browser back with a code. */
export function authorize(query: Readonly<Record<string, string>>, state: SandboxState, now: number, settings: AuthSettings): string {
  const request = parseOrReject(AuthorizationRequest, query, QUERY);
  if (request.code_challenge !== undefined && request.code_challenge_method === undefined) {
    // RFC 7636 would take a missing method as "plain", which this server does not accept.
    throw invalid("code_challenge_method", 'is required with a code_challenge and must be "S256"');
  }
  const code = `code_${tokenFor(settings.seed, "code", nextSequence(state))}`;
  state.oauth.codes.set(code, {
    token: code,
    clientId: request.client_id,
    redirectUri: request.redirect_uri,
    expiresAt: now + AUTHORIZATION_CODE_TTL_MS,
    ...(request.code_challenge === undefined ? {} : { codeChallenge: request.code_challenge }),
  });
  const location = new URL(request.redirect_uri);
  location.searchParams.set("code", code);
  if (request.state !== undefined) location.searchParams.set("state", request.state);
  return location.toString();
}

const required = () => z.string().min(1, { error: "must not be empty" });
const GrantType = z.object({
  grant_type: z.enum(["authorization_code", "refresh_token"], { error: "must be authorization_code or refresh_token" }),
});
const CodeGrant = z.object({
  code: required(),
  redirect_uri: required(),
  client_id: required(),
  client_secret: required(),
  code_verifier: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, { error: "must be 43 to 128 letters, digits, '-', '.', '_' or '~'" })
    .optional(),
});
const RefreshGrant = z.object({ refresh_token: required(), client_id: required(), client_secret: required() });

/** Client id and secret sent as HTTP Basic credentials instead of in the body. */
function basicCredentials(header: string | undefined): Record<string, string> {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? "");
  if (match?.[1] === undefined) return {};
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return {};
  return { client_id: decodeURIComponent(decoded.slice(0, colon)), client_secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

/** The token request's fields, from a form-urlencoded or JSON body. */
export function tokenRequestFields(raw: string, contentType: string | undefined, authorization: string | undefined): unknown {
  const credentials = basicCredentials(authorization);
  const looksJson = contentType?.includes("json") ?? raw.trimStart().startsWith("{");
  if (looksJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw invalid("Body", "is not valid JSON");
    }
    return typeof parsed === "object" && parsed !== null ? { ...credentials, ...parsed } : parsed;
  }
  return { ...credentials, ...Object.fromEntries(new URLSearchParams(raw)) };
}

export interface TokenAnswer {
  AccessToken: string;
  AccessTokenExpiresIn: number;
  RefreshToken: string;
  RefreshTokenExpiresIn: number;
  CustomerId: string;
}

function issueTokens(clientId: string, state: SandboxState, now: number, settings: AuthSettings): TokenAnswer {
  const access = `at_${tokenFor(settings.seed, "access", nextSequence(state))}`;
  const refresh = `rt_${tokenFor(settings.seed, "refresh", nextSequence(state))}`;
  state.oauth.accessTokens.set(access, { token: access, clientId, expiresAt: now + settings.accessTokenTtlS * 1000 });
  state.oauth.refreshTokens.set(refresh, { token: refresh, clientId, expiresAt: now + settings.refreshTokenTtlS * 1000 });
  return {
    AccessToken: access,
    AccessTokenExpiresIn: settings.accessTokenTtlS,
    RefreshToken: refresh,
    RefreshTokenExpiresIn: settings.refreshTokenTtlS,
    // One merchant account per client id.
    CustomerId: `C${digitsFor(8, "customer", clientId)}`,
  };
}

function forget(state: SandboxState, now: number): void {
  for (const [key, code] of state.oauth.codes) if (code.expiresAt <= now) state.oauth.codes.delete(key);
  for (const [key, grant] of state.oauth.refreshTokens) if (grant.expiresAt <= now) state.oauth.refreshTokens.delete(key);
  for (const [key, grant] of state.oauth.accessTokens) {
    if (grant.expiresAt + EXPIRED_TOKEN_MEMORY_MS <= now) state.oauth.accessTokens.delete(key);
  }
}

/** `POST /oauth2/token`: a code or a refresh token for new tokens; anything wrong is a 400 naming the field. */
export function exchange(fields: unknown, state: SandboxState, now: number, settings: AuthSettings): TokenAnswer {
  const grant = check(GrantType, fields, BODY);
  if (!grant.ok) throw new SandboxError(400, grant.errors);
  forget(state, now);
  if (grant.value.grant_type === "authorization_code") {
    const request = parseOrReject(CodeGrant, fields, BODY);
    const code = state.oauth.codes.get(request.code);
    if (code === undefined) throw invalid("code", "is not valid, has expired or has already been used");
    if (code.clientId !== request.client_id) throw invalid("client_id", "is not the client the code was issued to");
    if (code.redirectUri !== request.redirect_uri) throw invalid("redirect_uri", "differs from the one of the authorization request");
    // PKCE: a code whose authorization carried a challenge goes only with the verifier behind it, and
    // a verifier for a code that had none is refused too (no downgrade). A wrong verifier spends the
    // code: whoever sent it may have taken it on its way to the app.
    if (code.codeChallenge !== undefined || request.code_verifier !== undefined) {
      state.oauth.codes.delete(request.code);
      if (code.codeChallenge === undefined) throw invalid("code_verifier", "was sent, but the authorization request had no code_challenge");
      if (request.code_verifier === undefined)
        throw invalid("code_verifier", "is required: the authorization request had a code_challenge");
      if (s256(request.code_verifier) !== code.codeChallenge) throw invalid("code_verifier", "does not match the code_challenge");
    }
    state.oauth.codes.delete(request.code);
    return issueTokens(request.client_id, state, now, settings);
  }
  const request = parseOrReject(RefreshGrant, fields, BODY);
  const refresh = state.oauth.refreshTokens.get(request.refresh_token);
  if (refresh === undefined) throw invalid("refresh_token", "is not valid, has expired or has already been used");
  if (refresh.clientId !== request.client_id) throw invalid("client_id", "is not the client the refresh token was issued to");
  // Rotation: a refresh token works once.
  state.oauth.refreshTokens.delete(request.refresh_token);
  return issueTokens(request.client_id, state, now, settings);
}
