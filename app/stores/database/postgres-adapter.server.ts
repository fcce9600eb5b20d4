/**
 * The node-postgres driver adapter, with SQLite's one rule the app was built and proven on: one
 * writer at a time (docs/decisions/0027-postgresql-keeps-one-writer-at-a-time.md).
 *
 * The queue's claims, the one-fetch-run turn (decision 0025), the pipeline's claims on shipments and
 * the intake's dedupe all read and write in one statement or one transaction, and are exact because
 * SQLite lets one write transaction run at a time across every process on the file. PostgreSQL's
 * READ COMMITTED lets two such transactions interleave. So here every write takes one transaction-
 * level advisory lock first: an interactive transaction right after its BEGIN, and a lone write
 * statement inside a short transaction of its own. Reads take nothing and never wait, as under WAL.
 *
 * One exception, named by asking for READ COMMITTED: see OWN_RULES.
 *
 * What PostgreSQL adds is what SQLite on one machine cannot give: several hosts' app and worker
 * processes on one database, a server's durability and backups, and readers never behind a writer.
 * The lock is held for a write's statements only, a millisecond or two on a nearby server.
 */
import { PrismaPg } from "@prisma/adapter-pg";

type PgDriverAdapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type SqlQuery = Parameters<PgDriverAdapter["queryRaw"]>[0];
type Transaction = Awaited<ReturnType<PgDriverAdapter["startTransaction"]>>;

/**
 * The advisory lock's key: one per database (advisory locks are per database), so separate
 * databases on one server never wait for each other. Any fixed 64-bit number; this one spells
 * "fulfil" in ASCII.
 */
export const WRITE_LOCK_KEY = 0x66756c66696cn;

const statement = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });
const TAKE_WRITE_LOCK = statement(`SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`);

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

async function lockedTransaction(inner: PgDriverAdapter, isolationLevel?: Parameters<PgDriverAdapter["startTransaction"]>[0]): Promise<Transaction> {
  const transaction = await inner.startTransaction(isolationLevel);
  try {
    // executeRaw: the lock function returns void, which queryRaw cannot map.
    await transaction.executeRaw(TAKE_WRITE_LOCK);
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
    queryRaw: (query: SqlQuery) => (onlyReads(query.sql) ? inner.queryRaw(query) : lockedWrite(inner, (transaction) => transaction.queryRaw(query))),
    executeRaw: (query: SqlQuery) => (onlyReads(query.sql) ? inner.executeRaw(query) : lockedWrite(inner, (transaction) => transaction.executeRaw(query))),
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
