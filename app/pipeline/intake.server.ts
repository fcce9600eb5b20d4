/**
 * Where shipments come from:
 * - fulfillment-service path (DESIGN.md flow 1): the fulfillment requests Shopify assigned to the
 *   app's warehouse locations are planned and accepted (or rejected when they are not the app's to
 *   ship); each accepted one is recorded as a shipment, READY or HELD;
 * - drop-ship path (flow 2): a fulfillment order routed to a merchant location mapped to the
 *   provider's handling location becomes a shipment after `order_routing_complete`.
 *
 * Held packages are accepted, not rejected (docs/decisions/0007): the merchant fixes them in the
 * app and retries, and the request's answer in Shopify says why the package waits.
 *
 * Idempotent and safe to run twice at once: a shipment is recorded once per fulfillment order, and
 * a request that is no longer open when answered is checked again instead of answered twice.
 */
import type { FulfillmentOrderGid } from "~/connector";
import type { JobContext } from "~/jobs/handler";
import type { DatabaseOrTransaction } from "~/models/database.server";
import { findShipmentOfFulfillmentOrder, readyPushTargets, recordNewShipment } from "~/models/shipment-pipeline.server";
import { ShopifyUserError } from "~/shopify/errors";
import type { PipelineDeps } from "./deps";
import { shipmentPlanOf, type ShipmentPlan } from "./plan";
import type { FulfillmentOrderBrief, PipelineSettings, ShopifyPort } from "./ports";
import { queuePush } from "./queue.server";

/** Shopify shows the answer to a request in the order's timeline; keep it short. */
const MAX_ANSWER = 250;
const short = (text: string) => (text.length <= MAX_ANSWER ? text : `${text.slice(0, MAX_ANSWER - 1)}…`);

type Facts = NonNullable<Awaited<ReturnType<ShopifyPort["readFulfillmentOrder"]>>>;

/** Records the shipment of a planned fulfillment order (once per fulfillment order). */
async function record(ctx: JobContext, shop: string, facts: Facts, shipment: ShipmentPlan): Promise<void> {
  await recordNewShipment(ctx.db, {
    shop,
    kind: shipment.kind,
    state: shipment.state,
    fulfillmentOrderId: facts.fo.id,
    orderId: facts.order.id,
    orderName: facts.order.name,
    packageId: shipment.packageId,
    origin: shipment.origin,
    serviceCode: shipment.serviceCode,
    request: shipment.request,
    lineItems: shipment.lineItems,
    ...(shipment.hold ? { hold: shipment.hold } : {}),
    event: shipment.event,
  });
}

/**
 * Accepts a request; true when the fulfillment order is accepted now (by us, or by a concurrent run
 * of this job), false when Shopify no longer asks (withdrawn, moved, cancelled).
 */
async function accept(shopify: ShopifyPort, id: FulfillmentOrderGid, message: string): Promise<boolean> {
  try {
    await shopify.acceptFulfillmentRequest(id, short(message));
    return true;
  } catch (error) {
    if (!(error instanceof ShopifyUserError)) throw error;
    // IN_PROGRESS: accepted, by a concurrent run of this job (the request was answered once).
    return (await shopify.readFulfillmentOrder(id))?.fo.status === "IN_PROGRESS";
  }
}

async function answerRequest(ctx: JobContext, shop: string, shopify: ShopifyPort, settings: PipelineSettings, brief: FulfillmentOrderBrief): Promise<void> {
  // Answered already by a concurrent run of this job: reading it again would only spend the shop's
  // GraphQL budget (the read costs far more than anything else the pipeline sends).
  if ((await findShipmentOfFulfillmentOrder(ctx.db, shop, brief.id)) !== null) return;
  const facts = await shopify.readFulfillmentOrder(brief.id);
  if (facts === null) return;
  const { plan, shipment } = shipmentPlanOf(facts.fo, facts.order, settings);
  if (shipment === undefined) {
    // Scheduled or on hold: answered when Shopify releases it. Anything else is not ours to ship.
    if (plan.kind === "SKIP" && plan.code === "NOT_READY") return;
    const reason = plan.kind === "SKIP" ? plan.reason : "This fulfillment order cannot be shipped by the provider.";
    try {
      await shopify.rejectFulfillmentRequest(brief.id, "OTHER", short(reason));
    } catch (error) {
      if (!(error instanceof ShopifyUserError)) throw error;
    }
    return;
  }
  if (await accept(shopify, brief.id, `Accepted. ${shipment.summary}`)) await record(ctx, shop, facts, shipment);
}

/** Queues a push for every warehouse and handling location of the shop with READY shipments. */
export async function queuePushes(db: DatabaseOrTransaction, shop: string, now: Date): Promise<void> {
  for (const target of await readyPushTargets(db, shop)) await queuePush(db, target, now);
}

/** fulfillment-requests.fetch: answer every fulfillment request assigned to the app's locations. */
export async function answerFulfillmentRequests(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  const shopify = await deps.shopify(shop);
  const settings = await deps.settings(shop, shopify);
  for (const brief of await shopify.assignedFulfillmentOrders("FULFILLMENT_REQUESTED")) {
    await answerRequest(ctx, shop, shopify, settings, brief);
  }
  // A run that died after accepting but before recording left accepted requests without a
  // shipment; Shopify no longer lists them as requested, so the rerun looks for them.
  if (ctx.attempt > 1) {
    for (const brief of await shopify.assignedFulfillmentOrders("FULFILLMENT_ACCEPTED")) {
      if ((await findShipmentOfFulfillmentOrder(ctx.db, shop, brief.id)) !== null) continue;
      const facts = await shopify.readFulfillmentOrder(brief.id);
      const shipment = facts && shipmentPlanOf(facts.fo, facts.order, settings).shipment;
      if (facts && shipment) await record(ctx, shop, facts, shipment);
    }
  }
}

/**
 * fulfillment-orders.routed: a drop-ship fulfillment order (at a merchant location mapped to the
 * provider) becomes a shipment. Outbound ones are left to their fulfillment request.
 */
export async function planRoutedFulfillmentOrder(ctx: JobContext, deps: PipelineDeps, shop: string, id: FulfillmentOrderGid): Promise<void> {
  const shopify = await deps.shopify(shop);
  const settings = await deps.settings(shop, shopify);
  const facts = await shopify.readFulfillmentOrder(id);
  if (facts === null) return;
  const { plan, shipment } = shipmentPlanOf(facts.fo, facts.order, settings);
  const dropship = plan.kind === "DROPSHIP" || (plan.kind === "HELD" && plan.shipmentKind === "DROPSHIP");
  if (dropship && shipment) await record(ctx, shop, facts, shipment);
}
