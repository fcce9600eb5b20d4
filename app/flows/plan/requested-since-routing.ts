/**
 * Which routed fulfillment orders Shopify has asked the app to fulfil since their routing. A
 * fulfillment request goes only to a fulfillment service's location, never to a merchant location
 * the provider drop-ships from: such a fulfillment order is planned through its request (the
 * fetch), and where it is need not be asked (3 points each; in a sale nearly every order at a
 * warehouse). Why: docs/decisions/0010-pipeline-throughput.md, item 9.
 */
import type { FulfillmentOrderGid } from "~/connector";

/**
 * How far ahead of our clock Shopify's may be, at most, for a request's time to count as given. The
 * times are Shopify's X-Shopify-Triggered-At, which is not signed: a request's time is taken as no
 * later than a little after we received it, so a forged future time cannot hide a later routing.
 */
export const CLOCKS_DIFFER_BY_MS = 60_000;

export interface RoutingEvent {
  id: FulfillmentOrderGid;
  routedAt: Date | null;
}

export interface FulfillmentRequestEvent {
  /** The fulfillment order the request names (the submitted one); null if its payload is unreadable. */
  id: FulfillmentOrderGid | null;
  triggeredAt: Date;
  receivedAt: Date;
}

/** Each fulfillment order's latest routing time in the round; null when one of its events has none. */
function latestRoutings(routed: readonly RoutingEvent[]): Map<FulfillmentOrderGid, number | null> {
  const latest = new Map<FulfillmentOrderGid, number | null>();
  for (const { id, routedAt } of routed) {
    const known = latest.get(id);
    if (routedAt === null || known === null) latest.set(id, null);
    else latest.set(id, Math.max(known ?? -Infinity, routedAt.getTime()));
  }
  return latest;
}

/** The earliest time a request must have to matter to this round; null when none can. */
export function earliestRouting(routed: readonly RoutingEvent[]): Date | null {
  const times = [...latestRoutings(routed).values()].filter((at): at is number => at !== null);
  return times.length === 0 ? null : new Date(Math.min(...times));
}

/**
 * Decided per fulfillment order over all its routing events in the round: skipped only when each
 * of them says when Shopify routed it, and a request came at or after the latest. A request from
 * before means the order was routed again since (rerouted to another location, perhaps a drop-ship
 * one): then where it is now is asked, as it is for a routing event without its time. Shopify sends
 * the request right behind the routing event, so in a sale nearly every warehouse order is skipped.
 */
export function requestedSinceRouting(
  routed: readonly RoutingEvent[],
  requests: readonly FulfillmentRequestEvent[],
): Set<FulfillmentOrderGid> {
  const latestRequest = new Map<FulfillmentOrderGid, number>();
  for (const request of requests) {
    if (request.id === null) continue;
    const at = Math.min(request.triggeredAt.getTime(), request.receivedAt.getTime() + CLOCKS_DIFFER_BY_MS);
    latestRequest.set(request.id, Math.max(latestRequest.get(request.id) ?? -Infinity, at));
  }
  const requested = new Set<FulfillmentOrderGid>();
  for (const [id, routedAt] of latestRoutings(routed)) {
    if (routedAt !== null && (latestRequest.get(id) ?? -Infinity) >= routedAt) requested.add(id);
  }
  return requested;
}
