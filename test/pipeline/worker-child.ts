/**
 * The pipeline's worker in a process of its own, for the test that kills it with SIGKILL mid-batch:
 *   node --import tsx test/pipeline/worker-child.ts '{"databaseUrl","sandboxUrl","graphqlUrl","leaseMs"}'
 * The same handlers and test dependencies as the in-process harness. Prints READY once it runs.
 */
import { z } from "zod";
import { startJobWorker } from "~/jobs/start-worker.server";
import { createDatabase } from "~/stores/database/database.server";
import { pipelineHandlers } from "~/flows/job-handlers.server";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import { recordingJobLogger } from "../support/jobs";
import { testPipelineDeps } from "./deps";

const Options = z.object({ databaseUrl: z.string(), sandboxUrl: z.string(), graphqlUrl: z.string(), leaseMs: z.number().int().positive() });
const options = Options.parse(JSON.parse(process.argv[2] ?? "{}"));

const db = createDatabase(options.databaseUrl);
const { deps } = testPipelineDeps(db, options);
await startJobWorker({
  db,
  kinds: jobPayloadSchemas,
  handlers: pipelineHandlers(async () => deps),
  owner: `pipeline-child-${process.pid}`,
  pollIntervalMs: 10,
  leaseMs: options.leaseMs,
  logger: recordingJobLogger().logger,
});
process.stdout.write("READY\n");
