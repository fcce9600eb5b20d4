/**
 * The job engine's part of a PostgreSQL database (app/jobs/engine runs the jobs on it):
 * graphile-worker's schema (its default), named once. Its migrations are applied beside the app's
 * (scripts/postgres/migrate.ts), and /readyz checks them (readiness.server.ts).
 */
import { Logger, runMigrations } from "graphile-worker";

export const ENGINE_SCHEMA = "graphile_worker";

/** The engine's own log lines at migration ("Migrating...") say nothing the caller does not log. */
const quiet = new Logger(() => () => undefined);

/** Applies graphile-worker's migrations; several processes at once are safe (it takes a lock). */
export async function migrateJobEngine(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, schema: ENGINE_SCHEMA, logger: quiet });
}
