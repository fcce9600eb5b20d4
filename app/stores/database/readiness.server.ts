/**
 * Whether the database can serve the app: reachable, and every migration shipped with this version
 * applied (prisma migrate deploy writes each into "_prisma_migrations", on SQLite and PostgreSQL
 * alike). What /readyz and the worker's health port report.
 */
import { readdirSync } from "node:fs";
import { z } from "zod";
import type { Database } from "./database.server";

/**
 * `reason` is fixed words, safe to answer to anyone (no connection string, no host); `detail` is
 * the driver's message, for the log.
 */
export type DatabaseReadiness = { ready: true } | { ready: false; reason: string; detail?: string };

/** A database that has not answered in this long is as good as unreachable to a load balancer. */
const ANSWER_WITHIN_MS = 2_000;

const AppliedRows = z.array(z.object({ migration_name: z.string() }));

/** The migrations this version ships: the folders of prisma/migrations. */
export function shippedMigrations(migrationsDir: string): string[] {
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
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
  try {
    await withinTime(db.$queryRaw`SELECT 1`);
  } catch (error) {
    return { ready: false, reason: "The database is unreachable", detail: reasonOf(error) };
  }
  let applied: Set<string>;
  try {
    const rows = AppliedRows.parse(
      await withinTime(db.$queryRaw`SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`),
    );
    applied = new Set(rows.map((row) => row.migration_name));
  } catch (error) {
    return { ready: false, reason: "The database has no migration history (run prisma migrate deploy)", detail: reasonOf(error) };
  }
  const missing = shippedMigrations(migrationsDir).filter((name) => !applied.has(name));
  if (missing.length > 0) return { ready: false, reason: `Migrations not applied (run prisma migrate deploy): ${missing.join(", ")}` };
  return { ready: true };
}
