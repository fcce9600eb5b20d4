/**
 * Fix and retry: a HELD or FAILED shipment is planned again from the fulfillment order as Shopify
 * has it now (the merchant corrected the address, mapped the SKU, chose another service) and, if
 * it passes, made READY and pushed. A package the provider had refused to create (FAILED) is sent
 * with IsCreateNewOrder, so the provider creates it again with the corrected data instead of
 * answering "not changed". An order that changes in Shopify is planned again the same way
 * (app/flows/change).
 */
import type { Shipment, ShipmentState } from "@prisma/client";
import { encodePackageRequest, FulfillmentOrderGid, PackageId, withPackageId } from "~/connector";
import type { Database, DatabaseOrTransaction } from "~/stores/database/database.server";
import { cancelUnsentShipment, reviseUnsentShipment } from "~/stores/shipments/unsent-changes.server";
import { heldChanges, type StoredHoldReason } from "~/stores/shipments/shipment-columns";
import { recordShipmentEvent, transition } from "~/stores/shipments/shipment.server";
import { RetryLater } from "~/jobs/handler";
import type { PipelineDeps } from "../ports/deps";
import { asAskedByPerson, factsWantedFor, shipmentPlanOf } from "../plan/shipment-plan";
import { HANDED_BACK, HELD_BY_CHECKS, WRITE_BACK_REFUSED } from "~/stores/shipments/shipment-states";
import type { PipelineSettings, ShopifyPort } from "../ports/ports";
import { queuePush, queueSendInDoubtCheck, queueWaitingShipments, queueWriteBack } from "../queue/stages.server";
import { NestedSay, type NestedSaid } from "~/lib/words/reason-said";
import { timelineSaid } from "~/lib/words/timeline-said";
import type { ShipmentEventInput } from "~/stores/shipments/shipment.server";

export type RetryOutcome =
  /** Planned again and READY: it is being sent. */
  | { outcome: "ready"; shipment: Shipment }
  /** Still cannot go: the reasons say why. */
  | { outcome: "held"; shipment: Shipment; reasons: StoredHoldReason[] }
  /** The fulfillment order is closed or cancelled in Shopify: nothing to ship any more. */
  | { outcome: "cancelled"; shipment: Shipment }
  /** Nothing was changed; `message` says why, `say` says it again in the merchant's language. */
  | ({ outcome: "refused" } & NestedSaid);

interface Replanning {
  /** A person asked: released from hold-for-review, unpaid and high-risk waits too. */
  byPerson: boolean;
  /** What changed, for the timeline, when no person asked ("The order was edited in Shopify"). */
  because?: NestedSaid;
  /** The caller sends the package itself right away (app/flows/push/send-one.server.ts): no push is queued for it. */
  sentByCaller?: boolean;
}

/** A READY package a push is sending right now: looked at again once that push is done. */
function beingSent(deps: PipelineDeps, shipment: Shipment): RetryLater {
  return new RetryLater(
    new Date(deps.now().getTime() + deps.policy.cancellationWaitMs),
    `Package ${shipment.packageId} is being sent right now`,
  );
}

const refused = (why: NestedSaid): RetryOutcome => ({ outcome: "refused", ...why });
const ALREADY_SENT = refused(timelineSaid("reachedProviderMeanwhile"));
const WITHDRAWN = refused(timelineSaid("withdrawnWhileSending"));

/** The plan's event as a sentence to say inside a frame: its own when it keeps one, else its English as written. */
export function eventSaid(event: ShipmentEventInput): NestedSaid | string {
  const say = NestedSay.safeParse(event.data?.say);
  return say.success ? { message: event.message, say: say.data } : event.message;
}

/**
 * Plans a shipment that has not reached the provider (HELD, READY or FAILED) again from its
 * fulfillment order as Shopify has it now. A READY one a push is sending right now throws
 * RetryLater: the caller looks again once the push is done.
 */
