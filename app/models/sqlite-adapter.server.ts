/**
 * The better-sqlite3 driver adapter, made safe for the job queue and for several processes on one
 * SQLite file. See docs/decisions/0005-embedded-job-queue.md.
 *
 * Prisma's adapter keeps one connection per client. Its interactive transactions take a mutex, but
 * plain queries do not: a query issued while another part of the process has a transaction open
 * runs *inside* that transaction, and vanishes if it rolls back (a worker's claim, a webhook
 * receipt...). Here every statement waits for the open transaction to end instead.
 *
 * Its transactions start with a deferred BEGIN. A transaction that reads and then writes must then
 * upgrade its lock, and SQLite answers SQLITE_BUSY at once, without waiting, when another process
 * wrote in between. Transactions here begin IMMEDIATE: the write lock is taken (waiting up to the
 * busy timeout) before the first statement, so they never fail half-way for that reason.
 *
 * WAL journal: readers in other processes are not blocked while one process writes.
 */
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

type SqlDriverAdapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;
type Transaction = Awaited<ReturnType<SqlDriverAdapter["startTransaction"]>>;
type SqlQuery = Parameters<SqlDriverAdapter["queryRaw"]>[0];

/** How long a statement waits for another process's write lock before failing with SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

const statement = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });

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
  };
}

function serialised(inner: SqlDriverAdapter): SqlDriverAdapter {
  const turnstile = new Turnstile();
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
        transaction = await inner.startTransaction(isolationLevel);
        // The inner adapter has run a deferred BEGIN, which takes no lock yet: end it and begin
        // again IMMEDIATE, on the same connection, before Prisma sends the first statement.
        await transaction.executeRaw(statement("COMMIT"));
        await transaction.executeRaw(statement("BEGIN IMMEDIATE"));
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

/** The driver adapter every PrismaClient of the app should use (`new PrismaClient({ adapter })`). */
export class SqliteAdapter {
  readonly provider = "sqlite";
  readonly adapterName: string;
  readonly #inner: PrismaBetterSQLite3;

  constructor(url: string) {
    this.#inner = new PrismaBetterSQLite3({ url, timeout: SQLITE_BUSY_TIMEOUT_MS });
    this.adapterName = this.#inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const connection = await this.#inner.connect();
    // Persistent in the file; repeating it on every connection is a no-op.
    await connection.executeScript("PRAGMA journal_mode = WAL;");
    return serialised(connection);
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    return serialised(await this.#inner.connectToShadowDb());
  }
}
