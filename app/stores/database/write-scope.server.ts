/**
 * Whose data the writes of the code running now belong to, so that PostgreSQL's write lock can be
 * one shop's rather than the whole database's (postgres-adapter.server.ts). Code that names no shop
 * keeps the whole-database lock: forgetting to name a shop costs speed, never exactness. Nothing on
 * SQLite reads it. Why: docs/decisions/0029-postgresql-write-lock-per-shop.md.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * AsyncLocalStorage, so the scope reaches the driver adapter through Prisma without being passed:
 * the transaction's BEGIN is issued in the async context of the code that asked for it.
 */
const scope = new AsyncLocalStorage<{ shop: string }>();

/**
 * Runs `work` with its writes counted as the shop's (null: the whole database's, as by default).
 * Awaited inside the scope: a Prisma query returned unawaited is lazy and would start only when
 * awaited, outside it.
 */
export function writingForShop<T>(shop: string | null, work: () => Promise<T>): Promise<T> {
  const awaited = async () => await work();
  return shop === null ? scope.exit(awaited) : scope.run({ shop }, awaited);
}

/** The shop the writes under way now belong to, or null when they belong to no one shop. */
export function shopOfWrites(): string | null {
  return scope.getStore()?.shop ?? null;
}
