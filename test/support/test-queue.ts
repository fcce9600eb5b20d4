/**
 * A queue of its own for the tests of the generic queue (app/jobs): one kind, noop, so they prove
 * the queue works without any of the app's kinds.
 */
import { z } from "zod";
import type { JobHandler } from "~/jobs/handler";
import { jobQueue } from "~/jobs/queue.server";

export const testKinds = { noop: z.strictObject({ note: z.string().max(200).optional() }) };
export const testQueue = jobQueue(testKinds);
export const enqueue = testQueue.enqueue;
export type NoopHandler = JobHandler<z.output<(typeof testKinds)["noop"]>>;
