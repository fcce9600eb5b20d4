/**
 * Orders that change (issue 11, before the provider has the package): holds placed and released,
 * schedules, edits, refunds, payment, fraud verdicts, splits, merges and moves. Every such event is
 * recorded as a receipt and worked through in batches (queue/waiting-receipts.server.ts); each round
 * finds the orders the events are about and brings their shipments in line with Shopify
 * (reconcileOrder). A package the provider has already: changed-after-sending.server.ts.
 */
import type { Shipment } from "@prisma/client";
import { FulfillmentOrderGid } from "~/connector";
import type { JobContext } from "~/jobs/handler";
import { ShopifyUserError } from "~/shopify/errors";
import { TopicPayloads, type ChangeReferences } from "~/shopify/webhooks/payloads";
import { FULFILLMENT_ORDER_CHANGE_TOPICS, CHANGE_TOPICS, type ChangeTopic } from "~/shopify/webhooks/topics";
import { markReceiptsRejected, type WaitingReceipt } from "~/stores/receipts/webhook-receipt.server";
import { cancelUnsentShipment } from "~/stores/shipments/unsent-changes.server";
import { transition } from "~/stores/shipments/shipment.server";
import { recordPlannedShipment } from "../plan/plan-requests.server";
import { factsWantedFor, isDropshipPlan, shipmentPlanOf } from "../plan/shipment-plan";
import type { PipelineDeps } from "../ports/deps";
import type { FulfillmentOrderBrief, PipelineSettings, ShopifyPort } from "../ports/ports";
import { enqueueCoalesced } from "../queue/jobs.server";
import { queueSendInDoubtCheck } from "../queue/stages.server";
import { workThroughWaitingReceipts } from "../queue/waiting-receipts.server";
import { eventSaid, planAgain } from "../retry/retry.server";
import type { NestedSaid } from "~/lib/words/reason-said";
import type { timeline } from "~/lib/words/en/timeline";
import { timelineSaid } from "~/lib/words/timeline-said";
import { noteChangesAfterSending } from "./changed-after-sending.server";
import { isPaymentUpdate } from "./what-changed";

/** Change events looked at per round: their orders found with one database read and one cheap Shopify read. */
const CHANGES_PER_ROUND = 100;

/** What happened, by topic: the timeline's sentence for it (one sentence for both hold topics, said once). */
const WHAT_CHANGED = {
  "orders/updated": "orderUpdated",
  "orders/edited": "orderEdited",
  "orders/paid": "orderPaid",
  "orders/risk_assessment_changed": "riskAssessmentChanged",
  "refunds/create": "partRefunded",
  "fulfillment_orders/placed_on_hold": "putOnHold",
  "fulfillment_holds/added": "putOnHold",
  "fulfillment_orders/hold_released": "holdReleased",
  "fulfillment_holds/released": "holdReleased",
  "fulfillment_orders/scheduled_fulfillment_order_ready": "scheduledDateCame",
  "fulfillment_orders/rescheduled": "rescheduled",
  "fulfillment_orders/split": "fulfillmentOrderSplit",
  "fulfillment_orders/merged": "fulfillmentOrdersMerged",
  "fulfillment_orders/moved": "fulfillmentOrderMoved",
} as const satisfies Record<ChangeTopic, keyof typeof timeline>;
type WhatChanged = (typeof WHAT_CHANGED)[ChangeTopic];

/**
 * An order's changes in the order they came, each a sentence of its own in the admin's language
 * (each begins with a capital, so "; " would join them badly in English). Shopify sends
 * orders/updated with every change of an order (an edit, a payment, a refund): beside a change
 * named for itself, "updated" would say nothing more, so it is left out.
 */
function changesSaid(changes: Iterable<WhatChanged>): NestedSaid {
  const all = [...changes];
  const named = all.some((change) => change !== "orderUpdated") ? all.filter((change) => change !== "orderUpdated") : all;
  const [first, ...rest] = named.map((change) => timelineSaid(change));
  if (first === undefined) return timelineSaid("orderChangedInShopify");
  return rest.reduce((said, next) => timelineSaid("orderAlsoChanged", said, next), first);
}

