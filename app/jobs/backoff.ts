import { JOB_POLICY, type BackoffPolicy } from "./policy";

/**
 * Delay before the next attempt after `failedAttempt` (1 for the first) failed: exponential with
 * full jitter, so jobs that failed together (a provider outage) do not all come back together.
 * `random` returns [0, 1), like Math.random, which tests replace.
 */
export function retryDelayMs(failedAttempt: number, random: () => number, policy: BackoffPolicy = JOB_POLICY.backoff): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failedAttempt - 1));
  return Math.floor(random() * ceiling);
}
