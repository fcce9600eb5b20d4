/**
 * The app's one queue, bound to its kinds: every producer queues through it, so each enqueue is
 * typed by the kind it names and its payload is checked against that kind's schema.
 */
import { jobQueue } from "~/jobs/queue.server";
import type { CoalescedWork } from "~/jobs/coalesce.server";
import type { EnqueueRequest } from "~/jobs/enqueue.server";
import { firstJobKinds, jobPayloadSchemas, laterJobKinds, type JobKind, type JobKinds } from "./job-kinds";

export const appJobs = jobQueue(jobPayloadSchemas, { first: firstJobKinds, later: laterJobKinds });

export const enqueue = appJobs.enqueue;
export const enqueueCoalesced = appJobs.enqueueCoalesced;

export type AppEnqueueRequest<K extends JobKind = JobKind> = EnqueueRequest<JobKinds, K>;
export type AppCoalescedWork<K extends JobKind = JobKind> = CoalescedWork<JobKinds, K>;
