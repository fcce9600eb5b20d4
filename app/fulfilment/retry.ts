/**
 * When a failed request to the provider is sent again, and after how long. Pure functions: the
 * transport supplies the clock and the random source, so tests decide both.
 */
import { backoffDelayMs } from "../lib/backoff";
import type { RetryPolicy } from "./config";
import { ProviderError, ProviderRateLimitedError } from "./errors";
import { operations, type OperationName, type Operations } from "./operations";

/** Operations whose table entry is not a keyed creation, by why repeating them is harmless. */
type RepeatableWithoutKey = {
  [N in OperationName as Operations[N]["idempotentCreation"] extends true ? never : N]: "read" | "replaces state";
};

/**
 * Why each operation that creates nothing may be sent twice. Typed so that a new operation in the
 * table does not compile until someone decides here.
 *
 * - "read": a query (several are POST only because they carry a list in the body); sending it twice
 *   changes nothing at the provider.
 * - "replaces state": the request carries the complete new state of one thing, not a delta, so a
 *   repeat ends in the same state. modifyInboundBoxes sends the whole box list of one shipment;
 *   declarePackage sends the whole customs declaration of one package. The jobs send at most one
 *   change per shipment/package at a time, so a delayed repeat cannot overwrite a newer change.
 */
const repeatableWithoutKey: RepeatableWithoutKey = {
  trackBatch: "read",
  modifyInboundBoxes: "replaces state",
  dropshipStatuses: "read",
  declarePackage: "replaces state",
  trackOne: "read",
  priceAllServices: "read",
  outboundStatuses: "read",
  dropshipStatus: "read",
  priceOneService: "read",
  inventoryAge: "read",
  searchSkus: "read",
};

/**
 * Whether an operation may be sent again after a failure whose outcome we cannot know (a timeout
 * or a dropped connection may come after the provider acted).
 *
 * Creations are repeated too: each carries the caller's own key (PackageId, ShipmentId, Sku or
 * OrderNo, derived deterministically from the Shopify fulfillment order), and the provider answers a
 * known key with "200, nothing changed" instead of creating a second parcel. That is the table's
 * `idempotentCreation`. Every other operation is a read or replaces state (see above).
 */
export function canRepeat(name: OperationName): boolean {
  if (operations[name].idempotentCreation) return true;
  return Object.hasOwn(repeatableWithoutKey, name);
}

/**
 * How long to wait before the next attempt, or undefined when the failure must not be retried.
 * Only rate limits (429), provider faults (5xx) and network failures/timeouts are retried; a 400,
 * 401, 403, 404 or 412 will not change by sending the same thing again.
 */
export function retryDelay(error: unknown, attempt: number, policy: RetryPolicy, random: () => number): number | undefined {
  if (!(error instanceof ProviderError) || !error.retryable) return undefined;
  if (attempt >= policy.maxAttempts) return undefined;
  if (error instanceof ProviderRateLimitedError && error.retryAfterMs !== undefined) {
    // The provider said when; waiting longer than allowed holds a worker, so the job queue waits instead.
    return error.retryAfterMs <= policy.maxRetryAfterMs ? error.retryAfterMs : undefined;
  }
  return backoffDelayMs(attempt, policy, random);
}

/**
 * Retry-After as milliseconds: either delay-seconds or an HTTP date (RFC 9110 10.2.3). Undefined
 * when absent or unreadable; a date in the past means "now".
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date always names its month; without this, Date.parse would read "-5" as a year.
  if (!/[A-Za-z]/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
