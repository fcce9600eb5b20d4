/**
 * Cancellation (DESIGN.md flow 1 and orders/cancelled): a package no send ever reached for (HELD or
 * READY), or one the provider could not create (FAILED), is CANCELLED and nothing is sent; the
 * cancellation request is accepted. Once the provider has it (SUBMITTED or later), the request is
 * rejected with a message saying it is already at the warehouse, which the merchant sees in
 * Shopify and in the shipment's timeline. A package a send may have reached (its answer lost, or
 * under way) is withdrawn, so nothing more is sent, and the provider is asked whether it has it;
 * the request is answered by that (send-in-doubt.server.ts, decision 0040).
 */
import type { Shipment } from "@prisma/client";
import type { FulfillmentOrderGid } from "~/connector";
import type { JobContext } from "~/jobs/handler";
import { cancelUnsentShipment, type UnsentCancellation } from "~/stores/shipments/unsent-changes.server";
import { findShipmentOfFulfillmentOrder } from "~/stores/shipments/new-shipments.server";
import { recordShipmentEvent } from "~/stores/shipments/shipment.server";
import { markAnnouncementsProcessed } from "~/stores/receipts/webhook-receipt.server";
import { ShopifyUserError } from "~/shopify/errors";
import type { PipelineDeps } from "../ports/deps";
import type { FulfillmentOrderBrief, ShopifyPort } from "../ports/ports";
import { queueSendInDoubtCheck } from "../queue/stages.server";
import type { NestedSaid } from "~/lib/words/reason-said";
import { timelineSaid } from "~/lib/words/timeline-said";

/**
 * The message accepting the cancellation of `before` (as read first), now `after`: a FAILED package
 * reached the provider, which could not create it; one whose send was in doubt the provider said it
 * does not have (send-in-doubt.server.ts).
 */
function acceptedFor(before: Shipment | null, after: Shipment | null): NestedSaid {
  if (before?.state === "FAILED") return timelineSaid("cancelledNotCreated");
  if (after?.state === "CANCELLED" && after.sendInDoubtAt !== null) return timelineSaid("cancelledNeverReceived", after.packageId);
  return timelineSaid("cancelledNothingSent");
}

/** Shopify's refusal of a cancellation (in English, as Shopify shows it) and the timeline's sentence of it. */
export function alreadyAtWarehouse(shipment: Shipment): NestedSaid {
  const since = shipment.submittedAt ? shipment.submittedAt.toISOString().slice(0, 10) : "";
  return timelineSaid("alreadyAtWarehouse", shipment.packageId, since, shipment.state);
}

/**
 * Cancels the shipment if no send ever reached for it; one a send may have reached is withdrawn
 * ("withdrawn") and its question to the provider queued, whose answer settles it and Shopify's request.
 */
function cancelUnsent(ctx: JobContext, deps: PipelineDeps, shipment: Shipment, why: NestedSaid): Promise<UnsentCancellation> {
  const now = deps.now();
  const cancelled = timelineSaid("thenSaid", why, acceptedFor(shipment, null));
  return cancelUnsentShipment(ctx.db, shipment.id, { type: "cancelled", message: cancelled.message, data: { say: cancelled.say } }, now, {
    because: why,
    whenWithdrawn: (tx) => queueSendInDoubtCheck(tx, shipment, why, now),
  });
}

/** False when the request was answered meanwhile (a concurrent run, or the merchant withdrew it). */
async function answered(work: () => Promise<void>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    if (!(error instanceof ShopifyUserError)) throw error;
    return false;
  }
}

/**
 * Answers one cancellation request of a fulfillment order at the app's warehouse location. A
 * withdrawn package's request waits for the provider's answer (send-in-doubt.server.ts answers it).
 */
export async function answerCancellation(
  ctx: JobContext,
  deps: PipelineDeps,
  shopify: ShopifyPort,
  shop: string,
  id: FulfillmentOrderGid,
): Promise<void> {
  const shipment = await findShipmentOfFulfillmentOrder(ctx.db, shop, id);
  const outcome = shipment ? await cancelUnsent(ctx, deps, shipment, timelineSaid("merchantAskedToCancel")) : "cancelled";
  if (outcome === "withdrawn") return;
  // As it is now: the push, or the provider's answer to a send in doubt, may have moved it since it was read.
  const now = shipment && (await ctx.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } }));
  if (outcome !== "already-sent") {
    await answered(() => shopify.acceptCancellationRequest(id, acceptedFor(shipment, now).message));
    return;
  }
  if (now === null) return;
  const already = alreadyAtWarehouse(now);
  // Said in the timeline by the run whose answer Shopify took, once.
  if (!(await answered(() => shopify.rejectCancellationRequest(id, already.message)))) return;
  const refused = timelineSaid("cancellationRefusedInShopify", already);
  await recordShipmentEvent(ctx.db, now.id, {
    type: "cancellation_answered",
    message: refused.message,
    data: { operation: "fulfillmentOrderRejectCancellationRequest", state: now.state, say: refused.say },
  });
}

