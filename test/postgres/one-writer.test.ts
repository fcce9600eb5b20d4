/**
 * PostgreSQL keeps SQLite's one writer at a time (stores/database/postgres-adapter.server.ts,
 * decision 0027): clients standing for separate processes never interleave their writes, so
 * read-then-write transactions lose no update and the queue's claims never hand a job out twice;
 * reads never wait, nor do the intake's writes, which need no lock.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { claimDueJobs } from "~/jobs/claim.server";
import { createDatabase, writeAtOnce, type Database } from "~/stores/database/database.server";
import { migratePostgres } from "../../scripts/postgres/migrate";
import { startPostgres, type PostgresServer } from "../../scripts/postgres/server";
import { untilWaitingForLocks } from "../support/database";

let server: PostgresServer;
let url: string;
const clients: Database[] = [];

beforeAll(async () => {
  server = await startPostgres({ fast: true });
  url = await server.createDatabase("one_writer");
  await migratePostgres(url, { log: () => {} });
  // Three clients, three connection pools: as three processes on three hosts.
  for (let i = 0; i < 3; i++) clients.push(createDatabase(url));
}, 90_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.$disconnect()));
  await server?.stop();
});

const job = (id: string, runAt: Date) => ({ id, kind: "noop", payload: "{}", maxAttempts: 5, runAt });

it("loses no update when transactions of several clients read a row and write it back at once", { timeout: 120_000 }, async () => {
  const [first] = clients;
  await first!.job.create({ data: job("counter", new Date()) });
  // Under READ COMMITTED alone, two of these reading the same value would both write value + 1.
  const increments = Array.from({ length: 60 }, (_, i) =>
    clients[i % clients.length]!.$transaction(
      async (tx) => {
        const row = await tx.job.findUniqueOrThrow({ where: { id: "counter" } });
        await new Promise((resolve) => setTimeout(resolve, 1));
        await tx.job.update({ where: { id: "counter" }, data: { attempts: row.attempts + 1 } });
      },
      // 60 transactions one after another: on a busy machine the last wait longer than Prisma's
      // 2 s to start. What is tested is that none loses an update, not how soon each starts.
      { maxWait: 60_000, timeout: 60_000 },
    ),
  );
  await Promise.all(increments);
  expect((await first!.job.findUniqueOrThrow({ where: { id: "counter" } })).attempts).toBe(60);
});

it("hands each due job to exactly one of several clients claiming at once", async () => {
  const [first] = clients;
  const past = new Date(Date.now() - 60_000);
  await first!.job.createMany({ data: Array.from({ length: 300 }, (_, i) => job(`due-${String(i).padStart(3, "0")}`, past)) });
  const claimedBy = new Map<string, number>();
  let claims = 0;
  await Promise.all(
    clients.flatMap((client, c) =>
      [0, 1].map(async () => {
        for (;;) {
          const claimed = await claimDueJobs(client, { kinds: ["noop"], limit: 7, owner: `worker-${c}`, leaseMs: 60_000, now: new Date() });
          if (claimed.length === 0) return;
          for (const { id } of claimed) {
            if (id.startsWith("due-")) claimedBy.set(id, (claimedBy.get(id) ?? 0) + 1);
            claims++;
          }
        }
      }),
    ),
  );
  expect(claimedBy.size).toBe(300);
  expect([...claimedBy.values()].every((count) => count === 1)).toBe(true);
  expect(claims).toBe(300 + 1); // and the counter of the test above, once
});

it("lets reads through while another client holds the write lock", async () => {
  const [holder, reader, writer] = clients;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const holding = holder!.$transaction(
    async (tx) => {
      await tx.job.update({ where: { id: "counter" }, data: { lastError: "held" } });
      locked();
      await held;
    },
    { timeout: 20_000 },
  );
  await lockTaken;
  // A read answers at once; so does the intake's kind of write (writeAtOnce: each statement decides
  // alone, by PostgreSQL's own rules); any other write waits for the holder.
  expect(await reader!.job.count()).toBe(301);
  await writeAtOnce(reader!, function* () {
    yield { sql: `UPDATE "Job" SET "lastError" = ? WHERE "id" = ?`, args: ["intake", "due-001"] };
  });
  expect((await reader!.job.findUniqueOrThrow({ where: { id: "due-001" } })).lastError).toBe("intake");
  let written = false;
  const writing = writer!.job.update({ where: { id: "due-000" }, data: { lastError: "after" } }).then(() => (written = true));
  await untilWaitingForLocks(reader!, 1);
  expect(written).toBe(false);
  release();
  await holding;
  await writing;
  expect(written).toBe(true);
});

it("fails an intake write that finds none of its client's connections free within the wait, rather than waiting on", async () => {
  const [busy, watcher] = clients;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // node-postgres' pool holds 10 connections: ten transactions take them all, the first holding
  // the write lock until released, the nine others waiting for it on their connections.
  const holding = Array.from({ length: 10 }, () =>
    busy!.$transaction(
      async (tx) => {
        await tx.job.update({ where: { id: "counter" }, data: { lastError: "held" } });
        await held;
      },
      { maxWait: 60_000, timeout: 60_000 },
    ),
  );
  try {
    await untilWaitingForLocks(watcher!, 9);
    await expect(
      writeAtOnce(busy!, function* () {
        yield { sql: `UPDATE "Job" SET "lastError" = ? WHERE "id" = ?`, args: ["intake", "due-002"] };
      }),
    ).rejects.toThrow("No connection of the pool was free within 5000 ms");
  } finally {
    release();
    await Promise.all(holding);
  }
  // The connection that came free after the wait went back to the pool: the client writes on.
  await writeAtOnce(busy!, function* () {
    yield { sql: `UPDATE "Job" SET "lastError" = ? WHERE "id" = ?`, args: ["intake", "due-002"] };
  });
  expect((await busy!.job.findUniqueOrThrow({ where: { id: "due-002" } })).lastError).toBe("intake");
}, 60_000);
