/**
 * The OAuth `state` of a provider connection, signed with the app's secret: which shop and which of
 * its staff asked (the session token's `sub`), until when, and which stored credentials it would
 * replace, so a state is good once: after it connects (or anything else changes the credentials),
 * replaying it fails. The callback only checks it and hands the code back into the embedded admin
 * (docs/decisions/0023-provider-connection-finished-in-the-admin.md).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** Long enough to log in at the provider, short enough that a leaked link soon dies. */
export const OAUTH_STATE_TTL_MS = 15 * 60_000;

const StatePayload = z.object({
  shop: z.string().min(1),
  user: z.string().min(1),
  nonce: z.string().min(16),
  expiresAt: z.number().int(),
  replaces: z.string(),
});

/** The stored ciphertext (or its absence) as the state names it. */
export function credentialsVersion(ciphertext: string | null): string {
  return createHash("sha256")
    .update(ciphertext ?? "none")
    .digest("base64url")
    .slice(0, 22);
}

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(`provider-oauth-state\0${payload}`).digest();

/** Who pressed Connect: the shop and the staff member (the session token's `sub`). */
export interface ConnectionStarter {
  shop: string;
  user: string;
}

export function createOAuthState(options: ConnectionStarter & { secret: string; currentCiphertext: string | null; now?: number }): string {
  const payload = Buffer.from(
    JSON.stringify({
      shop: options.shop,
      user: options.user,
      nonce: randomBytes(16).toString("base64url"),
      expiresAt: (options.now ?? Date.now()) + OAUTH_STATE_TTL_MS,
      replaces: credentialsVersion(options.currentCiphertext),
    }),
  ).toString("base64url");
  return `${payload}.${sign(options.secret, payload).toString("base64url")}`;
}

export class InvalidOAuthState extends Error {
  override readonly name = "InvalidOAuthState";
}

/**
 * The shop and staff member the state was made for, if it is ours, unaltered, in time, and the
 * credentials it would replace are still those stored (`currentCiphertextOf` reads them for the
 * state's shop).
 */
export async function verifyOAuthState(
  state: string,
  options: { secret: string; currentCiphertextOf: (shop: string) => Promise<string | null>; now?: number },
): Promise<ConnectionStarter> {
  const [payload = "", signature = ""] = state.split(".");
  const expected = sign(options.secret, payload);
  const given = Buffer.from(signature, "base64url");
  if (payload === "" || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new InvalidOAuthState("This connection link was not issued by the app. Press Connect in the app's settings again.");
  }
  const parsed = StatePayload.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
  if (!parsed.success) throw new InvalidOAuthState("This connection link is incomplete. Press Connect in the app's settings again.");
  const { shop, user, expiresAt, replaces } = parsed.data;
  if ((options.now ?? Date.now()) > expiresAt)
    throw new InvalidOAuthState("This connection link has expired. Press Connect in the app's settings again.");
  if (credentialsVersion(await options.currentCiphertextOf(shop)) !== replaces) {
    throw new InvalidOAuthState(
      "This connection link has been used, or the connection changed since it was issued. Press Connect in the app's settings again.",
    );
  }
  return { shop, user };
}
