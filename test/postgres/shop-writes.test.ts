/**
 * PostgreSQL's write lock is one shop's (stores/database/postgres-adapter.server.ts, decision 0029):
 * writes made for a shop wait only for that shop's other writes, still one at a time; writes made for
 * no shop in particular wait for every shop's, and every shop's for them. The scope reaches the
 * driver through Prisma by AsyncLocalStorage, and a job's run carries its shop's.
 */
import { afterAll, afterEach, expect, it } from "vitest";
import { startEngineWorker } from "~/jobs/engine/engine-worker.server";
import type { Worker } from "~/jobs/worker.server";
import { createDatabase, type Database } from "~/stores/database/database.server";
import { shopOfWrites, writingForShop } from "~/stores/database/write-scope.server";
import { recordingJobLogger, waitFor } from "../support/jobs";
import { untilWaitingForLocks, useTestDatabase } from "../support/database";
import { enqueue, testKinds, type NoopHandler } from "../support/test-queue";

const { db, url } = useTestDatabase();
// Two more clients with pools of their own: as other processes on other hosts.
const others: Database[] = [createDatabase(url), createDatabase(url)];
let worker: Worker | undefined;

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});
afterAll(async () => {
  await Promise.all(others.map((client) => client.$disconnect()));
});

const job = (id: string) => ({ id, kind: "noop", payload: "{}", maxAttempts: 5, runAt: new Date() });

/** A transaction of `shop` (null: of no shop) that writes a row and holds its lock until released. */
function holdWrites(database: Database, shop: string | null, rowId: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken!: () => void;
  const lockTaken = new Promise<void>((resolve) => (taken = resolve));
  const done = writingForShop(shop, () =>
    database.$transaction(
      async (tx) => {
        await tx.job.update({ where: { id: rowId }, data: { lastError: `held for ${shop ?? "no shop"}` } });
        taken();
        await released;
      },
      { timeout: 20_000 },
    ),
  );
  return { lockTaken, release, done };
}

/** Whether `writes` are still unanswered once PostgreSQL shows that many connections waiting for a lock. */
async function stillWaiting(...writes: Promise<unknown>[]): Promise<boolean> {
  let finished = false;
  for (const write of writes) void write.then(() => (finished = true));
  await untilWaitingForLocks(db, writes.length);
  return !finished;
}

// Generous bounds: 45 serialized transactions wait far past Prisma's 2 s maxWait on a busy machine;
// the test is about lost updates, not speed.
it("loses no update when one shop's read-then-write transactions come from several clients at once", { timeout: 120_000 }, async () => {
  await db.job.create({ data: job("counter") });
  const clients = [db, ...others];
  await Promise.all(
    Array.from({ length: 45 }, (_, i) =>
      writingForShop("a.myshopify.com", () =>
        clients[i % clients.length]!.$transaction(
          async (tx) => {
            const row = await tx.job.findUniqueOrThrow({ where: { id: "counter" } });
            await new Promise((resolve) => setTimeout(resolve, 1));
            await tx.job.update({ where: { id: "counter" }, data: { attempts: row.attempts + 1 } });
          },
          { maxWait: 60_000, timeout: 60_000 },
        ),
      ),
    ),
  );
  expect((await db.job.findUniqueOrThrow({ where: { id: "counter" } })).attempts).toBe(45);
});

it("lets another shop write while one shop's transaction is open, and keeps that shop's own writes waiting", async () => {
  await db.job.createMany({ data: ["row-a", "row-a2", "row-b", "row-none"].map(job) });
  const [first, second] = others;
  const shopA = holdWrites(db, "a.myshopify.com", "row-a");
  await shopA.lockTaken;

  // Shop B: a transaction and a lone write, from another client, answer while A holds its lock.
  await writingForShop("b.myshopify.com", () =>
    first!.$transaction(async (tx) => {
      await tx.job.update({ where: { id: "row-b" }, data: { attempts: 1 } });
    }),
  );
  await writingForShop("b.myshopify.com", () => first!.job.update({ where: { id: "row-b" }, data: { attempts: 2 } }));
  expect((await db.job.findUniqueOrThrow({ where: { id: "row-b" } })).attempts).toBe(2);

  // Shop A's other write, and a write for no shop in particular, wait for A's transaction.
  const sameShop = writingForShop("a.myshopify.com", () => second!.job.update({ where: { id: "row-a2" }, data: { attempts: 1 } }));
  const noShop = first!.job.update({ where: { id: "row-none" }, data: { attempts: 1 } });
  expect(await stillWaiting(sameShop, noShop)).toBe(true);
  shopA.release();
  await Promise.all([shopA.done, sameShop, noShop]);
  expect((await db.job.findUniqueOrThrow({ where: { id: "row-a2" } })).attempts).toBe(1);
  expect((await db.job.findUniqueOrThrow({ where: { id: "row-none" } })).attempts).toBe(1);
});

