/**
 * A shop's credentials for the fulfilment provider: a static token the merchant pasted, or the
 * tokens of an OAuth connection. Stored in Shop.providerCredentialsCiphertext, sealed in the app's
 * envelope (envelope.server.ts: AES-256-GCM under PROVIDER_CREDENTIALS_KEY, rotating keys), the
 * shop's domain bound in as associated data so a row copied to another shop does not open
 * (docs/decisions/0008, 0014). Nothing here logs or returns a
 * secret except to the provider client; what the settings page shows is `credentialsSummary`.
 */
import { z } from "zod";
import type { CredentialsKeys } from "~/env.server";
import { jobErrorSaid } from "~/lib/words/job-error-said";
import type { Said } from "~/lib/words/reason-said";
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";
import { EnvelopeError, keyIdOf, keysOf, open, seal, sealedKeyId, type KeyOption } from "./envelope.server";

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

/**
 * The stored credentials cannot be read: the wrong key, altered, another shop's, or not ours at all.
 * Said as a sentence, so a job stopped by it tells the merchant in their language.
 */
export class UnreadableProviderCredentials extends Error {
  override readonly name = "UnreadableProviderCredentials";
  constructor(readonly said: Said) {
    super(said.message);
  }
}

const associatedData = (shop: string) => `provider-credentials v1 ${shop}`;

/** `v1.<key id>.<iv>.<ciphertext>.<tag>` (envelope.server.ts): no part of the plain text survives. */
export function sealCredentials(keys: CredentialsKeys, shop: string, credentials: ProviderCredentials): string {
  return seal(keys, associatedData(shop), JSON.stringify(credentials));
}

export function openCredentials(keys: CredentialsKeys, shop: string, sealed: string): ProviderCredentials {
  let plain: string;
  try {
    plain = open(keys, associatedData(shop), sealed);
  } catch (error) {
    if (!(error instanceof EnvelopeError)) throw error;
    if (error.reason === "format") throw new UnreadableProviderCredentials(jobErrorSaid("credentialsInOtherFormat", shop));
    if (error.reason === "unknown-key") {
      const old = keys.all.slice(1).map(keyIdOf).join(", ");
      throw new UnreadableProviderCredentials(
        jobErrorSaid("credentialsUnderOtherKey", shop, error.keyId ?? "", keyIdOf(keys.current), old),
      );
    }
    throw new UnreadableProviderCredentials(jobErrorSaid("credentialsAltered", shop));
  }
  let value: unknown;
  try {
    value = JSON.parse(plain);
  } catch {
    throw new UnreadableProviderCredentials(jobErrorSaid("credentialsNotReadable", shop));
  }
  const parsed = ProviderCredentials.safeParse(value);
  // zod's message could quote a token: say only which fields.
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join(".") || "(whole)").join(", ");
    throw new UnreadableProviderCredentials(jobErrorSaid("credentialsIncomplete", shop, fields));
  }
  return parsed.data;
}

export type { KeyOption };

/** The shop's credentials, or null when the merchant has not connected the provider. */
export async function readProviderCredentials(
  db: DatabaseOrTransaction,
  shop: string,
  options: KeyOption = {},
): Promise<ProviderCredentials | null> {
  const row = await db.shop.findUnique({ where: { domain: shop }, select: { providerCredentialsCiphertext: true } });
  const sealed = row?.providerCredentialsCiphertext ?? null;
  return sealed === null ? null : openCredentials(keysOf(options), shop, sealed);
}

/** Replaces whatever the shop had (a new token, or a new OAuth connection). */
export async function saveProviderCredentials(
  db: DatabaseOrTransaction,
  shop: string,
  credentials: ProviderCredentials,
  options: KeyOption = {},
): Promise<void> {
  const sealed = sealCredentials(keysOf(options), shop, ProviderCredentials.parse(credentials));
  await db.shop.upsert({
    where: { domain: shop },
    create: { domain: shop, providerCredentialsCiphertext: sealed },
    update: { providerCredentialsCiphertext: sealed },
  });
}

