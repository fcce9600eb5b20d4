/**
 * How provider and Shopify failures reach the job queue: waits the other side asked for become
 * RetryLater at that time (not an attempt: nothing is wrong, it is too soon), anything else is
 * thrown on for the queue's backoff.
 */
import { PermanentFailure, RetryLater } from "~/jobs/handler";
import { jobErrorSaid } from "~/lib/words/job-error-said";
import { InvalidShopSettings } from "~/stores/shops/shop.server";
import { ProviderRateLimitedError } from "~/fulfilment";
import { ShopifyThrottledError } from "~/shopify/errors";
import type { PipelinePolicy } from "./policy";

/**
 * How long a throttled job waits: until the bucket could pay for the refused request from empty,
 * plus up to half as much again at random. Waiting only for the missing points (what Shopify's
 * numbers say) lets the shop's other jobs spend the refill first, every time: two jobs retrying
 * an expensive read that way starve each other. From empty, the request fits whatever the cheap
 * calls in between took, and the jitter keeps jobs from waking together.
 */
export function throttledWait(error: ShopifyThrottledError, random: () => number = Math.random): number {
  const status = error.throttleStatus;
  if (status === undefined) return error.retryAfterMs;
  // retryAfterMs = (requested − available) / rate, so requested / rate = retryAfterMs + available / rate.
  const fromEmpty = error.retryAfterMs + (Math.max(0, status.currentlyAvailable) / status.restoreRate) * 1000;
  return Math.ceil(fromEmpty * (1 + random() / 2));
}

/**
 * Settings that no longer parse (a bug, a hand edit) need a person, not twelve retries: the job stops
 * at once, saying so in the merchant's language with the check's findings. Any other error as it is.
 */
export function stopForUnreadableSettings(error: unknown): unknown {
  return error instanceof InvalidShopSettings
    ? new PermanentFailure(jobErrorSaid("settingsUnreadable", error.domain, error.detail))
    : error;
}

/** The error as the queue should see it. */
export function forQueue(error: unknown, now: Date, policy: PipelinePolicy): unknown {
  if (error instanceof ProviderRateLimitedError) {
    const wait = error.retryAfterMs ?? policy.rateLimitedWaitMs;
    return new RetryLater(new Date(now.getTime() + wait), `The provider asked to wait ${Math.ceil(wait / 1000)} s (429)`);
  }
  if (error instanceof ShopifyThrottledError) {
    const wait = throttledWait(error);
    return new RetryLater(
      new Date(now.getTime() + wait),
      `${error.message}; waiting ${Math.ceil(wait / 100) / 10} s for the shop's budget`,
    );
  }
  return error;
}

/** Runs `work`, turning the other side's "wait" into RetryLater. */
export async function respectingWaits<T>(now: () => Date, policy: PipelinePolicy, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw forQueue(error, now(), policy);
  }
}
