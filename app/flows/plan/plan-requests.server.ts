/**
 * Where shipments come from: the fulfillment requests Shopify assigned to the app's warehouse
 * locations (DESIGN.md flow 1: answerFulfillmentRequests), and drop-ship fulfillment orders routed
 * to a merchant location mapped to the provider's handling location (flow 2:
 * planRoutedFulfillmentOrders). Held packages are accepted, not rejected, so the merchant fixes and
 * retries them in the app (docs/decisions/0007-pipeline-exactly-once.md). Safe to run twice at once:
 * a shipment is recorded once per fulfillment order, and a request is never answered twice.
 */
import type { FulfillmentOrderGid } from "~/connector";
import { estimatedShipDate } from "~/connector/ship-date";
import { RetryLater, type JobContext } from "~/jobs/handler";
import { TopicPayloads } from "~/shopify/webhooks/payloads";
import { isRunningBehindAnother } from "~/jobs/one-at-a-time.server";
import { inTransaction, type DatabaseOrTransaction } from "~/stores/database/database.server";
import { fulfillmentOrdersWithShipments, recordNewShipments, type NewShipment } from "~/stores/shipments/new-shipments.server";
import {
  markAnnouncementsProcessed,
  markReceiptsRejected,
  receiptsTriggeredSince,
  type WaitingReceipt,
} from "~/stores/receipts/webhook-receipt.server";
import { ShopifyUserError } from "~/shopify/errors";
import type { PipelineDeps } from "../ports/deps";
import { factsWantedFor, isDropshipPlan, shipmentPlanOf, type ShipmentPlan } from "./shipment-plan";
import type { FulfillmentOrderWithOrder, PipelineSettings, ShopifyPort } from "../ports/ports";
import { forEachConcurrently } from "~/lib/concurrently";
import type { PushTarget } from "~/stores/shipments/sending-claims.server";
import { queuePush, queueWaitingShipments } from "../queue/stages.server";
import { workThroughWaitingReceipts } from "../queue/waiting-receipts.server";
import { earliestRouting, requestedSinceRouting, type RoutingEvent } from "./requested-since-routing";

/** Shopify shows the answer to a request in the order's timeline; keep it short. */
const MAX_ANSWER = 250;
const short = (text: string) => (text.length <= MAX_ANSWER ? text : `${text.slice(0, MAX_ANSWER - 1)}…`);

/** Requests answered per round: read a few to a query, accepted in one mutation, recorded in one transaction. */
const REQUESTS_PER_ROUND = 10;
/**
 * Rounds under way at once. A round is three Shopify calls in a row and a transaction, mostly
 * waiting for answers: one at a time planned about 16 requests a second (measured, decision 0011).
 * Five rather than three since PostgreSQL's transactions made rounds wait longer (decision 0031);
 * the paced Shopify client admits at most MAX_IN_FLIGHT of their calls at once all the same.
 */
const ROUNDS_AT_ONCE = 5;
/** How soon a fetch that found another run ahead of it looks again. */
const WAIT_FOR_RUN_AHEAD_MS = 250;

/** Records the shipment of a planned fulfillment order (once per fulfillment order). */
export async function recordPlannedShipment(
  db: DatabaseOrTransaction,
  shop: string,
  facts: FulfillmentOrderWithOrder,
  shipment: ShipmentPlan,
  now: Date,
): Promise<void> {
  await recordPlannedShipments(db, shop, [{ facts, shipment }], now);
}

/**
 * Records the shipments of a round's planned fulfillment orders together (recordNewShipments), and
 * in the same transaction queues what comes next for them: the push of each READY package's
 * warehouse or handling location, the wake-up of those waiting for a date. Planning queues its
 * next stage here and nowhere else, so the first packages of a sale travel while the rest are read.
 */
