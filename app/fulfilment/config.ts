/**
 * Every tunable number of the provider client in one place (timeouts, attempts, backoff, token
 * refresh), so a change of policy is one edit. Callers override parts per client; nothing here
 * reads the environment.
 */

export interface RetryPolicy {
  /** Requests sent at most for one call, the first included. 1 disables retries. */
  readonly maxAttempts: number;
  /** The backoff's first ceiling; it doubles per attempt (full jitter picks 0..ceiling). */
  readonly baseDelayMs: number;
  /** The backoff's ceiling never grows beyond this. */
  readonly maxDelayMs: number;
  /**
   * A Retry-After longer than this is not waited for inside the call: the rate-limited error is
   * thrown with `retryAfterMs`, and the job queue reschedules instead of holding a worker.
   */
  readonly maxRetryAfterMs: number;
}

export interface FulfilmentClientSettings {
  /** One request (connect, send, read the whole answer) is abandoned after this long. */
  readonly timeoutMs: number;
  readonly retry: RetryPolicy;
  /** An OAuth access token is refreshed this long before it expires, so no request carries a dying token. */
  readonly refreshSkewMs: number;
  /** How much of a body that is not the provider's error JSON is quoted in an error message. */
  readonly errorExcerptChars: number;
}

export const FULFILMENT_DEFAULTS: FulfilmentClientSettings = {
  timeoutMs: 15_000,
  retry: {
    maxAttempts: 4,
    baseDelayMs: 500,
    maxDelayMs: 8_000,
    maxRetryAfterMs: 30_000,
  },
  refreshSkewMs: 60_000,
  errorExcerptChars: 300,
};

/** The default policy with the caller's overrides. */
export function retryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  // An override given as `undefined` (an unset setting passed through) keeps the default.
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  return { ...FULFILMENT_DEFAULTS.retry, ...given };
}
