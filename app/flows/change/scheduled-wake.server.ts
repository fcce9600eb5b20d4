/**
 * Shipments that wait for a date (a scheduled fulfillment order: a subscription, a pre-order) are
 * planned again when it comes. Shopify's scheduled_fulfillment_order_ready event normally does it
 * first (reconcile.server.ts); this job, queued for the earliest date (stages' queueWaitingShipments),
 * makes sure a lost event never leaves a package waiting for ever.
 */
import type { JobContext } from "~/jobs/handler";
import type { PipelineDeps } from "../ports/deps";
import { queueWaitingShipments } from "../queue/stages.server";
import { planAgain } from "../retry/retry.server";

/** Shipments woken per run; more are woken by the next. */
const WAKE_PER_RUN = 200;
/** When Shopify still says "scheduled" after the date, how soon it is asked again. */
const ASK_AGAIN_MS = 15 * 60 * 1000;

export async function wakeWaitingShipments(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  const now = deps.now();
  const due = await ctx.db.shipment.findMany({
    where: { shop, state: "HELD", waitUntil: { lte: now } },
    orderBy: { waitUntil: "asc" },
    take: WAKE_PER_RUN,
  });
  if (due.length > 0) {
    const shopify = await deps.shopify(shop);
    const settings = await deps.settings(shop, shopify);
    for (const shipment of due)
      await planAgain(ctx.db, deps, shopify, settings, shipment, { byPerson: false, because: "Its scheduled date came" });
  }
  const next = await ctx.db.shipment.findFirst({
    where: { shop, state: "HELD", waitUntil: { not: null } },
    orderBy: { waitUntil: "asc" },
    select: { waitUntil: true },
  });
  if (next?.waitUntil) {
    const soonest = new Date(now.getTime() + ASK_AGAIN_MS);
    await queueWaitingShipments(ctx.db, shop, due.length === WAKE_PER_RUN ? now : next.waitUntil > now ? next.waitUntil : soonest);
  }
}
