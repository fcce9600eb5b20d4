/**
 * Jobs queued by the version before the job tiers (migrations 0040_job_tier, PostgreSQL 0029) keep
 * their place after the upgrade: work no one waits for stays last (tier 2), the rest ordinary (tier 1).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { testDatabaseProvider, useTestDatabase } from "../support/database";

const { db, url } = useTestDatabase();
const root = path.resolve(import.meta.dirname, "../..");
const migration = readFileSync(
  testDatabaseProvider === "postgresql"
    ? path.join(root, "prisma/postgres/migrations/0029_job_tier/migration.sql")
    : path.join(root, "prisma/migrations/0040_job_tier/migration.sql"),
  "utf8",
);

/** The Job table as the version before had it: `later`, its index, no `tier`. */
const BEFORE = `
  DROP INDEX "Job_status_tier_runAt_idx";
  ALTER TABLE "Job" DROP COLUMN "tier";
  ALTER TABLE "Job" ADD COLUMN "later" BOOLEAN NOT NULL DEFAULT false;
  CREATE INDEX "Job_status_later_runAt_idx" ON "Job"("status", "later", "runAt");`;

/** Runs SQL on the test database as the upgrade does, outside the app's client. */
async function runSql(sql: string): Promise<void> {
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
  const sqlite = new Database(url.replace(/^file:/, ""));
  try {
    sqlite.exec(sql);
  } finally {
    sqlite.close();
  }
}

describe("the job tiers' migration", () => {
  it("puts the jobs queued later by the version before in the last tier, the others in the ordinary one", async () => {
    await runSql(BEFORE);
    const insert = (id: string, later: boolean) =>
      runSql(
        `INSERT INTO "Job" ("id", "kind", "payload", "status", "attempts", "maxAttempts", "runAt", "createdAt", "updatedAt", "later")
         VALUES ('${id}', 'track.checkpoints', '{}', 'PENDING', 0, 12, '2100-01-01 00:00:00', '2100-01-01 00:00:00', '2100-01-01 00:00:00', ${later ? "true" : "false"})`,
      );
    await insert("was-later", true);
    await insert("was-not", false);

    await runSql(migration);

    const jobs = await db.job.findMany({ orderBy: { id: "asc" }, select: { id: true, tier: true } });
    expect(jobs).toEqual([
      { id: "was-later", tier: 2 },
      { id: "was-not", tier: 1 },
    ]);
  });
});
