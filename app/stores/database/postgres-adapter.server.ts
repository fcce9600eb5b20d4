/**
 * The node-postgres driver adapter, with SQLite's one rule the app was built and proven on: one
 * writer at a time, narrowed to one at a time per shop. Every write takes a transaction-level
 * advisory lock first (its shop's, or the whole database's when the code names no shop:
 * write-scope.server.ts); reads take nothing and never wait. One exception: writeByOwnRules. Why:
 * docs/decisions/0027-postgresql-keeps-one-writer-at-a-time.md and 0029-postgresql-write-lock-per-shop.md.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { statementNamer, statementsOfOneConnection, withStatementName } from "./prepared-statements.server";
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

/** The names the pool's connections keep their statements prepared under: one per text for the process. */
const statementName = statementNamer();

const statement = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });
const TAKE_DATABASE_LOCK = `SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`;

/**
 * The lock the writes under way now take: their shop's (with the database's shared, taken first so
 * that a transaction waiting for the whole database is never waited for in a cycle), or the
 * database's. Both keys are numbers, written into the statement.
 */
function writeLockFor(shop: string | null): string {
  if (shop === null) return TAKE_DATABASE_LOCK;
  return `SELECT pg_advisory_xact_lock_shared(${WRITE_LOCK_KEY}), pg_advisory_xact_lock(${SHOP_LOCK_SPACE}, ${shopLockKey(shop)})`;
}

/** A statement that only reads: it needs no lock. Anything else (INSERT, UPDATE, DELETE, WITH …) is a write. */
export function onlyReads(sql: string): boolean {
  return /^\s*(SELECT|SHOW)\b/i.test(sql) && !/\bFOR\s+(UPDATE|NO KEY UPDATE|SHARE)\b/i.test(sql);
}

/**
 * The lock the transaction being begun now takes with its BEGIN, read by the pool's clients
 * (ClientTakingTheLockAtBegin), which say when they sent it: one round trip for both instead of two.
 */
const lockTakenAtBegin = new AsyncLocalStorage<{ sql: string; sent: boolean }>();

/**
 * A pool's client that sends Prisma's BEGIN and the write lock as one simple query ("BEGIN; SELECT
 * pg_advisory_xact_lock(…)"): the server runs them in order, as two round trips would. Each round
 * trip is a write to the socket on both sides, a wake-up of the server's process, and on a database
 * of another host the network's time there and back; a write transaction had three of them (BEGIN,
 * the lock, COMMIT) beside its own statements. Only the plain BEGIN of Prisma's adapter is widened,
 * and only inside lockedTransaction; anything else is sent as it is.
 *
 * The client also keeps its statements prepared (prepared-statements.server.ts, decision 0063):
 * Prisma's and the intake's (writeByOwnRules) alike, since both query through it.
 */
class ClientTakingTheLockAtBegin extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // Wrapped rather than overridden: pg.Client's query has many overloads, and only a config's text matters here.
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    const nameOf = statementsOfOneConnection(statementName);
    this.query = ((config: unknown, ...rest: unknown[]) =>
      query(withStatementName(withTheLockAtBegin(config), nameOf), ...rest)) as pg.Client["query"];
  }
}

/** Prisma's plain BEGIN (a plain object's text) widened with the lock lockedTransaction asked for; anything else as it is. */
function withTheLockAtBegin(config: unknown): unknown {
  const lock = lockTakenAtBegin.getStore();
  if (lock === undefined || lock.sent || typeof config !== "object" || config === null) return config;
  if (Object.getPrototypeOf(config) !== Object.prototype || (config as { text?: unknown }).text !== "BEGIN") return config;
  lock.sent = true;
  return { ...config, text: `BEGIN; ${lock.sql}` };
}

/** The app's pool: its clients take the write lock with Prisma's BEGIN. */
class PoolTakingTheLockAtBegin extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super({ ...config, Client: ClientTakingTheLockAtBegin });
  }
}

