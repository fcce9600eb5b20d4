/**
 * Tracking: the checkpoints of fulfilled parcels (operation 3, 20 tracking numbers per query)
 * become Shopify fulfilment events, each once, oldest first; at Delivered the shipment is DELIVERED
 * and polling stops, and it ends without a delivery too (→ ENDED, endingOf). A checkpoint is
 * recorded before its event is created, so a retry after a crash between the two looks in Shopify
 * for the event before creating it again (docs/decisions/0007-pipeline-exactly-once.md).
 */
import type { Shipment, ShipmentCheckpoint, ShipmentKind } from "@prisma/client";
import { endingOfPackageStatus, endingOfSilence, endingOfTracking, type Ending } from "~/connector/endings";
import { ProviderNotFoundError, type DropshipStatusRecord, type OutboundStatusRecord, type TrackingResult } from "~/fulfilment";
import { RetryLater, type JobContext } from "~/jobs/handler";
import { inTransaction, type DatabaseOrTransaction } from "~/stores/database/database.server";
import { endShipment } from "~/stores/shipments/needs-attention.server";
import { countInState, markPolled } from "~/stores/shipments/shipments-in-state.server";
import {
  markCheckpointsSent,
  recordCheckpointIntents,
  recordedCheckpoints,
  type CheckpointIntent,
  type CheckpointSent,
} from "~/stores/shipments/checkpoints.server";
import { transition, type ShipmentEventInput } from "~/stores/shipments/shipment.server";
import { storedTimeZone } from "~/stores/shops/shop-time-zone.server";
import type { PipelineDeps } from "../ports/deps";
import { forQueue } from "../ports/errors";
import type { PipelineSettings, ProviderPort, ShopifyPort } from "../ports/ports";
import { queueTracking } from "../queue/stages.server";
import { checkpointsOf, isDelivered, type TrackingCheckpoint } from "./tracking-events";
import { trackingLanguageOfShipment, trackingQueries } from "./tracking-queries";
import { chunks } from "~/lib/chunks";
import { said, type ReasonSay } from "~/lib/words/reason-said";

/** An event the app writes as a sentence of the catalogue: its English, and the sentence in its data for the admin to say again. */
const sentenceOf = (sentence: { message: string; say: ReasonSay }) => ({ message: sentence.message, data: { say: sentence.say } });

const DAY_MS = 24 * 60 * 60_000;

const sameMoment = (a: Date | null, b: Date | null) => (a === null || b === null ? a === b : a.getTime() === b.getTime());

/** A checkpoint's timeline event: the carrier's words as it said them, an argument of the app's sentence. */
function trackingEvent(checkpoint: TrackingCheckpoint): ShipmentEventInput {
  const tracked = said(
    "trackingToShopify",
    checkpoint.message ?? checkpoint.trackingStatus ?? checkpoint.status,
    checkpoint.city ?? "",
    checkpoint.status,
  );
  return {
    type: "tracking_event",
    message: tracked.message,
    data: {
      say: tracked.say,
      operation: "fulfillmentEventCreate",
      sent: {
        status: checkpoint.status,
        happenedAt: checkpoint.happenedAt?.toISOString() ?? null,
        city: checkpoint.city,
        country: checkpoint.country,
      },
      received: { trackingStatus: checkpoint.trackingStatus, key: checkpoint.key },
    },
  };
}

const intentOf = (checkpoint: TrackingCheckpoint): CheckpointIntent => ({
  key: checkpoint.key,
  status: checkpoint.status,
  happenedAt: checkpoint.happenedAt,
  message: checkpoint.message,
});

/**
 * Checkpoints not written before, oldest first: each recorded, then created in Shopify as an event
 * of the fulfilment; recorded without a Shopify event when the shipment has no fulfilment (nothing
 * was left to claim), so they still count as news. Returns what to mark sent: the caller writes it
 * in the transaction that records the poll (followParcel).
 *
 * The parcel's new checkpoints are recorded in one transaction before they are sent to Shopify
 * (several to a request). When the request fails, those Shopify created are marked sent before the
 * error goes on. A checkpoint found recorded but not sent may have been created in Shopify by a run
 * that died after the call: Shopify's events of the fulfilment are looked at first.
 */
