/**
 * Every tunable number of the job queue in one place, so a change of policy is one edit.
 * startWorker and enqueue take overrides; nothing here reads the environment.
 */
import type { BackoffPolicy } from "~/lib/backoff";

export interface JobPolicy {
  /** Attempts before a job is DEAD. Twelve with the backoff below spread retries over about two hours. */
  readonly maxAttempts: number;
  readonly backoff: BackoffPolicy;
  /** How long a claimed job is the worker's alone; a worker that vanishes loses it after this. */
  readonly leaseMs: number;
  /** Heartbeats per lease: at 3, two can be missed (a busy event loop, a slow disk) before the lease expires. */
  readonly heartbeatsPerLease: number;
  /** How often an idle worker looks for due jobs. */
  readonly pollIntervalMs: number;
  /** Jobs one worker runs at once. */
  readonly concurrency: number;
  /** How long stop() waits for running jobs before it hands them back to the queue for another worker. */
  readonly stopTimeoutMs: number;
  /** lastError is cut to this length: enough for a provider's message and ticket id. */
  readonly lastErrorMaxChars: number;
}

export const JOB_POLICY: JobPolicy = {
  maxAttempts: 12,
  backoff: { baseDelayMs: 15_000, maxDelayMs: 60 * 60_000 },
  leaseMs: 60_000,
  heartbeatsPerLease: 3,
  pollIntervalMs: 1_000,
  concurrency: 4,
  stopTimeoutMs: 30_000,
  lastErrorMaxChars: 2_000,
};
