/**
 * A provider login under way, one ProviderConnectionAttempt row each (decision 0037): made when a
 * staff member presses Connect; started once by the app's top-level start page, which binds it to
 * that browser by the hash of a cookie; answered once by the callback in that browser, the tokens
 * then held sealed until confirmed; finished once by the same staff member of the same shop. Each
 * step is a conditional update, so of two requests racing for one step only one wins, and the other
 * is told why. The PKCE verifier and the held tokens are sealed in the key envelope, bound to the
 * attempt and its shop. Nothing here calls the provider (provider-credentials-connection.server.ts
 * does).
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { DatabaseOrTransaction } from "../database/database.server";
import { EnvelopeError, keysOf, open, seal, type KeyOption } from "./envelope.server";
import { en } from "~/lib/words/en";

/** From Connect to the provider's answer, and from its answer to the confirmation. */
export const CONNECTION_ATTEMPT_TTL_MS = 10 * 60_000;

/** Who pressed Connect: the shop, and the staff member (the session token's `sub`). */
export interface ConnectionStarter {
  shop: string;
  staffMember: string;
}

/** Why a step of an attempt was refused, in terms the merchant can act on. */
export type AttemptProblem = "unknown" | "expired" | "used" | "otherBrowser" | "refused" | "unreachable";

/**
 * Each problem in English (the error's message, for logs and callers without a language): the
 * Settings page's own sentences (lib/words), one per problem, saying what to do. The pages word it
 * by its problem in their own language.
 */
export const ATTEMPT_PROBLEMS: Readonly<Record<AttemptProblem, string>> = en.settingsProvider.problems;

export class ConnectionAttemptRefused extends Error {
  override readonly name = "ConnectionAttemptRefused";
  constructor(readonly problem: AttemptProblem) {
    super(ATTEMPT_PROBLEMS[problem]);
  }
}

/** The provider's tokens as they wait for the confirmation (OAuthTokens, its dates as text once sealed). */
export const HeldTokens = z.object({
  accessToken: z.string().min(1),
  accessTokenExpiresAt: z.coerce.date(),
  accessTokenIssuedAt: z.coerce.date().optional(),
  refreshToken: z.string().min(1).nullable(),
  refreshTokenExpiresAt: z.coerce.date().nullable(),
  customerId: z.string().nullable(),
});
export type HeldTokens = z.output<typeof HeldTokens>;

const verifierSealedFor = (id: string, shop: string) => `provider-connection verifier\0${id}\0${shop}`;
const tokensSealedFor = (id: string, shop: string) => `provider-connection tokens\0${id}\0${shop}`;

/** An attempt's id as this module makes them; anything else (a link cut short, made up) is no attempt. */
const ATTEMPT_ID = /^[A-Za-z0-9_-]{43}$/;

type AttemptRow = NonNullable<Awaited<ReturnType<typeof readAttempt>>>;
const readAttempt = async (db: DatabaseOrTransaction, id: string) =>
  ATTEMPT_ID.test(id) ? db.providerConnectionAttempt.findUnique({ where: { id } }) : null;
const expired = (row: AttemptRow, now: Date) => row.expiresAt.getTime() <= now.getTime();

/** A sealed value that no longer opens (a key removed meanwhile, or altered) ends the attempt like an expiry. */
function opened(keys: KeyOption, associatedData: string, sealed: string): string {
  try {
    return open(keysOf(keys), associatedData, sealed);
  } catch (error) {
    if (error instanceof EnvelopeError) throw new ConnectionAttemptRefused("expired");
    throw error;
  }
}

/**
 * A new attempt for the staff member, with the PKCE verifier sealed; returns its id (the OAuth
 * state). It replaces the staff member's unfinished ones, and the shop's expired ones go with them.
 */
export async function createConnectionAttempt(
  db: DatabaseOrTransaction,
  starter: ConnectionStarter,
  verifier: string,
  options: KeyOption & { now?: Date } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const id = randomBytes(32).toString("base64url");
  await db.providerConnectionAttempt.deleteMany({
    where: {
      shop: starter.shop,
      OR: [{ staffMember: starter.staffMember, finishedAt: null }, { expiresAt: { lte: now } }],
    },
  });
  await db.providerConnectionAttempt.create({
    data: {
      id,
      shop: starter.shop,
      staffMember: starter.staffMember,
      verifierCiphertext: seal(keysOf(options), verifierSealedFor(id, starter.shop), verifier),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CONNECTION_ATTEMPT_TTL_MS),
    },
  });
  return id;
}

/**
 * The start page's step, once per attempt: marks it started and records the hash of the cookie
 * given to the browser that opened it. Returns the verifier, for the challenge.
 */
export async function startConnectionAttempt(
  db: DatabaseOrTransaction,
  id: string,
  browserCookieHash: string,
  options: KeyOption & { now?: Date } = {},
): Promise<{ verifier: string }> {
  const now = options.now ?? new Date();
  const row = await readAttempt(db, id);
  if (row === null) throw new ConnectionAttemptRefused("unknown");
  if (expired(row, now)) throw new ConnectionAttemptRefused("expired");
  const { count } = await db.providerConnectionAttempt.updateMany({
    where: { id, startedAt: null, expiresAt: { gt: now } },
    data: { startedAt: now, browserCookieHash },
  });
  if (count !== 1) throw new ConnectionAttemptRefused("used");
  return { verifier: opened(options, verifierSealedFor(id, row.shop), row.verifierCiphertext) };
}

