/**
 * What each usable delivery sets going, inside the intake's transaction: order and
 * fulfillment-order events (hundreds a minute in a sale) name at most one job (jobFor), app/* topics
 * and shop/update are database work or a confirmation (doAtOnce), compliance requests are recorded and queued
 * (queueComplianceWork). The whole map: docs/architecture.md.
 */
import type { Prisma } from "@prisma/client";
import type { Enqueued } from "~/jobs/enqueue.server";
import type { JobKind } from "~/flows/queue/job-kinds";
import { recordComplianceRequest } from "~/stores/compliance/compliance-request.server";
import { enqueue, enqueueCoalesced, type AppCoalescedWork, type AppEnqueueRequest } from "~/flows/queue/jobs.server";
import type { ParsedDelivery } from "~/shopify/webhooks/payloads";
import { APP_TOPICS, COMPLIANCE_TOPICS, SHOP_TOPICS } from "~/shopify/webhooks/topics";
import { takeShopUpdate } from "./shop-update.server";

/** The app's own topics and the shop's settings: rare, and their work is done through the models. */
const APP_AND_SHOP_TOPICS = [...APP_TOPICS, ...SHOP_TOPICS] as const;
type AppTopic = (typeof APP_AND_SHOP_TOPICS)[number];
type ComplianceTopic = (typeof COMPLIANCE_TOPICS)[number];

export type AppDelivery = Extract<ParsedDelivery, { topic: AppTopic }>;
export type ComplianceDelivery = Extract<ParsedDelivery, { topic: ComplianceTopic }>;
/** Order and fulfillment-order topics: they need the shop's token, which uninstalling revokes. */
export type ShopEventDelivery = Exclude<ParsedDelivery, { topic: AppTopic | ComplianceTopic }>;

export function isAppDelivery(delivery: ParsedDelivery): delivery is AppDelivery {
  return APP_AND_SHOP_TOPICS.some((topic) => topic === delivery.topic);
}

export function isComplianceDelivery(delivery: ParsedDelivery): delivery is ComplianceDelivery {
  return COMPLIANCE_TOPICS.some((topic) => topic === delivery.topic);
}

export function isShopEventDelivery(delivery: ParsedDelivery): delivery is ShopEventDelivery {
  return !isAppDelivery(delivery) && !isComplianceDelivery(delivery);
}

/**
 * app/uninstalled and app/scopes_update are recorded ENQUEUED for a job that asks Shopify. Their
 * bodies are signed, their shop header is not: a replayed uninstall must not stop a shop that is
 * still installed (uninstall.server.ts), nor a replayed scopes update set another shop's scopes
 * (scopes-update.server.ts).
 */
export function isRecordedForConfirmation(delivery: AppDelivery): boolean {
  return delivery.topic === "app/uninstalled" || delivery.topic === "app/scopes_update";
}

/** What an app/* or shop/update delivery does in the intake's transaction; the job it woke, if any. */
export async function doAtOnce(
  tx: Prisma.TransactionClient,
  { shop, receiptId, triggeredAt, now }: Omit<Received, "eventId"> & { triggeredAt: Date | null },
  delivery: AppDelivery,
): Promise<Enqueued | null> {
  switch (delivery.topic) {
    case "app/uninstalled":
      // One waiting confirmation per shop answers every delivery recorded before it runs.
      return enqueueCoalesced(tx, { kind: "receive-webhooks.uninstall-confirm", payload: {}, shop, triggerId: "uninstalled" }, now);
    case "app/scopes_update":
      return enqueueCoalesced(tx, { kind: "receive-webhooks.scopes-refresh", payload: {}, shop, triggerId: "scopes" }, now);
    // Its body names the shop (checked against the header) and says how new it is: taken at once.
    case "shop/update":
      await takeShopUpdate(tx, { shop, receiptId, triggeredAt, now }, delivery.facts);
      return null;
  }
}

export interface Received {
  shop: string;
  receiptId: string;
  eventId: string;
  now: Date;
}

/** orders/create: recorded (PROCESSED at once), nothing set going. */
export function isRecordOnly(delivery: ShopEventDelivery): boolean {
  return delivery.topic === "orders/create";
}

/** The job an event sets going: one of its own, or a wake-up of the shop's job; none for orders/create. */
export type JobToQueue = { once: AppEnqueueRequest } | { coalesced: AppCoalescedWork } | null;

