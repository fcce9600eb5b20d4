/**
 * What every model and job function takes as its database: the app's client, or the transaction
 * it is called inside (so a webhook receipt and its job can be written atomically).
 */
import { PrismaClient, type Prisma } from "@prisma/client";
import type { Statement } from "better-sqlite3";
import { createRequire } from "node:module";
import { PostgresAdapter, type FirstRowQuery } from "./postgres-adapter.server";
import { SQLITE_BUSY_TIMEOUT_MS, SqliteAdapter, sqliteValue, type SqliteConnection } from "./sqlite-adapter.server";

export type Database = PrismaClient;
export type DatabaseOrTransaction = PrismaClient | Prisma.TransactionClient;
export type { SqliteConnection };

/** Each client's adapter, for the writes done around Prisma's client (writeAtOnce). */
const adapters = new WeakMap<Database, SqliteAdapter | PostgresAdapter>();

/**
 * The client generated from prisma/generated/postgres.prisma (the same models: ./run schema:postgres),
 * loaded only when a PostgreSQL URL is used. By require: Node's ESM loader refuses package names
 * that start with a dot, which is where Prisma generates clients (.prisma/...).
 */
function postgresClientClass(): typeof import(".prisma/client-postgres").PrismaClient {
  const load = createRequire(import.meta.url);
  return (load(".prisma/client-postgres") as typeof import(".prisma/client-postgres")).PrismaClient;
}

/** Whether a DATABASE_URL names a PostgreSQL server (else it is a SQLite file). */
export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

/**
 * One client per process and SQLite file: see sqlite-adapter.server.ts for why not more. On
 * PostgreSQL, a client of the PostgreSQL schema over node-postgres' pool.
 */
/** Each PostgreSQL client's URL: the job engine keeps a pool of its own on the same database. */
const postgresUrls = new WeakMap<Database, string>();

/** The URL a PostgreSQL client was made with (createDatabase); undefined for SQLite. */
export function postgresUrlOf(db: Database): string | undefined {
  return postgresUrls.get(db);
}

export function createDatabase(url: string): Database {
  if (isPostgresUrl(url)) {
    // The same models generated for another provider: the types differ only where PostgreSQL
    // offers more (e.g. case-insensitive filters), which the app does not use; the PostgreSQL
    // tests run the stores and flows on it.
    // A transaction waits for the write lock when it starts (postgres-adapter.server.ts): as long
    // as a SQLite statement waits for the file's lock (its busy timeout), not Prisma's 2 s.
    const adapter = new PostgresAdapter(url, { waitMs: SQLITE_BUSY_TIMEOUT_MS });
    const db = new (postgresClientClass())({ adapter, transactionOptions: { maxWait: SQLITE_BUSY_TIMEOUT_MS } }) as unknown as Database;
    postgresUrls.set(db, url);
    adapters.set(db, adapter);
    return db;
  }
  const adapter = new SqliteAdapter(url);
  const db = new PrismaClient({ adapter });
  adapters.set(db, adapter);
  return db;
}

/** Whether the client (or a transaction of it) talks to PostgreSQL. */
export function isPostgres(db: DatabaseOrTransaction): boolean {
  // Prisma's own field, present on clients and their transactions; not in its types.
  return (db as unknown as { _activeProvider?: string })._activeProvider === "postgresql";
}

/**
 * What a `contains` filter adds to ignore case: Prisma's `contains` is SQLite's LIKE, which ignores
 * the case of ASCII letters, and PostgreSQL's LIKE, which does not unless asked (`mode`, a filter
 * option the SQLite client's types do not have).
 */
export function ignoringCase(db: DatabaseOrTransaction): Record<string, never> {
  return (isPostgres(db) ? { mode: "insensitive" } : {}) as Record<string, never>;
}

/**
 * Raw SQL is written once, with `?` for its arguments, which SQLite takes; PostgreSQL numbers them
 * ($1, $2...). No statement of the app has a `?` inside a quoted string.
 */
export function sqlFor(db: DatabaseOrTransaction, sql: string): string {
  return isPostgres(db) ? numberedArguments(sql) : sql;
}

