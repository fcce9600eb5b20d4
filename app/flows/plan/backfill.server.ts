/**
 * Backfill: the open fulfillment orders already at the shop's provider locations when the app is
 * installed, when a location is connected (a warehouse's service created, a drop-ship location
 * ticked), or when the merchant asks from Home. Drop-ship ones are planned here, a few to a read,
 * as routing would have; warehouse ones are Shopify's fulfillment requests, answered by the
 * request fetch. Exactly once with what is already in flight: a fulfillment order with a shipment
 * is never read, and a shipment is recorded once per fulfillment order whoever plans it first.
 */
import type { FulfillmentOrderGid } from "~/connector";
import type { JobContext } from "~/jobs/handler";
import { fulfillmentOrdersWithShipments } from "~/stores/shipments/new-shipments.server";
import type { Database, DatabaseOrTransaction } from "~/stores/database/database.server";
import type { PipelineDeps } from "../ports/deps";
import { enqueue, enqueueCoalesced } from "../queue/jobs.server";
import { recordPlannedShipments } from "./plan-requests.server";
import { factsWantedFor, isDropshipPlan, shipmentPlanOf, type ShipmentPlan } from "./shipment-plan";
import type { FulfillmentOrderWithOrder } from "../ports/ports";
import { NestedSay } from "~/lib/words/reason-said";
import { timelineSaid } from "~/lib/words/timeline-said";

/** Fulfillment orders read in full per query (as the request fetch reads them). */
const READ_PER_ROUND = 10;

export interface BackfillOutcome {
  /** Open fulfillment orders found at drop-ship locations without a shipment. */
  found: number;
  /** Of those, planned into shipments (the rest have nothing for the provider: closed lines, local pickup). */
  planned: number;
}

/** The key of the shop's periodic look for open orders: one waiting at a time, apart from the asks. */
export const openOrdersSweepKey = (shop: string) => `plan.backfill:${shop}:sweep`;

/**
 * Queues the shop's next periodic look for open orders at `runAt`, unless one is already waiting
 * or under way. Each backfill run queues the next one as it ends, so a shop once installed is looked
 * at every openOrdersSweepMs until it is uninstalled (which stops its waiting jobs).
 */
export async function queueOpenOrdersSweep(db: DatabaseOrTransaction, shop: string, runAt: Date): Promise<void> {
  await enqueue(db, { kind: "plan.backfill", payload: {}, shop, dedupeKey: openOrdersSweepKey(shop), runAt });
}

/**
 * Queued by each worker as it starts: every installed shop's periodic look, now, unless one waits
 * already (shops installed before the look existed, or whose chain a crash broke). The looks after
 * that are spread by when each shop's first one ends.
 */
export async function queueOpenOrdersSweeps(db: Database, now: Date): Promise<number> {
  const shops = await db.shop.findMany({ where: { uninstalledAt: null }, select: { domain: true } });
  for (const { domain } of shops) await queueOpenOrdersSweep(db, domain, now);
  return shops.length;
}

/** Queues the shop's backfill; one waiting job absorbs any number of asks. */
export async function queueBackfill(db: DatabaseOrTransaction, shop: string, why: string, now: Date): Promise<void> {
  await enqueueCoalesced(db, { kind: "plan.backfill", payload: {}, shop, triggerId: `${why}-${now.getTime()}` }, now);
}

/** plan.backfill. */
export async function bringInOpenOrders(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<BackfillOutcome> {
  const shopify = await deps.shopify(shop);
  const settings = await deps.settings(shop, shopify);
  const outcome: BackfillOutcome = { found: 0, planned: 0 };
  for (const route of settings.connector.routes) {
    if (route.kind !== "DROPSHIP") continue;
    const ids = await shopify.openFulfillmentOrderIdsAt(route.locationId);
    const known = await fulfillmentOrdersWithShipments(ctx.db, shop, ids);
    const fresh: FulfillmentOrderGid[] = ids.filter((id) => !known.has(id));
    outcome.found += fresh.length;
    for (let start = 0; start < fresh.length; start += READ_PER_ROUND) {
      const read = await shopify.readFulfillmentOrders(fresh.slice(start, start + READ_PER_ROUND), factsWantedFor(settings));
      const planned: { facts: FulfillmentOrderWithOrder; shipment: ShipmentPlan }[] = [];
      for (const facts of read.values()) {
        if (facts === null) continue;
        const { plan, shipment } = shipmentPlanOf(facts.fo, facts.order, settings);
        if (!isDropshipPlan(plan) || !shipment) continue;
        // Framed as a sentence of the timeline around planning's own, so the admin says both in its language.
        const inner = NestedSay.safeParse(shipment.event.data?.say);
        const found = timelineSaid(
          "foundOpen",
          inner.success ? { message: shipment.event.message, say: inner.data } : shipment.event.message,
        );
        const event = { ...shipment.event, message: found.message, data: { ...shipment.event.data, say: found.say } };
        planned.push({ facts, shipment: { ...shipment, event } });
      }
      await recordPlannedShipments(ctx.db, shop, planned, deps.now());
      outcome.planned += planned.length;
    }
  }
  // Warehouse locations: what Shopify asks of them is the request fetch's to answer.
  if (settings.connector.routes.some((route) => route.kind === "OUTBOUND")) {
    await enqueueCoalesced(ctx.db, { kind: "plan.requests", payload: {}, shop, triggerId: `backfill-${ctx.jobId}` }, deps.now());
  }
  ctx.logger.info({ ...outcome }, "Looked for open orders at the provider's locations");
  return outcome;
}
