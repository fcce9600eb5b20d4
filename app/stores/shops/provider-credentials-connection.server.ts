/**
 * What the settings page does with the provider connection: save a pasted API token, start an
 * OAuth connection (the provider's authorization page, with a state bound to the shop), finish it
 * when the provider sends the merchant back (code exchanged, tokens stored encrypted), disconnect.
 */
import { z } from "zod";
import type { Env } from "~/env.server";
import type { ProviderOAuth } from "~/fulfilment";
import type { DatabaseOrTransaction } from "../database/database.server";
import { ProviderNotConnected } from "./provider-credentials-auth.server";
import { createOAuthState, verifyOAuthState } from "./provider-credentials-oauth-state.server";
import { saveProviderCredentials, type KeyOption } from "./provider-credentials.server";

/** A bearer token: printable, no spaces, within reason. Nothing else is known of its shape. */
export const ApiToken = z
  .string()
  .trim()
  .min(1, { error: "is required" })
  .max(4096, { error: "must be at most 4096 characters" })
  .regex(/^[\x21-\x7e]+$/, { error: "may contain only letters, digits and symbols, without spaces" });

export async function saveApiToken(db: DatabaseOrTransaction, shop: string, token: string, options: KeyOption & { now?: Date } = {}): Promise<void> {
  await saveProviderCredentials(db, shop, { kind: "staticToken", token, savedAt: options.now ?? new Date() }, options);
}

const storedCiphertext = async (db: DatabaseOrTransaction, shop: string) =>
  (await db.shop.findUnique({ where: { domain: shop }, select: { providerCredentialsCiphertext: true } }))?.providerCredentialsCiphertext ?? null;

const notConfigured = () =>
  new ProviderNotConnected(
    "Connecting through the provider's login is not set up for this installation (PROVIDER_CLIENT_ID and PROVIDER_CLIENT_SECRET). Enter an API token instead.",
  );

/** The provider's authorization page for this shop's admin. */
export async function providerAuthorizationUrl(db: DatabaseOrTransaction, shop: string, oauth: ProviderOAuth | null, env: Pick<Env, "SHOPIFY_API_SECRET">): Promise<string> {
  if (oauth === null) throw notConfigured();
  const state = createOAuthState({ shop, secret: env.SHOPIFY_API_SECRET, currentCiphertext: await storedCiphertext(db, shop) });
  return oauth.authorizationUrl({ state });
}

/**
 * The provider sent the merchant back with `code` for the shop `state` names: exchanged for tokens,
 * stored. Returns the shop. Throws InvalidOAuthState, or the provider's ProviderAuthError when it
 * refuses the code.
 */
export async function finishProviderConnection(
  db: DatabaseOrTransaction,
  answer: { code: string; state: string },
  oauth: ProviderOAuth | null,
  env: Pick<Env, "SHOPIFY_API_SECRET">,
  options: KeyOption & { now?: Date } = {},
): Promise<string> {
  if (oauth === null) throw notConfigured();
  const shop = await verifyOAuthState(answer.state, { secret: env.SHOPIFY_API_SECRET, currentCiphertextOf: (domain) => storedCiphertext(db, domain) });
  const tokens = await oauth.exchangeCode(answer.code);
  await saveProviderCredentials(db, shop, { kind: "oauth", ...tokens, connectedAt: options.now ?? new Date() }, options);
  return shop;
}