export async function recordPlannedShipments(
  db: DatabaseOrTransaction,
  shop: string,
  planned: readonly Planned[],
  now: Date,
): Promise<void> {
  if (planned.length === 0) return;
  const wakeAt = new Set(planned.flatMap(({ shipment }) => (shipment.waitUntil ? [shipment.waitUntil.getTime()] : [])));
  const pushes = new Map<string, PushTarget>();
  for (const { shipment } of planned) {
    if (shipment.state === "READY" && shipment.origin !== null) {
      pushes.set(`${shipment.kind} ${shipment.origin}`, { shop, kind: shipment.kind, origin: shipment.origin });
    }
  }
  await inTransaction(db, async (tx) => {
    await recordNewShipments(
      tx,
      planned.map(({ facts, shipment }) => newShipmentOf(shop, facts, shipment)),
    );
    for (const at of wakeAt) await queueWaitingShipments(tx, shop, new Date(at));
    for (const target of pushes.values()) await queuePush(tx, target, now);
  });
}

function newShipmentOf(shop: string, facts: FulfillmentOrderWithOrder, shipment: ShipmentPlan): NewShipment {
  return {
    shop,
    kind: shipment.kind,
    state: shipment.state,
    fulfillmentOrderId: facts.fo.id,
    orderId: facts.order.id,
    orderName: facts.order.name,
    customerLocale: facts.order.customerLocale,
    orderPlacedAt: facts.order.placedAt,
    packageId: shipment.packageId,
    origin: shipment.origin,
    serviceCode: shipment.serviceCode,
    request: shipment.request,
    lineItems: shipment.lineItems,
    searchText: shipment.searchText,
    recipientSearchText: shipment.recipientSearchText,
    ...(shipment.hold ? { hold: shipment.hold } : {}),
    ...(shipment.waitUntil ? { waitUntil: shipment.waitUntil } : {}),
    event: shipment.event,
  };
}

interface Planned {
  facts: FulfillmentOrderWithOrder;
  shipment: ShipmentPlan;
}

/** Rejects a request that is not the app's to ship, saying why (a request answered meanwhile is left alone). */
async function reject(shopify: ShopifyPort, id: FulfillmentOrderGid, reason: string): Promise<void> {
  try {
    await shopify.rejectFulfillmentRequest(id, "OTHER", short(reason));
  } catch (error) {
    if (!(error instanceof ShopifyUserError)) throw error;
  }
}

/**
 * One round: the requests' fulfillment orders read, planned, accepted together, and the accepted
 * ones recorded in one transaction. A request Shopify refused to let us accept counts as accepted
 * only if the fulfillment order is IN_PROGRESS now (a concurrent run answered it); otherwise
 * Shopify no longer asks (withdrawn, moved, cancelled).
 */
async function answerRound(
  ctx: JobContext,
  shop: string,
  shopify: ShopifyPort,
  settings: PipelineSettings,
  ids: FulfillmentOrderGid[],
  now: () => Date,
): Promise<void> {
  const read = await shopify.readFulfillmentOrders(ids, factsWantedFor(settings));
  const planned: Planned[] = [];
  for (const id of ids) {
    const facts = read.get(id);
    if (!facts) continue;
    const { plan, shipment } = shipmentPlanOf(facts.fo, facts.order, settings);
    // On hold or scheduled in Shopify: Shopify lets no one accept it yet. Answered when released
    // (hold_released and scheduled_fulfillment_order_ready wake this fetch).
    if (plan.kind === "WAIT" && (plan.code === "SHOPIFY_HOLD" || plan.code === "SCHEDULED")) continue;
    if (shipment) {
      planned.push({ facts, shipment });
      continue;
    }
    await reject(shopify, id, plan.kind === "SKIP" ? plan.reason : "This fulfillment order cannot be shipped by the provider.");
  }
  if (planned.length === 0) return;
  const acceptedAt = new Date();
  const { refused } = await shopify.acceptFulfillmentRequests(
    planned.map(({ facts, shipment }) => ({
      id: facts.fo.id,
      message: short(`Accepted. ${shipment.summary}`),
      // Only a package on its way has a ship date; a held one waits for a person.
      estimatedShippedAt:
        shipment.state === "READY" && shipment.origin !== null
          ? estimatedShipDate(acceptedAt, settings.handlingDays[shipment.origin])
          : null,
    })),
  );
  const accepted: Planned[] = [];
  for (const item of planned) {
    if (
      !refused.has(item.facts.fo.id) ||
      (await shopify.readFulfillmentOrder(item.facts.fo.id, factsWantedFor(settings)))?.fo.status === "IN_PROGRESS"
    )
      accepted.push(item);
  }
  await recordPlannedShipments(ctx.db, shop, accepted, now());
}

