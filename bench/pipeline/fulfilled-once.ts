/**
 * Shopify's view at the end of a run, per fulfillment order: a fulfilment with tracking, and only
 * one. The app's own view (its shipments' states) could say FULFILLED while Shopify holds none, or
 * two after a resend; the emulator's state is what the customer sees.
 */
import type { emulatorState } from "../../test/support/shopify-admin";

type Snapshot = Awaited<ReturnType<typeof emulatorState>>;

export interface FulfilledOnce {
  /** Fulfillment orders with exactly one fulfilment, and it has tracking. */
  once: number;
  /** Fulfillment orders with no fulfilment with tracking. */
  missing: number[];
  /** Fulfillment orders with more than one fulfilment. */
  twice: number[];
}

/** `placed`: the numeric ids of the fulfillment orders the run placed. */
export function fulfilledOnce(placed: readonly number[], snapshot: Snapshot): FulfilledOnce {
  const all = new Map<number, number>();
  const tracked = new Map<number, number>();
  for (const fulfillment of snapshot.fulfillments) {
    const withTracking = fulfillment.trackingInfo.some((t) => t.number);
    for (const id of fulfillment.fulfillmentOrderIds) {
      all.set(id, (all.get(id) ?? 0) + 1);
      if (withTracking) tracked.set(id, (tracked.get(id) ?? 0) + 1);
    }
  }
  const missing = placed.filter((id) => (tracked.get(id) ?? 0) === 0);
  const twice = placed.filter((id) => (all.get(id) ?? 0) > 1);
  return { once: placed.length - new Set([...missing, ...twice]).size, missing, twice };
}