/** cancel.requests: answer every cancellation request assigned to the app's locations. */
export async function answerCancellationRequests(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  const startedAt = deps.now();
  const shopify = await deps.shopify(shop);
  for (const brief of await shopify.assignedFulfillmentOrders("CANCELLATION_REQUESTED")) {
    await answerCancellation(ctx, deps, shopify, shop, brief.id);
  }
  await markAnnouncementsProcessed(
    ctx.db,
    shop,
    { topic: "fulfillment_orders/cancellation_request_submitted", callbackKind: "CANCELLATION_REQUEST" },
    startedAt,
    deps.now(),
  );
}

/**
 * A fulfillment order cancelled in Shopify without a request to us (drop-ship: the merchant's own
 * location; or one never requested): cancel its shipment if nothing was sent, else say in the
 * timeline that it is already at the warehouse. A withdrawn one is said by the provider's answer.
 */
async function cancelledInShopify(ctx: JobContext, deps: PipelineDeps, shipment: Shipment, why: NestedSaid): Promise<void> {
  const outcome = await cancelUnsent(ctx, deps, shipment, why);
  if (outcome !== "already-sent") return;
  if (shipment.state === "CANCELLED") return;
  await sayAlreadyAtWarehouse(ctx, await ctx.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } }), why);
}

/** "<why> Already at the warehouse: …" in the timeline, once, however often it is told. */
export async function sayAlreadyAtWarehouse(ctx: Pick<JobContext, "db">, shipment: Shipment, why: NestedSaid): Promise<void> {
  // Said once, however often the webhook repeats, and though the fulfillment order's and the
  // order's cancellations arrive together: the look and the write in one transaction, so two jobs
  // cannot both find nothing said (seen on PostgreSQL with the look and the write apart).
  await ctx.db.$transaction(async (tx) => {
    const said = await tx.shipmentEvent.count({ where: { shipmentId: shipment.id, type: "cancellation_answered" } });
    if (said > 0) return;
    const already = timelineSaid("thenSaid", why, alreadyAtWarehouse(shipment));
    await recordShipmentEvent(tx, shipment.id, {
      type: "cancellation_answered",
      message: already.message,
      data: { state: shipment.state, say: already.say },
    });
  });
}

/** cancel.fulfillment-order. */
export async function cancelFulfillmentOrder(ctx: JobContext, deps: PipelineDeps, shop: string, id: FulfillmentOrderGid): Promise<void> {
  const shipment = await findShipmentOfFulfillmentOrder(ctx.db, shop, id);
  if (shipment) await cancelledInShopify(ctx, deps, shipment, timelineSaid("fulfillmentOrderCancelled"));
}

/**
 * cancel.order: every shipment of the order. Fulfillment orders at the app's warehouses that
 * Shopify asks us to cancel are answered here too (the request's own notification may come later,
 * or not at all); the others are cancelled in Shopify already.
 */
export async function cancelOrder(ctx: JobContext, deps: PipelineDeps, shop: string, orderId: string): Promise<void> {
  const shipments = await ctx.db.shipment.findMany({ where: { shop, orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  if (shipments.length === 0) return;
  const shopify = await deps.shopify(shop);
  const briefs: FulfillmentOrderBrief[] = (await shopify.orderFulfillmentOrders(orderId)) ?? [];
  const byId = new Map(briefs.map((brief) => [brief.id as string, brief]));
  for (const shipment of shipments) {
    const brief = byId.get(shipment.fulfillmentOrderId);
    if (brief?.requestStatus === "CANCELLATION_REQUESTED") {
      await answerCancellation(ctx, deps, shopify, shop, brief.id);
    } else if (shipment.kind === "DROPSHIP" || brief === undefined || brief.status === "CANCELLED" || brief.status === "CLOSED") {
      await cancelledInShopify(ctx, deps, shipment, timelineSaid("orderCancelled"));
    }
  }
}
