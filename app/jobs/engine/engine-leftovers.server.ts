/**
 * The job engine's share of the daily housekeeping (flows/housekeeping), on PostgreSQL only:
 * - wake-ups of jobs that will never run again (DONE, DEAD, deleted) and that no worker takes: a
 *   job of a kind no worker knows is given up on its row (buryUnknownKinds), but its wake-up would
 *   wait in the engine forever, since a graphile-worker worker only fetches the tasks it has;
 * - the engine's records of runs it gave up on (a vanished worker's run, retired when its job was
 *   woken again; wake.server.ts): graphile-worker's own DELETE_PERMAFAILED_JOBS cleanup.
 */
import { makeWorkerUtils } from "graphile-worker";
import { z } from "zod";
import { isPostgres, postgresUrlOf, type Database } from "~/stores/database/database.server";
import { ENGINE_SCHEMA } from "~/stores/database/job-engine-schema";

export interface EngineLeftovers {
  /** Wake-ups removed for jobs that are finished or gone. */
  wakeUpsRemoved: number;
  /** Runs the engine had given up on, removed. */
  givenUpRemoved: number;
}

const Counted = z.array(z.object({ count: z.coerce.number() }));

export async function clearEngineLeftovers(db: Database): Promise<EngineLeftovers> {
  const url = postgresUrlOf(db);
  if (!isPostgres(db) || url === undefined) return { wakeUpsRemoved: 0, givenUpRemoved: 0 };
  // remove_job: graphile-worker's documented way to take back a job by its key (unlocked ones only).
  const removed: unknown[] = await db.$queryRawUnsafe(
    `SELECT ${ENGINE_SCHEMA}.remove_job("waiting"."key") FROM ${ENGINE_SCHEMA}.jobs AS "waiting"
     WHERE "waiting"."key" IS NOT NULL AND "waiting"."locked_at" IS NULL
       AND NOT EXISTS (SELECT 1 FROM "Job" WHERE "Job"."id" = "waiting"."key" AND "Job"."status" IN ('PENDING', 'RUNNING'))`,
  );
  const [givenUp] = Counted.parse(
    await db.$queryRawUnsafe(
      `SELECT count(*) AS "count" FROM ${ENGINE_SCHEMA}.jobs WHERE "attempts" >= "max_attempts" AND "locked_at" IS NULL`,
    ),
  );
  const utils = await makeWorkerUtils({ connectionString: url, schema: ENGINE_SCHEMA });
  try {
    await utils.cleanup({ tasks: ["DELETE_PERMAFAILED_JOBS", "GC_JOB_QUEUES"] });
  } finally {
    await utils.release();
  }
  return { wakeUpsRemoved: removed.length, givenUpRemoved: givenUp?.count ?? 0 };
}
