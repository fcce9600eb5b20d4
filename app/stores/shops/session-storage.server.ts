/**
 * Shopify's sessions, stored by the library's PrismaSessionStorage with their tokens sealed: the
 * offline access token and its refresh token let anyone act as the app in a shop, so they are
 * encrypted at rest in the provider credentials' envelope (envelope.server.ts, decision 0014), bound
 * to the session's id and the field, so a sealed token copied to another session does not open.
 */
import { Session } from "@shopify/shopify-api";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import type { DatabaseOrTransaction } from "../database/database.server";
import { EnvelopeError, keyIdOf, keysOf, open, seal, sealedKeyId, type KeyOption } from "./envelope.server";
import type { ResealPage } from "./provider-credentials.server";
import { log } from "~/lib/log.server";

type TokenField = "accessToken" | "refreshToken";

const associatedData = (sessionId: string, field: TokenField) => `shopify-session v1 ${sessionId} ${field}`;

export function sealSessionToken(sessionId: string, field: TokenField, token: string, options: KeyOption = {}): string {
  return seal(keysOf(options), associatedData(sessionId, field), token);
}

/**
 * The token as stored: opened when sealed, as it is when stored before sealing existed. Throws EnvelopeError.
 * A plain token (it is not an envelope) is sealed by the re-encryption job (flows/keys) or the next
 * time the library stores the session.
 */
export function openSessionToken(sessionId: string, field: TokenField, stored: string, options: KeyOption = {}): string {
  return sealedKeyId(stored) === null ? stored : open(keysOf(options), associatedData(sessionId, field), stored);
}

function withTokens(session: Session, change: (field: TokenField, token: string) => string): Session {
  const params = session.toObject();
  return new Session({
    ...params,
    ...(params.accessToken ? { accessToken: change("accessToken", params.accessToken) } : {}),
    ...(params.refreshToken ? { refreshToken: change("refreshToken", params.refreshToken) } : {}),
  });
}

/** The library's session storage, with the tokens sealed on the way in and opened on the way out. */
export class SealedSessionStorage implements SessionStorage {
  constructor(
    private readonly inner: SessionStorage,
    private readonly options: KeyOption = {},
  ) {}

  storeSession(session: Session): Promise<boolean> {
    return this.inner.storeSession(withTokens(session, (field, token) => sealSessionToken(session.id, field, token, this.options)));
  }

  async loadSession(id: string): Promise<Session | undefined> {
    const stored = await this.inner.loadSession(id);
    return stored === undefined ? undefined : this.#opened(stored);
  }

  deleteSession(id: string): Promise<boolean> {
    return this.inner.deleteSession(id);
  }

  deleteSessions(ids: string[]): Promise<boolean> {
    return this.inner.deleteSessions(ids);
  }

  async findSessionsByShop(shop: string): Promise<Session[]> {
    const sessions = await this.inner.findSessionsByShop(shop);
    return sessions.flatMap((session) => this.#opened(session) ?? []);
  }

  /**
   * A session whose tokens no configured key opens is as good as absent: the library then gets a
   * new token (token exchange on the merchant's next visit) and stores it sealed with the current key.
   */
  #opened(session: Session): Session | undefined {
    try {
      return withTokens(session, (field, token) => openSessionToken(session.id, field, token, this.options));
    } catch (error) {
      if (!(error instanceof EnvelopeError)) throw error;
      log.warn(
        { sessionId: session.id, problem: error.reason, keyId: error.keyId },
        "A session cannot be opened with the configured keys: treated as absent",
      );
      return undefined;
    }
  }
}

/**
 * Re-seals with the current key a page of sessions whose tokens are plain text or sealed with an
 * old key, in id order after `after` (compare and set: a session stored meanwhile wins).
 */
export async function resealSessions(
  db: DatabaseOrTransaction,
  page: { after: string | null; limit: number },
  options: KeyOption = {},
): Promise<ResealPage> {
  const keys = keysOf(options);
  const prefix = `v1.${keyIdOf(keys.current)}.`;
  const rows = await db.session.findMany({
    where: {
      OR: [
        { NOT: { accessToken: { startsWith: prefix } } },
        { refreshToken: { not: null }, NOT: { refreshToken: { startsWith: prefix } } },
      ],
      ...(page.after === null ? {} : { id: { gt: page.after } }),
    },
    select: { id: true, accessToken: true, refreshToken: true },
    orderBy: { id: "asc" },
    take: page.limit,
  });
  let moved = 0;
  let unreadable = 0;
  for (const row of rows) {
    const reseal = (field: TokenField, stored: string) =>
      stored.startsWith(prefix) ? stored : sealSessionToken(row.id, field, openSessionToken(row.id, field, stored, options), options);
    let accessToken: string;
    let refreshToken: string | null;
    try {
      accessToken = row.accessToken === "" ? "" : reseal("accessToken", row.accessToken);
      refreshToken = row.refreshToken === null ? null : reseal("refreshToken", row.refreshToken);
    } catch (error) {
      if (!(error instanceof EnvelopeError)) throw error;
      unreadable += 1;
      continue;
    }
    const { count } = await db.session.updateMany({
      where: { id: row.id, accessToken: row.accessToken, refreshToken: row.refreshToken },
      data: { accessToken, refreshToken },
    });
    moved += count;
  }
  return { moved, unreadable, next: rows.length < page.limit ? null : (rows.at(-1)?.id ?? null) };
}