/**
 * The callback's step, once per attempt and only in the browser the start page gave its cookie to
 * (`browserCookieHash`, null when the request carried none). Returns the shop and the verifier, for
 * the exchange.
 */
export async function answerConnectionAttempt(
  db: DatabaseOrTransaction,
  id: string,
  browserCookieHash: string | null,
  options: KeyOption & { now?: Date } = {},
): Promise<{ shop: string; verifier: string }> {
  const now = options.now ?? new Date();
  const row = await readAttempt(db, id);
  if (row === null) throw new ConnectionAttemptRefused("unknown");
  if (expired(row, now)) throw new ConnectionAttemptRefused("expired");
  if (browserCookieHash === null || row.browserCookieHash === null || row.browserCookieHash !== browserCookieHash) {
    throw new ConnectionAttemptRefused("otherBrowser");
  }
  const { count } = await db.providerConnectionAttempt.updateMany({
    where: { id, answeredAt: null, browserCookieHash, expiresAt: { gt: now } },
    data: { answeredAt: now },
  });
  if (count !== 1) throw new ConnectionAttemptRefused("used");
  return { shop: row.shop, verifier: opened(options, verifierSealedFor(id, row.shop), row.verifierCiphertext) };
}

/** The tokens the code was exchanged for, sealed, waiting ten minutes for the staff member's confirmation. */
export async function holdProviderTokens(
  db: DatabaseOrTransaction,
  id: string,
  shop: string,
  tokens: HeldTokens,
  options: KeyOption & { now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  await db.providerConnectionAttempt.updateMany({
    where: { id, shop, answeredAt: { not: null }, finishedAt: null },
    data: {
      tokensCiphertext: seal(keysOf(options), tokensSealedFor(id, shop), JSON.stringify(HeldTokens.parse(tokens))),
      providerAccount: tokens.customerId,
      expiresAt: new Date(now.getTime() + CONNECTION_ATTEMPT_TTL_MS),
    },
  });
}

/** What Settings offers the staff member for an attempt id in its address. */
export type ConnectionOffer =
  | { ok: true; attemptId: string; providerAccount: string | null }
  /** `reason`: which problem, for a page that says it in the admin's language; `problem`: it in English. */
  | { ok: false; reason: AttemptProblem; problem: string };

/**
 * The question Settings asks, only of the staff member who pressed Connect, in the shop where it
 * was pressed: the provider account waiting to be connected, or why it no longer can be. Anyone
 * else, and an attempt not yet answered, gets null: nothing is shown.
 */
export async function connectionOffer(
  db: DatabaseOrTransaction,
  id: string,
  starter: ConnectionStarter,
  options: { now?: Date } = {},
): Promise<ConnectionOffer | null> {
  const now = options.now ?? new Date();
  const row = await db.providerConnectionAttempt.findFirst({ where: { id, shop: starter.shop, staffMember: starter.staffMember } });
  if (row === null) return null;
  if (row.finishedAt !== null) return { ok: false, reason: "used", problem: ATTEMPT_PROBLEMS.used };
  if (row.tokensCiphertext === null) return null;
  if (expired(row, now)) return { ok: false, reason: "expired", problem: ATTEMPT_PROBLEMS.expired };
  return { ok: true, attemptId: row.id, providerAccount: row.providerAccount };
}

/**
 * The confirmation's step, once per attempt and only for the staff member who pressed Connect in
 * this shop: marks it finished, clears the held tokens and returns them to be stored. Anyone else is
 * told what a stranger to the attempt is told ("unknown").
 */
export async function takeHeldTokens(
  db: DatabaseOrTransaction,
  id: string,
  starter: ConnectionStarter,
  options: KeyOption & { now?: Date } = {},
): Promise<HeldTokens> {
  const now = options.now ?? new Date();
  const row = await db.providerConnectionAttempt.findFirst({ where: { id, shop: starter.shop, staffMember: starter.staffMember } });
  if (row === null) throw new ConnectionAttemptRefused("unknown");
  if (row.finishedAt !== null) throw new ConnectionAttemptRefused("used");
  if (expired(row, now)) throw new ConnectionAttemptRefused("expired");
  const sealed = row.tokensCiphertext;
  if (sealed === null) throw new ConnectionAttemptRefused("unknown");
  const { count } = await db.providerConnectionAttempt.updateMany({
    where: { id, shop: starter.shop, staffMember: starter.staffMember, finishedAt: null, tokensCiphertext: sealed, expiresAt: { gt: now } },
    data: { finishedAt: now, tokensCiphertext: null },
  });
  if (count !== 1) throw new ConnectionAttemptRefused("used");
  const parsed = HeldTokens.safeParse(JSON.parse(opened(options, tokensSealedFor(id, starter.shop), sealed)));
  if (!parsed.success) throw new ConnectionAttemptRefused("expired");
  return parsed.data;
}

/** "Cancel" on the question: the staff member's own unfinished attempt is forgotten, tokens and all. */
export async function dropConnectionAttempt(db: DatabaseOrTransaction, id: string, starter: ConnectionStarter): Promise<void> {
  await db.providerConnectionAttempt.deleteMany({ where: { id, shop: starter.shop, staffMember: starter.staffMember, finishedAt: null } });
}

/** Housekeeping: attempts past their time, finished or not; returns how many went. */
export async function forgetExpiredConnectionAttempts(db: DatabaseOrTransaction, now: Date = new Date()): Promise<number> {
  return (await db.providerConnectionAttempt.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}
