/**
 * Applies prisma/postgres/migrations to a PostgreSQL database: what `prisma migrate deploy` does,
 * which cannot run here (prisma/orm#27403), into Prisma's own `_prisma_migrations` table so the CLI
 * can take over once that is fixed. Each migration in its own transaction, under an advisory lock,
 * so several processes started at once apply each once. Why: docs/decisions/0024-postgresql-schema-and-migrations.md.
 */
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrateJobEngine } from "../../app/stores/database/job-engine-schema";

export const POSTGRES_MIGRATIONS = path.resolve(import.meta.dirname, "..", "..", "prisma", "postgres", "migrations");

/** Any number, the same in every process: the lock that makes migrating one process's job at a time. */
const MIGRATION_LOCK = 7_305_118_213;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function migrationFiles(folder = POSTGRES_MIGRATIONS): MigrationFile[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d{4}_/.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(folder, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** The names of the migrations recorded as applied, or null when the table does not exist yet. */
export async function appliedMigrations(client: pg.ClientBase): Promise<Map<string, string> | null> {
  const table = await client.query<{ exists: boolean }>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS "exists"`);
  if (!table.rows[0]?.exists) return null;
  const rows = await client.query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  return new Map(rows.rows.map((row) => [row.migration_name, row.checksum]));
}

/** Applies what is missing; returns the names applied now. Throws when a recorded migration's file changed. */
export async function migratePostgres(url: string, options: { folder?: string; log?: (line: string) => void } = {}): Promise<string[]> {
  const log = options.log ?? (() => undefined);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query(CREATE_TABLE);
    const applied = (await appliedMigrations(client)) ?? new Map<string, string>();
    const done: string[] = [];
    for (const migration of migrationFiles(options.folder)) {
      const recorded = applied.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum)
          throw new Error(`Migration ${migration.name} was changed after it was applied: write a new migration instead.`);
        continue;
      }
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ($1, $2, $3)`, [
          id,
          migration.checksum,
          migration.name,
        ]);
        await client.query(migration.sql);
        await client.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(
          `Migration ${migration.name} failed and was rolled back: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      log(`Applied ${migration.name}`);
      done.push(migration.name);
    }
    // The job engine's tables and functions, which the app's wake-ups call (app/jobs/engine).
    await migrateJobEngine(url);
    return done;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
