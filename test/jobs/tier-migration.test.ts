/**
 * Jobs queued by the version before the job tiers (migrations 0040_job_tier, PostgreSQL 0029) keep
 * their place after the upgrade: work no one waits for stays last (tier 2), the rest ordinary (tier 1).
 */
import { describe, expect, it } from "vitest";
import { migrationSql, runSqlScript, useTestDatabase } from "../support/database";

const { db, url } = useTestDatabase();
const migration = migrationSql({ sqlite: "0040_job_tier", postgresql: "0029_job_tier" });

/** The Job table as the version before had it: `later`, its index, no `tier`. */
const BEFORE = `
  DROP INDEX "Job_status_tier_runAt_idx";
  ALTER TABLE "Job" DROP COLUMN "tier";
  ALTER TABLE "Job" ADD COLUMN "later" BOOLEAN NOT NULL DEFAULT false;
  CREATE INDEX "Job_status_later_runAt_idx" ON "Job"("status", "later", "runAt");`;

describe("the job tiers' migration", () => {
  it("puts the jobs queued later by the version before in the last tier, the others in the ordinary one", async () => {
    await runSqlScript(url, BEFORE);
    const insert = (id: string, later: boolean) =>
      runSqlScript(
        url,
        `INSERT INTO "Job" ("id", "kind", "payload", "status", "attempts", "maxAttempts", "runAt", "createdAt", "updatedAt", "later")
         VALUES ('${id}', 'track.checkpoints', '{}', 'PENDING', 0, 12, '2100-01-01 00:00:00', '2100-01-01 00:00:00', '2100-01-01 00:00:00', ${later ? "true" : "false"})`,
      );
    await insert("was-later", true);
    await insert("was-not", false);

    await runSqlScript(url, migration);

    const jobs = await db.job.findMany({ orderBy: { id: "asc" }, select: { id: true, tier: true } });
    expect(jobs).toEqual([
      { id: "was-later", tier: 2 },
      { id: "was-not", tier: 1 },
    ]);
  });
});
