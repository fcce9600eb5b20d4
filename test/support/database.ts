/**
 * A fresh migrated database per test file, with a client using the app's adapter.
 *
 * - By default (SQLite): a copy of the base database that globalSetup migrated (global-setup.ts),
 *   in its own temporary directory.
 * - With TEST_DATABASE=postgres (`./run test:postgres`): a database of its own on the run's
 *   PostgreSQL server, made from the migrated base database as a template (postgres.global-setup.ts),
 *   dropped by close() once nothing is connected to it.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import BetterSqlite from "better-sqlite3";
import pg from "pg";
import { afterAll, expect, inject } from "vitest";
import { createDatabase, type Database } from "~/stores/database/database.server";
import { WRITE_LOCK_KEY } from "~/stores/database/postgres-adapter.server";
import { postgresBin } from "../../scripts/postgres/server";
import { BASE_DATABASE_FILE } from "./global-setup";
import { POSTGRES_BASE_DATABASE, postgresMode } from "./postgres.global-setup";
import { waitFor } from "./jobs";

export interface TestDatabase {
  db: Database;
  /** The DATABASE_URL of the copy, for child processes that open it too. */
  url: string;
  /** Disconnects and deletes the copy. */
  close(): Promise<void>;
}

/** Which database the test files run on: `TEST_DATABASE=postgres` chooses PostgreSQL. */
export const testDatabaseProvider: "sqlite" | "postgresql" = postgresMode() ? "postgresql" : "sqlite";

export function createTestDatabase(): TestDatabase {
  return testDatabaseProvider === "postgresql" ? createPostgresTestDatabase() : createSqliteTestDatabase();
}

