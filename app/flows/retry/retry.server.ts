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

export type RetryOutcome =
  /** Planned again and READY: it is being sent. */
  | { outcome: "ready"; shipment: Shipment }
  /** Still cannot go: the reasons say why. */
  | { outcome: "held"; shipment: Shipment; reasons: StoredHoldReason[] }
  /** The fulfillment order is closed or cancelled in Shopify: nothing to ship any more. */
  | { outcome: "cancelled"; shipment: Shipment }
  /** Nothing was changed; `message` says why. */
  | { outcome: "refused"; message: string };

interface Replanning {
  /** A person asked: released from hold-for-review, unpaid and high-risk waits too. */
  byPerson: boolean;
  /** What changed, for the timeline, when no person asked ("The order was edited in Shopify"). */
  because?: string;
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

const ALREADY_SENT = "It reached the provider meanwhile; it is no longer changed from here.";
const WITHDRAWN =
  "A cancellation or change in Shopify withdrew it while a send may have reached the provider: the app is asking the provider whether it has it, and plans nothing more.";

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
  if (shipment.sendWithdrawnAt !== null) return { outcome: "refused", message: WITHDRAWN };
  const facts = id.success ? await shopify.readFulfillmentOrder(id.data, factsWantedFor(settings)) : null;
  if (facts === null) return { outcome: "refused", message: "Shopify no longer has this fulfillment order." };
  const { plan, shipment: planned } = shipmentPlanOf(facts.fo, facts.order, byPerson ? asAskedByPerson(settings) : settings);
  const who = byPerson ? "Retried by the merchant" : (because ?? "The order changed in Shopify");

  if (planned === undefined) {
    if (plan.kind === "SKIP" && (plan.code === "CLOSED" || (!byPerson && plan.code === "NOT_ROUTED"))) {
      const message = `${who}: ${plan.reason} Nothing was sent.`;
      if (shipment.state === "FAILED")
        return { outcome: "cancelled", shipment: await transition(db, shipment, "CANCELLED", { type: "cancelled", message }) };
      const now = deps.now();
      const outcome = await cancelUnsentShipment(db, shipment.id, { type: "cancelled", message }, now, {
        because: `${who}: ${plan.reason}`,
        whenWithdrawn: (tx) => queueSendInDoubtCheck(tx, shipment, `${who}: ${plan.reason}`, now),
      });
      if (outcome === "withdrawn") return { outcome: "refused", message: WITHDRAWN };
      if (outcome === "already-sent") return { outcome: "refused", message: ALREADY_SENT };
      return { outcome: "cancelled", shipment: await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } }) };
    }
    return { outcome: "refused", message: plan.kind === "SKIP" ? plan.reason : "The fulfillment order cannot be planned." };
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
    const event = {
      type: "held" as const,
      message: `${who}; ${shipment.state === "HELD" ? "still held" : "held"}. ${planned.event.message}`,
      data: planned.event.data,
    };
    if (planned.waitUntil) await queueWaitingShipments(db, shipment.shop, planned.waitUntil);
    if (shipment.state === "HELD") {
      await db.shipment.updateMany({ where: { id: shipment.id, state: "HELD" }, data: changes });
      await recordShipmentEvent(db, shipment.id, event);
      return { outcome: "held", shipment: await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } }), reasons };
    }
    if (shipment.state === "READY") {
      const revised = await reviseUnsentShipment(db, shipment.id, "HELD", changes, event, deps.now());
      if (revised.outcome === "being-sent") throw beingSent(deps, shipment);
      if (revised.outcome === "already-sent") return { outcome: "refused", message: ALREADY_SENT };
      if (revised.outcome === "withdrawn") return { outcome: "refused", message: WITHDRAWN };
      return { outcome: "held", shipment: revised.shipment, reasons };
    }
    return { outcome: "held", shipment: await transition(db, shipment, "HELD", event, changes), reasons };
  }

  // The PackageId stays the one the provider knows, even if the order was renamed since.
  const request = planned.request === null ? null : withPackageId(planned.request, PackageId.parse(shipment.packageId));
  const event = {
    type: "retry_requested" as const,
    message: `${who}: ${planned.summary}${resendAsNew ? " The provider is asked to create it anew (IsCreateNewOrder)." : ""}`,
    data: { ...planned.event.data, isCreateNewOrder: resendAsNew },
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
    if (revised.outcome === "already-sent") return { outcome: "refused", message: ALREADY_SENT };
    if (revised.outcome === "withdrawn") return { outcome: "refused", message: WITHDRAWN };
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
  if (shipment === null) return { outcome: "refused", message: "No such shipment in this shop." };
  if (shipment.state === "CREATED" && shipment.lastErrorCode === WRITE_BACK_REFUSED) {
    await db.$transaction(async (tx) => {
      await tx.shipment.update({ where: { id: shipment.id }, data: { lastErrorCode: null, lastErrorText: null, lastErrorSay: null } });
      await recordShipmentEvent(tx, shipment.id, {
        type: "retry_requested",
        message: "Retried by the merchant: the fulfilment is written to Shopify again.",
      });
      await queueWriteBack(tx, shop, deps.now());
    });
    return { outcome: "ready", shipment: await db.shipment.findUniqueOrThrow({ where: { id: shipment.id } }) };
  }
  if (shipment.state === "FAILED" && shipment.lastErrorCode === HANDED_BACK) {
    return {
      outcome: "refused",
      message:
        "Handed back to Shopify: the fulfillment order is closed there. Request fulfilment again from the order in Shopify; the app plans it when the request arrives.",
    };
  }
  if (!RETRYABLE.includes(shipment.state)) {
    return { outcome: "refused", message: `A ${shipment.state.toLowerCase()} shipment cannot be retried; only held and failed ones can.` };
  }
  const shopify = await deps.shopify(shop);
  const settings = await deps.settings(shop, shopify);
  return planAgain(db, deps, shopify, settings, shipment, { byPerson: true, sentByCaller });
}
