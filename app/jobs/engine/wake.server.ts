/**
 * On PostgreSQL the jobs run on graphile-worker: the `Job` table stays the record the flows read and
 * write, and each PENDING job has one engine job that says when to run it. A wake hands a job to the
 * engine in the caller's transaction, so a job and its wake-up are committed together, or neither
 * is. On SQLite the `Job` table is the queue (worker.server.ts), and waking does nothing. Why:
 * docs/decisions/0028-jobs-on-postgresql-run-on-graphile-worker.md.
 */
import { ENGINE_SCHEMA } from "~/stores/database/job-engine-schema";
import { isPostgres, sqlFor, type DatabaseOrTransaction, type SqlStep } from "~/stores/database/database.server";

/**
 * graphile-worker's add_job for each row selected as "Job"; its documented SQL interface.
 *
 * Keyed by the job's id (job_key, mode "replace"): waking a job that already waits for the engine
 * moves that wake-up to the job's current runAt instead of adding a second; waking one whose wake-up
 * is running now (the job is being retried or postponed from its own run) leaves the running one to
 * finish and adds a new one. Each wake reads the row as it is now, so a wake can never carry an
 * older runAt or payload than the job's.
 *
 * The engine's attempts are the job's attempts left: a job postponed or re-armed keeps counting
 * where it was (Job."attempts"), and the engine gives up when the job would.
 *
 * The job's tier is the engine's priority (0 first, 1, 2 later: tiers.ts, decisions 0058 and 0059):
 * the engine takes due jobs by priority first, then by run_at.
 *
 * The payload names the job's shop as well, so the task runs it under that shop's write lock
 * (stores/database/write-scope.server.ts) without reading the row first; the claim itself takes
 * no lock (decision 0065).
 */
const ADD_JOB = `${ENGINE_SCHEMA}.add_job(
  "Job"."kind",
  json_build_object('jobId', "Job"."id", 'shop', "Job"."shop"),
  run_at := "Job"."runAt",
  max_attempts := GREATEST(1, "Job"."maxAttempts" - "Job"."attempts"),
  job_key := "Job"."id",
  job_key_mode := 'replace',
  priority := "Job"."tier"
)`;

/** Wakes the PENDING job whose id is the one argument. Read by onlyReads as a read: it takes no write lock of ours. */
export const WAKE_ONE_SQL = `SELECT (${ADD_JOB}).id::text AS "engineJobId" FROM "Job" WHERE "Job"."id" = ? AND "Job"."status" = 'PENDING'`;

/**
 * Wakes the jobs that are due to run yet wait for no engine job: RUNNING with their lease expired
 * before the first argument (their worker vanished: the engine's own recovery of a crashed
 * worker's jobs waits four hours, the job's lease says within a minute), or PENDING and due since
 * before the second (a worker stopped between recording a retry and telling the engine). The new
 * wake-up takes the job over as the embedded queue's claim does (claimJobById); the vanished run's
 * engine job loses its key and stays behind as the engine's record of the crash. At most the third
 * argument's number of jobs per call.
 */
export const WAKE_ORPHANS_SQL = `SELECT (${ADD_JOB}).id::text AS "engineJobId" FROM "Job"
  WHERE (("Job"."status" = 'RUNNING' AND "Job"."leaseExpiresAt" <= ?) OR ("Job"."status" = 'PENDING' AND "Job"."runAt" <= ?))
    AND NOT EXISTS (
      SELECT 1 FROM ${ENGINE_SCHEMA}.jobs AS "waiting"
      WHERE "waiting"."key" = "Job"."id" AND "waiting"."locked_at" IS NULL AND "waiting"."attempts" < "waiting"."max_attempts"
    )
  LIMIT ?`;

/** The wake of one job as a step of a write program (the webhook intake's); PostgreSQL only. */
export function wakeStep(jobId: string): SqlStep {
  return { sql: WAKE_ONE_SQL, args: [jobId], onlyOn: "postgresql" };
}

/** Hands these PENDING jobs to the engine at their runAt; nothing on SQLite. Run it in the transaction that made them PENDING. */
export async function wakeJobs(db: DatabaseOrTransaction, jobIds: readonly string[]): Promise<void> {
  if (!isPostgres(db)) return;
  for (const jobId of jobIds) await db.$queryRawUnsafe(sqlFor(db, WAKE_ONE_SQL), jobId);
}

/** Wakes the jobs that wait for no engine job though they should (WAKE_ORPHANS_SQL); how many. PostgreSQL only. */
export async function wakeOrphanedJobs(db: DatabaseOrTransaction, now: Date, pendingGraceMs: number, limit = 500): Promise<number> {
  if (!isPostgres(db)) return 0;
  const rows: unknown[] = await db.$queryRawUnsafe(sqlFor(db, WAKE_ORPHANS_SQL), now, new Date(now.getTime() - pendingGraceMs), limit);
  return rows.length;
}
