/**
 * Shopify's Admin GraphQL rate limit is a leaky bucket of cost points per app and shop: every answer
 * says how full it is (`extensions.cost.throttleStatus`). These helpers turn that into "how long to
 * wait", so a job can reschedule itself instead of hammering a throttled shop (no retry storms).
 */
import { z } from "zod";

export const ThrottleStatus = z.object({
  maximumAvailable: z.number(),
  currentlyAvailable: z.number(),
  /** Points restored per second (100 on standard plans, up to 2000 on Enterprise). */
  restoreRate: z.number().positive(),
});
export type ThrottleStatus = z.infer<typeof ThrottleStatus>;

export const QueryCost = z.object({
  requestedQueryCost: z.number(),
  /** Null when the query did not run (throttled, too expensive). */
  actualQueryCost: z.number().nullable(),
  throttleStatus: ThrottleStatus,
});
export type QueryCost = z.infer<typeof QueryCost>;

/** When a THROTTLED answer carries no cost at all, wait this long: one second restores 100 points. */
export const UNKNOWN_THROTTLE_WAIT_MS = 1000;

/** Milliseconds until the bucket holds `cost` points again (0 when it already does). */
export function waitForPoints(status: ThrottleStatus, cost: number): number {
  const missing = Math.min(cost, status.maximumAvailable) - status.currentlyAvailable;
  return missing <= 0 ? 0 : Math.ceil((missing / status.restoreRate) * 1000);
}

/** How long a THROTTLED request must wait: (requested − available) / restoreRate. */
export function throttledWaitMs(cost: QueryCost | undefined): number {
  if (!cost) return UNKNOWN_THROTTLE_WAIT_MS;
  // A throttled request was refused, so at least a moment must pass even if the numbers say 0.
  return Math.max(waitForPoints(cost.throttleStatus, cost.requestedQueryCost), 1);
}

/**
 * The budget check before the next call: how long to wait before sending a request of about
 * `nextCost` points, given the status the previous answer reported `elapsedMs` ago (the bucket
 * refills meanwhile). 0 means go ahead.
 */
export function waitBeforeNextCall(last: ThrottleStatus, nextCost: number, elapsedMs = 0): number {
  const refilled = Math.min(last.maximumAvailable, last.currentlyAvailable + (elapsedMs / 1000) * last.restoreRate);
  return waitForPoints({ ...last, currentlyAvailable: refilled }, nextCost);
}

/**
 * Between the pages of one read: waits until the bucket holds `nextCost` again, judging by the cost
 * the previous page reported. Pacing, not retrying: a read longer than the bucket (a 60-line order)
 * would otherwise be throttled on every attempt. At most maximumAvailable / restoreRate (10 s).
 */
export async function paceForNextPage(previous: QueryCost | undefined, nextCost: number): Promise<void> {
  const wait = previous ? waitForPoints(previous.throttleStatus, nextCost) : 0;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
