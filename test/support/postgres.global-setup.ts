/**
 * vitest globalSetup of the PostgreSQL mode (TEST_DATABASE=postgres, which vitest.postgres.config.ts
 * sets): starts ONE PostgreSQL server for the run (scripts/postgres/server.ts), migrates a base
 * database on it (scripts/postgres/migrate.ts), and provides its URL to the test files, whose
 * createTestDatabase() (database.ts) makes each database a copy of it (CREATE DATABASE ... TEMPLATE).
 * The server stops, and its folder goes, when the run ends. Without the variable it does nothing.
 */
import type { TestProject } from "vitest/node";
import { migratePostgres } from "../../scripts/postgres/migrate";
import { startPostgres, type PostgresServer } from "../../scripts/postgres/server";

/** The base database: migrated once, never connected to afterwards (a template must have no sessions). */
export const POSTGRES_BASE_DATABASE = "test_base";

declare module "vitest" {
  export interface ProvidedContext {
    /** postgresql://.../test_base on the run's server, when TEST_DATABASE=postgres; else "". */
    postgresBaseUrl: string;
  }
}

export const postgresMode = () => process.env.TEST_DATABASE === "postgres";

/**
 * One server for the whole run, though vitest runs a globalSetup once per project (vitest.config.ts
 * has two): the projects' setups share it through globalThis, and the last teardown stops it.
 */
interface SharedServer {
  started: Promise<PostgresServer>;
  users: number;
}
const shared = globalThis as { connectorTestPostgres?: SharedServer };

async function startMigrated(): Promise<PostgresServer> {
  const started = Date.now();
  const server = await startPostgres({ fast: true, database: POSTGRES_BASE_DATABASE });
  try {
    await migratePostgres(server.url);
  } catch (error) {
    await server.stop();
    throw error;
  }
  process.stderr.write(`PostgreSQL test server on port ${server.port}, base database migrated (${Date.now() - started} ms)\n`);
  return server;
}

export default async function startTestPostgres(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!postgresMode()) {
    project.provide("postgresBaseUrl", "");
    return undefined;
  }
  const entry = (shared.connectorTestPostgres ??= { started: startMigrated(), users: 0 });
  entry.users += 1;
  const server = await entry.started;
  project.provide("postgresBaseUrl", server.url);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    delete shared.connectorTestPostgres;
    await server.stop();
  };
}
