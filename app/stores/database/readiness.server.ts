/**
 * Whether the database can serve the app: reachable, and every migration shipped with this version
 * for its kind applied (`./run prisma migrate deploy` records each in "_prisma_migrations", on SQLite
 * through Prisma's CLI, on PostgreSQL through scripts/postgres/migrate.ts). What /readyz and the
 * worker's health port report.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ENGINE_SCHEMA } from "./job-engine-schema";
import { isPostgres, type Database } from "./database.server";

/**
 * `reason` is fixed words, safe to answer to anyone (no connection string, no host); `detail` is
 * the driver's message, for the log.
 */
export type DatabaseReadiness = { ready: true } | { ready: false; reason: string; detail?: string };

/** A database that has not answered in this long is as good as unreachable to a load balancer. */
const ANSWER_WITHIN_MS = 2_000;

const AppliedRows = z.array(z.object({ migration_name: z.string() }));
const EngineRows = z.array(z.object({ installed: z.boolean() }));

type Provider = "sqlite" | "postgresql";

/** The migrations this version ships: the folders of the migrations folder. */
export function shippedMigrations(migrationsDir: string): string[] {
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The provider a migrations folder is for (its migration_lock.toml), or undefined when it does not say. */
export function migrationsProvider(migrationsDir: string): string | undefined {
  const lock = path.join(migrationsDir, "migration_lock.toml");
  if (!existsSync(lock)) return undefined;
  return /^\s*provider\s*=\s*"([^"]+)"/m.exec(readFileSync(lock, "utf8"))?.[1];
}

/**
 * The folder of the migrations the database must have, or why there is none. SQLite and PostgreSQL
 * have migrations of their own, numbered apart: prisma/migrations and prisma/postgres/migrations,
 * each with a migration_lock.toml naming its provider. The folder given (MIGRATIONS_DIR,
 * prisma/migrations by default) is used when its provider is the database's; on PostgreSQL with the
 * SQLite folder given, the PostgreSQL folder beside it (`<folder>/../postgres/migrations`).
 */
export function migrationsFor(provider: Provider, migrationsDir: string): { folder: string } | { problem: string } {
  const given = migrationsProvider(migrationsDir);
  if (given === undefined || given === provider) return { folder: migrationsDir };
  if (provider === "postgresql") {
    const beside = path.join(migrationsDir, "..", "postgres", "migrations");
    if (existsSync(beside) && migrationsProvider(beside) === "postgresql") return { folder: beside };
  }
  return {
    problem: `The migrations folder is for ${given}, the database is ${provider === "postgresql" ? "PostgreSQL" : "SQLite"} (set MIGRATIONS_DIR)`,
  };
}

function withinTime<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message.split("\n")[0] : String(error));

export async function databaseReadiness(db: Database, migrationsDir: string): Promise<DatabaseReadiness> {
  const provider: Provider = isPostgres(db) ? "postgresql" : "sqlite";
  try {
    await withinTime(db.$queryRaw`SELECT 1`);
  } catch (error) {
    return { ready: false, reason: "The database is unreachable", detail: reasonOf(error) };
  }
  let applied: Set<string>;
  try {
    const rows = AppliedRows.parse(
      await withinTime(
        db.$queryRaw`SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
      ),
    );
    applied = new Set(rows.map((row) => row.migration_name));
  } catch (error) {
    return { ready: false, reason: "The database has no migration history (run prisma migrate deploy)", detail: reasonOf(error) };
  }
  const shipped = migrationsFor(provider, migrationsDir);
  if ("problem" in shipped) return { ready: false, reason: shipped.problem };
  const missing = shippedMigrations(shipped.folder).filter((name) => !applied.has(name));
  if (missing.length > 0) return { ready: false, reason: `Migrations not applied (run prisma migrate deploy): ${missing.join(", ")}` };
  if (provider === "postgresql") {
    // The job engine's functions, which every queued job calls on PostgreSQL (app/jobs/engine).
    const engine = EngineRows.parse(
      await withinTime(
        db.$queryRawUnsafe(
          `SELECT EXISTS (SELECT 1 FROM pg_proc JOIN pg_namespace ON pg_namespace.oid = pg_proc.pronamespace WHERE nspname = '${ENGINE_SCHEMA}' AND proname = 'add_job') AS "installed"`,
        ),
      ),
    );
    if (engine[0]?.installed !== true)
      return { ready: false, reason: "The job engine's tables are not installed (run the PostgreSQL migrations)" };
  }
  return { ready: true };
}
