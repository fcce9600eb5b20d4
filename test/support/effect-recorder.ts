/**
 * The handler of the crash tests: it records each run in "TestAttempt" as it starts (outside any
 * transaction, so killed runs are counted too) and its effect in "TestEffect" through
 * ctx.complete, in the transaction that marks the job DONE. "TestEffect" has no unique key on
 * purpose: a duplicated effect would show as a second row, not be hidden by a constraint.
 */
import type { NoopHandler } from "./test-queue";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";

export type EffectRecorderMode = "complete" | "slow" | "hang-in-handler" | "hang-in-commit";

/** How long a `slow` run takes before it completes. */
export const SLOW_RUN_MS = 1_500;

export async function createEffectTables(db: DatabaseOrTransaction): Promise<void> {
  await db.$executeRaw`CREATE TABLE IF NOT EXISTS "TestAttempt" ("jobId" TEXT NOT NULL, "attempt" INTEGER NOT NULL, "pid" INTEGER NOT NULL)`;
  await db.$executeRaw`CREATE TABLE IF NOT EXISTS "TestEffect" ("jobId" TEXT NOT NULL, "pid" INTEGER NOT NULL)`;
}

const forever = () => new Promise<never>(() => {});

/** The note of a job whose run waits until another process has written an effect (the side-by-side test). */
export const WAITS_FOR_ANOTHER_PROCESS = "waits for another process";
/** How long such a run waits at most; then it completes, and the test's assertions say who ran what. */
const WAIT_FOR_ANOTHER_MS = 60_000;

async function untilAnotherProcessHasRun(db: DatabaseOrTransaction): Promise<void> {
  const deadline = Date.now() + WAIT_FOR_ANOTHER_MS;
  while (Date.now() < deadline) {
    const others: unknown[] = await db.$queryRaw`SELECT 1 FROM "TestEffect" WHERE "pid" <> ${process.pid} LIMIT 1`;
    if (others.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * `hang-in-handler` announces "STARTED <jobId>" and never finishes; `hang-in-commit` writes the
 * effect, announces "EFFECT-WRITTEN <jobId>" and never commits. Both wait to be killed, and heed no
 * abort signal. `slow` announces "STARTED <jobId>" and completes SLOW_RUN_MS later. A job noted
 * WAITS_FOR_ANOTHER_PROCESS first waits until another process has written an effect.
 */
export function effectRecorder(mode: EffectRecorderMode, announce: (line: string) => void = () => {}): NoopHandler {
  return async (payload, ctx) => {
    await ctx.db.$executeRaw`INSERT INTO "TestAttempt" ("jobId", "attempt", "pid") VALUES (${ctx.jobId}, ${ctx.attempt}, ${process.pid})`;
    if (payload.note === WAITS_FOR_ANOTHER_PROCESS) await untilAnotherProcessHasRun(ctx.db);
    if (mode === "hang-in-handler") {
      announce(`STARTED ${ctx.jobId}`);
      await forever();
    }
    if (mode === "slow") {
      announce(`STARTED ${ctx.jobId}`);
      await new Promise((resolve) => setTimeout(resolve, SLOW_RUN_MS));
    }
    await ctx.complete(async (tx) => {
      await tx.$executeRaw`INSERT INTO "TestEffect" ("jobId", "pid") VALUES (${ctx.jobId}, ${process.pid})`;
      if (mode === "hang-in-commit") {
        announce(`EFFECT-WRITTEN ${ctx.jobId}`);
        await forever();
      }
    });
  };
}
