/**
 * A queue of its own for the tests of the generic queue (app/jobs): noop; urgent, which runs first;
 * and tidy, which is later; so they prove the queue works without any of the app's kinds.
 */
import { z } from "zod";
import type { JobHandler } from "~/jobs/handler";
import { jobQueue } from "~/jobs/queue.server";

export const testKinds = {
  noop: z.strictObject({ note: z.string().max(200).optional() }),
  /** Runs before every due noop (decision 0059). */
  urgent: z.strictObject({ note: z.string().max(200).optional() }),
  /** Work no one waits for: it runs after every due noop (decision 0058). */
  tidy: z.strictObject({ note: z.string().max(200).optional() }),
};
export const testQueue = jobQueue(testKinds, { first: ["urgent"], later: ["tidy"] });
export const enqueue = testQueue.enqueue;
export type NoopHandler = JobHandler<z.output<(typeof testKinds)["noop"]>>;
