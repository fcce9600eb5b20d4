/**
 * What every model and job function takes as its database: the app's client, or the transaction
 * it is called inside (so a webhook receipt and its job can be written atomically).
 */
import { PrismaClient, type Prisma } from "@prisma/client";
import { createRequire } from "node:module";
import { PrismaPg } from "@prisma/adapter-pg";
import { SqliteAdapter, type SqliteConnection } from "./sqlite-adapter.server";

export type Database = PrismaClient;
export type DatabaseOrTransaction = PrismaClient | Prisma.TransactionClient;
export type { SqliteConnection };

const adapters = new WeakMap<Database, SqliteAdapter>();

/**
 * The client generated from prisma/postgres/schema.prisma (the same models: ./run schema:postgres),
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
export function createDatabase(url: string): Database {
  if (isPostgresUrl(url)) {
    // The same models generated for another provider: the types differ only where PostgreSQL
    // offers more (e.g. case-insensitive filters), which the app does not use; the PostgreSQL
    // tests run the stores and flows on it.
    return new (postgresClientClass())({ adapter: new PrismaPg({ connectionString: url }) }) as unknown as Database;
  }
  const adapter = new SqliteAdapter(url);
  const db = new PrismaClient({ adapter });
  adapters.set(db, adapter);
  return db;
}

/**
 * Runs `work` synchronously in one IMMEDIATE transaction on the client's SQLite connection, in its
 * turn with the client's other statements: for hot paths whose short transactions should hold the
 * write lock for their statements alone, never across an await (the webhook intake). `work` must
 * not be async; what it throws rolls it back and is thrown here.
 */
export async function writeAtOnce<T>(db: Database, work: (sqlite: SqliteConnection) => T): Promise<T> {
  const adapter = adapters.get(db);
  if (adapter === undefined) throw new Error("writeAtOnce needs a SQLite client made by createDatabase");
  if (!adapter.isConnected) await db.$connect();
  return adapter.writeAtOnce(work);
}

/**
 * Runs `work` in a transaction: a new one on a client, or the caller's own when given one, so a
 * function that must be atomic stays atomic inside a larger transaction.
 */
export function inTransaction<T>(db: DatabaseOrTransaction, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return "$transaction" in db ? db.$transaction(work) : work(db);
}
