/**
 * The node-postgres driver adapter, with SQLite's one rule the app was built and proven on: one
 * writer at a time, narrowed to one at a time per shop. Every write takes a transaction-level
 * advisory lock first (its shop's, or the whole database's when the code names no shop:
 * write-scope.server.ts); reads take nothing and never wait. One exception: OWN_RULES. Why:
 * docs/decisions/0027-postgresql-keeps-one-writer-at-a-time.md and 0029-postgresql-write-lock-per-shop.md.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { shopOfWrites } from "./write-scope.server";

type PgDriverAdapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type SqlQuery = Parameters<PgDriverAdapter["queryRaw"]>[0];
type Transaction = Awaited<ReturnType<PgDriverAdapter["startTransaction"]>>;

/**
 * The advisory lock's key: one per database (advisory locks are per database), so separate
 * databases on one server never wait for each other. Any fixed 64-bit number; this one spells
 * "fulfil" in ASCII.
 */
export const WRITE_LOCK_KEY = 0x66756c66696cn;

/**
 * The shops' locks: advisory locks keyed by two 32-bit numbers, a key space apart from the database's
 * 64-bit key; the first number says "a shop's" ("shop" in ASCII), the second is the shop's hash. Two
 * shops that hash alike merely wait for each other.
 */
const SHOP_LOCK_SPACE = 0x73686f70;

/** FNV-1a of the shop's domain, as the signed 32-bit number PostgreSQL's int4 takes. */
export function shopLockKey(shop: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(shop, "utf8")) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash | 0;
}

const statement = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });
const TAKE_DATABASE_LOCK = statement(`SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`);

/**
 * The lock the writes under way now take: their shop's (with the database's shared, taken first so
 * that a transaction waiting for the whole database is never waited for in a cycle), or the
 * database's. Both keys are numbers, written into the statement.
 */
function writeLockFor(shop: string | null): SqlQuery {
  if (shop === null) return TAKE_DATABASE_LOCK;
  return statement(
    `SELECT pg_advisory_xact_lock_shared(${WRITE_LOCK_KEY}), pg_advisory_xact_lock(${SHOP_LOCK_SPACE}, ${shopLockKey(shop)})`,
  );
}

/**
 * A transaction that asks for READ COMMITTED by name (Prisma's `isolationLevel: "ReadCommitted"`,
 * PostgreSQL's default) runs by PostgreSQL's own rules, without the write lock. Only for
 * transactions shown to be exact without it: the webhook intake (writeAtOnce), whose statements
 * each decide alone (INSERT … ON CONFLICT), and which a worker's transaction never reads and then
 * overwrites. Taking the lock there made deliveries wait behind the workers' transactions, past
 * Shopify's patience, under load.
 */
export const OWN_RULES = "READ COMMITTED";

/** A statement that only reads: it needs no lock. Anything else (INSERT, UPDATE, DELETE, WITH …) is a write. */
export function onlyReads(sql: string): boolean {
  return /^\s*(SELECT|SHOW)\b/i.test(sql) && !/\bFOR\s+(UPDATE|NO KEY UPDATE|SHARE)\b/i.test(sql);
}

/**
 * The driver's own transaction, returned as it is once locked: its savepoints (a nested
 * $transaction under Prisma 7) run inside it, under the lock it already holds.
 */
async function lockedTransaction(
  inner: PgDriverAdapter,
  isolationLevel?: Parameters<PgDriverAdapter["startTransaction"]>[0],
): Promise<Transaction> {
  // Read before the first await: the scope is the caller's.
  const lock = writeLockFor(shopOfWrites());
  const transaction = await inner.startTransaction(isolationLevel);
  try {
    // executeRaw: the lock functions return void, which queryRaw cannot map.
    await transaction.executeRaw(lock);
    return transaction;
  } catch (error) {
    await transaction.executeRaw(statement("ROLLBACK")).catch(() => {});
    await transaction.rollback();
    throw error;
  }
}

/** Runs one write statement in a transaction of its own that holds the write lock. */
async function lockedWrite<T>(inner: PgDriverAdapter, run: (transaction: Transaction) => Promise<T>): Promise<T> {
  const transaction = await lockedTransaction(inner);
  let result: T;
  try {
    result = await run(transaction);
  } catch (error) {
    await transaction.executeRaw(statement("ROLLBACK")).catch(() => {});
    await transaction.rollback();
    throw error;
  }
  try {
    await transaction.executeRaw(statement("COMMIT"));
  } finally {
    await transaction.commit();
  }
  return result;
}

function oneWriterAtATime(inner: PgDriverAdapter): PgDriverAdapter {
  // A spread would lose the class's methods (they live on its prototype), hence each one named.
  const adapter: PgDriverAdapter = Object.create(inner) as PgDriverAdapter;
  return Object.assign(adapter, {
    queryRaw: (query: SqlQuery) =>
      onlyReads(query.sql) ? inner.queryRaw(query) : lockedWrite(inner, (transaction) => transaction.queryRaw(query)),
    executeRaw: (query: SqlQuery) =>
      onlyReads(query.sql) ? inner.executeRaw(query) : lockedWrite(inner, (transaction) => transaction.executeRaw(query)),
    startTransaction: (isolationLevel?: Parameters<PgDriverAdapter["startTransaction"]>[0]) =>
      isolationLevel === OWN_RULES ? inner.startTransaction(isolationLevel) : lockedTransaction(inner, isolationLevel),
  });
}

/** The driver adapter factory every PostgreSQL PrismaClient of the app uses (`new PrismaClient({ adapter })`). */
export class PostgresAdapter {
  readonly provider = "postgres";
  readonly adapterName: string;
  readonly #inner: PrismaPg;

  constructor(connectionString: string) {
    this.#inner = new PrismaPg({ connectionString });
    this.adapterName = this.#inner.adapterName;
  }

  async connect(): Promise<PgDriverAdapter> {
    return oneWriterAtATime(await this.#inner.connect());
  }

  async connectToShadowDb(): Promise<PgDriverAdapter> {
    return oneWriterAtATime(await this.#inner.connectToShadowDb());
  }
}
