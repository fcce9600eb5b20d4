import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { claimJobById } from "~/jobs/claim.server";
import { isRunningBehindAnother, TURN_HELD } from "~/jobs/one-at-a-time.server";

const { db } = useTestDatabase();
const now = new Date("2026-11-22T08:00:00Z");
const inAMinute = new Date(now.getTime() + 60_000);

async function job(
  id: string,
  fields: { kind?: string; shop?: string; status?: "PENDING" | "RUNNING" | "DONE"; runAt: Date; leaseExpiresAt?: Date | null },
) {
  await db.job.create({
    data: {
      id,
      kind: fields.kind ?? "plan.requests",
      shop: fields.shop ?? "a.myshopify.com",
      payload: "{}",
      maxAttempts: 12,
      status: fields.status ?? "RUNNING",
      runAt: fields.runAt,
      leaseExpiresAt: fields.leaseExpiresAt === undefined ? inAMinute : fields.leaseExpiresAt,
    },
  });
}

beforeEach(async () => {
  await db.job.deleteMany();
});

describe("one run at a time per shop", () => {
  it("a job waits for a running job of its kind and shop that became due before it", async () => {
    await job("a", { runAt: new Date(now.getTime() - 2_000) });
    await job("b", { runAt: new Date(now.getTime() - 1_000) });
    expect(await isRunningBehindAnother(db, "b", now)).toBe(true);
    expect(await isRunningBehindAnother(db, "a", now)).toBe(false);
  });

  it("of two jobs claimed together, exactly one goes first", async () => {
    await job("x1", { runAt: now });
    await job("x2", { runAt: now });
    const waits = [await isRunningBehindAnother(db, "x1", now), await isRunningBehindAnother(db, "x2", now)];
    expect(waits.filter(Boolean)).toHaveLength(1);
  });

  it("a job written with an earlier runAt than a running job's, after that job took its turn, waits for it", async () => {
    // The intake takes `now` before it waits for SQLite's write lock: under load its fetch job is
    // written with a runAt in the past, earlier than that of a run that started meanwhile.
    await job("started", { runAt: now });
    expect(await isRunningBehindAnother(db, "started", now)).toBe(false);
    await job("backdated", { runAt: new Date(now.getTime() - 5_000) });
    expect(await isRunningBehindAnother(db, "backdated", now)).toBe(true);
    // Asked again (its worker's retry), the running job still has the turn.
    expect(await isRunningBehindAnother(db, "started", now)).toBe(false);
  });

  it("of many jobs asking at once, exactly one has the turn", async () => {
    const ids = Array.from({ length: 8 }, (_, n) => `j${n}`);
    for (const [n, id] of ids.entries()) await job(id, { runAt: new Date(now.getTime() - n * 100) });
    const waits = await Promise.all(ids.map((id) => isRunningBehindAnother(db, id, now)));
    expect(waits.filter((wait) => !wait)).toHaveLength(1);
  });

  it("a job that is no longer running does not wait", async () => {
    await job("ahead", { runAt: new Date(now.getTime() - 1_000) });
    await job("pending", { status: "PENDING", runAt: now, leaseExpiresAt: null });
    expect(await isRunningBehindAnother(db, "pending", now)).toBe(false);
  });

  it("does not wait for another shop, another kind, a finished job or one whose worker vanished", async () => {
    const earlier = new Date(now.getTime() - 5_000);
    await job("other-shop", { shop: "b.myshopify.com", runAt: earlier });
    await job("other-kind", { kind: "cancel.requests", runAt: earlier });
    await job("done", { status: "DONE", runAt: earlier, leaseExpiresAt: null });
    await job("vanished", { runAt: earlier, leaseExpiresAt: new Date(now.getTime() - 1) });
    await job("me", { runAt: now });
    expect(await isRunningBehindAnother(db, "me", now)).toBe(false);
  });

  it("a run taken over from a worker that vanished while it held the turn waits for the job that took the turn since", async () => {
    // "a-vanished" held the turn (runAt = TURN_HELD) when its worker vanished; "z-holder", asking
    // after its lease expired, took the turn. Taken over, "a-vanished" must not tie with the holder
    // and go first by its smaller id.
    await job("a-vanished", { runAt: TURN_HELD, leaseExpiresAt: new Date(now.getTime() - 1) });
    await job("z-holder", { runAt: new Date(now.getTime() - 1_000) });
    expect(await isRunningBehindAnother(db, "z-holder", now)).toBe(false);
    const takenOver = await claimJobById(db, "a-vanished", { owner: "another-worker", leaseMs: 60_000, now, dueWithinMs: 0 });
    expect([takenOver?.status, takenOver?.attempts]).toEqual(["RUNNING", 1]);
    expect(await isRunningBehindAnother(db, "a-vanished", now)).toBe(true);
    expect(await isRunningBehindAnother(db, "z-holder", now)).toBe(false);
  });
});
