/**
 * Tracking: the checkpoints of fulfilled parcels (operation 3, 20 tracking numbers per query)
 * become Shopify fulfilment events, each once, oldest first; at Delivered the shipment is DELIVERED
 * and polling stops. A checkpoint is recorded before its event is created, so a retry after a crash
 * between the two looks in Shopify for the event before creating it again.
 */
import type { Shipment, ShipmentCheckpoint } from "@prisma/client";
import type { TrackingResult } from "~/fulfilment";
import { RetryLater, type JobContext } from "~/jobs/handler";
import {
  countInState,
  markCheckpointSent,
  markPolled,
  recordCheckpointIntent,
  recordedCheckpoints,
  shipmentsInState,
} from "~/stores/shipments/shipment-pipeline.server";
import { transition } from "~/stores/shipments/shipment.server";
import type { PipelineDeps } from "../ports/deps";
import { forQueue } from "../ports/errors";
import type { FulfilmentEventBrief, ShopifyPort } from "../ports/ports";
import { queueTracking } from "../queue/stages.server";
import { checkpointsOf, isDelivered, type TrackingCheckpoint } from "./tracking-events";
import { chunks } from "~/lib/chunks";

const sameMoment = (a: Date | null, b: Date | null) => (a === null || b === null ? a === b : a.getTime() === b.getTime());

/** Writes one checkpoint to Shopify unless it was written before. */
async function sendCheckpoint(
  ctx: JobContext,
  deps: PipelineDeps,
  shopify: ShopifyPort,
  shipment: Shipment & { shopifyFulfillmentId: string },
  checkpoint: TrackingCheckpoint,
  recorded: ShipmentCheckpoint | undefined,
  eventsInShopify: () => Promise<FulfilmentEventBrief[]>,
): Promise<void> {
  if (recorded?.sentAt) return;
  const timeline = {
    shipmentId: shipment.id,
    event: {
      type: "tracking_event" as const,
      message: `Tracking: ${checkpoint.message ?? checkpoint.trackingStatus ?? checkpoint.status}${checkpoint.city ? `, ${checkpoint.city}` : ""} → Shopify event ${checkpoint.status}.`,
      data: {
        operation: "fulfillmentEventCreate",
        sent: { status: checkpoint.status, happenedAt: checkpoint.happenedAt?.toISOString() ?? null, city: checkpoint.city, country: checkpoint.country },
        received: { trackingStatus: checkpoint.trackingStatus, key: checkpoint.key },
      },
    },
  };
  if (recorded) {
    // Recorded but not marked sent: the run that recorded it may have died after Shopify created it.
    const existing = (await eventsInShopify()).find((e) => e.status === checkpoint.status && sameMoment(e.happenedAt, checkpoint.happenedAt));
    if (existing) {
      await markCheckpointSent(ctx.db, recorded.id, existing.id, timeline, deps.now());
      return;
    }
  }
  const row =
    recorded ??
    (await recordCheckpointIntent(ctx.db, shipment.id, {
      key: checkpoint.key,
      status: checkpoint.status,
      happenedAt: checkpoint.happenedAt,
      message: checkpoint.message,
    }));
  const event = await shopify.createFulfilmentEvent(shipment.shopifyFulfillmentId, checkpoint);
  await markCheckpointSent(ctx.db, row.id, event.id, timeline, deps.now());
}

async function followParcel(ctx: JobContext, deps: PipelineDeps, shopify: ShopifyPort, shipment: Shipment, result: TrackingResult | undefined): Promise<void> {
  const now = deps.now();
  const fulfilmentId = shipment.shopifyFulfillmentId;
  if (result === undefined || fulfilmentId === null) {
    await markPolled(ctx.db, [shipment.id], now);
    return;
  }
  const withFulfilment = { ...shipment, shopifyFulfillmentId: fulfilmentId };
  const checkpoints = checkpointsOf(result);
  const recorded = await recordedCheckpoints(ctx.db, shipment.id);
  let events: Promise<FulfilmentEventBrief[]> | undefined;
  const eventsInShopify = () => (events ??= shopify.fulfilmentEvents(fulfilmentId));
  for (const checkpoint of checkpoints) {
    await sendCheckpoint(ctx, deps, shopify, withFulfilment, checkpoint, recorded.get(checkpoint.key), eventsInShopify);
  }
  if (isDelivered(result, checkpoints)) {
    await transition(
      ctx.db,
      shipment,
      "DELIVERED",
      {
        type: "delivered",
        message: `Delivered${checkpoints.at(-1)?.city ? ` in ${checkpoints.at(-1)?.city}` : ""}, according to the carrier. Tracking stops.`,
        data: { operation: "trackBatch", received: { trackingNumber: result.TrackingNumber, trackingStatus: result.TrackingStatus ?? null, checkpoints: checkpoints.length } },
      },
      { lastPolledAt: now },
    );
    return;
  }
  await markPolled(ctx.db, [shipment.id], now);
}

/**
 * Throws RetryLater while the shop's API budget is low, unless the parcel waiting longest has
 * waited trackingMaxDeferMs already: checkpoint events can wait a little, new orders should not.
 */
export function givingWayToNewOrders(deps: PipelineDeps, shopify: ShopifyPort, longestWaiting: Shipment | undefined): void {
  const left = shopify.budgetLeft();
  if (left === undefined || left >= deps.policy.trackingYieldsBelowBudget || longestWaiting === undefined) return;
  const now = deps.now().getTime();
  const waitingSince = (longestWaiting.lastPolledAt ?? longestWaiting.fulfilledAt ?? longestWaiting.updatedAt).getTime();
  if (now - waitingSince >= deps.policy.trackingMaxDeferMs) return;
  throw new RetryLater(
    new Date(now + deps.policy.trackingYieldWaitMs),
    `${Math.round(left * 100)}% of the shop's Shopify API budget is free: new orders go first, tracking events follow`,
  );
}

export async function trackParcels(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  const size = deps.policy.trackingNumbersPerQuery;
  const limit = size * deps.policy.trackingQueriesPerRun;
  const parcels = await shipmentsInState(ctx.db, shop, "FULFILLED", { where: { trackingNumber: { not: null } }, take: limit + 1, leastRecentlyPolled: true });
  if (parcels.length > 0) {
    try {
      const shopify = await deps.shopify(shop);
      givingWayToNewOrders(deps, shopify, parcels[0]);
      const provider = await deps.provider(shop);
      for (const chunk of chunks(parcels.slice(0, limit), size)) {
        const results = await provider.trackBatch({ TrackingNumbers: chunk.flatMap((s) => (s.trackingNumber ? [s.trackingNumber] : [])), lang: deps.policy.trackingLanguage });
        const byNumber = new Map(results.map((result) => [result.TrackingNumber, result]));
        for (const shipment of chunk) await followParcel(ctx, deps, shopify, shipment, byNumber.get(shipment.trackingNumber ?? ""));
      }
    } catch (error) {
      throw forQueue(error, deps.now(), deps.policy);
    }
  }
  const now = deps.now();
  const more = parcels.length > limit;
  await ctx.complete(async (tx) => {
    if ((await countInState(tx, shop, "FULFILLED")) > 0) {
      await queueTracking(tx, shop, more ? now : new Date(now.getTime() + deps.policy.trackingPollMs));
    }
  });
}