export async function forgetProviderCredentials(db: DatabaseOrTransaction, shop: string): Promise<void> {
  await db.shop.updateMany({ where: { domain: shop }, data: { providerCredentialsCiphertext: null } });
}

export type RefreshedTokens = Pick<
  OAuthCredentials,
  "accessToken" | "accessTokenExpiresAt" | "accessTokenIssuedAt" | "refreshToken" | "refreshTokenExpiresAt" | "customerId"
>;

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
  /** `say`: why, as a sentence of `jobErrors`, said on the page in the admin's language. */
  | { kind: "unreadable"; message: string; say: Said["say"] };

/** Long enough that four characters reveal nothing useful. */
const ENDING_SHOWN_FROM_LENGTH = 16;

export function credentialsSummary(credentials: ProviderCredentials | null): CredentialsSummary {
  if (credentials === null) return { kind: "none" };
  if (credentials.kind === "staticToken") {
    const { token } = credentials;
    return {
      kind: "staticToken",
      since: credentials.savedAt.toISOString(),
      tokenEnding: token.length >= ENDING_SHOWN_FROM_LENGTH ? token.slice(-4) : null,
    };
  }
  return {
    kind: "oauth",
    since: credentials.connectedAt.toISOString(),
    customerId: credentials.customerId,
    renewableUntil:
      credentials.refreshToken === null
        ? credentials.accessTokenExpiresAt.toISOString()
        : (credentials.refreshTokenExpiresAt?.toISOString() ?? null),
  };
}

/** The summary of what is stored, or why it cannot be read, without throwing. */
export async function readCredentialsSummary(
  db: DatabaseOrTransaction,
  shop: string,
  options: KeyOption = {},
): Promise<CredentialsSummary> {
  try {
    return credentialsSummary(await readProviderCredentials(db, shop, options));
  } catch (error) {
    if (error instanceof UnreadableProviderCredentials) return { kind: "unreadable", message: error.message, say: error.said.say };
    throw error;
  }
}

/** One page of a re-encryption: how many rows moved, how many no configured key opens, and where the next page starts. */
export interface ResealPage {
  moved: number;
  unreadable: number;
  /** null once every row has been seen. */
  next: string | null;
}

/**
 * Re-seals with the current key a page of shops' credentials sealed with an old one (compare and
 * set: a save meanwhile wins), in domain order after `after`. What no configured key opens stays
 * as it is (its shop reads it as "encrypted with another key") and is counted.
 */
export async function resealProviderCredentials(
  db: DatabaseOrTransaction,
  page: { after: string | null; limit: number },
  options: KeyOption = {},
): Promise<ResealPage> {
  const keys = keysOf(options);
  const current = keyIdOf(keys.current);
  const rows = await db.shop.findMany({
    where: {
      providerCredentialsCiphertext: { not: null },
      NOT: { providerCredentialsCiphertext: { startsWith: `v1.${current}.` } },
      ...(page.after === null ? {} : { domain: { gt: page.after } }),
    },
    select: { domain: true, providerCredentialsCiphertext: true },
    orderBy: { domain: "asc" },
    take: page.limit,
  });
  let moved = 0;
  let unreadable = 0;
  for (const row of rows) {
    const sealed = row.providerCredentialsCiphertext;
    if (sealed === null) continue;
    const keyId = sealedKeyId(sealed);
    if (keyId === null || !keys.all.some((key) => keyIdOf(key) === keyId)) {
      unreadable += 1;
      continue;
    }
    let credentials: ProviderCredentials;
    try {
      credentials = openCredentials(keys, row.domain, sealed);
    } catch (error) {
      if (!(error instanceof UnreadableProviderCredentials)) throw error;
      unreadable += 1;
      continue;
    }
    const { count } = await db.shop.updateMany({
      where: { domain: row.domain, providerCredentialsCiphertext: sealed },
      data: { providerCredentialsCiphertext: sealCredentials(keys, row.domain, credentials) },
    });
    moved += count;
  }
  return { moved, unreadable, next: rows.length < page.limit ? null : (rows.at(-1)?.domain ?? null) };
}
