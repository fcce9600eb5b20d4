/**
 * The benchmark's job worker, in a process of its own as the app runs it (the web process takes
 * webhooks, the worker runs the pipeline): the pipeline's handlers with the test dependencies
 * (provider client on the sandbox, Shopify port on the emulator, fast policy). It counts every HTTP
 * request it sends and answers the parent's "report" message with the counts, its peak RSS, the
 * CPU time it has spent since it was ready (user and system; its start-up apart) and, on
 * PostgreSQL, the statements it has sent since then.
 *
 *   node --import tsx bench/pipeline/worker.ts '{"databaseUrl","sandboxUrl","graphqlUrl","concurrency","polling","leaseMs"?,"moreShops"?,"catalogue"?}'
 */
import { z } from "zod";
import { startJobWorker } from "~/jobs/start-worker.server";
import { createDatabase } from "~/stores/database/database.server";
import { catalogueAndStockHandlers, pipelineHandlers } from "~/flows/job-handlers.server";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import { env } from "~/env.server";
import { pipelinePolicyNamed } from "~/flows/ports/policy";
import { recordingJobLogger } from "../../test/support/jobs";
import { testPipelineDeps } from "../../test/pipeline/deps";
import { countStatementsSent, peakRssBytes } from "./own-process";
import { countRequest, emptyCounts, operationNameOf, recordAnswer } from "./counts";

const Options = z.object({
  databaseUrl: z.string(),
  sandboxUrl: z.string(),
  graphqlUrl: z.string(),
  concurrency: z.number().int().positive(),
  polling: z.enum(["production", "fast"]),
  /** The worker's lease (the fault test shortens it, so a killed worker's jobs are taken over soon). */
  leaseMs: z.number().int().positive().optional(),
  /** Shops installed beside the demo shop: each reached on its own endpoint with its own token. */
  moreShops: z.array(z.object({ shop: z.string(), graphqlUrl: z.string(), accessToken: z.string() })).optional(),
  /** The catalogue's and the stock's jobs too (bench:catalogue). */
  catalogue: z.boolean().optional(),
});
const options = Options.parse(JSON.parse(process.argv[2] ?? "{}"));

const counts = emptyCounts();
const graphqlUrls = new Set([options.graphqlUrl, ...(options.moreShops ?? []).map((access) => access.graphqlUrl)]);
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  countRequest(counts, { sandboxUrl: options.sandboxUrl, graphqlUrls }, input, init);
  const operation = graphqlUrls.has(String(input)) ? operationNameOf(init) : null;
  const started = performance.now();
  const response = await realFetch(input, init);
  if (operation !== null) {
    const ms = performance.now() - started;
    const answer = (await response.clone().json()) as { extensions?: { cost?: { requestedQueryCost?: number; actualQueryCost?: number } } };
    recordAnswer(counts, operation, ms, answer.extensions?.cost);
  }
  return response;
};

const statementsSent = countStatementsSent();

const db = createDatabase(options.databaseUrl);
// The fast policy's short waits, but batches gathered as in production: the creation-call count is
// what the benchmark measures.
// Status polls at the chosen policy's intervals (production's by default: the latency from tracking
// known to fulfilment in Shopify is mostly that wait).
const polling = pipelinePolicyNamed(options.polling);
const { deps } = testPipelineDeps(db, {
  ...options,
  policy: {
    pushGatherMs: pipelinePolicyNamed(env.PIPELINE_POLICY).pushGatherMs,
    firstStatusPollMs: polling.firstStatusPollMs,
    minStatusPollMs: polling.minStatusPollMs,
    maxStatusPollMs: polling.maxStatusPollMs,
  },
});
const failures: string[] = [];
const { logger } = recordingJobLogger((line) => {
  if (line.level === "error") failures.push(`${line.message} ${JSON.stringify(line.fields)}`);
});
const worker = await startJobWorker({
  db,
  kinds: jobPayloadSchemas,
  handlers: { ...pipelineHandlers(async () => deps), ...(options.catalogue ? catalogueAndStockHandlers(async () => deps) : {}) },
  owner: `pipeline-bench-${process.pid}`,
  concurrency: options.concurrency,
  pollIntervalMs: 10,
  ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
  backoff: { baseDelayMs: 20, maxDelayMs: 200 },
  logger,
});

const cpuAtReady = process.cpuUsage();
const statementsAtReady = statementsSent();
process.on("message", (message: unknown) => {
  if (message === "report") {
    const cpu = process.cpuUsage(cpuAtReady);
    process.send?.({
      counts,
      peakRssBytes: peakRssBytes(),
      cpuMs: (cpu.user + cpu.system) / 1000,
      statements: statementsSent() - statementsAtReady,
      failures: failures.slice(0, 5),
    });
  }
  if (message === "stop") void worker.stop().then(() => process.exit(0));
});
process.send?.("READY");
