/**
 * Claiming: a worker takes due jobs with one UPDATE ... RETURNING. A single statement is atomic in
 * SQLite, which has one writer at a time across all processes on the file, so two workers never
 * claim the same job; the second sees the first's lease. On PostgreSQL the engine claims one job
 * by its id without a write lock: its UPDATE names the row, and PostgreSQL checks its WHERE again on
 * the row's latest version once the row's lock is the claim's, so of two claims at once the second
 * finds the first's lease (decision 0065). claimDueJobs (the embedded queue's, SQLite's; on
 * PostgreSQL only in tests) takes the whole database's write lock there
 * (stores/database/postgres-adapter.server.ts), and states the same rule in its own WHERE beside
 * the scan that picked the rows, so that it stays exact beside the engine's claims too.
 */
import { randomBytes } from "node:crypto";
import type { Job } from "@prisma/client";
import { z } from "zod";
import { sqlFor, storedDate, writeRowAlone, type Database } from "~/stores/database/database.server";
import { TIERS } from "./tiers";

export interface ClaimRequest {
  /** Only jobs the worker has handlers for. */
  kinds: readonly string[];
  limit: number;
  /** The worker's name; each claim adds a token so a lease can be told from an earlier one. */
  owner: string;
  leaseMs: number;
  now: Date;
}

/** The job's columns, returned by the claim itself: the jobs claimed cost no second read. */
const JOB_COLUMNS = `"id", "shop", "kind", "payload", "dedupeKey", "status", "attempts", "maxAttempts", "runAt", "leaseOwner",
  "leaseExpiresAt", "lastError", "createdAt", "updatedAt", "finishedAt", "lastErrorSay", "tier"`;

/** A stored moment as raw SQL returns it (storedDate): ISO text from SQLite, a Date from PostgreSQL. */
const moment = z.union([z.date(), z.string()]).transform((value) => storedDate(value) as Date);

const ClaimedJobs = z.array(
  z.object({
    id: z.string(),
    shop: z.string().nullable(),
    kind: z.string(),
    payload: z.string(),
    dedupeKey: z.string().nullable(),
    status: z.enum(["PENDING", "RUNNING", "DONE", "DEAD"]),
    // A count: a bigint from SQLite's driver when it is large, a number otherwise.
    attempts: z.coerce.number(),
    maxAttempts: z.coerce.number(),
    runAt: moment,
    leaseOwner: z.string().nullable(),
    leaseExpiresAt: moment.nullable(),
    lastError: z.string().nullable(),
    createdAt: moment,
    updatedAt: moment,
    finishedAt: moment.nullable(),
    lastErrorSay: z.string().nullable(),
    tier: z.coerce.number(),
  }) satisfies z.ZodType<Job, unknown>,
);

/**
 * What a claim writes, whichever jobs it takes: RUNNING under the new lease (arguments: its owner,
 * its expiry, now, now), one more attempt, and for a job taken over from a vanished worker, why (the
 * sentence of the error it replaces cleared with it) and its place in a turn's line from now on: a
 * run that held its kind's turn for its shop when its worker vanished kept runAt = TURN_HELD
 * (one-at-a-time.server.ts), and taken over with it would tie with the job that took the turn
 * since, and go first when its id is the smaller: two runs at once. Every CASE reads the row as it was.
 */
const CLAIM = `UPDATE "Job" SET
  "status" = 'RUNNING',
  "attempts" = "attempts" + 1,
  "leaseOwner" = ?,
  "leaseExpiresAt" = ?,
  "lastError" = CASE WHEN "status" = 'RUNNING'
    THEN 'Worker ' || "leaseOwner" || ' stopped responding during attempt ' || "attempts" || ' (its lease expired)'
    ELSE "lastError" END,
  "lastErrorSay" = CASE WHEN "status" = 'RUNNING' THEN NULL ELSE "lastErrorSay" END,
  "runAt" = CASE WHEN "status" = 'RUNNING' THEN ? ELSE "runAt" END,
  "updatedAt" = ?`;

/** The rule a claim's WHERE states: due (`?`: the moment, within any allowance) and PENDING, or RUNNING with an expired lease (`?`: now). */
const CLAIMABLE = `(("status" = 'PENDING' AND "runAt" <= ?) OR ("status" = 'RUNNING' AND "leaseExpiresAt" <= ?))`;

