/**
 * The durable job queue's worker as a process of its own (DESIGN.md section 5): every handler of the
 * registry (app/flows/job-handlers.server.ts, on the wiring of app/wiring) on the app's database
 * (DATABASE_URL). Drains on SIGINT/SIGTERM; logs `Worker running` once it claims jobs; with
 * WORKER_HEALTH_PORT set, answers /healthz, /readyz and /metrics there (docs/operations.md).
 *
 *   npm run worker -- [--concurrency <n>] [--poll-interval-ms <n>] [--stop-timeout-ms <n>]
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import prisma from "../app/db.server";
import { env } from "~/env.server";
import { queueHousekeeping } from "~/flows/housekeeping/daily-purge.server";
import { queueAlertSweep } from "~/flows/alerts/deliver.server";
import { recordDeadJobAlert } from "~/flows/alerts/dead-job.server";
import { queueOpenOrdersSweeps } from "~/flows/plan/backfill.server";
import { queueReencryption } from "~/flows/keys/reencrypt.server";
import { jobDuration, jobsFinished } from "~/metrics/metrics.server";
import { log as rootLog } from "~/lib/log.server";
import { startHealthServer } from "~/wiring/operations.server";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import { jobHandlers } from "~/wiring/worker-handlers.server";
import { JOB_POLICY } from "../app/jobs/policy";
import { startJobWorker } from "../app/jobs/start-worker.server";

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
const log = rootLog.child({ process: "worker" });
const worker = await startJobWorker({
  db: prisma,
  kinds: jobPayloadSchemas,
  handlers: jobHandlers,
  concurrency: flags.concurrency,
  pollIntervalMs: flags["poll-interval-ms"],
  stopTimeoutMs: flags["stop-timeout-ms"],
  logger: log,
  // A shop's job that gives up is told to the merchant (Settings > Notifications).
  onDead: recordDeadJobAlert,
  onOutcome(jobId, outcome, { kind, shop, durationMs }) {
    jobsFinished.inc({ kind, outcome });
    jobDuration.observe({ kind }, durationMs / 1000);
    log.debug({ jobId, kind, shop, outcome, durationMs }, "Job run");
  },
});
// Key rotation: whatever an old key (or none) sealed is sealed again with the current key.
await queueReencryption(prisma);
// Old finished jobs and receipts purged, unknown kinds given up: now, then daily.
await queueHousekeeping(prisma);
// The alerts' outbox looked at now, then every little while (decision 0044).
await queueAlertSweep(prisma);
// Each installed shop's open orders looked for again, now and then every openOrdersSweepMs: an
// order whose webhook was never taken is planned all the same.
await queueOpenOrdersSweeps(prisma, new Date());
const health =
  env.WORKER_HEALTH_PORT === undefined
    ? undefined
    : await startHealthServer({ port: env.WORKER_HEALTH_PORT, host: env.WORKER_HEALTH_HOST, isDraining: () => worker.stopping });
const kinds = Object.keys(jobHandlers);
log.info({ kinds: kinds.length, concurrency: flags.concurrency, healthPort: health?.port ?? null }, "Worker running");

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info({ signal }, "Draining: claiming no more jobs, finishing those in hand");
    void worker
      .stop()
      .then(
        () =>
          new Promise<void>((resolve) => {
            if (!health) return resolve();
            health.server.close(() => resolve());
            // A supervisor's kept-alive connection must not hold the exit.
            health.server.closeAllConnections();
          }),
      )
      .then(() => prisma.$disconnect())
      .then(
        () => {
          log.info({ durationMs: Date.now() - started }, "Worker stopped");
          process.exit(0);
        },
        (error: unknown) => {
          log.error({ err: error }, "Stopping failed");
          process.exit(1);
        },
      );
  });
}
