import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { listDeadJobs, retryJob } from "~/jobs/admin.server";
import { enqueue } from "../support/test-queue";

const { db } = useTestDatabase();

async function deadJob(shop: string, finishedAt: Date, lastError = "Error: boom"): Promise<string> {
  const { jobId } = await enqueue(db, { kind: "noop", payload: {}, shop, dedupeKey: `noop:${shop}:${finishedAt.getTime()}` });
  await db.job.update({ where: { id: jobId }, data: { status: "DEAD", attempts: 12, lastError, finishedAt } });
  return jobId;
}

beforeEach(async () => {
  await db.job.deleteMany();
});

describe("dead jobs in the admin", () => {
  it("are listed per shop, the latest first, with why they died", async () => {
    const older = await deadJob("a.myshopify.com", new Date("2030-01-01T00:00:00Z"), "Error: first");
    const newer = await deadJob("a.myshopify.com", new Date("2030-01-02T00:00:00Z"), "Error: second");
    await deadJob("b.myshopify.com", new Date("2030-01-03T00:00:00Z"));
    await enqueue(db, { kind: "noop", payload: {}, shop: "a.myshopify.com" }); // pending, not dead

    const listed = await listDeadJobs(db, "a.myshopify.com");
    expect(listed.map((job) => [job.id, job.lastError])).toEqual([
      [newer, "Error: second"],
      [older, "Error: first"],
    ]);
  });

  it("are queued again with all their attempts, keeping their key, when retried", async () => {
    const jobId = await deadJob("a.myshopify.com", new Date("2030-01-01T00:00:00Z"));
    expect(await retryJob(db, "a.myshopify.com", jobId)).toBe(true);
    const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(job).toMatchObject({ status: "PENDING", attempts: 0, finishedAt: null, lastError: "Error: boom" });
    expect(job.dedupeKey).not.toBeNull();
    expect(await listDeadJobs(db, "a.myshopify.com")).toEqual([]);
  });

  it("cannot be retried from another shop's admin, nor twice", async () => {
    const jobId = await deadJob("a.myshopify.com", new Date("2030-01-01T00:00:00Z"));
    expect(await retryJob(db, "b.myshopify.com", jobId)).toBe(false);
    expect((await db.job.findUniqueOrThrow({ where: { id: jobId } })).status).toBe("DEAD");
    expect(await retryJob(db, "a.myshopify.com", jobId)).toBe(true);
    expect(await retryJob(db, "a.myshopify.com", jobId)).toBe(false);
  });
});