async function sendCheckpoints(
  ctx: JobContext,
  deps: PipelineDeps,
  shopify: ShopifyPort,
  shipment: Shipment,
  checkpoints: TrackingCheckpoint[],
  recorded: ReadonlyMap<string, ShipmentCheckpoint>,
): Promise<CheckpointSent[]> {
  const unsent = checkpoints.filter((checkpoint) => !recorded.get(checkpoint.key)?.sentAt);
  if (unsent.length === 0) return [];
  const fulfilmentId = shipment.shopifyFulfillmentId;
  const rows = await recordCheckpointIntents(
    ctx.db,
    shipment.id,
    unsent.filter((checkpoint) => !recorded.has(checkpoint.key)).map(intentOf),
  );
  const rowOf = (checkpoint: TrackingCheckpoint) => (recorded.get(checkpoint.key) ?? rows.get(checkpoint.key)) as ShipmentCheckpoint;
  if (fulfilmentId === null) {
    return unsent.map((checkpoint) => ({
      checkpointId: rowOf(checkpoint).id,
      shopifyEventId: null,
      event: {
        type: "tracking_event" as const,
        ...sentenceOf(said("trackingWithoutFulfilment", checkpoint.message ?? checkpoint.trackingStatus ?? checkpoint.status)),
      },
    }));
  }
  // Recorded by an earlier run and not marked sent: that run may have died after Shopify created it.
  const inDoubt = unsent.filter((checkpoint) => recorded.has(checkpoint.key));
  const inShopify = inDoubt.length === 0 ? [] : await shopify.fulfilmentEvents(fulfilmentId);
  const sent: CheckpointSent[] = [];
  const toCreate: TrackingCheckpoint[] = [];
  for (const checkpoint of unsent) {
    const found = recorded.has(checkpoint.key)
      ? inShopify.find((e) => e.status === checkpoint.status && sameMoment(e.happenedAt, checkpoint.happenedAt))
      : undefined;
    if (found) sent.push({ checkpointId: rowOf(checkpoint).id, shopifyEventId: found.id, event: trackingEvent(checkpoint) });
    else toCreate.push(checkpoint);
  }
  try {
    const outcomes = toCreate.length === 0 ? [] : await shopify.createFulfilmentEvents(fulfilmentId, toCreate);
    for (const [index, outcome] of outcomes.entries()) {
      const checkpoint = toCreate[index] as TrackingCheckpoint;
      // Shopify's "no" to a checkpoint fails the job (after the others are marked sent): the next
      // attempt writes it again, and the job ends dead with Shopify's words if it never can.
      if ("refused" in outcome) throw outcome.refused;
      sent.push({ checkpointId: rowOf(checkpoint).id, shopifyEventId: outcome.id, event: trackingEvent(checkpoint) });
    }
  } catch (error) {
    await markCheckpointsSent(ctx.db, shipment.id, sent, deps.now());
    throw error;
  }
  return sent;
}

type StatusRecord = DropshipStatusRecord | OutboundStatusRecord;

interface Follow {
  shopify: ShopifyPort;
  settings: () => Promise<PipelineSettings>;
  /** The shop's time zone as last stored (UTC while none is known): the day an ending names is the shop's. */
  timeZone: () => Promise<string>;
  /** The provider's status records of the run's parcels, by PackageId. */
  statuses: Map<string, StatusRecord>;
}

