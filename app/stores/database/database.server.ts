/**
 * What every model and job function takes as its database: the app's client, or the transaction
 * it is called inside (so a webhook receipt and its job can be written atomically).
 */
import { PrismaClient, type Prisma } from "@prisma/client";
import { SqliteAdapter, type SqliteConnection } from "./sqlite-adapter.server";

export type Database = PrismaClient;
export type DatabaseOrTransaction = PrismaClient | Prisma.TransactionClient;
export type { SqliteConnection };

const adapters = new WeakMap<Database, SqliteAdapter>();

/** One client per process and SQLite file: see sqlite-adapter.server.ts for why not more. */
export function createDatabase(url: string): Database {
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
  if (adapter === undefined) throw new Error("writeAtOnce needs a client made by createDatabase");
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
