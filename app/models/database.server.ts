/**
 * What every model and job function takes as its database: the app's client, or the transaction
 * it is called inside (so a webhook receipt and its job can be written atomically).
 */
import { PrismaClient, type Prisma } from "@prisma/client";
import { SqliteAdapter } from "./sqlite-adapter.server";

export type Database = PrismaClient;
export type DatabaseOrTransaction = PrismaClient | Prisma.TransactionClient;

/** One client per process and SQLite file: see sqlite-adapter.server.ts for why not more. */
export function createDatabase(url: string): Database {
  return new PrismaClient({ adapter: new SqliteAdapter(url) });
}

/**
 * Runs `work` in a transaction: a new one on a client, or the caller's own when given one, so a
 * function that must be atomic stays atomic inside a larger transaction.
 */
export function inTransaction<T>(db: DatabaseOrTransaction, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return "$transaction" in db ? db.$transaction(work) : work(db);
}