async function followParcel(
  ctx: JobContext,
  deps: PipelineDeps,
  follow: Follow,
  shipment: Shipment,
  result: TrackingResult | undefined,
  recorded: ReadonlyMap<string, ShipmentCheckpoint>,
): Promise<void> {
  const now = deps.now();
  const checkpoints = result === undefined ? [] : checkpointsOf(result);
  const sent = result === undefined ? [] : await sendCheckpoints(ctx, deps, follow.shopify, shipment, checkpoints, recorded);
  const news = sent.length > 0;
  // The checkpoints sent are marked in the transaction that records the poll's outcome, and on
  // their own if that cannot be written (the shipment moved meanwhile, say).
  let marked = false;
  // A move given the checkpoints' timeline events writes them itself, with its own (withMove).
  const recording = async (write: (tx: DatabaseOrTransaction, events: ShipmentEventInput[]) => Promise<unknown>, withMove = false) => {
    if (sent.length === 0) await write(ctx.db, []);
    else
      await inTransaction(ctx.db, async (tx) => {
        await markCheckpointsSent(tx, shipment.id, sent, now, { withEvents: !withMove });
        await write(tx, withMove ? sent.map(({ event }) => event) : []);
      });
    marked = true;
  };
  try {
    if (result !== undefined && isDelivered(result, checkpoints)) {
      const delivered = said("deliveredIn", checkpoints.at(-1)?.city ?? "");
      const received = {
        trackingNumber: result.TrackingNumber,
        trackingStatus: result.TrackingStatus ?? null,
        checkpoints: checkpoints.length,
      };
      await recording(
        (tx, checkpointEvents) =>
          transition(
            tx,
            shipment,
            "DELIVERED",
            { type: "delivered", message: delivered.message, data: { say: delivered.say, operation: "trackBatch", received } },
            { lastPolledAt: now, lastNewsAt: now },
            checkpointEvents,
          ),
        true,
      );
      return;
    }
    const ending = await endingOf(deps, follow, shipment, result, checkpoints, news, now);
    if (ending) {
      await recording((tx) => endShipment(tx, shipment, ending, { operation: "trackBatch", trackingNumber: shipment.trackingNumber }, now));
      return;
    }
    await recording((tx) =>
      news
        ? tx.shipment.update({ where: { id: shipment.id }, data: { lastPolledAt: now, lastNewsAt: now } })
        : markPolled(tx, [shipment.id], now),
    );
  } finally {
    if (!marked) await markCheckpointsSent(ctx.db, shipment.id, sent, now);
  }
}

/**
 * Why the follow of a parcel still on its way ends now, if it does (→ ENDED, with the reason the
 * merchant reads): the provider's HandleStatus says the package was deleted or returned (its status
 * query, asked for the same parcels), the carrier's last word is a return, a loss or a failure it
 * gives up on, or nobody has said anything new for the shop's noNewsDays. So the parcels polled
 * are those on their way.
 */
async function endingOf(
  deps: PipelineDeps,
  follow: Follow,
  shipment: Shipment,
  result: TrackingResult | undefined,
  checkpoints: TrackingCheckpoint[],
  news: boolean,
  now: Date,
): Promise<Ending | null> {
  const record = follow.statuses.get(shipment.packageId);
  if (record) {
    const provider = endingOfPackageStatus({
      kind: shipment.kind,
      packageId: shipment.packageId,
      status: record.Status,
      handleStatus: record.HandleStatus ?? null,
      reasonText: "UnShippedReason" in record ? record.UnShippedReason?.ReasonText : null,
      fulfilled: shipment.shopifyFulfillmentId !== null,
    });
    if (provider) return provider;
  }
  const newest = checkpoints.at(-1);
  const carrier = endingOfTracking(
    {
      trackingStatus: newest?.trackingStatus ?? result?.TrackingStatus ?? null,
      message: newest?.message ?? null,
      happenedAt: newest?.happenedAt ?? null,
    },
    await follow.timeZone(),
  );
  if (carrier) return carrier;
  if (news) return null;
  const since = shipment.lastNewsAt ?? shipment.fulfilledAt ?? shipment.updatedAt;
  if (now.getTime() - since.getTime() < DAY_MS) return null;
  const { noNewsDays } = (await follow.settings()).afterSending;
  return endingOfSilence(since, now, noNewsDays, "travelling", shipment.packageId, await follow.timeZone());
}

