/**
 * What each usable delivery sets going, inside the intake's transaction: a job for everything that
 * takes Shopify's API or time, database work done at once for app/* topics.
 */
import type { Prisma } from "@prisma/client";
import { enqueue, type Enqueued } from "~/jobs/enqueue.server";
import { recordComplianceRequest } from "~/models/compliance-request.server";
import { updateOfflineSessionScopes } from "~/models/session.server";
import { enqueueCoalesced } from "./coalesce.server";
import type { ParsedDelivery } from "./payloads";
import { uninstallShop } from "./uninstall.server";

type Topic = ParsedDelivery["topic"];
const DONE_AT_ONCE = ["app/uninstalled", "app/scopes_update"] as const satisfies readonly Topic[];
type DoneAtOnce = (typeof DONE_AT_ONCE)[number];

export type ImmediateDelivery = Extract<ParsedDelivery, { topic: DoneAtOnce }>;
export type QueuedDelivery = Exclude<ParsedDelivery, { topic: DoneAtOnce }>;

/** app/* topics: database work only, done in the transaction that records them. */
export function isDoneAtOnce(delivery: ParsedDelivery): delivery is ImmediateDelivery {
  return DONE_AT_ONCE.some((topic) => topic === delivery.topic);
}

/** Order and fulfillment-order work needs the shop's token, which uninstalling revokes. */
export function needsTheShopInstalled(topic: Topic): boolean {
  return topic.startsWith("orders/") || topic.startsWith("fulfillment_orders/");
}

export async function doAtOnce(tx: Prisma.TransactionClient, shop: string, delivery: ImmediateDelivery, now: Date): Promise<void> {
  switch (delivery.topic) {
    case "app/uninstalled":
      await uninstallShop(tx, shop, now);
      return;
    case "app/scopes_update":
      await updateOfflineSessionScopes(tx, shop, delivery.facts.scopes);
      return;
  }
}

export interface Received {
  shop: string;
  receiptId: string;
  eventId: string;
  now: Date;
}

export async function queueWork(tx: Prisma.TransactionClient, { shop, receiptId, eventId, now }: Received, delivery: QueuedDelivery): Promise<Enqueued> {
  // One job per event: its key is the event's, so the same event can never be queued twice.
  const perEvent = (kind: string) => `${kind}:${shop}:${eventId}`;
  switch (delivery.topic) {
    case "orders/create":
      return enqueue(tx, { kind: "orders.created", shop, dedupeKey: perEvent("orders.created"), payload: { receiptId, orderId: delivery.facts.orderId } });
    case "orders/updated":
      return enqueue(tx, { kind: "orders.updated", shop, dedupeKey: perEvent("orders.updated"), payload: { receiptId, orderId: delivery.facts.orderId } });
    case "orders/cancelled":
      return enqueue(tx, { kind: "orders.cancelled", shop, dedupeKey: perEvent("orders.cancelled"), payload: { receiptId, orderId: delivery.facts.orderId } });
    case "fulfillment_orders/order_routing_complete": {
      const payload = { receiptId, fulfillmentOrderId: delivery.facts.fulfillmentOrderId };
      return enqueue(tx, { kind: "fulfillment-orders.routed", shop, dedupeKey: perEvent("fulfillment-orders.routed"), payload });
    }
    case "fulfillment_orders/cancelled": {
      const payload = { receiptId, fulfillmentOrderId: delivery.facts.fulfillmentOrderId };
      return enqueue(tx, { kind: "fulfillment-orders.cancelled", shop, dedupeKey: perEvent("fulfillment-orders.cancelled"), payload });
    }
    // The same requests reach the fulfillment-service callback: both wake the one per-shop job.
    case "fulfillment_orders/fulfillment_request_submitted":
      return enqueueCoalesced(tx, { kind: "fulfillment-requests.fetch", payload: {}, shop, triggerId: eventId }, now);
    case "fulfillment_orders/cancellation_request_submitted":
      return enqueueCoalesced(tx, { kind: "cancellation-requests.fetch", payload: {}, shop, triggerId: eventId }, now);
    case "customers/data_request": {
      const { customerId, orderIds, shopifyRequestId } = delivery.facts;
      const complianceRequestId = await recordComplianceRequest(tx, { shop, kind: "CUSTOMER_DATA_REQUEST", customerId, orderIds, shopifyRequestId, receiptId, receivedAt: now });
      const kind = "compliance.customer-data-request";
      return enqueue(tx, { kind, shop, dedupeKey: `${kind}:${complianceRequestId}`, payload: { complianceRequestId } });
    }
    case "customers/redact": {
      const { customerId, orderIds } = delivery.facts;
      const complianceRequestId = await recordComplianceRequest(tx, { shop, kind: "CUSTOMER_REDACT", customerId, orderIds, receiptId, receivedAt: now });
      const kind = "compliance.customer-redact";
      return enqueue(tx, { kind, shop, dedupeKey: `${kind}:${complianceRequestId}`, payload: { complianceRequestId } });
    }
    case "shop/redact":
      return enqueue(tx, { kind: "compliance.shop-redact", shop, dedupeKey: perEvent("compliance.shop-redact"), payload: { receiptId } });
  }
}
