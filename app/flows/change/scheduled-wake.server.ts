/**
 * Shipments that wait for a date (a scheduled fulfillment order: a subscription, a pre-order) are
 * planned again when it comes. Shopify's scheduled_fulfillment_order_ready event normally does it
 * first (reconcile.server.ts); this job, queued for the earliest date (stages' queueWaitingShipments),
 * makes sure a lost event never leaves a package waiting for ever. Shipments held by the shop's
 * rules for orders that wait are woken the same way when those rules change (settings-wake.server.ts).
 */
import type { JobContext } from "~/jobs/handler";
import type { PipelineDeps } from "../ports/deps";
import { queueWaitingShipments } from "../queue/stages.server";
import { planAgain } from "../retry/retry.server";
import { WAITS_BY_SETTINGS } from "./settings-wake.server";
import { timelineSaid } from "~/lib/words/timeline-said";

/** Shipments woken per run; more are woken by the next. */
const WAKE_PER_RUN = 200;

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
    for (const shipment of due) {
      const because = WAITS_BY_SETTINGS.some((code) => code === shipment.lastErrorCode)
        ? timelineSaid("waitSettingsChanged")
        : timelineSaid("scheduledDateCame");
      await planAgain(ctx.db, deps, shopify, settings, shipment, { byPerson: false, because });
    }
  }
  // The next wake is queued as this run is marked done: queued while it runs, it would be this run.
  await ctx.complete(async (tx) => {
    const next = await tx.shipment.findFirst({
      where: { shop, state: "HELD", waitUntil: { not: null } },
      orderBy: { waitUntil: "asc" },
      select: { waitUntil: true },
    });
    if (!next?.waitUntil) return;
    await queueWaitingShipments(
      tx,
      shop,
      due.length === WAKE_PER_RUN ? now : next.waitUntil > now ? next.waitUntil : recheck(deps, next.waitUntil, now),
    );
  });
}

/**
 * Shopify still calls the fulfillment order scheduled after its date (it opens it a moment later):
 * asked again soon, then less often the longer it is overdue (policy scheduledRecheckMs to
 * scheduledRecheckMaxMs), so a pre-order is not left waiting for a quarter of an hour.
 */
function recheck(deps: PipelineDeps, date: Date, now: Date): Date {
  const overdueMs = now.getTime() - date.getTime();
  const waitMs = Math.min(deps.policy.scheduledRecheckMaxMs, Math.max(deps.policy.scheduledRecheckMs, overdueMs));
  return new Date(now.getTime() + waitMs);
}