/**
 * Claims up to `limit` jobs that are due: PENDING with runAt reached, or RUNNING with an expired
 * lease (their worker crashed or hung; the claim says so in lastError). Each claim counts as an
 * attempt, so a job that kills its worker every time still ends DEAD. The lowest tier comes first,
 * then the oldest (tiers.ts: decisions 0058 and 0059), as the engine orders them on PostgreSQL.
 */
export async function claimDueJobs(db: Database, request: ClaimRequest): Promise<Job[]> {
  if (request.kinds.length === 0 || request.limit < 1) return [];
  const leaseOwner = `${request.owner}/${randomBytes(4).toString("hex")}`;
  const leaseExpiresAt = new Date(request.now.getTime() + request.leaseMs);
  // `?` placeholders written out (sqlFor numbers them on PostgreSQL), not Prisma.join: its Sql
  // object belongs to the SQLite client's runtime, which the PostgreSQL client takes for a value.
  const kinds = request.kinds.map(() => "?").join(", ");
  // One range scan of an index, already in order; its arguments: the moment, the kinds, the limit.
  const scan = (name: string, where: string, order: string) => `SELECT "id", "tier", "runAt" FROM (
      SELECT "id", "tier", "runAt" FROM "Job" WHERE ${where} <= ? AND "kind" IN (${kinds}) ORDER BY ${order} LIMIT ?
    ) AS "${name}"`;
  const scanArgs = [request.now, ...request.kinds, request.limit];
  // One scan of due jobs per tier (a literal of ours, not an argument), then the abandoned ones.
  const scans = [
    ...TIERS.map((tier) => scan(`due${tier}`, `"status" = 'PENDING' AND "tier" = ${tier} AND "runAt"`, `"runAt"`)),
    scan("abandoned", `"status" = 'RUNNING' AND "leaseExpiresAt"`, `"leaseExpiresAt"`),
  ];
  const claimed = ClaimedJobs.parse(
    await db.$queryRawUnsafe(
      sqlFor(
        db,
        `${CLAIM} WHERE "id" IN (
          -- Index range scans, each already in order, instead of one OR that sorts every due
          -- job: with a backlog of 100,000 that is 0.01 ms instead of 26 ms under the write lock.
          SELECT "id" FROM (
            ${scans.join("\n            UNION ALL\n            ")}
          ) AS "claimable"
          ORDER BY "tier", "runAt" LIMIT ?
        )
        -- The rule again on the row itself: PostgreSQL checks a row's own conditions once more on
        -- its latest version when the row was written meanwhile (a claim by id, written without
        -- the lock this claim holds), where the scan above read an earlier one.
        AND ${CLAIMABLE}
        RETURNING ${JOB_COLUMNS}`,
      ),
      leaseOwner,
      leaseExpiresAt,
      request.now,
      request.now,
      ...scans.flatMap(() => scanArgs),
      request.limit,
      request.now,
      request.now,
    ),
  );
  return claimed.sort((a, b) => a.tier - b.tier || a.runAt.getTime() - b.runAt.getTime());
}

/**
 * Claims one job by its id, for the job engine (engine/engine-worker.server.ts), which decides
 * which job runs when; the same rule as claimDueJobs: PENDING and due, or RUNNING with an expired
 * lease. `dueWithinMs` allows for the engine's clock (PostgreSQL's) running a little behind ours.
 * Null when the job is not claimable now: done, dead, not yet due, or held by a live worker.
 * Written alone (writeRowAlone): on PostgreSQL without the shop's write lock, one round trip.
 */
export async function claimJobById(
  db: Database,
  jobId: string,
  request: Omit<ClaimRequest, "kinds" | "limit"> & { dueWithinMs: number },
): Promise<Job | null> {
  const leaseOwner = `${request.owner}/${randomBytes(4).toString("hex")}`;
  const leaseExpiresAt = new Date(request.now.getTime() + request.leaseMs);
  const claimed = await writeRowAlone(db, `${CLAIM} WHERE "id" = ? AND ${CLAIMABLE} RETURNING ${JOB_COLUMNS}`, [
    leaseOwner,
    leaseExpiresAt,
    request.now,
    request.now,
    jobId,
    new Date(request.now.getTime() + request.dueWithinMs),
    request.now,
  ]);
  return claimed === undefined ? null : (ClaimedJobs.parse([claimed])[0] ?? null);
}
