/**
 * The better-sqlite3 driver adapter, made safe for the job queue and for several processes on one
 * SQLite file: every statement waits for the process's open transaction to end, transactions begin
 * IMMEDIATE, the journal is WAL, and `writeAtOnce` holds the write lock for a few statements alone.
 * Why: docs/decisions/0005-embedded-job-queue.md and 0011-intake-written-at-once-events-in-batches.md.
 */
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type BetterSqlite3 from "better-sqlite3";

/** The SQLite connection itself, for the few writes done synchronously (writeAtOnce). */
export type SqliteConnection = BetterSqlite3.Database;

/**
 * A value bound as Prisma's adapter binds it, so rows written through writeAtOnce read back the
 * same through Prisma: dates as ISO 8601 text with "+00:00" (the adapter's default format, which
 * the queue's comparisons of "runAt" rely on), booleans as 1 and 0.
 */
export function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace("Z", "+00:00");
  if (typeof value === "boolean") return value ? 1 : 0;
  return value ?? null;
}

type SqlDriverAdapter = Awaited<ReturnType<PrismaBetterSqlite3["connect"]>>;
type Transaction = Awaited<ReturnType<SqlDriverAdapter["startTransaction"]>>;

/** How long a statement waits for another process's write lock before failing with SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/** A first-come, first-served lock: `acquire` resolves with the function that releases it. */
class Turnstile {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const turn = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => released);
    return turn;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

function releasingTransaction(inner: Transaction, release: () => void): Transaction {
  let open = true;
  const end = async (finish: () => Promise<void>) => {
    try {
      await finish();
    } finally {
      if (open) {
        open = false;
        release();
      }
    }
  };
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    options: inner.options,
    queryRaw: (query) => inner.queryRaw(query),
    executeRaw: (query) => inner.executeRaw(query),
    commit: () => end(() => inner.commit()),
    rollback: () => end(() => inner.rollback()),
    // A nested $transaction (Prisma 7) is a savepoint on this same transaction: without these the
    // client refuses it, "Nested transactions are not supported by adapter".
    createSavepoint: inner.createSavepoint?.bind(inner),
    rollbackToSavepoint: inner.rollbackToSavepoint?.bind(inner),
    releaseSavepoint: inner.releaseSavepoint?.bind(inner),
  };
}

/**
 * Prisma's adapter keeps one connection per client. Its interactive transactions take a mutex, but
 * plain queries do not: a query issued while another part of the process has a transaction open
 * runs *inside* that transaction, and vanishes if it rolls back (a worker's claim, a webhook
 * receipt...). Here every statement waits for the open transaction to end instead.
 *
 * Its transactions begin IMMEDIATE (see reusingStatements), so they never fail half-way on a lock.
 */
function serialised(inner: SqlDriverAdapter, turnstile: Turnstile): SqlDriverAdapter {
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: (query) => turnstile.run(() => inner.queryRaw(query)),
    executeRaw: (query) => turnstile.run(() => inner.executeRaw(query)),
    executeScript: (script) => turnstile.run(() => inner.executeScript(script)),
    getConnectionInfo: inner.getConnectionInfo?.bind(inner),
    dispose: () => inner.dispose(),
    async startTransaction(isolationLevel) {
      const release = await turnstile.acquire();
      let transaction: Transaction | undefined;
      try {
        // The connection's view (reusingStatements) turns the inner adapter's BEGIN into BEGIN IMMEDIATE.
        transaction = await inner.startTransaction(isolationLevel);
        return releasingTransaction(transaction, release);
      } catch (error) {
        // rollback() of the inner adapter only unlocks its own mutex; there is no transaction left.
        await transaction?.rollback();
        release();
        throw error;
      }
    },
  };
}

/** The better-sqlite3 connection inside Prisma's adapter (a public field of its JavaScript class, untyped). */
function connectionOf(adapter: SqlDriverAdapter): SqliteConnection {
  const client: unknown = (adapter as unknown as { client?: unknown }).client;
  if (typeof client !== "object" || client === null || !("transaction" in client) || !("prepare" in client)) {
    throw new Error(
      "@prisma/adapter-better-sqlite3 no longer exposes its connection as `client`: writeAtOnce needs another way to reach it",
    );
  }
  return client as SqliteConnection;
}

/** Statements kept prepared per connection: a sale's worker uses a few hundred distinct SQL texts. */
const STATEMENTS_KEPT = 1_000;