const UNSENT = ["HELD", "READY", "FAILED"] as const;
const isUnsent = (shipment: Shipment) => (UNSENT as readonly string[]).includes(shipment.state);
const isOpen = (brief: FulfillmentOrderBrief) => brief.status !== "CLOSED" && brief.status !== "CANCELLED" && brief.status !== "INCOMPLETE";

function isChangeTopic(topic: string): topic is ChangeTopic {
  return (CHANGE_TOPICS as readonly string[]).includes(topic);
}

function isFulfillmentOrderTopic(topic: ChangeTopic): topic is (typeof FULFILLMENT_ORDER_CHANGE_TOPICS)[number] {
  return (FULFILLMENT_ORDER_CHANGE_TOPICS as readonly string[]).includes(topic);
}

/** The fulfillment orders a stored fulfillment-order event names; null when it cannot be read (erased, malformed). */
function fulfillmentOrdersNamedBy(
  receipt: WaitingReceipt,
  topic: (typeof FULFILLMENT_ORDER_CHANGE_TOPICS)[number],
): FulfillmentOrderGid[] | null {
  if (receipt.payload === null) return null;
  try {
    const parsed = TopicPayloads[topic].safeParse(JSON.parse(receipt.payload));
    if (!parsed.success) return null;
    const references: ChangeReferences = parsed.data;
    return references.fulfillmentOrderIds.flatMap((id) => {
      const gid = FulfillmentOrderGid.safeParse(id);
      return gid.success ? [gid.data] : [];
    });
  } catch {
    return null;
  }
}

interface ChangedOrders {
  /** Order id → what changed (the distinct words of its events). */
  orders: Map<string, Set<WhatChanged>>;
  /** Receipts that name nothing that can be found: set apart with the reason. */
  unreadable: string[];
  /** Fulfillment-order events: the fulfillment orders each names, by receipt. */
  named: Map<string, FulfillmentOrderGid[]>;
}

/**
 * The orders a round's events are about, among those the app has something to do for. Most order
 * events concern orders with nothing waiting: they cost one database read per round.
 */
async function changedOrders(
  ctx: JobContext,
  shop: string,
  shopify: () => Promise<ShopifyPort>,
  settings: () => Promise<PipelineSettings>,
  receipts: WaitingReceipt[],
): Promise<ChangedOrders> {
  const orders = new Map<string, Set<WhatChanged>>();
  const add = (orderId: string, change: WhatChanged) => orders.set(orderId, (orders.get(orderId) ?? new Set()).add(change));
  const unreadable: string[] = [];

  // Order events: only orders with a shipment that has not reached the provider need a look.
  const orderEvents = receipts.filter((receipt) => isChangeTopic(receipt.topic) && !isFulfillmentOrderTopic(receipt.topic));
  const orderIds = [...new Set(orderEvents.flatMap((receipt) => receipt.orderId ?? []))];
  const unsent = await ctx.db.shipment.findMany({
    where: { shop, orderId: { in: orderIds }, state: { in: ["HELD", "READY"] } },
    select: { orderId: true, state: true, lastErrorCode: true },
  });
  const waiting = new Set(unsent.map((row) => row.orderId));
  // A package waits for one thing at a time (plan-package.ts), its code kept while it is HELD.
  const waitingForPayment = new Set(
    unsent.filter((row) => row.state === "HELD" && row.lastErrorCode === "AWAITING_PAYMENT").map((row) => row.orderId),
  );
  for (const receipt of orderEvents) {
    if (receipt.orderId === null) unreadable.push(receipt.id);
    else if (waiting.has(receipt.orderId)) {
      const paid = isPaymentUpdate(receipt, waitingForPayment.has(receipt.orderId));
      add(receipt.orderId, paid ? "orderPaid" : WHAT_CHANGED[receipt.topic as ChangeTopic]);
    }
  }

  // Fulfillment-order events: every one at (or coming from) a provider location.
  const named = new Map<string, FulfillmentOrderGid[]>();
  for (const receipt of receipts) {
    if (!isChangeTopic(receipt.topic) || !isFulfillmentOrderTopic(receipt.topic)) continue;
    const ids = fulfillmentOrdersNamedBy(receipt, receipt.topic);
    if (ids === null || ids.length === 0) unreadable.push(receipt.id);
    else named.set(receipt.id, ids);
  }
  const allNamed = [...new Set([...named.values()].flat())];
  if (allNamed.length === 0) return { orders, unreadable, named };
  const known = new Map(
    (
      await ctx.db.shipment.findMany({
        where: { shop, fulfillmentOrderId: { in: allNamed } },
        select: { fulfillmentOrderId: true, orderId: true },
      })
    ).map((row) => [row.fulfillmentOrderId, row.orderId]),
  );
  const unknown = allNamed.filter((id) => !known.has(id));
  const places = unknown.length === 0 ? new Map() : await (await shopify()).fulfillmentOrderPlaces(unknown);
  const routeLocations = new Set((await settings()).connector.routes.map((route) => route.locationId as string));
  for (const receipt of receipts) {
    const ids = named.get(receipt.id);
    if (ids === undefined) continue;
    for (const id of ids) {
      const orderId = known.get(id) ?? places.get(id)?.orderId;
      const location = places.get(id)?.locationId;
      // A fulfillment order the app has no shipment for matters only at a provider location.
      if (orderId !== undefined && (known.has(id) || (location != null && routeLocations.has(location))))
        add(orderId, WHAT_CHANGED[receipt.topic as ChangeTopic]);
    }
  }
  return { orders, unreadable, named };
}

