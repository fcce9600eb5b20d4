/**
 * The provider not answering a shop's calls (network, 5xx), or refusing its credentials (401/403):
 * since when, so that a failure of a few seconds says nothing and one that lasts says so once.
 */
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";

export type OutageKind = "UNREACHABLE" | "REFUSED";

/**
 * A failed call: the outage it belongs to, begun now unless one of the same kind was seen within
 * `quietMs` (a failure after a quiet spell is a new outage: calls may have worked in between).
 */
export function noteProviderFailure(
  db: DatabaseOrTransaction,
  shop: string,
  failure: { kind: OutageKind; message: string },
  now: Date,
  quietMs: number,
): Promise<{ since: Date }> {
  return inTransaction(db, async (tx) => {
    const known = await tx.providerOutage.findUnique({ where: { shop } });
    const goesOn = known !== null && known.kind === failure.kind && now.getTime() - known.lastFailureAt.getTime() <= quietMs;
    const since = goesOn ? known.since : now;
    const data = { kind: failure.kind, since, lastFailureAt: now, message: failure.message.slice(0, 1_000) };
    await tx.providerOutage.upsert({ where: { shop }, create: { shop, ...data }, update: data });
    return { since };
  });
}

/** A call went through: whatever outage there was is over. */
export async function clearProviderOutage(db: DatabaseOrTransaction, shop: string): Promise<void> {
  await db.providerOutage.deleteMany({ where: { shop } });
}
