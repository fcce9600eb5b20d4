/**
 * The queue's depth as an operator's dashboard reads it (jobs_pending and
 * jobs_oldest_pending_age_seconds): per kind, every PENDING job counted, the age of the longest-due
 * one, scheduled jobs not yet due counted but ageless, running and finished ones left out.
 */
import { describe, expect, it } from "vitest";
import { queueDepthByKind } from "~/jobs/depth.server";
import { useTestDatabase } from "../support/database";
import { enqueue } from "../support/test-queue";

const { db } = useTestDatabase();

describe("queue depth", () => {
  it("counts pending jobs per kind and ages the oldest due one", async () => {
    const now = new Date("2030-01-01T12:00:00.000Z");
    const at = (secondsAgo: number) => new Date(now.getTime() - secondsAgo * 1000);
    await enqueue(db, { kind: "noop", payload: {}, runAt: at(90) });
    await enqueue(db, { kind: "noop", payload: {}, runAt: at(30) });
    await enqueue(db, { kind: "noop", payload: {}, runAt: at(-3_600) });
    const { jobId: running } = await enqueue(db, { kind: "noop", payload: {}, runAt: at(500) });
    await db.job.update({ where: { id: running }, data: { status: "RUNNING" } });
    const { jobId: done } = await enqueue(db, { kind: "noop", payload: {}, runAt: at(900) });
    await db.job.update({ where: { id: done }, data: { status: "DONE" } });
    await db.job.create({ data: { id: "later-only", kind: "other", payload: "{}", maxAttempts: 1, runAt: at(-60) } });

    const depth = await queueDepthByKind(db, now);
    expect(depth.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: "noop", pending: 3, oldestPendingAgeSeconds: 90 },
      { kind: "other", pending: 1, oldestPendingAgeSeconds: 0 },
    ]);
  });
});
