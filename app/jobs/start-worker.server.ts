/**
 * The worker for the database at hand: on SQLite the embedded queue's (worker.server.ts), on
 * PostgreSQL the job engine's (engine/engine-worker.server.ts). Both run the same handlers on the
 * same `Job` rows and stop the same way.
 */
import { isPostgres, postgresUrlOf } from "~/stores/database/database.server";
import { startEngineWorker } from "./engine/engine-worker.server";
import type { JobKinds } from "./kind-schemas";
import { startWorker, type Worker, type WorkerOptions } from "./worker.server";

export async function startJobWorker<S extends JobKinds>(options: WorkerOptions<S>): Promise<Worker> {
  if (!isPostgres(options.db)) return startWorker(options);
  const connectionString = postgresUrlOf(options.db);
  if (connectionString === undefined) throw new Error("The job engine needs a PostgreSQL client made by createDatabase");
  return startEngineWorker({ ...options, connectionString });
}