/**
 * plan.requests: answer every fulfillment request assigned to the app's locations, in
 * rounds, a few under way at once; each round's packages are queued for their push as they are
 * recorded, so the first packages travel while the rest are still being read.
 */
export async function answerFulfillmentRequests(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  if (await isRunningBehindAnother(ctx.db, ctx.jobId, deps.now())) {
    throw new RetryLater(
      new Date(deps.now().getTime() + WAIT_FOR_RUN_AHEAD_MS),
      "Another run is answering this shop's fulfillment requests",
    );
  }
  const startedAt = deps.now();
  const shopify = await deps.shopify(shop, { forWaitingOrders: true });
  const requested = await shopify.assignedFulfillmentOrderIds("FULFILLMENT_REQUESTED");
  // Read after the list, so every request in it is planned with settings at least as new as the
  // request: a request made after the merchant saved is never planned with what was there before.
  const settings = await deps.settings(shop, shopify);
  // Answered already (by a run that died before Shopify's list caught up): reading it again would
  // only spend the shop's GraphQL budget.
  const known = await fulfillmentOrdersWithShipments(ctx.db, shop, requested);
  const open = requested.filter((id) => !known.has(id));
  const rounds: FulfillmentOrderGid[][] = [];
  for (let start = 0; start < open.length; start += REQUESTS_PER_ROUND) rounds.push(open.slice(start, start + REQUESTS_PER_ROUND));
  await forEachConcurrently(rounds, ROUNDS_AT_ONCE, async (ids) => {
    await answerRound(ctx, shop, shopify, settings, ids, deps.now);
  });
  // A run that died after accepting but before recording left accepted requests without a
  // shipment; Shopify no longer lists them as requested, so the rerun looks for them.
  if (ctx.attempt > 1) {
    const acceptedIds = await shopify.assignedFulfillmentOrderIds("FULFILLMENT_ACCEPTED");
    const recorded = await fulfillmentOrdersWithShipments(ctx.db, shop, acceptedIds);
    const read = await shopify.readFulfillmentOrders(
      acceptedIds.filter((id) => !recorded.has(id)),
      factsWantedFor(settings),
    );
    for (const facts of read.values()) {
      const shipment = facts && shipmentPlanOf(facts.fo, facts.order, settings).shipment;
      if (facts && shipment) await recordPlannedShipment(ctx.db, shop, facts, shipment, deps.now());
    }
  }
  await markAnnouncementsProcessed(
    ctx.db,
    shop,
    { topic: "fulfillment_orders/fulfillment_request_submitted", callbackKind: "FULFILLMENT_REQUEST" },
    startedAt,
    deps.now(),
  );
}

/**
 * Routing events planned per round: their locations read in one query (3 points each). Large, so
 * that a sale's drop-ship packages are all planned early and leave in full batches.
 */
export const ROUTED_PER_ROUND = 100;

/**
 * The fulfillment order a stored payload names: a routing event's, or a request's submitted one;
 * null if it cannot be read (erased by a compliance request, or not the topic's shape).
 */
function fulfillmentOrderNamedIn(
  topic: "fulfillment_orders/order_routing_complete" | "fulfillment_orders/fulfillment_request_submitted",
  payload: string | null,
): FulfillmentOrderGid | null {
  if (payload === null) return null;
  try {
    const parsed = TopicPayloads[topic].safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data.fulfillmentOrderId : null;
  } catch {
    return null;
  }
}
const routedFulfillmentOrderOf = (payload: string | null) => fulfillmentOrderNamedIn("fulfillment_orders/order_routing_complete", payload);
const requestedFulfillmentOrderOf = (payload: string | null) =>
  fulfillmentOrderNamedIn("fulfillment_orders/fulfillment_request_submitted", payload);

