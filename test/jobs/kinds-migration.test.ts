/**
 * Jobs queued by the version before job kinds were named after their flows (migrations
 * 0015_job_kinds_by_flow, PostgreSQL 0004) keep running after the upgrade: their kind and the kind
 * their dedupe key starts with are renamed to kinds the app has a handler for.
 */
import { describe, expect, it } from "vitest";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import { migrationSql, runSqlScript, useTestDatabase } from "../support/database";

const { db, url } = useTestDatabase();
const migration = migrationSql({ sqlite: "0015_job_kinds_by_flow", postgresql: "0004_job_kinds_by_flow" });

/** Runs the migration's SQL again on the test database, as an upgrade would over rows of the old version. */
const migrateAgain = () => runSqlScript(url, migration);

const OLD_KINDS = [...migration.matchAll(/WHERE "kind" = '([^']+)'/g)].map((match) => match[1] ?? "");

describe("the job kinds' rename", () => {
  it("renames every kind of the old version to a kind of this one, dedupe keys with them", async () => {
    expect(OLD_KINDS.length).toBe(18);
    const shop = "kinds.myshopify.com";
    for (const [index, kind] of OLD_KINDS.entries()) {
      await db.job.create({
        data: {
          id: `old-${index}`,
          shop,
          kind,
          payload: "{}",
          maxAttempts: 12,
          dedupeKey: `${kind}:${shop}:next`,
          runAt: new Date("2100-01-01T00:00:00Z"),
        },
      });
    }
    await db.job.create({
      data: { id: "unkeyed", shop, kind: "shipments.push", payload: "{}", maxAttempts: 12, runAt: new Date("2100-01-01T00:00:00Z") },
    });

    await migrateAgain();

    const jobs = await db.job.findMany({ where: { shop }, orderBy: { id: "asc" } });
    for (const job of jobs) {
      expect(Object.keys(jobPayloadSchemas)).toContain(job.kind);
      if (job.id !== "unkeyed") expect(job.dedupeKey).toBe(`${job.kind}:${shop}:next`);
    }
    expect(jobs.find((job) => job.id === "unkeyed")).toMatchObject({ kind: "push.batch", dedupeKey: null });
    expect(new Set(jobs.map((job) => job.kind)).size).toBe(OLD_KINDS.length);
  });
});