interface Reconciled {
  /** A fulfillment request at a warehouse location waits to be answered (plan.requests). */
  requestsToAnswer: boolean;
}

/**
 * Withdraws a shipment whose fulfillment order the app no longer ships: cancelled when nothing was
 * sent; when a send may have reached the provider, withdrawn, and the provider asked whether it
 * has it (app/flows/cancel/send-in-doubt.server.ts), while this goes on with the other orders.
 */
async function withdraw(ctx: JobContext, deps: PipelineDeps, shipment: Shipment, why: NestedSaid): Promise<void> {
  const nothingSent = timelineSaid("nothingSentToProvider", why);
  const cancelled = { type: "cancelled" as const, message: nothingSent.message, data: { say: nothingSent.say } };
  if (shipment.state === "FAILED") {
    await transition(ctx.db, shipment, "CANCELLED", cancelled);
    return;
  }
  const now = deps.now();
  await cancelUnsentShipment(ctx.db, shipment.id, cancelled, now, {
    because: why,
    whenWithdrawn: (tx) => queueSendInDoubtCheck(tx, shipment, why, now),
  });
}

/**
 * Brings one changed order's shipments in line with its fulfillment orders as Shopify has them now:
 * - a shipment not yet sent (HELD or READY) is planned again from its fulfillment order as it is
 *   now: released, rescheduled, edited, paid; withdrawn (CANCELLED, nothing sent; the provider
 *   asked first when a send may have reached it) when its fulfillment order closed, merged away or
 *   moved to a location the provider does not serve;
 * - a fulfillment order of the order at a provider location that has no shipment (split off,
 *   moved in, merged into) becomes one: planned here at a drop-ship location, answered through
 *   its fulfillment request at a warehouse location;
 * - a shipment the provider has already is left as it is (the provider cannot change a package),
 *   and what changed is said on it (changed-after-sending.server.ts).
 */
