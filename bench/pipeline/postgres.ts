/**
 * A PostgreSQL server and a migrated database of the benchmark's own: durable as in production
 * (fsync on), on loopback, removed when the benchmark ends.
 */
import { createDatabase } from "~/stores/database/database.server";
import type { TestDatabase } from "../../test/support/database";
import { migratePostgres } from "../../scripts/postgres/migrate";
import { startPostgres } from "../../scripts/postgres/server";

export async function startPostgresDatabase(
  options: { fast?: boolean } = {},
): Promise<{ database: TestDatabase; serverPid: number; stop(): Promise<void> }> {
  const server = await startPostgres({ fast: options.fast ?? false });
  try {
    const url = await server.createDatabase("pipeline");
    await migratePostgres(url, { log: () => {} });
    const db = createDatabase(url);
    return { database: { db, url, close: () => db.$disconnect() }, serverPid: server.pid, stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