/**
 * Prisma's adapter prepares every statement afresh (\`client.prepare(sql).bind(args)\`): better-sqlite3's
 * prepare was 7% of the worker's CPU in a 50-shop sale (docs/benchmarks.md, 2026-11-30). The adapter
 * is given a view of the connection whose prepare reuses one statement per SQL text, the least
 * recently used let go past STATEMENTS_KEPT. A statement's bind() binds it for good, so the view's
 * bind() hands back the calls the adapter makes (reader, columns, run, raw().all) with the
 * arguments passed to each instead. Every call runs to its end synchronously, and the adapter's
 * statements one at a time (the turnstile), so a kept statement is never in use twice at once.
 */
function reusingStatements(sqlite: SqliteConnection): SqliteConnection {
  const kept = new Map<string, BetterSqlite3.Statement>();
  const statementFor = (sql: string): BetterSqlite3.Statement => {
    const found = kept.get(sql);
    // Map keeps insertion order: deleting and setting again makes it the most recently used.
    if (found !== undefined) kept.delete(sql);
    else if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string);
    const statement = found ?? sqlite.prepare(sql);
    kept.set(sql, statement);
    return statement;
  };
  const withArguments = (statement: BetterSqlite3.Statement, args: unknown[]) => ({
    get reader() {
      return statement.reader;
    },
    columns: () => statement.columns(),
    run: () => statement.run(args),
    raw: (toggle?: boolean) => {
      if (toggle === undefined) statement.raw();
      else statement.raw(toggle);
      return { all: () => statement.all(args) };
    },
  });
  const prepare = (sql: string) => {
    // Prisma's adapter begins its transactions with a deferred BEGIN, which takes no lock: one that
    // reads and then writes must upgrade its lock later, and SQLite answers SQLITE_BUSY at once,
    // without waiting, when another process wrote in between. Begun IMMEDIATE, the write lock is
    // taken (waiting up to the busy timeout) before the first statement.
    const statement = statementFor(sql === "BEGIN" ? "BEGIN IMMEDIATE" : sql);
    return { run: () => statement.run(), bind: (args: unknown[]) => withArguments(statement, args) };
  };
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === "prepare") return prepare;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The driver adapter every PrismaClient of the app should use (`new PrismaClient({ adapter })`). */
export class SqliteAdapter {
  readonly provider = "sqlite";
  readonly adapterName: string;
  readonly #inner: PrismaBetterSqlite3;

  constructor(url: string) {
    this.#inner = new PrismaBetterSqlite3({ url, timeout: SQLITE_BUSY_TIMEOUT_MS });
    this.adapterName = this.#inner.adapterName;
  }

  #connected: { sqlite: SqliteConnection; turnstile: Turnstile } | undefined;

  async connect(): Promise<SqlDriverAdapter> {
    const connection = await this.#inner.connect();
    // WAL: readers in other processes are not blocked while one process writes. Persistent in the
    // file; repeating it on every connection is a no-op.
    await connection.executeScript("PRAGMA journal_mode = WAL;");
    const turnstile = new Turnstile();
    const connected = { sqlite: connectionOf(connection), turnstile };
    (connection as unknown as { client: SqliteConnection }).client = reusingStatements(connected.sqlite);
    this.#connected = connected;
    const adapter = serialised(connection, turnstile);
    return {
      ...adapter,
      // After $disconnect, writeAtOnce connects Prisma again instead of using the closed connection.
      dispose: async () => {
        if (this.#connected === connected) this.#connected = undefined;
        await adapter.dispose();
      },
    };
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const connection = await this.#inner.connectToShadowDb();
    (connection as unknown as { client: SqliteConnection }).client = reusingStatements(connectionOf(connection));
    return serialised(connection, new Turnstile());
  }

  /** Whether Prisma has connected through this adapter (it does on its first query or $connect). */
  get isConnected(): boolean {
    return this.#connected !== undefined;
  }

  /**
   * Runs `work` synchronously inside BEGIN IMMEDIATE … COMMIT on the client's own connection, once
   * every statement and transaction of the client before it is done: nothing else of this process
   * runs in between, and the write lock is held for `work` alone. A throw rolls it all back.
   *
   * An interactive transaction holds SQLite's one write lock across every await between its
   * statements, while the process serves other requests. For the webhook intake, whose transactions
   * are a few statements fired hundreds of times a second, that kept the lock taken most of the time
   * and left the worker's writes waiting (decision 0011).
   */
  async writeAtOnce<T>(work: (sqlite: SqliteConnection) => T): Promise<T> {
    const connected = this.#connected;
    if (connected === undefined) throw new Error("writeAtOnce before Prisma connected: call $connect() on the client first");
    return connected.turnstile.run(async () => connected.sqlite.transaction(work).immediate(connected.sqlite));
  }
}
