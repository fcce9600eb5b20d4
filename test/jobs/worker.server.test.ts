import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { countedClock, manualClock, recordingJobLogger, waitFor } from "../support/jobs";
import { claimDueJobs } from "~/jobs/claim.server";
import { enqueue, testKinds, type NoopHandler } from "../support/test-queue";
import { LeaseLost, PermanentFailure, RetryLater } from "~/jobs/handler";
import { markDone } from "~/jobs/lease.server";
import { startWorker, type Worker, type WorkerOptions } from "~/jobs/worker.server";
import { retryJob } from "~/jobs/admin.server";
import { jobErrorIn, jobErrorSaid, postponedSaid } from "~/lib/words/job-error-said";
import { zhCN } from "~/lib/words/zh-CN";
import { JOB_POLICY } from "~/jobs/policy";

const { db } = useTestDatabase();
const workers: Worker[] = [];

/** A worker with test timings (fast polls, short leases) that is stopped after each test. */
function worker(options: Partial<WorkerOptions<typeof testKinds>> & Pick<WorkerOptions<typeof testKinds>, "handlers">): Worker {
  const started = startWorker({ db, kinds: testKinds, pollIntervalMs: 5, leaseMs: 2_000, logger: recordingJobLogger().logger, ...options });
  workers.push(started);
  return started;
}

const jobOf = (id: string) => db.job.findUniqueOrThrow({ where: { id } });

const untilJob = (id: string, what: string, ready: (job: Awaited<ReturnType<typeof jobOf>>) => boolean, timeoutMs?: number) =>
  waitFor(
    async () => {
      const job = await jobOf(id);
      return ready(job) && job;
    },
    { what, timeoutMs },
  );