/** The routed fulfillment orders Shopify has asked the app to fulfil since (requested-since-routing.ts). */
async function requestedAfterRouting(db: DatabaseOrTransaction, shop: string, routed: RoutingEvent[]): Promise<Set<FulfillmentOrderGid>> {
  const since = earliestRouting(routed);
  if (since === null) return new Set();
  const receipts = await receiptsTriggeredSince(db, shop, "fulfillment_orders/fulfillment_request_submitted", since);
  return requestedSinceRouting(
    routed,
    receipts.map((receipt) => ({
      id: requestedFulfillmentOrderOf(receipt.payload),
      triggeredAt: receipt.triggeredAt,
      receivedAt: receipt.receivedAt,
    })),
  );
}

/** Each readable routing receipt's fulfillment order and when Shopify routed it; the ids of the unreadable receipts. */
function routedOf(receipts: WaitingReceipt[]): { routed: RoutingEvent[]; unreadable: string[] } {
  const routed: RoutingEvent[] = [];
  const unreadable: string[] = [];
  for (const receipt of receipts) {
    const id = routedFulfillmentOrderOf(receipt.payload);
    if (id === null) unreadable.push(receipt.id);
    else routed.push({ id, routedAt: receipt.triggeredAt });
  }
  return { routed, unreadable };
}

/**
 * plan.routed: the shop's routed fulfillment orders (its waiting routing events), a
 * round at a time. Drop-ship ones (at a merchant location mapped to the provider) become
 * shipments; outbound ones are left to their fulfillment request.
 */
export async function planRoutedFulfillmentOrders(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  const shopify = await deps.shopify(shop, { forWaitingOrders: true });
  const settings = await deps.settings(shop, shopify);
  const dropshipLocations = new Set<string>(
    settings.connector.routes.flatMap((route) => (route.kind === "DROPSHIP" ? [route.locationId] : [])),
  );
  const batches = { kind: "plan.routed", topics: ["fulfillment_orders/order_routing_complete"], perRound: ROUTED_PER_ROUND } as const;
  await workThroughWaitingReceipts(ctx, deps, shop, batches, async (receipts) => {
    const { routed, unreadable } = routedOf(receipts);
    const ids = routed.map((r) => r.id);
    // Every fulfillment order's routing is announced; most are at a warehouse (planned through their
    // request) or at a location the provider does not serve. A few-point read of where each is
    // saves the full read (about 150 points) for all of those.
    // One that has its shipment already (its fulfillment request was answered first, or the event
    // came twice) is planned: recording it again would change nothing, so its location is not read.
    // One that Shopify asked the app to fulfil is at a fulfillment service's location (requested-since-routing.ts).
    const known = await fulfillmentOrdersWithShipments(ctx.db, shop, ids);
    const requested =
      dropshipLocations.size === 0
        ? new Set<FulfillmentOrderGid>()
        : await requestedAfterRouting(
            ctx.db,
            shop,
            routed.filter((r) => !known.has(r.id)),
          );
    const unplanned = ids.filter((id) => !known.has(id) && !requested.has(id));
    const located =
      dropshipLocations.size === 0 || unplanned.length === 0
        ? new Map<FulfillmentOrderGid, string | null | undefined>()
        : await shopify.fulfillmentOrderLocations(unplanned);
    const atDropship = unplanned.filter((id) => {
      const location = located.get(id);
      return typeof location === "string" && dropshipLocations.has(location);
    });
    const read =
      atDropship.length === 0
        ? new Map<FulfillmentOrderGid, FulfillmentOrderWithOrder | null>()
        : await shopify.readFulfillmentOrders(atDropship, factsWantedFor(settings));
    const planned: Planned[] = [];
    for (const facts of read.values()) {
      if (facts === null) continue;
      const { plan, shipment } = shipmentPlanOf(facts.fo, facts.order, settings);
      if (isDropshipPlan(plan) && shipment) planned.push({ facts, shipment });
    }
    return async (tx) => {
      await markReceiptsRejected(
        tx,
        unreadable,
        "The stored payload no longer names a fulfillment order (erased or unreadable): nothing was planned",
        deps.now(),
      );
      // Sent while the next rounds are read, as the fulfillment requests' are.
      await recordPlannedShipments(tx, shop, planned, deps.now());
    };
  });
}