/**
 * The driver's own transaction, returned as it is once locked: its savepoints (a nested
 * $transaction under Prisma 7) run inside it, under the lock it already holds. The app's pool takes
 * the lock with the BEGIN (ClientTakingTheLockAtBegin); a transaction whose BEGIN did not carry it
 * (one with an isolation level, which Prisma sets after BEGIN and before any other statement; the
 * shadow database's; a Prisma that begins otherwise) takes it in a statement of its own.
 */
async function lockedTransaction(
  inner: PgDriverAdapter,
  isolationLevel?: Parameters<PgDriverAdapter["startTransaction"]>[0],
): Promise<Transaction> {
  // Read before the first await: the scope is the caller's.
  const lock = { sql: writeLockFor(shopOfWrites()), sent: false };
  const transaction =
    isolationLevel === undefined
      ? await lockTakenAtBegin.run(lock, () => inner.startTransaction())
      : await inner.startTransaction(isolationLevel);
  if (lock.sent) return transaction;
  try {
    // executeRaw: the lock functions return void, which queryRaw cannot map.
    await transaction.executeRaw(statement(lock.sql));
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
    startTransaction: (isolationLevel?: Parameters<PgDriverAdapter["startTransaction"]>[0]) => lockedTransaction(inner, isolationLevel),
  });
}

/** A statement of a transaction run on node-postgres directly, with `$n` arguments: its first row, or undefined. */
export type FirstRowQuery = (sql: string, args: unknown[]) => Promise<Record<string, unknown> | undefined>;

/**
 * A timestamp bound as Prisma's adapter binds it (its formatDateTime): the UTC time without a zone,
 * which the columns (timestamp without time zone) hold, so rows written here read back the same
 * through Prisma.
 */
function boundValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(boundValue);
  return value instanceof Date ? value.toISOString().replace("T", " ").replace("Z", "") : value;
}

/** A timestamp column read back as the UTC time it holds (node-postgres would read it as local time). */
const TIMESTAMP = 1114;
const readingTimestampsAsUtc = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === TIMESTAMP && format !== "binary"
      ? (text: string) => new Date(`${text.replace(" ", "T")}Z`)
      : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/**
 * A connection of the pool, or a failure once `waitMs` have passed without one free (the pool's
 * every connection busy): bounded as the write's statements are. A connection that comes after
 * the caller gave up goes straight back to the pool.
 */
function connectionWithin(pool: pg.Pool, waitMs: number): Promise<pg.PoolClient> {
  const connecting = pool.connect();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      connecting.then((connection) => connection.release()).catch(() => {});
      reject(new Error(`No connection of the pool was free within ${waitMs} ms`));
    }, waitMs);
  });
  return Promise.race([connecting, late]).finally(() => clearTimeout(timer));
}

/** How much sooner than the client's a lone write's wait for its row ends on the server (writeRowAlone). */
const LOCK_WAIT_MARGIN_MS = 100;

/**
 * Whether a failed statement left its connection ready for the next one: the server answered
 * with an error that ends the statement, not the session. A FATAL or PANIC answer (the server
 * shutting down, a failover) means it is closing the connection, which node-postgres notices only
 * when the socket ends; anything other than the server's answer (no answer within the wait, the
 * connection cut) leaves it in no known state.
 */
function answeredAndReady(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.severity !== "FATAL" && error.severity !== "PANIC";
}

/** The driver adapter factory every PostgreSQL PrismaClient of the app uses (`new PrismaClient({ adapter })`). */
export class PostgresAdapter {
  readonly provider = "postgres";
  readonly adapterName: string;
  readonly #url: string;
  readonly #inner: PrismaPg;
  /** The pool Prisma's adapter queries through while connected; writeByOwnRules borrows its connections. */
  #pool: pg.Pool | undefined;

  /** How long a write by PostgreSQL's own rules waits for a lock, or any of its statements runs, before it fails. */
  readonly #waitMs: number;

  constructor(connectionString: string, options: { waitMs: number }) {
    this.#url = connectionString;
    this.#waitMs = options.waitMs;
    this.#inner = new PrismaPg({ connectionString });
    this.adapterName = this.#inner.adapterName;
  }