/** The status records of the parcels (their HandleStatus may end the follow); none when the provider knows none of them. */
async function statusesOf(provider: ProviderPort, deps: PipelineDeps, parcels: readonly Shipment[]): Promise<Map<string, StatusRecord>> {
  const statuses = new Map<string, StatusRecord>();
  for (const kind of ["OUTBOUND", "DROPSHIP"] as const satisfies readonly ShipmentKind[]) {
    const ids = parcels.filter((parcel) => parcel.kind === kind).map((parcel) => parcel.packageId);
    for (const chunk of chunks(ids, deps.policy.idsPerStatusQuery)) {
      try {
        const records: StatusRecord[] =
          kind === "OUTBOUND"
            ? await provider.outboundStatuses({ idType: "PackageId", Ids: chunk })
            : await provider.dropshipStatuses({ idType: "PackageId", Ids: chunk });
        for (const record of records) statuses.set(record.PackageId, record);
      } catch (error) {
        if (!(error instanceof ProviderNotFoundError)) throw error;
      }
    }
  }
  return statuses;
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

/** Parcels on their way whose last read is at least trackingPollMs old (or never read). */
function dueParcels(deps: PipelineDeps, now: Date) {
  const dueBefore = new Date(now.getTime() - deps.policy.trackingPollMs);
  return { trackingNumber: { not: null }, OR: [{ lastPolledAt: null }, { lastPolledAt: { lte: dueBefore } }] };
}

/** When the next parcel on its way falls due; undefined when none is on its way. */
async function nextDue(db: DatabaseOrTransaction, deps: PipelineDeps, shop: string, now: Date): Promise<Date | undefined> {
  const { _min, _count } = await db.shipment.aggregate({
    where: { shop, state: "FULFILLED", trackingNumber: { not: null } },
    _min: { lastPolledAt: true },
    _count: true,
  });
  if (_count === 0) return undefined;
  if ((await db.shipment.count({ where: { shop, state: "FULFILLED", trackingNumber: { not: null }, lastPolledAt: null } })) > 0) return now;
  const due = (_min.lastPolledAt ?? now).getTime() + deps.policy.trackingPollMs;
  return new Date(Math.max(now.getTime(), due));
}

/**
 * track.checkpoints, bounded and fair: a run reads only parcels due (not read for trackingPollMs),
 * at most trackingQueriesPerRun queries' worth (one more for each further language its buyers
 * read), least recently read first; with more due it queues itself again behind every other shop's
 * due work (the queue runs due jobs oldest first), else for when the next parcel falls due.
 */
export async function trackParcels(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  const size = deps.policy.trackingNumbersPerQuery;
  const limit = size * deps.policy.trackingQueriesPerRun;
  const parcels = await ctx.db.shipment.findMany({
    where: { shop, state: "FULFILLED", ...dueParcels(deps, deps.now()) },
    orderBy: [{ lastPolledAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
    take: limit + 1,
  });
  if (parcels.length > 0) {
    try {
      const shopify = await deps.shopify(shop);
      givingWayToNewOrders(deps, shopify, parcels[0]);
      const provider = await deps.provider(shop);
      const run = parcels.slice(0, limit);
      let settings: Promise<PipelineSettings> | undefined;
      let timeZone: Promise<string> | undefined;
      const follow: Follow = {
        shopify,
        settings: () => (settings ??= deps.settings(shop, shopify)),
        timeZone: () => (timeZone ??= storedTimeZone(ctx.db, shop).then((stored) => stored.timeZone ?? "UTC")),
        statuses: await statusesOf(provider, deps, run),
      };
      // Each query in one buyer's language: the checkpoints are written to Shopify as the provider words them.
      for (const query of trackingQueries(run, (shipment) => trackingLanguageOfShipment(deps.policy, shipment), size)) {
        const results = await provider.trackBatch({
          TrackingNumbers: query.items.flatMap((s) => (s.trackingNumber ? [s.trackingNumber] : [])),
          lang: query.lang,
        });
        const byNumber = new Map(results.map((result) => [result.TrackingNumber, result]));
        const answered = query.items.filter((shipment) => byNumber.has(shipment.trackingNumber ?? ""));
        // The checkpoints already recorded for the query's parcels, in one read.
        const recorded = await recordedCheckpoints(
          ctx.db,
          answered.map((shipment) => shipment.id),
        );
        for (const shipment of query.items)
          await followParcel(
            ctx,
            deps,
            follow,
            shipment,
            byNumber.get(shipment.trackingNumber ?? ""),
            recorded.get(shipment.id) ?? new Map(),
          );
      }
    } catch (error) {
      throw forQueue(error, deps.now(), deps.policy);
    }
  }
  const now = deps.now();
  const more = parcels.length > limit;
  await ctx.complete(async (tx) => {
    if ((await countInState(tx, shop, "FULFILLED")) === 0) return;
    const runAt = more ? now : await nextDue(tx, deps, shop, now);
    if (runAt) await queueTracking(tx, shop, runAt);
  });
}