/**
 * The one job an order or fulfillment-order event names, which record-at-once.server.ts writes with
 * the receipt in one synchronous transaction:
 * - orders/create sets nothing going: the fulfillment orders arrive with their routing or their
 *   fulfillment request. The receipt is kept for support and for redaction.
 * - routing complete and order updated: the ENQUEUED receipts are the queue, and they wake one job
 *   per shop that works through them in batches (a few Shopify reads for dozens of events).
 * - requests submitted: the shop's one fetch job, which reads every open request.
 * - cancellations: one job per event; an approved return, one job per return.
 */
export function jobFor({ shop, receiptId, eventId }: Omit<Received, "now">, delivery: ShopEventDelivery): JobToQueue {
  // One job per event: its key is the event's, so the same event can never be queued twice.
  const perEvent = (kind: string) => `${kind}:${shop}:${eventId}`;
  const wake = (kind: JobKind) => ({ coalesced: { kind, payload: {}, shop, triggerId: eventId } });
  switch (delivery.topic) {
    case "orders/create":
      return null;
    // Orders that change: worked through in batches, order by order (flows/change/reconcile.server.ts).
    case "orders/updated":
    case "orders/edited":
    case "orders/paid":
    case "orders/risk_assessment_changed":
    case "refunds/create":
    case "fulfillment_orders/placed_on_hold":
    case "fulfillment_orders/hold_released":
    case "fulfillment_holds/added":
    case "fulfillment_holds/released":
    case "fulfillment_orders/scheduled_fulfillment_order_ready":
    case "fulfillment_orders/rescheduled":
    case "fulfillment_orders/split":
    case "fulfillment_orders/merged":
    case "fulfillment_orders/moved":
      return wake("change.orders");
    case "fulfillment_orders/order_routing_complete":
      return wake("plan.routed");
    // The same requests reach the fulfillment-service callback: both wake the one per-shop job.
    case "fulfillment_orders/fulfillment_request_submitted":
      return wake("plan.requests");
    case "fulfillment_orders/cancellation_request_submitted":
      return wake("cancel.requests");
    case "orders/cancelled": {
      const payload = { receiptId, orderId: delivery.facts.orderId };
      return { once: { kind: "cancel.order", shop, dedupeKey: perEvent("cancel.order"), payload } };
    }
    case "fulfillment_orders/cancelled": {
      const payload = { receiptId, fulfillmentOrderId: delivery.facts.fulfillmentOrderId };
      return { once: { kind: "cancel.fulfillment-order", shop, dedupeKey: perEvent("cancel.fulfillment-order"), payload } };
    }
    // One job per return (not per event): a second approval event finds the same work done.
    case "returns/approve": {
      const payload = { receiptId, returnId: delivery.facts.returnId };
      return { once: { kind: "returns.open", shop, dedupeKey: `returns.open:${shop}:${delivery.facts.returnId}`, payload } };
    }
  }
}

/** Compliance requests: recorded for the merchant, and their job queued. */
export async function queueComplianceWork(
  tx: Prisma.TransactionClient,
  { shop, receiptId, eventId, now }: Received,
  delivery: ComplianceDelivery,
): Promise<Enqueued> {
  switch (delivery.topic) {
    case "customers/data_request": {
      const { customerId, orderIds, shopifyRequestId } = delivery.facts;
      const complianceRequestId = await recordComplianceRequest(tx, {
        shop,
        kind: "CUSTOMER_DATA_REQUEST",
        customerId,
        orderIds,
        shopifyRequestId,
        receiptId,
        receivedAt: now,
      });
      const kind = "compliance.customer-data-request";
      return enqueue(tx, { kind, shop, dedupeKey: `${kind}:${complianceRequestId}`, payload: { complianceRequestId } });
    }
    case "customers/redact": {
      const { customerId, orderIds } = delivery.facts;
      const complianceRequestId = await recordComplianceRequest(tx, {
        shop,
        kind: "CUSTOMER_REDACT",
        customerId,
        orderIds,
        receiptId,
        receivedAt: now,
      });
      const kind = "compliance.customer-redact";
      return enqueue(tx, { kind, shop, dedupeKey: `${kind}:${complianceRequestId}`, payload: { complianceRequestId } });
    }
    case "shop/redact": {
      const kind = "compliance.shop-redact";
      return enqueue(tx, { kind, shop, dedupeKey: `${kind}:${shop}:${eventId}`, payload: { receiptId } });
    }
  }
}