async function reconcileOrder(
  ctx: JobContext,
  deps: PipelineDeps,
  shopify: ShopifyPort,
  settings: PipelineSettings,
  shop: string,
  orderId: string,
  because: NestedSaid,
): Promise<Reconciled> {
  const shipments = await ctx.db.shipment.findMany({ where: { shop, orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const briefs = (await shopify.orderFulfillmentOrders(orderId)) ?? [];
  const byId = new Map(briefs.map((brief) => [brief.id as string, brief]));
  const routeKinds = new Map(settings.connector.routes.map((route) => [route.locationId as string, route.kind]));
  let requestsToAnswer = false;

  for (const shipment of shipments.filter(isUnsent)) {
    const brief = byId.get(shipment.fulfillmentOrderId);
    const location = brief?.assignedLocationId ?? null;
    if (brief === undefined || !isOpen(brief)) {
      await withdraw(ctx, deps, shipment, timelineSaid("notSentClosedInShopify", because, brief ? brief.status : ""));
      continue;
    }
    if (location === null || !routeKinds.has(location)) {
      await withdraw(ctx, deps, shipment, timelineSaid("notSentUnservedLocation", because));
      continue;
    }
    // A refused package waits for the merchant's fix and retry; planning it again here would
    // send it anew on any unrelated change.
    if (shipment.state === "FAILED") continue;
    const outcome = await planAgain(ctx.db, deps, shopify, settings, shipment, { byPerson: false, because });
    // Moved to another warehouse location, or its lines changed: Shopify asks again, and the
    // answer is the package as it is now.
    if (brief.requestStatus === "SUBMITTED" && (outcome.outcome === "ready" || outcome.outcome === "held")) {
      try {
        await shopify.acceptFulfillmentRequest(
          brief.id,
          outcome.outcome === "ready" ? "Accepted again after the change." : "Accepted; the package waits (see the app).",
        );
      } catch (error) {
        if (!(error instanceof ShopifyUserError)) throw error;
      }
    }
  }

  // Fulfillment orders at provider locations that have no shipment yet: split off, moved in, released.
  const recorded = new Set(shipments.map((shipment) => shipment.fulfillmentOrderId));
  const dropshipToPlan: FulfillmentOrderGid[] = [];
  for (const brief of briefs) {
    if (recorded.has(brief.id) || !isOpen(brief) || brief.assignedLocationId === null) continue;
    const kind = routeKinds.get(brief.assignedLocationId);
    if (kind === "DROPSHIP") dropshipToPlan.push(brief.id);
    else if (kind === "OUTBOUND" && brief.requestStatus === "SUBMITTED") requestsToAnswer = true;
  }
  if (dropshipToPlan.length > 0) {
    for (const facts of (await shopify.readFulfillmentOrders(dropshipToPlan, factsWantedFor(settings))).values()) {
      if (facts === null) continue;
      const { plan, shipment } = shipmentPlanOf(facts.fo, facts.order, settings);
      if (isDropshipPlan(plan) && shipment) {
        const planned = timelineSaid("plannedAfterChange", because, eventSaid(shipment.event));
        const event = { ...shipment.event, message: planned.message, data: { ...shipment.event.data, say: planned.say } };
        await recordPlannedShipment(ctx.db, shop, facts, { ...shipment, event }, deps.now());
      }
    }
  }
  return { requestsToAnswer };
}

/**
 * change.orders: the shop's waiting change events, a round at a time, order by order. A failure
 * of one event's own (Shopify refused what was asked about it) sets that event apart; any other
 * failure leaves the events waiting for the next run.
 */
export async function reconcileChangedOrders(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  let shopify: ShopifyPort | undefined;
  let settings: PipelineSettings | undefined;
  const shopifyOnce = async () => (shopify ??= await deps.shopify(shop));
  const settingsOnce = async () => (settings ??= await deps.settings(shop, await shopifyOnce()));
  const batches = { kind: "change.orders", topics: CHANGE_TOPICS, perRound: CHANGES_PER_ROUND } as const;
  await workThroughWaitingReceipts(ctx, deps, shop, batches, async (receipts) => {
    const { orders, unreadable, named } = await changedOrders(ctx, shop, shopifyOnce, settingsOnce, receipts);
    await noteChangesAfterSending(ctx, shop, shopifyOnce, receipts, named, deps.now());
    let requestsToAnswer = false;
    for (const [orderId, changes] of orders) {
      const reconciled = await reconcileOrder(ctx, deps, await shopifyOnce(), await settingsOnce(), shop, orderId, changesSaid(changes));
      requestsToAnswer ||= reconciled.requestsToAnswer;
    }
    return async (tx) => {
      await markReceiptsRejected(
        tx,
        unreadable,
        "The stored event names no order or fulfillment order that can be read (erased or malformed): nothing was changed",
        deps.now(),
      );
      if (requestsToAnswer)
        await enqueueCoalesced(
          tx,
          { kind: "plan.requests", payload: {}, shop, triggerId: `changed-${ctx.jobId}-${deps.now().getTime()}` },
          deps.now(),
        );
    };
  });
}
