/**
 * What the settings page does with the provider connection: save a pasted API token, start an
 * OAuth connection (the provider's authorization page, with a state bound to the shop and the staff
 * member who pressed Connect), take the provider's answer back into the embedded admin, and finish
 * it there (code exchanged, tokens stored encrypted). The callback only parks the sealed answer, so
 * no one can have a victim's approval stored under their store. Why:
 * docs/decisions/0023-provider-connection-finished-in-the-admin.md.
 */
import { z } from "zod";
import type { Env } from "~/env.server";
import type { ProviderOAuth } from "~/fulfilment";
import type { DatabaseOrTransaction } from "../database/database.server";
import { ProviderNotConnected } from "./provider-credentials-auth.server";
import { keysOf, open, seal, EnvelopeError } from "./envelope.server";
import { createOAuthState, InvalidOAuthState, verifyOAuthState, type ConnectionStarter } from "./provider-credentials-oauth-state.server";
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

const storedCiphertext = async (db: DatabaseOrTransaction, shop: string) =>
  (await db.shop.findUnique({ where: { domain: shop }, select: { providerCredentialsCiphertext: true } }))?.providerCredentialsCiphertext ??
  null;

const notConfigured = () =>
  new ProviderNotConnected(
    "Connecting through the provider's login is not set up for this installation (PROVIDER_CLIENT_ID and PROVIDER_CLIENT_SECRET). Enter an API token instead.",
  );

/** The provider's authorization page for this shop's admin, for the staff member who pressed Connect. */
export async function providerAuthorizationUrl(
  db: DatabaseOrTransaction,
  starter: ConnectionStarter,
  oauth: ProviderOAuth | null,
  env: Pick<Env, "SHOPIFY_API_SECRET">,
): Promise<string> {
  if (oauth === null) throw notConfigured();
  const state = createOAuthState({
    ...starter,
    secret: env.SHOPIFY_API_SECRET,
    currentCiphertext: await storedCiphertext(db, starter.shop),
  });
  return oauth.authorizationUrl({ state });
}

const ProviderAnswer = z.object({ code: z.string().min(1), state: z.string().min(1) });
/** Associated data of a parked answer: it opens only for the shop its state names. */
const parkedFor = (shop: string) => `provider-oauth answer\0${shop}`;

/**
 * The provider's answer (`code` and `state`) from the callback, checked and sealed for the shop
 * the state names, to be finished in that shop's admin. Nothing is exchanged or stored here.
 * Throws InvalidOAuthState.
 */
export async function parkProviderAnswer(
  db: DatabaseOrTransaction,
  answer: { code: string; state: string },
  env: Pick<Env, "SHOPIFY_API_SECRET">,
  options: KeyOption = {},
): Promise<{ shop: string; parked: string }> {
  const { shop } = await verifyOAuthState(answer.state, {
    secret: env.SHOPIFY_API_SECRET,
    currentCiphertextOf: (domain) => storedCiphertext(db, domain),
  });
  return { shop, parked: seal(keysOf(options), parkedFor(shop), JSON.stringify(answer)) };
}

/** The parked answer as this shop's admin sees it: still good to finish, or why not. */
async function openParkedAnswer(
  db: DatabaseOrTransaction,
  parked: string,
  finisher: ConnectionStarter,
  env: Pick<Env, "SHOPIFY_API_SECRET">,
  options: KeyOption,
): Promise<{ code: string; state: string }> {
  let answer: { code: string; state: string };
  try {
    answer = ProviderAnswer.parse(JSON.parse(open(keysOf(options), parkedFor(finisher.shop), parked)));
  } catch (error) {
    if (error instanceof EnvelopeError || error instanceof SyntaxError || error instanceof z.ZodError) {
      throw new InvalidOAuthState("This connection was not started in this store. Press Connect here to connect this store.");
    }
    throw error;
  }
  const starter = await verifyOAuthState(answer.state, {
    secret: env.SHOPIFY_API_SECRET,
    currentCiphertextOf: (domain) => storedCiphertext(db, domain),
  });
  if (starter.shop !== finisher.shop || starter.user !== finisher.user) {
    throw new InvalidOAuthState(
      "This connection was started by another staff member. Only the person who pressed Connect can finish it; press Connect yourself to connect.",
    );
  }
  return answer;
}

/** Whether a parked answer can be finished by this staff member of this shop (the settings page asks before offering it). */
export async function checkParkedAnswer(
  db: DatabaseOrTransaction,
  parked: string,
  finisher: ConnectionStarter,
  env: Pick<Env, "SHOPIFY_API_SECRET">,
  options: KeyOption = {},
): Promise<{ ok: true } | { ok: false; problem: string }> {
  try {
    await openParkedAnswer(db, parked, finisher, env, options);
    return { ok: true };
  } catch (error) {
    if (error instanceof InvalidOAuthState) return { ok: false, problem: error.message };
    throw error;
  }
}

/**
 * Finishes a parked answer in the admin of the shop and staff member who started it: the code
 * exchanged for tokens, stored. Throws InvalidOAuthState, or the provider's ProviderAuthError
 * when it refuses the code.
 */
export async function finishProviderConnection(
  db: DatabaseOrTransaction,
  parked: string,
  finisher: ConnectionStarter,
  oauth: ProviderOAuth | null,
  env: Pick<Env, "SHOPIFY_API_SECRET">,
  options: KeyOption & { now?: Date } = {},
): Promise<void> {
  if (oauth === null) throw notConfigured();
  const answer = await openParkedAnswer(db, parked, finisher, env, options);
  const tokens = await oauth.exchangeCode(answer.code);
  await saveProviderCredentials(db, finisher.shop, { kind: "oauth", ...tokens, connectedAt: options.now ?? new Date() }, options);
}
