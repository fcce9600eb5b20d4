/**
 * A fresh migrated database per test file: a copy of the base database that globalSetup migrated
 * (global-setup.ts), in its own temporary directory, with a client using the app's adapter.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { createDatabase, type Database } from "~/stores/database/database.server";
import { BASE_DATABASE_FILE } from "./global-setup";

export interface TestDatabase {
  db: Database;
  /** The DATABASE_URL of the copy, for child processes that open it too. */
  url: string;
  /** Disconnects and deletes the copy. */
  close(): Promise<void>;
}

export function createTestDatabase(): TestDatabase {
  if (!existsSync(BASE_DATABASE_FILE)) {
    throw new Error(`No base test database at ${BASE_DATABASE_FILE}: run the tests through vitest.config.ts, whose globalSetup migrates it`);
  }
  const directory = mkdtempSync(path.join(tmpdir(), "connector-test-db-"));
  const file = path.join(directory, "test.sqlite");
  copyFileSync(BASE_DATABASE_FILE, file);
  const url = `file:${file}`;
  const db = createDatabase(url);
  return {
    db,
    url,
    async close() {
      await db.$disconnect();
      // The directory holds the WAL and shared-memory files too.
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The test file's database, deleted after its last test. */
export function useTestDatabase(): TestDatabase {
  const database = createTestDatabase();
  afterAll(() => database.close());
  return database;
}