export async function planAgain(
  db: DatabaseOrTransaction,
  deps: PipelineDeps,
  shopify: ShopifyPort,
  settings: PipelineSettings,
  shipment: Shipment,
  { byPerson, because, sentByCaller = false }: Replanning,
): Promise<RetryOutcome> {
  const id = FulfillmentOrderGid.safeParse(shipment.fulfillmentOrderId);
  if (shipment.sendWithdrawnAt !== null) return WITHDRAWN;
  const facts = id.success ? await shopify.readFulfillmentOrder(id.data, factsWantedFor(settings)) : null;
  if (facts === null) return refused(timelineSaid("fulfillmentOrderGone"));
  const { plan, shipment: planned } = shipmentPlanOf(facts.fo, facts.order, byPerson ? asAskedByPerson(settings) : settings);
  const who = byPerson ? timelineSaid("retriedByMerchant") : (because ?? timelineSaid("orderChangedInShopify"));

  if (planned === undefined) {
    if (plan.kind === "SKIP" && (plan.code === "CLOSED" || (!byPerson && plan.code === "NOT_ROUTED"))) {
      const nothingSent = timelineSaid("replannedNothingSent", who, { message: plan.reason, say: plan.say });
      const cancelled = { type: "cancelled" as const, message: nothingSent.message, data: { say: nothingSent.say } };
      if (shipment.state === "FAILED") return { outcome: "cancelled", shipment: await transition(db, shipment, "CANCELLED", cancelled) };
      const now = deps.now();
      const because = timelineSaid("becauseOf", who, { message: plan.reason, say: plan.say });
      const outcome = await cancelUnsentShipment(db, shipment.id, cancelled, now, {
        because,
        whenWithdrawn: (tx) => queueSendInDoubtCheck(tx, shipment, because, now),
      });
      if (outcome === "withdrawn") return WITHDRAWN;
      if (outcome === "already-sent") return ALREADY_SENT;
      return { outcome: "cancelled", shipment: await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } }) };
    }
    return refused(plan.kind === "SKIP" ? { message: plan.reason, say: plan.say } : timelineSaid("cannotBePlanned"));
  }

  const resendAsNew = shipment.resendAsNew || shipment.state === "FAILED";
  if (planned.state === "HELD") {
    const reasons = planned.hold?.reasons ?? [];
    const changes = {
      ...heldChanges(planned.hold?.code ?? HELD_BY_CHECKS, reasons),
      resendAsNew,
      waitUntil: planned.waitUntil ?? null,
      // What it would carry is kept up to date while it waits (an edit, a split).
      lineItems: JSON.stringify(planned.lineItems),
      searchText: planned.searchText,
      recipientSearchText: planned.recipientSearchText,
      requestSent: null,
    };
    const held = timelineSaid(shipment.state === "HELD" ? "replannedStillHeld" : "replannedHeld", who, eventSaid(planned.event));
    const event = { type: "held" as const, message: held.message, data: { ...planned.event.data, say: held.say } };
    if (planned.waitUntil) await queueWaitingShipments(db, shipment.shop, planned.waitUntil);
    if (shipment.state === "HELD") {
      await db.shipment.updateMany({ where: { id: shipment.id, state: "HELD" }, data: changes });
      await recordShipmentEvent(db, shipment.id, event);
      return { outcome: "held", shipment: await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } }), reasons };
    }
    if (shipment.state === "READY") {
      const revised = await reviseUnsentShipment(db, shipment.id, "HELD", changes, event, deps.now());
      if (revised.outcome === "being-sent") throw beingSent(deps, shipment);
      if (revised.outcome === "already-sent") return ALREADY_SENT;
      if (revised.outcome === "withdrawn") return WITHDRAWN;
      return { outcome: "held", shipment: revised.shipment, reasons };
    }
    return { outcome: "held", shipment: await transition(db, shipment, "HELD", event, changes), reasons };
  }

  // The PackageId stays the one the provider knows, even if the order was renamed since.
  const request = planned.request === null ? null : withPackageId(planned.request, PackageId.parse(shipment.packageId));
  const requested = timelineSaid(resendAsNew ? "replannedReadyAnew" : "replannedReady", who, eventSaid(planned.event));
  const event = {
    type: "retry_requested" as const,
    message: requested.message,
    data: { ...planned.event.data, isCreateNewOrder: resendAsNew, say: requested.say },
  };
  const changes = {
    kind: planned.kind,
    warehouseCode: planned.origin,
    serviceCode: planned.serviceCode,
    requestSent: request === null ? null : encodePackageRequest(request),
    lineItems: JSON.stringify(planned.lineItems),
    searchText: planned.searchText,
    recipientSearchText: planned.recipientSearchText,
    resendAsNew,
    holdReasons: null,
    lastErrorCode: null,
    lastErrorText: null,
    lastErrorSay: null,
    waitUntil: null,
  };
  let ready: Shipment;
  if (shipment.state === "READY") {
    const revised = await reviseUnsentShipment(db, shipment.id, "READY", changes, { ...event, type: "replanned" }, deps.now());
    if (revised.outcome === "being-sent") throw beingSent(deps, shipment);
    if (revised.outcome === "already-sent") return ALREADY_SENT;
    if (revised.outcome === "withdrawn") return WITHDRAWN;
    ready = revised.shipment;
  } else {
    ready = await transition(db, shipment, "READY", event, changes);
  }
  if (ready.warehouseCode !== null && !sentByCaller)
    await queuePush(db, { shop: ready.shop, kind: ready.kind, origin: ready.warehouseCode }, deps.now());
  return { outcome: "ready", shipment: ready };
}

const RETRYABLE: readonly ShipmentState[] = ["HELD", "FAILED"];

/**
 * The admin's fix-and-retry button. HELD or FAILED: planned again from Shopify's current facts.
 * CREATED that Shopify refused to fulfil: written again.
 */
export async function retryShipment(
  db: Database,
  deps: PipelineDeps,
  shop: string,
  shipmentId: string,
  { sentByCaller = false }: Pick<Replanning, "sentByCaller"> = {},
): Promise<RetryOutcome> {
  const shipment = await db.shipment.findFirst({ where: { id: shipmentId, shop } });
  if (shipment === null) return refused(timelineSaid("noSuchShipment"));
  if (shipment.state === "CREATED" && shipment.lastErrorCode === WRITE_BACK_REFUSED) {
    await db.$transaction(async (tx) => {
      await tx.shipment.update({ where: { id: shipment.id }, data: { lastErrorCode: null, lastErrorText: null, lastErrorSay: null } });
      const again = timelineSaid("writtenToShopifyAgain");
      await recordShipmentEvent(tx, shipment.id, { type: "retry_requested", message: again.message, data: { say: again.say } });
      await queueWriteBack(tx, shop, deps.now());
    });
    return { outcome: "ready", shipment: await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } }) };
  }
  if (shipment.state === "FAILED" && shipment.lastErrorCode === HANDED_BACK) {
    return refused(timelineSaid("handedBackRequestAgain"));
  }
  if (!RETRYABLE.includes(shipment.state)) {
    return refused(timelineSaid("cannotRetryState", shipment.state));
  }
  const shopify = await deps.shopify(shop);
  const settings = await deps.settings(shop, shopify);
  return planAgain(db, deps, shopify, settings, shipment, { byPerson: true, sentByCaller });
}
