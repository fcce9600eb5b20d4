/**
 * PostgreSQL keeps SQLite's one writer at a time (stores/database/postgres-adapter.server.ts,
 * decision 0027): clients standing for separate processes never interleave their writes, so
 * read-then-write transactions lose no update and the queue's claims never hand a job out twice;
 * reads never wait, nor do the intake's writes, nor a job's claim by id and its lease's own writes,
 * which need no lock (decisions 0056 and 0065).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import pg from "pg";
import { claimDueJobs, claimJobById } from "~/jobs/claim.server";
import { extendLease, markDoneAlone } from "~/jobs/lease.server";
import { createDatabase, writeAtOnce, type Database } from "~/stores/database/database.server";
import { migratePostgres } from "../../scripts/postgres/migrate";
import { startPostgres, type PostgresServer } from "../../scripts/postgres/server";
import { untilWaitingForLocks } from "../support/database";
import { waitFor } from "../support/jobs";

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

it("hands each job to exactly one of several clients claiming it by id at once, none waiting for the write lock (decision 0065)", async () => {
  const [holder, second, third] = clients;
  const past = new Date(Date.now() - 60_000);
  const ids = Array.from({ length: 60 }, (_, i) => `by-id-${String(i).padStart(2, "0")}`);
  await holder!.job.createMany({ data: ids.map((id) => job(id, past)) });
  // A write for no shop in particular holds the whole database's lock throughout: every write that
  // takes a lock waits for it, and the claims by id must not.
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
    { timeout: 60_000 },
  );
  await lockTaken;
  try {
    const claims = await Promise.all(
      ids.flatMap((id) =>
        [holder, second, third].map(async (client, c) => {
          const claimed = await claimJobById(client!, id, { owner: `worker-${c}`, leaseMs: 60_000, now: new Date(), dueWithinMs: 1_000 });
          return claimed?.id;
        }),
      ),
    );
    const claimedIds = claims.filter((id) => id !== undefined);
    expect(claimedIds.sort()).toEqual(ids);
    const rows = await second!.job.findMany({ where: { id: { in: ids } }, select: { status: true, attempts: true } });
    expect(rows.every((row) => row.status === "RUNNING" && row.attempts === 1)).toBe(true);
  } finally {
    release();
    await holding;
  }
});

it("refuses a lease's write that waited for the job's row when the lease was taken over meanwhile (decision 0065)", async () => {
  const [worker, other] = clients;
  await worker!.job.create({ data: job("taken-over", new Date(Date.now() - 60_000)) });
  const claimed = await claimJobById(worker!, "taken-over", { owner: "worker", leaseMs: 60_000, now: new Date(), dueWithinMs: 1_000 });
  if (claimed?.leaseOwner == null) throw new Error("the job was not claimed");
  const lease = { jobId: "taken-over", owner: claimed.leaseOwner };
  // Another transaction takes the job over and holds its row while the worker's writes arrive.
  const takeover = new pg.Client({ connectionString: url });
  await takeover.connect();
  try {
    await takeover.query("BEGIN");
    await takeover.query(`UPDATE "Job" SET "leaseOwner" = 'another/0000' WHERE "id" = 'taken-over'`);
    const done = markDoneAlone(worker!, lease, new Date());
    const extended = extendLease(worker!, lease, new Date(Date.now() + 60_000), new Date());
    // Awaited below; a failure meanwhile (the wait for them timing out) is reported there, not as unhandled.
    done.catch(() => {});
    extended.catch(() => {});
    await untilWaitingForLocks(other!, 2);
    await takeover.query("COMMIT");
    expect([await done, await extended]).toEqual([false, false]);
  } finally {
    await takeover.end();
  }
  const row = await other!.job.findUniqueOrThrow({ where: { id: "taken-over" } });
  expect([row.status, row.leaseOwner]).toEqual(["RUNNING", "another/0000"]);
  // Held, the lease's writes apply, each alone.
  expect(await extendLease(worker!, { jobId: "taken-over", owner: "another/0000" }, new Date(Date.now() + 60_000), new Date())).toBe(true);
  expect(await markDoneAlone(worker!, { jobId: "taken-over", owner: "another/0000" }, new Date())).toBe(true);
  expect((await other!.job.findUniqueOrThrow({ where: { id: "taken-over" } })).status).toBe("DONE");
});

it("ends a claim's wait for a job's row on the server when its client gives up, so it never commits later (decision 0065)", async () => {
  const [worker, watcher] = clients;
  await worker!.job.create({ data: job("row-held", new Date(Date.now() - 60_000)) });
  // Another transaction holds the job's row past the claim's wait (5 s).
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  try {
    await holder.query("BEGIN");
    await holder.query(`UPDATE "Job" SET "lastError" = 'held' WHERE "id" = 'row-held'`);
    const claiming = claimJobById(worker!, "row-held", { owner: "worker", leaseMs: 60_000, now: new Date(), dueWithinMs: 1_000 });
    await expect(claiming).rejects.toThrow();
    // Without a bound of its own the server would go on waiting for the row, then claim the job
    // once the holder commits, for a worker that was told the claim failed.
    await waitFor(
      async () => {
        const [waiting] = await watcher!.$queryRawUnsafe<{ count: number }[]>(
          `SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return waiting?.count === 0;
      },
      { timeoutMs: 30_000, intervalMs: 20, what: "no statement of the database waiting for the job's row" },
    );
    await holder.query("COMMIT");
  } finally {
    await holder.end();
  }
  const row = await watcher!.job.findUniqueOrThrow({ where: { id: "row-held" } });
  expect([row.status, row.leaseOwner, row.lastError]).toEqual(["PENDING", null, "held"]);
  // The client claims on afterwards.
  const claimed = await claimJobById(worker!, "row-held", { owner: "worker", leaseMs: 60_000, now: new Date(), dueWithinMs: 1_000 });
  expect(claimed?.status).toBe("RUNNING");
}, 60_000);
