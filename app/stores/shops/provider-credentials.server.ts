/**
 * A shop's credentials for the fulfilment provider: a static token the merchant pasted, or the
 * tokens of an OAuth connection. Stored in Shop.providerCredentialsCiphertext, encrypted with
 * AES-256-GCM under PROVIDER_CREDENTIALS_KEY, the shop's domain bound in as associated data so a
 * row copied to another shop does not open (docs/decisions/0008). Nothing here logs or returns a
 * secret except to the provider client; what the settings page shows is `credentialsSummary`.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { env, providerCredentialsKey } from "~/env.server";
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";

const StaticTokenCredentials = z.object({
  kind: z.literal("staticToken"),
  token: z.string().min(1),
  savedAt: z.coerce.date(),
});

const OAuthCredentials = z.object({
  kind: z.literal("oauth"),
  accessToken: z.string().min(1),
  accessTokenExpiresAt: z.coerce.date(),
  accessTokenIssuedAt: z.coerce.date().optional(),
  refreshToken: z.string().min(1).nullable(),
  refreshTokenExpiresAt: z.coerce.date().nullable(),
  customerId: z.string().nullable(),
  connectedAt: z.coerce.date(),
});

export const ProviderCredentials = z.discriminatedUnion("kind", [StaticTokenCredentials, OAuthCredentials]);
export type ProviderCredentials = z.output<typeof ProviderCredentials>;
export type OAuthCredentials = z.output<typeof OAuthCredentials>;

/** The stored credentials cannot be read: the wrong key, altered, another shop's, or not ours at all. */
export class UnreadableProviderCredentials extends Error {
  override readonly name = "UnreadableProviderCredentials";
}

const FORMAT = "v1";
const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;

/** Names a key without revealing it, so "saved with another key" can be told from "altered". */
function keyIdOf(key: Buffer): string {
  return createHash("sha256").update("provider-credentials key id\0").update(key).digest("hex").slice(0, 12);
}

const associatedData = (shop: string) => Buffer.from(`provider-credentials ${FORMAT} ${shop}`);

