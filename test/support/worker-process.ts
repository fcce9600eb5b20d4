/**
 * A job worker in a process of its own, for the tests that kill one with SIGKILL:
 *   node --import tsx test/support/worker-process.ts <DATABASE_URL> <mode> <leaseMs> [<stopTimeoutMs>]
 * Its noop handler is effectRecorder(mode) (effect-recorder.ts). It prints "READY" once its worker
 * runs, the recorder's announcements, and stops gracefully on SIGTERM (as server/worker.ts does:
 * the worker's stop(), then exit 0).
 */
import { startWorker } from "~/jobs/worker.server";
import { createDatabase } from "~/stores/database/database.server";
import { effectRecorder, type EffectRecorderMode } from "./effect-recorder";
import { recordingJobLogger } from "./jobs";
import { testKinds } from "./test-queue";

const modes: readonly EffectRecorderMode[] = ["complete", "slow", "hang-in-handler", "hang-in-commit"];
const [url, modeArgument, leaseMs, stopTimeoutMs] = process.argv.slice(2);
const mode = modes.find((candidate) => candidate === modeArgument);
if (!url || !mode || !leaseMs) throw new Error(`usage: worker-process.ts <DATABASE_URL> ${modes.join("|")} <leaseMs>`);

const say = (line: string) => process.stdout.write(`${line}\n`);
const db = createDatabase(url);
const worker = startWorker({
  db,
  kinds: testKinds,
  handlers: { noop: effectRecorder(mode, say) },
  owner: `worker-process-${process.pid}`,
  concurrency: 4,
  pollIntervalMs: 10,
  leaseMs: Number(leaseMs),
  ...(stopTimeoutMs === undefined ? {} : { stopTimeoutMs: Number(stopTimeoutMs) }),
  logger: recordingJobLogger().logger,
});
say("READY");

process.on("SIGTERM", () => {
  say("STOPPING");
  void worker
    .stop()
    .then(() => db.$disconnect())
    .then(() => process.exit(0));
});