function numberedArguments(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** One statement of a write program: SQL with `?` arguments. The program gets back its first row, or undefined. */
export interface SqlStep {
  sql: string;
  args: unknown[];
  /** A statement for one database only (the job engine's wake-up, PostgreSQL's): skipped on the other, as if it returned no row. */
  onlyOn?: "postgresql";
}
export type SqlRow = Record<string, unknown> | undefined;
/** A transaction written as a generator of statements, so one text runs synchronously on SQLite and awaited on PostgreSQL. */
export type WriteProgram<T> = Generator<SqlStep, T, SqlRow>;

const preparedStatements = new WeakMap<SqliteConnection, Map<string, Statement<unknown[]>>>();

function preparedOn(sqlite: SqliteConnection, sql: string): Statement<unknown[]> {
  let statements = preparedStatements.get(sqlite);
  if (statements === undefined) preparedStatements.set(sqlite, (statements = new Map()));
  let prepared = statements.get(sql);
  if (prepared === undefined) statements.set(sql, (prepared = sqlite.prepare<unknown[]>(sql)));
  return prepared;
}

function runOnSqlite<T>(sqlite: SqliteConnection, program: WriteProgram<T>): T {
  let step = program.next(undefined);
  while (!step.done) {
    const { sql, args, onlyOn } = step.value;
    if (onlyOn === "postgresql") {
      step = program.next(undefined);
      continue;
    }
    const prepared = preparedOn(sqlite, sql);
    const bound = args.map(sqliteValue);
    // A statement that returns rows (RETURNING, SELECT) is read with get; others are run.
    const row = prepared.reader ? (prepared.get(...bound) as SqlRow) : (prepared.run(...bound), undefined);
    step = program.next(row);
  }
  return step.value;
}

async function runOnPostgres<T>(query: FirstRowQuery, program: WriteProgram<T>): Promise<T> {
  let step = program.next(undefined);
  while (!step.done) {
    const { sql, args } = step.value;
    step = program.next(await query(numberedArguments(sql), args));
  }
  return step.value;
}

/**
 * Runs a short write transaction for a hot path (the webhook intake). On SQLite: synchronously in
 * one IMMEDIATE transaction on the client's connection, in its turn with the client's other
 * statements, so the write lock is held for the statements alone, never across an await
 * (docs/decisions/0011). On PostgreSQL: a READ COMMITTED transaction of the same statements on the
 * client's pool, by PostgreSQL's own rules, without the write lock (postgres-adapter.server.ts,
 * writeByOwnRules; decision 0056). What the program throws rolls it back and is thrown here.
 */
export async function writeAtOnce<T>(db: Database, program: () => WriteProgram<T>): Promise<T> {
  const adapter = adapters.get(db);
  if (adapter === undefined) throw new Error("writeAtOnce needs a client made by createDatabase");
  if (!adapter.isConnected) await db.$connect();
  if (adapter instanceof PostgresAdapter) return adapter.writeByOwnRules((query) => runOnPostgres(query, program()));
  return adapter.writeAtOnce((sqlite) => runOnSqlite(sqlite, program()));
}

/**
 * On PostgreSQL, a write done by one statement in a transaction of its own: a function that does the
 * whole of a write program's work in one round trip (the intake's, decision 0064). Its first row.
 * `args` is given the wait within which the write must be done or fail (writeAtOnce's), for a
 * statement that bounds its own lock waits by it. SQLite runs the write program itself (writeAtOnce).
 */
export async function writeInOneStatement(db: Database, sql: string, args: (waitMs: number) => unknown[]): Promise<SqlRow> {
  const adapter = adapters.get(db);
  if (!(adapter instanceof PostgresAdapter))
    throw new Error("writeInOneStatement is PostgreSQL's: on SQLite, run the write program (writeAtOnce)");
  if (!adapter.isConnected) await db.$connect();
  return adapter.writeInOneStatement(numberedArguments(sql), args);
}

/**
 * One UPDATE of one row whose exactness rests on that row alone: its WHERE says when it applies,
 * and PostgreSQL checks it again on the row's latest version once the row's lock is the
 * statement's (a job's claim, its lease's writes: decision 0065). `UPDATE ... WHERE ... RETURNING`
 * with `?` arguments; its first row, or undefined. On PostgreSQL a transaction of its own without
 * the shop's write lock, on node-postgres directly: one round trip instead of three and no Prisma
 * client work, its wait for the row bounded on the server as on the client
 * (PostgresAdapter.writeRowAlone). On SQLite through the client, a statement of its own as every
 * write there.
 */
export async function writeRowAlone(db: Database, sql: string, args: unknown[]): Promise<SqlRow> {
  const adapter = adapters.get(db);
  if (adapter instanceof PostgresAdapter) {
    if (!adapter.isConnected) await db.$connect();
    return adapter.writeRowAlone(numberedArguments(sql), args);
  }
  if (isPostgres(db)) throw new Error("writeRowAlone needs a client made by createDatabase");
  const rows: SqlRow[] = await db.$queryRawUnsafe(sql, ...args);
  return rows[0];
}

/** A stored timestamp as read by raw SQL: ISO text from SQLite, a Date from PostgreSQL; null stays null. */
export function storedDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  return typeof value === "string" ? new Date(value) : null;
}

/**
 * Whether Prisma refused an update or delete because no row matched its where (P2025). Told by its
 * code: the SQLite and PostgreSQL clients each bring their own error class.
 */
export function isRecordNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "P2025";
}

/**
 * Runs `work` in a transaction: a new one on a client, or the caller's own when given one, so a
 * function that must be atomic stays atomic inside a larger transaction.
 */
export function inTransaction<T>(db: DatabaseOrTransaction, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  // Prisma 7's transaction clients have $transaction too (a savepoint), so that no longer tells them
  // apart: a client is what has $connect. Inside the caller's transaction the work joins it, as before.
  return "$connect" in db ? (db as PrismaClient).$transaction(work) : work(db);
}