beforeEach(async () => {
  await db.job.deleteMany();
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

describe("the worker", () => {
  it("runs a queued job once and marks it done", async () => {
    const seen: Array<{ note?: string; shop: string | null; attempt: number }> = [];
    const { jobId } = await enqueue(db, { kind: "noop", payload: { note: "hi" }, shop: "a.myshopify.com" });
    const clock = countedClock();
    worker({
      handlers: { noop: async (payload, ctx) => void seen.push({ note: payload.note, shop: ctx.shop, attempt: ctx.attempt }) },
      now: clock.now,
    });

    const job = await untilJob(jobId, "the job to be done", (j) => j.status === "DONE");
    await clock.readsMore(5); // several more polls: it must not run again
    expect(seen).toEqual([{ note: "hi", shop: "a.myshopify.com", attempt: 1 }]);
    expect(job).toMatchObject({ attempts: 1, leaseOwner: null, leaseExpiresAt: null, lastError: null });
    expect(job.finishedAt).toBeInstanceOf(Date);
  });

  it("does not run a job before its runAt", async () => {
    const clock = manualClock();
    const polls = countedClock(clock.now);
    const { jobId } = await enqueue(db, { kind: "noop", payload: {}, runAt: new Date(clock.now().getTime() + 60_000) });
    worker({ handlers: { noop: async () => {} }, now: polls.now });
    await polls.readsMore(5);
    expect((await jobOf(jobId)).status).toBe("PENDING");
    clock.advance(60_000);
    await untilJob(jobId, "the job to be done", (j) => j.status === "DONE");
  });

  it("retries a failing job with exponential backoff and full jitter, then gives up with the last error", async () => {
    const clock = manualClock();
    const polls = countedClock(clock.now);
    let runs = 0;
    const { jobId } = await enqueue(db, { kind: "noop", payload: {}, runAt: clock.now(), maxAttempts: 3 });
    worker({
      handlers: {
        noop: async () => {
          runs += 1;
          throw new Error(`provider unreachable (run ${runs})`);
        },
      },
      now: polls.now,
      random: () => 0.5,
      backoff: { baseDelayMs: 10_000, maxDelayMs: 15_000 },
    });

    // Half of the ceiling each time (random 0.5): 10 s doubles to 20 s, capped at 15 s.
    for (const [attempt, delayMs] of [
      [1, 5_000],
      [2, 7_500],
    ] as const) {
      const job = await untilJob(jobId, `attempt ${attempt} to fail`, (j) => j.status === "PENDING" && j.attempts === attempt);
      expect(job.runAt.getTime() - clock.now().getTime()).toBe(delayMs);
      expect(job.lastError).toBe(`Error: provider unreachable (run ${attempt})`);
      clock.advance(delayMs - 1);
      await polls.readsMore(5);
      expect(runs).toBe(attempt); // not due yet
      clock.advance(1);
    }

    const dead = await untilJob(jobId, "the job to be dead", (j) => j.status === "DEAD");
    expect(dead).toMatchObject({
      attempts: 3,
      leaseOwner: null,
      lastError: "Gave up after 3 attempts. Error: provider unreachable (run 3)",
    });
    // The stopped jobs list says it in the admin's language; the failure's own text as it was recorded.
    expect(jobErrorIn(zhCN, { lastError: dead.lastError ?? "", lastErrorSay: dead.lastErrorSay })).toBe(
      "尝试 3 次后放弃。Error: provider unreachable (run 3)",
    );
    expect(runs).toBe(3);
  });

  it("keeps a last failure too long for the column inside its sentence, so the merchant still reads it in their language", async () => {
    const { jobId } = await enqueue(db, { kind: "noop", payload: {}, maxAttempts: 1 });
    worker({
      handlers: {
        noop: async () => {
          throw new Error(`provider answered: ${"x".repeat(5_000)}`);
        },
      },
    });
    const dead = await untilJob(jobId, "the job to be dead", (j) => j.status === "DEAD");
    expect(dead.lastError).toMatch(/^Gave up after 1 attempt\. Error: provider answered: x+$/);
    expect(dead.lastError?.length).toBe(JOB_POLICY.lastErrorMaxChars);
    expect(jobErrorIn(zhCN, { lastError: dead.lastError ?? "", lastErrorSay: dead.lastErrorSay })).toMatch(
      /^尝试 1 次后放弃。Error: provider answered: x+$/,
    );
  });

  it("gives up at once on a permanent failure", async () => {
    let runs = 0;
    const { jobId } = await enqueue(db, { kind: "noop", payload: {} });
    worker({
      handlers: {
        noop: async () => {
          runs += 1;
          throw new PermanentFailure("PackageId: must be at most 50 characters");
        },
      },
    });
    const job = await untilJob(jobId, "the job to be dead", (j) => j.status === "DEAD");
    expect(job).toMatchObject({ attempts: 1, lastError: "PermanentFailure: PackageId: must be at most 50 characters", lastErrorSay: null });
    expect(runs).toBe(1);
  });

  it("keeps a permanent failure said as a sentence by its key, for the merchant's language, and forgets it when the error is overwritten", async () => {
    const notConnected = jobErrorSaid("providerNotConnected", "a.myshopify.com");
    const { jobId } = await enqueue(db, { kind: "noop", payload: {}, shop: "a.myshopify.com" });
    let runs = 0;
    worker({
      handlers: {
        noop: async () => {
          runs += 1;
          if (runs === 1) throw new PermanentFailure(notConnected);
          throw new Error("provider unreachable");
        },
      },
    });
    const dead = await untilJob(jobId, "the job to be dead", (j) => j.status === "DEAD");
    // The merchant's sentence, not the exception's name: it is what the admin and the alert quote.
    expect(dead).toMatchObject({ attempts: 1, lastError: notConnected.message, lastErrorSay: JSON.stringify(notConnected.say) });
    expect(jobErrorIn(zhCN, { lastError: dead.lastError ?? "", lastErrorSay: dead.lastErrorSay })).toBe(
      zhCN.jobErrors.providerNotConnected("a.myshopify.com"),
    );

    // Retried from the admin: the reason stays until the next attempt replaces it, then the sentence goes with it.
    expect(await retryJob(db, "a.myshopify.com", jobId)).toBe(true);
    const failed = await untilJob(jobId, "the retried job to fail", (j) => j.status === "PENDING" && j.lastError !== notConnected.message);
    expect(failed).toMatchObject({ lastError: "Error: provider unreachable", lastErrorSay: null });
  });

  it("runs a job again at the time a handler asks for, without counting it as an attempt", async () => {
    const clock = manualClock();
    const retryAt = new Date(clock.now().getTime() + 30_000);
    const attempts: number[] = [];
    const { jobId } = await enqueue(db, { kind: "noop", payload: {}, runAt: clock.now(), maxAttempts: 1 });
    worker({
      handlers: {
        noop: async (_payload, ctx) => {
          attempts.push(ctx.attempt);
          if (attempts.length === 1) throw new RetryLater(retryAt, "429 from the provider, Retry-After 30");
        },
      },
      now: clock.now,
    });

    const postponed = await untilJob(jobId, "the job to be postponed", (j) => j.status === "PENDING" && j.lastError !== null);
    expect(postponed).toMatchObject({ attempts: 0, runAt: retryAt, leaseOwner: null });
    expect(postponed.lastError).toBe(`Postponed until ${retryAt.toISOString()}: 429 from the provider, Retry-After 30`);
    expect(postponed.lastErrorSay).toBeNull();
    clock.advance(30_000);
    // maxAttempts is 1, yet the job was not given up: the postponed run did not count.
    expect(await untilJob(jobId, "the job to be done", (j) => j.status === "DONE")).toMatchObject({ attempts: 1 });
    expect(attempts).toEqual([1, 1]);
  });

  it("keeps the sentence a handler waits for, around the time it runs again", async () => {
    const clock = manualClock();
    const retryAt = new Date(clock.now().getTime() + 30_000);
    const why = jobErrorSaid("providerNotConnected", "a.myshopify.com");
    const { jobId } = await enqueue(db, { kind: "noop", payload: {}, runAt: clock.now() });
    worker({
      handlers: {
        noop: async () => {
          throw new RetryLater(retryAt, why);
        },
      },
      now: clock.now,
    });
    const postponed = await untilJob(jobId, "the job to be postponed", (j) => j.status === "PENDING" && j.lastError !== null);
    expect(postponed.lastError).toBe(`Postponed until ${retryAt.toISOString()}: ${why.message}`);
    expect(jobErrorIn(zhCN, { lastError: postponed.lastError ?? "", lastErrorSay: postponed.lastErrorSay })).toBe(
      zhCN.jobErrors.postponed(retryAt.toISOString(), zhCN.jobErrors.providerNotConnected("a.myshopify.com")),
    );
  });

  it("sends a job whose payload does not parse to DEAD with the reason, without running it", async () => {
    let runs = 0;
    const now = new Date();
    const base = { kind: "noop", status: "PENDING", maxAttempts: 5, runAt: now } as const;
    // Rows as an older version of the app, or a person with a SQL prompt, might have left them.
    await db.job.createMany({
      data: [
        { ...base, id: "wrong-type", payload: JSON.stringify({ note: 42 }) },
        { ...base, id: "not-json", payload: "{note:" },
      ],
    });
    worker({ handlers: { noop: async () => void (runs += 1) } });

    const wrongType = await untilJob("wrong-type", "the job to be dead", (j) => j.status === "DEAD");
    expect(wrongType.lastError).toMatch(
      /^This version of the app cannot read what the job was queued with: The payload does not match the noop schema:\n.*expected string.*\n.*at note/,
    );
    const notJson = await untilJob("not-json", "the job to be dead", (j) => j.status === "DEAD");
    expect(notJson.lastError).toMatch(
      /^This version of the app cannot read what the job was queued with: The payload is not JSON \(SyntaxError: /,
    );
    // Said in the merchant's language in the stopped jobs list, the check's own words quoted.
    expect(jobErrorIn(zhCN, { lastError: notJson.lastError ?? "", lastErrorSay: notJson.lastErrorSay })).toMatch(
      /^此版本的应用无法读取该任务入队时附带的数据：The payload is not JSON \(SyntaxError: /,
    );
    expect(runs).toBe(0);
  });

  it("sends a job whose payload names another shop than the job's to DEAD, without running it", async () => {
    let runs = 0;
    // A job runs with its writes counted as its shop's: one acting on another shop must not run.
    await db.job.create({
      data: {
        id: "other-shop",
        kind: "noop",
        status: "PENDING",
        maxAttempts: 5,
        runAt: new Date(),
        shop: "a.myshopify.com",
        payload: JSON.stringify({ shop: "b.myshopify.com" }),
      },
    });
    worker({ handlers: { noop: async () => void (runs += 1) } });

    const job = await untilJob("other-shop", "the job to be dead", (j) => j.status === "DEAD");
    expect(job.lastError).toBe(
      "The job names the shop b.myshopify.com, but it was queued for a.myshopify.com: it was not run, so that nothing is done to another shop's data",
    );
    expect(runs).toBe(0);
  });

  it("claims again a job whose worker crashed once its lease expires, and fences the crashed worker out", async () => {
    const clock = manualClock();
    const { jobId } = await enqueue(db, { kind: "noop", payload: {}, runAt: clock.now() });
    // A worker that claims the job and is never heard of again.
    const [abandoned] = await claimDueJobs(db, { kinds: ["noop"], limit: 1, owner: "crashed-host:42", leaseMs: 10_000, now: clock.now() });
    if (!abandoned?.leaseOwner) throw new Error("the job was not claimed");
    const runs: number[] = [];
    const polls = countedClock(clock.now);
    worker({ handlers: { noop: async (_payload, ctx) => void runs.push(ctx.attempt) }, now: polls.now });

    clock.advance(9_999);
    await polls.readsMore(5);
    expect(runs).toEqual([]); // the lease still holds
    clock.advance(1);

    const job = await untilJob(jobId, "the job to be done", (j) => j.status === "DONE");
    expect(runs).toEqual([2]);
    expect(job.attempts).toBe(2);
    expect(job.lastError).toMatch(/^Worker crashed-host:42\/[0-9a-f]{8} stopped responding during attempt 1 \(its lease expired\)$/);
    // The crashed worker comes back to life: whatever it writes under its old lease is refused.
    expect(await markDone(db, { jobId, owner: abandoned.leaseOwner }, clock.now())).toBe(false);
  });

  it("gives up on a job whose worker vanished during its last attempt", async () => {
    const clock = manualClock();
    const { jobId } = await enqueue(db, { kind: "noop", payload: {}, runAt: clock.now(), maxAttempts: 1 });
    // Postponed before with a sentence: the claim that finds its worker gone replaces both.
    const earlier = postponedSaid(clock.now(), jobErrorSaid("providerNotConnected", "a.myshopify.com"));
    await db.job.update({ where: { id: jobId }, data: { lastError: earlier.message, lastErrorSay: JSON.stringify(earlier.say) } });
    await claimDueJobs(db, { kinds: ["noop"], limit: 1, owner: "crashed-host:42", leaseMs: 1_000, now: clock.now() });
    let runs = 0;
    worker({ handlers: { noop: async () => void (runs += 1) }, now: clock.now });
    clock.advance(1_000);

    const job = await untilJob(jobId, "the job to be dead", (j) => j.status === "DEAD");
    expect(job.lastError).toBe(
      "Gave up after 1 attempt: the app's worker stopped responding while running the last (a restart or a crash). Retry it.",
    );
    expect(jobErrorIn(zhCN, { lastError: job.lastError ?? "", lastErrorSay: job.lastErrorSay })).toBe(
      "尝试 1 次后放弃：最后一次运行时，应用的后台进程停止了响应（重启或崩溃）。请重试。",
    );
    expect(runs).toBe(0);
  });

  it("keeps the lease alive while a slow handler runs, so no other worker takes the job", { timeout: 20_000 }, async () => {
    const runs: string[] = [];
    const slow: NoopHandler = async (_payload, ctx) => {
      runs.push(ctx.jobId);
      await sleep(4_000); // well past the lease: only heartbeats keep it
    };
    const { jobId } = await enqueue(db, { kind: "noop", payload: {} });
    // A lease of 1.5 s (a heartbeat every 0.5 s): at 300 ms, a busy machine's 200 ms stall let the
    // second worker take the job over, as it should.
    worker({ handlers: { noop: slow }, leaseMs: 1_500, owner: "first" });
    await waitFor(() => runs.length === 1, { what: "the first worker to start the job" });
    worker({ handlers: { noop: slow }, leaseMs: 1_500, owner: "second" });

    await untilJob(jobId, "the job to be done", (j) => j.status === "DONE", 15_000);
    expect(runs).toEqual([jobId]);
  });

  it("tells a handler that lost its lease, and writes none of its effects", async () => {
    const { jobId } = await enqueue(db, { kind: "noop", payload: {} });
    let outcome: unknown;
    worker({
      leaseMs: 60,
      handlers: {
        noop: async (_payload, ctx) => {
          // Another worker takes the job over (as after a long pause of this process), with a lease of
          // its own: left at this worker's 60 ms, it would expire and this worker claim the job back.
          await db.job.update({
            where: { id: ctx.jobId },
            data: { leaseOwner: "someone-else/1", leaseExpiresAt: new Date(Date.now() + 60_000) },
          });
          await waitFor(() => ctx.signal.aborted, { what: "the lease loss to be noticed" });
          outcome = await ctx
            .complete(async (tx) => tx.shop.create({ data: { domain: "effect.myshopify.com" } }))
            .catch((error: unknown) => error);
        },
      },
    });

    await waitFor(() => outcome !== undefined, { what: "the handler to finish" });
    expect(outcome).toBeInstanceOf(LeaseLost);
    expect(await db.shop.count({ where: { domain: "effect.myshopify.com" } })).toBe(0);
    expect(await jobOf(jobId)).toMatchObject({ status: "RUNNING", leaseOwner: "someone-else/1" });
  });

  it("takes due jobs by tier, then oldest first: first kinds before older work, later work last (decisions 0058, 0059)", async () => {
    const clock = manualClock();
    const minutesAgo = (minutes: number) => new Date(clock.now().getTime() - minutes * 60_000);
    const tidy = await enqueue(db, { kind: "tidy", payload: { note: "tidy" }, runAt: minutesAgo(10) });
    const first = await enqueue(db, { kind: "noop", payload: { note: "first" }, runAt: minutesAgo(1) });
    const second = await enqueue(db, { kind: "noop", payload: { note: "second" }, runAt: minutesAgo(2) });
    const urgent = await enqueue(db, { kind: "urgent", payload: { note: "urgent" }, runAt: minutesAgo(0) });
    const notYet = await enqueue(db, { kind: "urgent", payload: { note: "not yet" }, runAt: minutesAgo(-1) });
    expect((await jobOf(urgent.jobId)).tier).toBe(0);
    expect((await jobOf(first.jobId)).tier).toBe(1);
    expect((await jobOf(tidy.jobId)).tier).toBe(2);

    const kinds = ["noop", "tidy", "urgent"];
    const claim = (limit: number) => claimDueJobs(db, { kinds, limit, owner: "t", leaseMs: 60_000, now: clock.now() });
    // The urgent job, due for the least time, goes first; then the oldest of the others.
    expect((await claim(2)).map((job) => job.id)).toEqual([urgent.jobId, second.jobId]);
    // What is left of the limit goes to later work once nothing else is due; nothing not yet due.
    expect((await claim(4)).map((job) => job.id)).toEqual([first.jobId, tidy.jobId]);
    expect((await jobOf(notYet.jobId)).status).toBe("PENDING");

    // A worker running one job at a time takes them in that order too.
    await db.job.deleteMany();
    const order: string[] = [];
    const record: NoopHandler = async (payload) => void order.push(payload.note ?? "");
    await enqueue(db, { kind: "tidy", payload: { note: "tidy" }, runAt: minutesAgo(10) });
    await enqueue(db, { kind: "noop", payload: { note: "first" }, runAt: minutesAgo(2) });
    await enqueue(db, { kind: "urgent", payload: { note: "urgent" }, runAt: minutesAgo(1) });
    worker({ handlers: { noop: record, tidy: record, urgent: record }, concurrency: 1, now: clock.now });
    await waitFor(async () => (await db.job.count({ where: { status: "DONE" } })) === 3, { what: "all three jobs done" });
    expect(order).toEqual(["urgent", "first", "tidy"]);
  });

  it("runs each of 200 jobs exactly once with two workers in one process", { timeout: 120_000 }, async () => {
    const effects = new Map<string, number>();
    const handler: NoopHandler = async (_payload, ctx) => {
      await sleep(Math.random() * 3);
      effects.set(ctx.jobId, (effects.get(ctx.jobId) ?? 0) + 1);
    };
    const ids = new Set<string>();
    for (let i = 0; i < 200; i += 1) ids.add((await enqueue(db, { kind: "noop", payload: { note: `job ${i}` } })).jobId);
    const ranBy = { a: 0, b: 0 };
    // Claims, not leases, are under test: a lease long enough that a machine busy with other work
    // cannot starve the heartbeats past it (at 2 s, one taken over and run again was seen at load 12).
    worker({ handlers: { noop: handler }, concurrency: 8, owner: "a", leaseMs: 15_000, onOutcome: () => (ranBy.a += 1) });
    worker({ handlers: { noop: handler }, concurrency: 8, owner: "b", leaseMs: 15_000, onOutcome: () => (ranBy.b += 1) });

    await waitFor(async () => (await db.job.count({ where: { status: "DONE" } })) === 200, { timeoutMs: 90_000, what: "200 jobs done" });
    expect(effects.size).toBe(200);
    expect([...effects.values()].every((count) => count === 1)).toBe(true);
    expect(new Set(effects.keys())).toEqual(ids);
    expect(await db.job.count({ where: { attempts: { not: 1 } } })).toBe(0);
    expect(ranBy.a).toBeGreaterThan(0);
    expect(ranBy.b).toBeGreaterThan(0);
  });

  it("lets running jobs finish when stopped, and claims nothing more", async () => {
    const begun: string[] = [];
    const finished: string[] = [];
    const first = await enqueue(db, { kind: "noop", payload: {} });
    const started = startWorker({
      kinds: testKinds,
      db,
      pollIntervalMs: 5,
      logger: recordingJobLogger().logger,
      handlers: {
        noop: async (_payload, ctx) => {
          begun.push(ctx.jobId);
          await sleep(100);
          finished.push(ctx.jobId);
        },
      },
    });
    // The handler, not the row: the row says RUNNING once the claim commits, a moment before the
    // worker reads what it claimed, and a stop in that moment hands the job back unrun.
    await waitFor(() => begun.includes(first.jobId), { what: "the job to start" });
    // Queued once the worker is stopping: queued before, a poll may take it during the insert's
    // round trip (seen on PostgreSQL), and that is not what this is about.
    const stopped = started.stop();
    const second = await enqueue(db, { kind: "noop", payload: {} });

    await stopped;
    expect(finished).toEqual([first.jobId]);
    expect((await jobOf(first.jobId)).status).toBe("DONE");
    expect((await jobOf(second.jobId)).status).toBe("PENDING");
  });

  it("stops within its timeout when a job does not finish, aborting the job's signal", async () => {
    let signal: AbortSignal | undefined;
    const { jobId } = await enqueue(db, { kind: "noop", payload: {} });
    const { logger, lines } = recordingJobLogger();
    const started = startWorker({
      kinds: testKinds,
      db,
      pollIntervalMs: 5,
      stopTimeoutMs: 50,
      logger,
      handlers: {
        noop: async (_payload, ctx) => {
          signal = ctx.signal;
          await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve));
          throw ctx.signal.reason;
        },
      },
    });
    await waitFor(() => signal !== undefined, { what: "the job to start" });

    const stopping = Date.now();
    await started.stop();
    expect(Date.now() - stopping).toBeLessThan(1_000);
    expect(signal?.aborted).toBe(true);
    expect(lines.some((line) => line.message.startsWith("Stopped before every job finished"))).toBe(true);
    // Handed back for another worker, the interrupted run not counted against the job.
    expect(await untilJob(jobId, "the job to be handed back", (j) => j.status === "PENDING")).toMatchObject({
      attempts: 0,
      leaseOwner: null,
    });
  });
});
