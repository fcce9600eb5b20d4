/**
 * Exponential backoff with full jitter (AWS architecture blog): a random wait between 0 and
 * base·2^(attempt-1), capped. The randomness spreads the retries of many callers hit by the same
 * outage, so they do not return in lockstep. Used by the job queue and the provider client alike.
 */
export interface BackoffPolicy {
  /** The ceiling of the first retry's delay; it doubles per failed attempt (full jitter picks 0..ceiling). */
  readonly baseDelayMs: number;
  /** The ceiling never grows beyond this. */
  readonly maxDelayMs: number;
}

/** Delay after `failedAttempt` (1 for the first) failed. `random` returns [0, 1), like Math.random, which tests replace. */
export function backoffDelayMs(failedAttempt: number, policy: BackoffPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failedAttempt - 1));
  return Math.floor(random() * ceiling);
}
