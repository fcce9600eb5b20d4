import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { enqueue } from "../support/test-queue";

const { db } = useTestDatabase();

beforeEach(async () => {
  await db.job.deleteMany();
  await db.webhookReceipt.deleteMany();
});

describe("enqueue", () => {
  it("queues a PENDING job with its payload, due now unless told otherwise", async () => {
    const before = Date.now();
    const { jobId, enqueued } = await enqueue(db, { kind: "noop", payload: { note: "hello" }, shop: "a.myshopify.com" });
    const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(enqueued).toBe(true);
    expect(job).toMatchObject({ kind: "noop", shop: "a.myshopify.com", status: "PENDING", attempts: 0, maxAttempts: 12 });
    expect(JSON.parse(job.payload)).toEqual({ note: "hello" });
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("refuses a payload that does not match the kind's schema, before anything is stored", async () => {
    // @ts-expect-error the schema says note is a string
    await expect(enqueue(db, { kind: "noop", payload: { note: 42 } })).rejects.toThrow(/note/);
    expect(await db.job.count()).toBe(0);
  });

  it("queues the same work once while it is pending", async () => {
    const first = await enqueue(db, { kind: "noop", payload: { note: "first" }, dedupeKey: "noop:a" });
    const second = await enqueue(db, { kind: "noop", payload: { note: "second" }, dedupeKey: "noop:a" });
    expect(second).toEqual({ jobId: first.jobId, enqueued: false, status: "PENDING" });
    const jobs = await db.job.findMany();
    expect(jobs).toHaveLength(1);
    expect(JSON.parse(jobs[0]?.payload ?? "")).toEqual({ note: "first" });
  });

  it("queues the same work once while it is running", async () => {
    const first = await enqueue(db, { kind: "noop", payload: {}, dedupeKey: "noop:a" });
    await db.job.update({ where: { id: first.jobId }, data: { status: "RUNNING", attempts: 1, leaseOwner: "w/1" } });
    expect(await enqueue(db, { kind: "noop", payload: {}, dedupeKey: "noop:a" })).toEqual({
      jobId: first.jobId,
      enqueued: false,
      status: "RUNNING",
    });
    expect(await db.job.findUniqueOrThrow({ where: { id: first.jobId } })).toMatchObject({ status: "RUNNING", leaseOwner: "w/1" });
  });

  it.each(["DONE", "DEAD"] as const)("queues the work again once the job holding the key is %s", async (status) => {
    const first = await enqueue(db, { kind: "noop", payload: { note: "first" }, dedupeKey: "noop:a", maxAttempts: 2 });
    await db.job.update({
      where: { id: first.jobId },
      data: {
        status,
        attempts: 2,
        finishedAt: new Date(),
        lastError: "Live mode needs a connection to the provider…",
        lastErrorSay: JSON.stringify({ key: "providerNotConnected", args: ["a.myshopify.com"] }),
      },
    });
    const later = new Date(Date.now() + 60_000);
    const again = await enqueue(db, { kind: "noop", payload: { note: "again" }, dedupeKey: "noop:a", runAt: later });
    expect(again).toEqual({ jobId: first.jobId, enqueued: true, status: "PENDING" });
    const job = await db.job.findUniqueOrThrow({ where: { id: first.jobId } });
    expect(job).toMatchObject({
      status: "PENDING",
      attempts: 0,
      maxAttempts: 12,
      lastError: null,
      lastErrorSay: null,
      finishedAt: null,
      runAt: later,
    });
    expect(JSON.parse(job.payload)).toEqual({ note: "again" });
  });

  it("jobs without a key are never deduplicated", async () => {
    await enqueue(db, { kind: "noop", payload: {} });
    await enqueue(db, { kind: "noop", payload: {} });
    expect(await db.job.count()).toBe(2);
  });

  it("is atomic with what the caller records in the same transaction", async () => {
    const recordAndEnqueue = (fail: boolean) =>
      db.$transaction(async (tx) => {
        await tx.webhookReceipt.create({
          data: { shop: "a.myshopify.com", topic: "orders/create", webhookId: "w1", eventId: "e1", apiVersion: "2026-10", payload: "{}" },
        });
        await enqueue(tx, { kind: "noop", payload: {}, shop: "a.myshopify.com", dedupeKey: "orders/create:e1" });
        if (fail) throw new Error("the route failed after enqueueing");
      });

    await expect(recordAndEnqueue(true)).rejects.toThrow("the route failed");
    expect([await db.webhookReceipt.count(), await db.job.count()]).toEqual([0, 0]);

    await recordAndEnqueue(false);
    expect([await db.webhookReceipt.count(), await db.job.count()]).toEqual([1, 1]);
  });
});