/** `v1.<key id>.<iv>.<ciphertext>.<tag>`, base64url: no part of the plain text survives. */
export function sealCredentials(key: Buffer, shop: string, credentials: ProviderCredentials): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(associatedData(shop));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(credentials), "utf8"), cipher.final()]);
  return [FORMAT, keyIdOf(key), iv.toString("base64url"), ciphertext.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

export function openCredentials(key: Buffer, shop: string, sealed: string): ProviderCredentials {
  const reconnect = "Connect the provider again in Settings > Provider connection.";
  const parts = sealed.split(".");
  const [format, keyId, iv, ciphertext, tag] = parts;
  if (parts.length !== 5 || format !== FORMAT || !keyId || !iv || !ciphertext || !tag) {
    throw new UnreadableProviderCredentials(`The provider credentials stored for ${shop} are not in a format this app writes. ${reconnect}`);
  }
  if (keyId !== keyIdOf(key)) {
    throw new UnreadableProviderCredentials(
      `The provider credentials stored for ${shop} were encrypted with another key (key id ${keyId}; PROVIDER_CREDENTIALS_KEY is key id ${keyIdOf(key)}). ` +
        `Restore the key they were saved with, or: ${reconnect}`,
    );
  }
  let plain: string;
  try {
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, "base64url"));
    decipher.setAAD(associatedData(shop));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    // GCM's tag check: the text, the tag or the shop it was sealed for differ.
    throw new UnreadableProviderCredentials(`The provider credentials stored for ${shop} have been altered or belong to another shop. ${reconnect}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(plain);
  } catch {
    throw new UnreadableProviderCredentials(`The provider credentials stored for ${shop} are not readable. ${reconnect}`);
  }
  const parsed = ProviderCredentials.safeParse(value);
  // zod's message could quote a token: say only which fields.
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join(".") || "(whole)").join(", ");
    throw new UnreadableProviderCredentials(`The provider credentials stored for ${shop} are incomplete (${fields}). ${reconnect}`);
  }
  return parsed.data;
}

export interface KeyOption {
  /** The encryption key; the app's (PROVIDER_CREDENTIALS_KEY) by default. */
  key?: Buffer;
}

const appKey = (options: KeyOption) => options.key ?? providerCredentialsKey(env);

/** The shop's credentials, or null when the merchant has not connected the provider. */
export async function readProviderCredentials(db: DatabaseOrTransaction, shop: string, options: KeyOption = {}): Promise<ProviderCredentials | null> {
  const row = await db.shop.findUnique({ where: { domain: shop }, select: { providerCredentialsCiphertext: true } });
  const sealed = row?.providerCredentialsCiphertext ?? null;
  return sealed === null ? null : openCredentials(appKey(options), shop, sealed);
}

/** Replaces whatever the shop had (a new token, or a new OAuth connection). */
export async function saveProviderCredentials(db: DatabaseOrTransaction, shop: string, credentials: ProviderCredentials, options: KeyOption = {}): Promise<void> {
  const sealed = sealCredentials(appKey(options), shop, ProviderCredentials.parse(credentials));
  await db.shop.upsert({ where: { domain: shop }, create: { domain: shop, providerCredentialsCiphertext: sealed }, update: { providerCredentialsCiphertext: sealed } });
}

export async function forgetProviderCredentials(db: DatabaseOrTransaction, shop: string): Promise<void> {
  await db.shop.updateMany({ where: { domain: shop }, data: { providerCredentialsCiphertext: null } });
}

export type RefreshedTokens = Pick<OAuthCredentials, "accessToken" | "accessTokenExpiresAt" | "accessTokenIssuedAt" | "refreshToken" | "refreshTokenExpiresAt" | "customerId">;

/**
 * Stores tokens a refresh returned, in place of those it replaced (`previousRefreshToken`). The
 * old refresh token is spent now, so this must happen before the new access token is used. If
 * the merchant connected again or pasted a token meanwhile, that newer choice is kept. Returns
 * whether the tokens were stored.
 */
export function saveRefreshedTokens(
  db: DatabaseOrTransaction,
  shop: string,
  previousRefreshToken: string | null,
  tokens: RefreshedTokens,
  options: KeyOption = {},
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const current = await readProviderCredentials(tx, shop, options);
    if (current?.kind !== "oauth" || current.refreshToken !== previousRefreshToken) return false;
    await saveProviderCredentials(tx, shop, { ...current, ...tokens, customerId: tokens.customerId ?? current.customerId }, options);
    return true;
  });
}

/** What the settings page may show of the credentials: never a token, at most its last characters. */
export type CredentialsSummary =
  | { kind: "none" }
  | { kind: "staticToken"; since: string; tokenEnding: string | null }
  | { kind: "oauth"; since: string; customerId: string | null; renewableUntil: string | null }
  | { kind: "unreadable"; message: string };

/** Long enough that four characters reveal nothing useful. */
const ENDING_SHOWN_FROM_LENGTH = 16;

export function credentialsSummary(credentials: ProviderCredentials | null): CredentialsSummary {
  if (credentials === null) return { kind: "none" };
  if (credentials.kind === "staticToken") {
    const { token } = credentials;
    return { kind: "staticToken", since: credentials.savedAt.toISOString(), tokenEnding: token.length >= ENDING_SHOWN_FROM_LENGTH ? token.slice(-4) : null };
  }
  return {
    kind: "oauth",
    since: credentials.connectedAt.toISOString(),
    customerId: credentials.customerId,
    renewableUntil: credentials.refreshToken === null ? credentials.accessTokenExpiresAt.toISOString() : (credentials.refreshTokenExpiresAt?.toISOString() ?? null),
  };
}

/** The summary of what is stored, or why it cannot be read, without throwing. */
export async function readCredentialsSummary(db: DatabaseOrTransaction, shop: string, options: KeyOption = {}): Promise<CredentialsSummary> {
  try {
    return credentialsSummary(await readProviderCredentials(db, shop, options));
  } catch (error) {
    if (error instanceof UnreadableProviderCredentials) return { kind: "unreadable", message: error.message };
    throw error;
  }
}