function createSqliteTestDatabase(): TestDatabase {
  if (!existsSync(BASE_DATABASE_FILE)) {
    throw new Error(
      `No base test database at ${BASE_DATABASE_FILE}: run the tests through vitest.config.ts, whose globalSetup migrates it`,
    );
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

/** The URL of another database on the same server. */
const onDatabase = (url: string, database: string) => url.replace(/\/[^/?]+(\?.*)?$/, `/${database}$1`);

/**
 * CREATE DATABASE from the migrated template, synchronously (through psql) so that
 * createTestDatabase() stays synchronous for both providers: `useTestDatabase()` is called at a test
 * file's top level. A copy of the small template takes tens of milliseconds.
 */
function createPostgresTestDatabase(): TestDatabase {
  const baseUrl = inject("postgresBaseUrl");
  if (!baseUrl) throw new Error("No PostgreSQL test server: TEST_DATABASE=postgres needs postgres.global-setup.ts (./run test:postgres)");
  const name = `t_${randomBytes(8).toString("hex")}`;
  const admin = onDatabase(baseUrl, "postgres");
  const created = spawnSync(
    path.join(postgresBin(), "psql"),
    ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", admin, "-c", `CREATE DATABASE "${name}" TEMPLATE "${POSTGRES_BASE_DATABASE}"`],
    {
      encoding: "utf8",
    },
  );
  if (created.status !== 0)
    throw new Error(`Creating the test database ${name} failed: ${created.stderr || created.stdout || created.error?.message}`);
  const url = onDatabase(baseUrl, name);
  const db = createDatabase(url);
  return {
    db,
    url,
    async close() {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        // A worker stopped before its handler finished (its stop gives up after a while) may still be
        // in a transaction: disconnecting under it left that transaction open for good, holding the
        // database's write lock ("idle in transaction" after the job's UPDATE, seen under load).
        await transactionsEnded(client, name);
        await db.$disconnect();
        const left = await sessionsLeft(client, name);
        // A connection may still open between the look and the drop, which then refuses (55006).
        const dropped =
          left.length === 0 &&
          (await client.query(`DROP DATABASE IF EXISTS "${name}"`).then(
            () => true,
            () => false,
          ));
        if (!dropped)
          console.warn(
            `Test database ${name} (${expect.getState().testPath ?? "a test file"}) still has connections ${SESSIONS_END_MS / 1000} s after its file ended; ` +
              `left to the server's end, not cut:\n${left.join("\n")}`,
          );
      } finally {
        await client.end();
      }
    },
  };
}

/** How long a test file's last connections get to close by themselves before its database is left. */
const SESSIONS_END_MS = 30_000;

/**
 * The connections still open to the database once they have had SESSIONS_END_MS to close (the hook
 * waits 90 s), each said by its age, state and last statement. A database still in use is left to
 * the server's end (the run's server and its folder go then), never dropped WITH (FORCE): Vitest's
 * workers run file after file in one process (isolate: false), and a connection cut under a pool
 * or an engine still closing was an error in whatever file that process ran next, where no test
 * could hear it (57P01, "terminating connection due to administrator command", seen under load).
 */
async function sessionsLeft(admin: pg.Client, database: string): Promise<string[]> {
  const listed = () =>
    admin.query<{ said: string }>(
      `SELECT format('pid %s, %s s old, %s for %s s (transaction: %s s), last statement: %s', pid,
                     round(extract(epoch FROM now() - backend_start)), coalesce(state, 'unknown'),
                     round(extract(epoch FROM now() - state_change)), coalesce(round(extract(epoch FROM now() - xact_start))::text, 'none'),
                     left(regexp_replace(coalesce(query, ''), '\\s+', ' ', 'g'), 160)) AS said
         FROM pg_stat_activity WHERE datname = $1`,
      [database],
    );
  await waitFor(async () => (await listed()).rows.length === 0, {
    timeoutMs: SESSIONS_END_MS,
    intervalMs: 50,
    what: `the connections to ${database} to close`,
  }).catch(() => undefined);
  return (await listed()).rows.map((row) => row.said);
}

/** Waits, up to SESSIONS_END_MS, until no connection to the database is inside a transaction. */
async function transactionsEnded(admin: pg.Client, database: string): Promise<void> {
  await waitFor(
    async () => {
      const open = await admin.query<{ open: number }>(
        "SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1 AND xact_start IS NOT NULL",
        [database],
      );
      return open.rows[0]?.open === 0;
    },
    { timeoutMs: SESSIONS_END_MS, intervalMs: 50, what: `the transactions on ${database} to end` },
  ).catch(() => undefined);
}

/** The test file's database, deleted after its last test. */
export function useTestDatabase(): TestDatabase {
  const database = createTestDatabase();
  // Its connections get SESSIONS_END_MS to close before the drop: a test that failed may have left
  // a stopped worker's handler finishing its call.
  afterAll(() => database.close(), 90_000);
  return database;
}

/**
 * Another process's hold on the database that keeps the app from writing, as when it is busy:
 * SQLite's write lock (BEGIN IMMEDIATE on another connection); on PostgreSQL, a transaction holding
 * the app's write lock (WRITE_LOCK_KEY, postgres-adapter.server.ts) and every table in EXCLUSIVE
 * mode (reads pass, writes wait), which lets go by itself after `releaseAfterMs` so that a write
 * waiting on it cannot wait forever. `release()` lets go now.
 */
export async function holdDatabaseWrites(url: string, options: { releaseAfterMs: number }): Promise<{ release(): Promise<void> }> {
  if (!/^postgres(ql)?:\/\//.test(url)) {
    const { default: Sqlite } = await import("better-sqlite3");
    const holder = new Sqlite(url.replace(/^file:/, ""));
    holder.exec("BEGIN IMMEDIATE");
    return {
      async release() {
        if (!holder.open) return;
        holder.exec("ROLLBACK");
        holder.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: url });
  // The hold lets go by itself (releaseAfterMs); should the server still end this connection (the
  // run's server stopping), the 'error' unheard would fail the whole run.
  client.on("error", () => {});
  await client.connect();
  await client.query("BEGIN");
  await client.query(`SELECT pg_advisory_xact_lock(${WRITE_LOCK_KEY})`);
  const tables = await client.query<{ name: string }>(`SELECT format('%I', tablename) AS name FROM pg_tables WHERE schemaname = 'public'`);
  await client.query(`LOCK TABLE ${tables.rows.map((table) => table.name).join(", ")} IN EXCLUSIVE MODE`);
  let released: Promise<void> | null = null;
  // A connection already ended (above) has nothing left to let go of.
  const release = () =>
    (released ??= client
      .query("ROLLBACK")
      .then(() => client.end())
      .catch(() => undefined));
  const timer = setTimeout(() => void release(), options.releaseAfterMs);
  return {
    release() {
      clearTimeout(timer);
      return release();
    },
  };
}

/**
 * Resolves once at least `count` other connections to this PostgreSQL database wait for a lock:
 * a write shown waiting by PostgreSQL itself, not by a while without an answer.
 */
export async function untilWaitingForLocks(db: Database, count: number): Promise<void> {
  await waitFor(
    async () => {
      const rows = await db.$queryRawUnsafe<{ waiting: number }[]>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      return Number(rows[0]?.waiting ?? 0) >= count;
    },
    { timeoutMs: 15_000, intervalMs: 10, what: `${count} connection(s) of the database waiting for a lock` },
  );
}

/**
 * Runs SQL on the test database outside the app's client, as an upgrade's migration runs: a script
 * of several statements, on its own connection (PostgreSQL) or file handle (SQLite).
 */
export async function runSqlScript(url: string, sql: string): Promise<void> {
  if (testDatabaseProvider === "postgresql") {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const sqlite = new BetterSqlite(url.replace(/^file:/, ""));
  try {
    sqlite.exec(sql);
  } finally {
    sqlite.close();
  }
}

/** A migration's SQL as this run's database has it, by its folder's name on each (prisma/migrations, prisma/postgres/migrations). */
export function migrationSql(folders: { sqlite: string; postgresql: string }): string {
  const root = path.resolve(import.meta.dirname, "../..");
  return readFileSync(
    testDatabaseProvider === "postgresql"
      ? path.join(root, "prisma/postgres/migrations", folders.postgresql, "migration.sql")
      : path.join(root, "prisma/migrations", folders.sqlite, "migration.sql"),
    "utf8",
  );
}
