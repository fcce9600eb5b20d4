/**
 * The durable job queue's worker as a process of its own (DESIGN.md section 5: app and worker
 * processes started separately). It runs every handler of the registry (app/flows/handlers.server.ts, on the wiring of app/wiring) on the
 * app's database (DATABASE_URL), and stops gracefully on SIGINT/SIGTERM: no new claims, running
 * jobs get `--stop-timeout-ms` to finish, then their leases expire and another worker takes them.
 *
 *   npm run worker -- [--concurrency <n>] [--poll-interval-ms <n>] [--stop-timeout-ms <n>]
 *
 * Prints `Worker running ...` once it claims jobs (the stack waits for that line).
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import prisma from "../app/db.server";
import { queueReencryption } from "~/flows/keys/reencrypt.server";
import { jobPayloadSchemas } from "~/flows/queue/kinds";
import { jobHandlers } from "~/wiring/handlers.server";
import { JOB_POLICY } from "../app/jobs/policy";
import { startWorker } from "../app/jobs/worker.server";

const positive = z.coerce.number().int().positive();
const Flags = z.strictObject({
  concurrency: positive.default(JOB_POLICY.concurrency),
  "poll-interval-ms": positive.default(JOB_POLICY.pollIntervalMs),
  "stop-timeout-ms": positive.default(JOB_POLICY.stopTimeoutMs),
});

function readFlags() {
  const { values } = parseArgs({
    options: { concurrency: { type: "string" }, "poll-interval-ms": { type: "string" }, "stop-timeout-ms": { type: "string" } },
  });
  const parsed = Flags.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  process.stderr.write(`worker: --${String(issue?.path[0] ?? "")} ${issue?.message ?? "is invalid"}\n`);
  process.exit(2);
}

const flags = readFlags();
const worker = startWorker({
  db: prisma,
  kinds: jobPayloadSchemas,
  handlers: jobHandlers,
  concurrency: flags.concurrency,
  pollIntervalMs: flags["poll-interval-ms"],
  stopTimeoutMs: flags["stop-timeout-ms"],
});
// Key rotation: whatever an old key (or none) sealed is sealed again with the current key.
await queueReencryption(prisma);
const kinds = Object.keys(jobHandlers);
console.info(`Worker running (pid ${process.pid}, kinds ${kinds.join(",") || "none"}, concurrency ${flags.concurrency})`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void worker
      .stop()
      .then(() => prisma.$disconnect())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error("[worker] stopping failed", error);
          process.exit(1);
        },
      );
  });
}
