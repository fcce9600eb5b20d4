/**
 * What Settings > Provider connection does with the provider account: save a pasted API token, or
 * connect through the provider's login, bound to the browser (decision 0037):
 *
 * 1. Connect (in the admin): an attempt for this shop and staff member, with a PKCE verifier; the
 *    top window goes to the app's own start page with the attempt's id.
 * 2. The start page (top level, the app's origin): started once; gives the browser a `__Host-`
 *    cookie whose hash the attempt keeps; sends it to the provider with `state=<attempt id>` and the
 *    verifier's S256 challenge.
 * 3. The callback: only with that cookie, in time, once; the code exchanged with the verifier; the
 *    tokens held, sealed; back into the shop's admin with the attempt's id alone.
 * 4. Settings asks that same staff member of that same shop "Connect provider account X to this
 *    store?"; confirming stores the credentials. Anyone else is shown nothing.
 */
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Env } from "~/env.server";
import { codeChallengeOf, newCodeVerifier, ProviderAuthError, ProviderError, type ProviderOAuth } from "~/fulfilment";
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";
import { PROVIDER_OAUTH_START_PATH, ProviderNotConnected } from "./provider-credentials-auth.server";
import {
  answerConnectionAttempt,
  CONNECTION_ATTEMPT_TTL_MS,
  ConnectionAttemptRefused,
  createConnectionAttempt,
  holdProviderTokens,
  startConnectionAttempt,
  takeHeldTokens,
  type ConnectionStarter,
} from "./provider-connection-attempts.server";
import { saveProviderCredentials, type KeyOption } from "./provider-credentials.server";

/** A bearer token: printable, no spaces, within reason. Nothing else is known of its shape. */
export const ApiToken = z
  .string()
  .trim()
  .min(1, { error: "is required" })
  .max(4096, { error: "must be at most 4096 characters" })
  .regex(/^[\x21-\x7e]+$/, { error: "may contain only letters, digits and symbols, without spaces" });

export async function saveApiToken(
  db: DatabaseOrTransaction,
  shop: string,
  token: string,
  options: KeyOption & { now?: Date } = {},
): Promise<void> {
  await saveProviderCredentials(db, shop, { kind: "staticToken", token, savedAt: options.now ?? new Date() }, options);
}

const notConfigured = () =>
  new ProviderNotConnected(
    "Connecting through the provider's login is not set up for this installation (PROVIDER_CLIENT_ID and PROVIDER_CLIENT_SECRET). Enter an API token instead.",
  );

/**
 * The cookie that ties an attempt to the browser that opened the start page. `__Host-`: set only
 * over https (or loopback), for the app's own host and path `/`, so no other site or subdomain can
 * plant or read it. SameSite=Lax: sent on the provider's top-level redirect back, never on a
 * cross-site request from a page.
 */
export const BROWSER_COOKIE = "__Host-provider-connection";
const COOKIE_ATTRIBUTES = "Path=/; Secure; HttpOnly; SameSite=Lax";

const hashOf = (cookie: string) => createHash("sha256").update(`provider-connection browser\0${cookie}`).digest("base64url");

/** The cookie's value in a request's Cookie header, or null. */
export function browserCookieOf(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === BROWSER_COOKIE) {
      const text = value.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(text) ? text : null;
    }
  }
  return null;
}

/** The Set-Cookie that ends the cookie: the callback sends it, whatever its outcome. */
export const CLEAR_BROWSER_COOKIE = `${BROWSER_COOKIE}=; Max-Age=0; ${COOKIE_ATTRIBUTES}`;

/**
 * Connect, pressed by `starter`: a new attempt, and the app's own start page to send the top window
 * to (the attempt's id, nothing else). Throws ProviderNotConnected when the app has no OAuth client.
 */
export async function startProviderConnection(
  db: DatabaseOrTransaction,
  starter: ConnectionStarter,
  oauth: ProviderOAuth | null,
  env: Pick<Env, "SHOPIFY_APP_URL">,
  options: KeyOption & { now?: Date } = {},
): Promise<string> {
  if (oauth === null) throw notConfigured();
  const id = await createConnectionAttempt(db, starter, newCodeVerifier(), options);
  const start = new URL(PROVIDER_OAUTH_START_PATH, env.SHOPIFY_APP_URL);
  start.searchParams.set("attempt", id);
  return start.toString();
}