  async connect(): Promise<PgDriverAdapter> {
    // The pool is the client's, made here so that writeByOwnRules shares its connections; Prisma's
    // adapter ends it on $disconnect, and a later query connects again with a new one.
    const pool = new PoolTakingTheLockAtBegin({ connectionString: this.#url });
    const adapter = oneWriterAtATime(await new PrismaPg(pool, { disposeExternalPool: true }).connect());
    // PrismaPg takes a pool by `instanceof`: were it given another copy of pg's Pool, it would make
    // a pool of its own, which writeByOwnRules would not share and nothing would end.
    if (adapter.underlyingDriver() !== pool) throw new Error("Prisma's PostgreSQL adapter did not take the app's pool (two copies of pg?)");
    this.#pool = pool;
    const dispose = adapter.dispose.bind(adapter);
    return Object.assign(adapter, {
      dispose: async () => {
        if (this.#pool === pool) this.#pool = undefined;
        await dispose();
      },
    });
  }

  async connectToShadowDb(): Promise<PgDriverAdapter> {
    return oneWriterAtATime(await this.#inner.connectToShadowDb());
  }

  /** Whether Prisma has connected through this adapter (it does on its first query or $connect). */
  get isConnected(): boolean {
    return this.#pool !== undefined;
  }

  /**
   * Runs `work` in a transaction by PostgreSQL's own rules (READ COMMITTED, without the write lock),
   * on a connection of the client's pool, by node-postgres directly. Only for transactions shown to
   * be exact without the lock: the webhook intake's (writeAtOnce), whose statements each decide alone
   * (INSERT … ON CONFLICT), and which a worker's transaction never reads and then overwrites. Taking
   * the lock there made deliveries wait behind the workers' transactions, past Shopify's patience,
   * under load. Not through Prisma's client: its interactive transaction cost 0.77 ms of CPU for three
   * statements against node-postgres' 0.18 ms, four times for each order of a sale (docs/decisions/0056).
   */
  async writeByOwnRules<T>(work: (query: FirstRowQuery) => Promise<T>): Promise<T> {
    return this.#onPoolConnection({ inTransaction: true }, async (run) => {
      await run(
        `BEGIN ISOLATION LEVEL READ COMMITTED; SET LOCAL lock_timeout = ${this.#waitMs}; SET LOCAL statement_timeout = ${this.#waitMs}`,
      );
      const result = await work(async (sql, args) => (await run(sql, args.map(boundValue))).rows[0]);
      await run("COMMIT");
      return result;
    });
  }

  /**
   * One write statement in a transaction of its own (PostgreSQL's autocommit), by PostgreSQL's own
   * rules as writeByOwnRules: a function that does a whole write (the intake's, decision 0064) in one
   * round trip instead of four or more. Its first row, or undefined. The call runs within the same
   * wait (node-postgres' query_timeout). A statement already running can be given no
   * statement_timeout, and a SET in the same round trip would need a transaction around it: so the
   * function is given `waitMs` by `args` (its first argument) and bounds its own lock waits by it.
   * A call the client gave up on at the very end of its wait may still commit on the server; the
   * intake's answer is then a 500 for a delivery that was recorded, and Shopify's retry of it is
   * found a duplicate: nothing lost, nothing queued twice.
   */
  async writeInOneStatement(sql: string, args: (waitMs: number) => unknown[]): Promise<Record<string, unknown> | undefined> {
    // Worked out before a connection is taken: arguments that fail their checks cost none.
    const values = args(this.#waitMs).map(boundValue);
    return this.#onPoolConnection({ inTransaction: false }, async (run) => (await run(sql, values)).rows[0]);
  }

  /**
   * One UPDATE of one row in a transaction of its own (autocommit), without the write lock: a
   * statement whose WHERE says when it applies, which PostgreSQL checks again on the row's latest
   * version once the row's lock is the statement's (a job's claim, its lease's writes: decision
   * 0065). `$n` arguments; its first row (RETURNING), or undefined.
   *
   * Its wait for the row ends on the server before it ends on the client: the WHERE first sets the
   * statement's own lock_timeout (set_config, local to its transaction, which is the statement) to
   * what is left of the wait when it is sent, less a margin for the way there, so that a statement
   * the client would give up on is ended by the server, which answers (the connection kept), and
   * does not go on waiting for the row and commit after the caller was told it failed.
   * PostgreSQL bounds each lock wait by it, not the statement: one that finds the row locked again
   * by another transaction after the first let go waits for that one afresh, and may then commit
   * after the client gave up (decision 0065 says what follows).
   */
  async writeRowAlone(sql: string, args: unknown[]): Promise<Record<string, unknown> | undefined> {
    const values = args.map(boundValue);
    const bounded = sql.replace(
      /\bWHERE\b([\s\S]*)\bRETURNING\b/,
      (_, where: string) => `WHERE set_config('lock_timeout', $${values.length + 1}, true) IS NOT NULL AND (${where}) RETURNING`,
    );
    if (bounded === sql) throw new Error("writeRowAlone takes an UPDATE ... WHERE ... RETURNING");
    return this.#onPoolConnection(
      { inTransaction: false },
      async (run, left) => (await run(bounded, [...values, `${Math.max(1, left() - LOCK_WAIT_MARGIN_MS)}ms`])).rows[0],
    );
  }

  /**
   * Runs `work` on a connection of the client's pool, each statement within what is left of `waitMs`
   * from now; the connection is handed back, or closed when it is in no known state. `inTransaction`:
   * whether `work` opens a transaction, which a failure then rolls back.
   */
  async #onPoolConnection<T>(
    { inTransaction }: { inTransaction: boolean },
    work: (run: (text: string, values?: unknown[]) => Promise<pg.QueryResult<Record<string, unknown>>>, left: () => number) => Promise<T>,
  ): Promise<T> {
    const pool = this.#pool;
    if (pool === undefined)
      throw new Error("A write by PostgreSQL's own rules before Prisma connected: call $connect() on the client first");
    const connection = await connectionWithin(pool, this.#waitMs);
    // Then the whole write within the same wait, as Prisma's transaction timeout bounded it: each
    // statement is given what is left (node-postgres' query_timeout), and the server's own
    // timeouts end a statement or a lock wait that runs past it there too.
    const deadline = Date.now() + this.#waitMs;
    const left = () => Math.max(1, deadline - Date.now());
    // A connection that failed (the server gone: node-postgres emits it as an 'error' event, which
    // unheard would end the process), or whose statement failed without the server's answer (no
    // answer within the wait: it may still be running there; the connection cut) is in no known
    // state: it is closed, not handed back. Closed, an open transaction is rolled back once the
    // server notices; a statement still running there ends by its own bounds (the timeouts above,
    // the intake's function's own, writeRowAlone's lock_timeout). A statement the server answered
    // with an error of its own (not the session's end) leaves the connection ready for the next one.
    let broken: Error | undefined;
    const failed = (error: Error) => (broken = error);
    const run = async (text: string, values: unknown[] = []) => {
      const wait = deadline - Date.now();
      if (wait <= 0) throw new Error(`The write did not finish within ${this.#waitMs} ms`);
      const config: pg.QueryConfig & { query_timeout: number } = { text, values, types: readingTimestampsAsUtc, query_timeout: wait };
      try {
        return await connection.query<Record<string, unknown>>(config);
      } catch (error) {
        if (!answeredAndReady(error)) broken ??= error instanceof Error ? error : new Error(String(error));
        throw error;
      }
    };
    connection.on("error", failed);
    try {
      return await work(run, left);
    } catch (error) {
      // A statement of its own that failed has rolled itself back. A transaction that failed, by
      // the server's answer or by what `work` threw between statements, is rolled back while the
      // wait lasts; past it, the connection is closed instead.
      if (inTransaction && broken === undefined) {
        await run("ROLLBACK").catch((rollbackFailed: unknown) => {
          broken ??= rollbackFailed instanceof Error ? rollbackFailed : new Error(String(rollbackFailed));
        });
      }
      throw error;
    } finally {
      connection.removeListener("error", failed);
      connection.release(broken);
    }
  }
}
