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

const ACCEPTED = "Cancelled before the package reached the warehouse: nothing was sent to the provider.";
/** A FAILED package reached the provider, which could not create it: nothing ships either. */
const ACCEPTED_FAILED = "Cancelled: the provider could not create the package, so nothing ships.";
/** Its send was in doubt, and the provider said it does not have it (send-in-doubt.server.ts). */
const acceptedNeverReceived = (packageId: string) =>
  `Cancelled: the provider does not have package ${packageId} to ship (the answer to its send was lost, so the app asked), so nothing ships and nothing more is sent.`;

/** The message accepting the cancellation of `before` (as read first), now `after`. */
function acceptedFor(before: Shipment | null, after: Shipment | null): string {
  if (before?.state === "FAILED") return ACCEPTED_FAILED;
  if (after?.state === "CANCELLED" && after.sendInDoubtAt !== null) return acceptedNeverReceived(after.packageId);
  return ACCEPTED;
}

export function alreadyAtWarehouse(shipment: Shipment): string {
  const since = shipment.submittedAt ? ` since ${shipment.submittedAt.toISOString().slice(0, 10)}` : "";
  return (
    `Already at the warehouse: package ${shipment.packageId} was sent to the provider${since} ` +
    `(${shipment.state.toLowerCase()}) and can no longer be stopped by the app. Contact the provider to stop it.`
  );
}

/**
 * Cancels the shipment if no send ever reached for it; one a send may have reached is withdrawn
 * ("withdrawn") and its question to the provider queued, whose answer settles it and Shopify's request.
 */
function cancelUnsent(ctx: JobContext, deps: PipelineDeps, shipment: Shipment, why: string): Promise<UnsentCancellation> {
  const now = deps.now();
  return cancelUnsentShipment(ctx.db, shipment.id, { type: "cancelled", message: `${why} ${acceptedFor(shipment, null)}` }, now, {
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
  const outcome = shipment ? await cancelUnsent(ctx, deps, shipment, "The merchant asked to cancel.") : "cancelled";
  if (outcome === "withdrawn") return;
  // As it is now: the push, or the provider's answer to a send in doubt, may have moved it since it was read.
  const now = shipment && (await ctx.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } }));
  if (outcome !== "already-sent") {
    await answered(() => shopify.acceptCancellationRequest(id, acceptedFor(shipment, now)));
    return;
  }
  if (now === null) return;
  const message = alreadyAtWarehouse(now);
  // Said in the timeline by the run whose answer Shopify took, once.
  if (!(await answered(() => shopify.rejectCancellationRequest(id, message)))) return;
  await recordShipmentEvent(ctx.db, now.id, {
    type: "cancellation_answered",
    message: `Cancellation refused in Shopify. ${message}`,
    data: { operation: "fulfillmentOrderRejectCancellationRequest", state: now.state },
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
async function cancelledInShopify(ctx: JobContext, deps: PipelineDeps, shipment: Shipment, why: string): Promise<void> {
  const outcome = await cancelUnsent(ctx, deps, shipment, why);
  if (outcome !== "already-sent") return;
  if (shipment.state === "CANCELLED") return;
  await sayAlreadyAtWarehouse(ctx, await ctx.db.shipment.findUniqueOrThrow({ where: { id: shipment.id } }), why);
}

/** "<why> Already at the warehouse: …" in the timeline, once, however often it is told. */
export async function sayAlreadyAtWarehouse(ctx: Pick<JobContext, "db">, shipment: Shipment, why: string): Promise<void> {
  // Said once, however often the webhook repeats, and though the fulfillment order's and the
  // order's cancellations arrive together: the look and the write in one transaction, so two jobs
  // cannot both find nothing said (seen on PostgreSQL with the look and the write apart).
  await ctx.db.$transaction(async (tx) => {
    const said = await tx.shipmentEvent.count({ where: { shipmentId: shipment.id, type: "cancellation_answered" } });
    if (said > 0) return;
    await recordShipmentEvent(tx, shipment.id, {
      type: "cancellation_answered",
      message: `${why} ${alreadyAtWarehouse(shipment)}`,
      data: { state: shipment.state },
    });
  });
}

/** cancel.fulfillment-order. */
export async function cancelFulfillmentOrder(ctx: JobContext, deps: PipelineDeps, shop: string, id: FulfillmentOrderGid): Promise<void> {
  const shipment = await findShipmentOfFulfillmentOrder(ctx.db, shop, id);
  if (shipment) await cancelledInShopify(ctx, deps, shipment, "The fulfillment order was cancelled in Shopify.");
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
      await cancelledInShopify(ctx, deps, shipment, "The order was cancelled in Shopify.");
    }
  }
}