it("keeps every shop's writes waiting while a write for no shop in particular is under way", async () => {
  await db.job.createMany({ data: ["whole-1", "whole-2"].map(job) });
  const whole = holdWrites(db, null, "whole-1");
  await whole.lockTaken;
  const shopWrite = writingForShop("c.myshopify.com", () => others[0]!.job.update({ where: { id: "whole-2" }, data: { attempts: 1 } }));
  expect(await stillWaiting(shopWrite)).toBe(true);
  whole.release();
  await Promise.all([whole.done, shopWrite]);
  expect((await db.job.findUniqueOrThrow({ where: { id: "whole-2" } })).attempts).toBe(1);
});

// Prisma sets an isolation level after its BEGIN, so such a transaction takes its lock in a statement
// of its own rather than with the BEGIN, as the others do: it must wait all the same.
it("keeps a shop's transaction with an isolation level of its own waiting, as its other writes", async () => {
  await db.job.createMany({ data: ["iso-1", "iso-2"].map(job) });
  const shopA = holdWrites(db, "a.myshopify.com", "iso-1");
  await shopA.lockTaken;
  const serializable = writingForShop("a.myshopify.com", () =>
    others[0]!.$transaction(
      async (tx) => {
        await tx.job.update({ where: { id: "iso-2" }, data: { attempts: 1 } });
      },
      { isolationLevel: "Serializable", maxWait: 20_000, timeout: 20_000 },
    ),
  );
  expect(await stillWaiting(serializable)).toBe(true);
  shopA.release();
  await Promise.all([shopA.done, serializable]);
  expect((await db.job.findUniqueOrThrow({ where: { id: "iso-2" } })).attempts).toBe(1);
});

it("runs a job's handler and outcome as its shop's writes, beside another shop's open transaction", async () => {
  const scopes: (string | null)[] = [];
  const handler: NoopHandler = async (_payload, ctx) => {
    scopes.push(shopOfWrites());
    // A write of the handler's own, besides the claim and the outcome the runner writes.
    await ctx.db.job.update({ where: { id: ctx.jobId }, data: { lastError: "ran" } });
  };
  await db.job.create({ data: job("row-held") });
  worker = await startEngineWorker({
    db,
    connectionString: url,
    kinds: testKinds,
    handlers: { noop: handler },
    pollIntervalMs: 100,
    logger: recordingJobLogger().logger,
  });

  // Shop A's job is due a moment after A's transaction opens; shop B's is queued while it is open.
  const dueAt = new Date(Date.now() + 3_000); // time for A's transaction to take its lock on a busy machine
  const { jobId: ofA } = await enqueue(db, { kind: "noop", payload: {}, shop: "a.myshopify.com", runAt: dueAt });
  const shopA = holdWrites(others[0]!, "a.myshopify.com", "row-held");
  await shopA.lockTaken;
  // Queued as shop B's write: one for no shop in particular would wait for A's transaction.
  const { jobId: ofB } = await writingForShop("b.myshopify.com", () => enqueue(db, { kind: "noop", payload: {}, shop: "b.myshopify.com" }));
  await waitFor(async () => (await db.job.findUniqueOrThrow({ where: { id: ofB } })).status === "DONE", { timeoutMs: 10_000 });
  // Shop A's job, due by now, is claimed (its claim is written alone, decision 0065), but its
  // handler's write waits for A's lock, and so does its outcome.
  await waitFor(() => Date.now() > dueAt.getTime(), { timeoutMs: 10_000, what: "shop A's job due" });
  await untilWaitingForLocks(db, 1);
  const waiting = await db.job.findUniqueOrThrow({ where: { id: ofA } });
  expect([waiting.status, waiting.lastError]).toEqual(["RUNNING", null]);
  shopA.release();
  await shopA.done;
  await waitFor(async () => (await db.job.findUniqueOrThrow({ where: { id: ofA } })).status === "DONE", { timeoutMs: 10_000 });
  expect(scopes).toEqual(["b.myshopify.com", "a.myshopify.com"]);
});