/**
 * The start page: the attempt started (once), a cookie for this browser, and the provider's
 * authorization page with the attempt as state and the verifier's challenge. Throws
 * ConnectionAttemptRefused, or ProviderNotConnected.
 */
export async function openProviderLogin(
  db: DatabaseOrTransaction,
  attemptId: string,
  oauth: ProviderOAuth | null,
  options: KeyOption & { now?: Date } = {},
): Promise<{ location: string; setCookie: string }> {
  if (oauth === null) throw notConfigured();
  const cookie = randomBytes(32).toString("base64url");
  const { verifier } = await startConnectionAttempt(db, attemptId, hashOf(cookie), options);
  return {
    location: oauth.authorizationUrl({ state: attemptId, codeChallenge: codeChallengeOf(verifier) }),
    setCookie: `${BROWSER_COOKIE}=${cookie}; Max-Age=${CONNECTION_ATTEMPT_TTL_MS / 1000}; ${COOKIE_ATTRIBUTES}`,
  };
}

/** What the provider sent the browser back with, and the browser's Cookie header. */
export interface ProviderAnswer {
  state: string | null;
  code: string | null;
  /** The provider's `error`: the merchant did not approve, or the provider refused. */
  error: string | null;
  cookieHeader: string | null;
}

/**
 * The callback: in the browser that opened the start page, once, in time, the code exchanged with
 * the attempt's verifier and the tokens held for the confirmation. Returns the page of the shop's
 * admin to go back to, naming only the attempt. Throws ConnectionAttemptRefused (its message is
 * what the merchant reads), or ProviderNotConnected.
 */
export async function takeProviderAnswer(
  db: DatabaseOrTransaction,
  answer: ProviderAnswer,
  oauth: ProviderOAuth | null,
  env: Pick<Env, "SHOPIFY_API_KEY">,
  options: KeyOption & { now?: Date } = {},
): Promise<string> {
  if (oauth === null) throw notConfigured();
  const cookie = browserCookieOf(answer.cookieHeader);
  const attemptId = answer.state ?? "";
  if (answer.error !== null || answer.code === null) {
    // A refusal still ends the attempt, when it comes back to the browser that started it.
    if (attemptId !== "") {
      await answerConnectionAttempt(db, attemptId, cookie === null ? null : hashOf(cookie), options).catch((error: unknown) => {
        if (!(error instanceof ConnectionAttemptRefused)) throw error;
      });
    }
    throw new ConnectionAttemptRefused("refused");
  }
  if (attemptId === "") throw new ConnectionAttemptRefused("unknown");
  const { shop, verifier } = await answerConnectionAttempt(db, attemptId, cookie === null ? null : hashOf(cookie), options);
  let tokens;
  try {
    tokens = await oauth.exchangeCode(answer.code, verifier);
  } catch (error) {
    // Refused (the code used, expired, or not issued for this verifier), or the provider out of reach.
    if (error instanceof ProviderAuthError) throw new ConnectionAttemptRefused("refused");
    if (error instanceof ProviderError) throw new ConnectionAttemptRefused("unreachable");
    throw error;
  }
  await holdProviderTokens(db, attemptId, shop, tokens, options);
  const store = shop.replace(/\.myshopify\.com$/, "");
  const settings = new URL(`https://admin.shopify.com/store/${store}/apps/${env.SHOPIFY_API_KEY}/app/settings/provider`);
  settings.searchParams.set("provider_attempt", attemptId);
  return settings.toString();
}

/**
 * "Connect" on the question: the held tokens stored as the shop's credentials, in one transaction
 * with marking the attempt finished. Throws ConnectionAttemptRefused.
 */
export function confirmProviderConnection(
  db: DatabaseOrTransaction,
  attemptId: string,
  starter: ConnectionStarter,
  options: KeyOption & { now?: Date } = {},
): Promise<void> {
  const connectedAt = options.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const tokens = await takeHeldTokens(tx, attemptId, starter, options);
    await saveProviderCredentials(tx, starter.shop, { kind: "oauth", ...tokens, connectedAt }, options);
  });
}
