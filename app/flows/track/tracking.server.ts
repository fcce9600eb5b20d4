/**
 * Tracking: the checkpoints of fulfilled parcels (operation 3, 20 tracking numbers per query)
 * become Shopify fulfilment events, each once, oldest first; at Delivered the shipment is DELIVERED
 * and polling stops, and it ends without a delivery too (→ ENDED, endingOf). A checkpoint is
 * recorded before its event is created, so a retry after a crash between the two looks in Shopify
 * for the event before creating it again (docs/decisions/0007-pipeline-exactly-once.md). A query's
 * parcels are recorded together before their Shopify calls and written together after (0055).
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
  type CheckpointSent,
} from "~/stores/shipments/checkpoints.server";
import { ShipmentStateChanged, transitionEach, type ShipmentEventInput, type ShipmentMove } from "~/stores/shipments/shipment.server";
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

/** What the provider answered for a parcel, and which of its checkpoints are not yet written to Shopify. */
interface ParcelAnswer {
  shipment: Shipment;
  result: TrackingResult | undefined;
  checkpoints: TrackingCheckpoint[];
  unsent: TrackingCheckpoint[];
  /** The parcel's checkpoints recorded before this run, by key. */
  recorded: ReadonlyMap<string, ShipmentCheckpoint>;
}

/** A checkpoint's recorded row. */
type RowOf = (shipment: Shipment, checkpoint: TrackingCheckpoint) => ShipmentCheckpoint;

/**
 * The query's answers, every new checkpoint of its parcels recorded before anything is sent to
 * Shopify: one read of what was recorded before, one INSERT for what is new.
 */
async function answersOf(
  ctx: JobContext,
  parcels: readonly Shipment[],
  byNumber: ReadonlyMap<string, TrackingResult>,
): Promise<{ answers: ParcelAnswer[]; rowOf: RowOf }> {
  const resultOf = (shipment: Shipment) => byNumber.get(shipment.trackingNumber ?? "");
  const recorded = await recordedCheckpoints(
    ctx.db,
    parcels.filter((shipment) => resultOf(shipment) !== undefined).map((shipment) => shipment.id),
  );
  const answers = parcels.map((shipment): ParcelAnswer => {
    const result = resultOf(shipment);
    const checkpoints = result === undefined ? [] : checkpointsOf(result);
    const before = recorded.get(shipment.id) ?? new Map<string, ShipmentCheckpoint>();
    return { shipment, result, checkpoints, unsent: checkpoints.filter((c) => !before.get(c.key)?.sentAt), recorded: before };
  });
  const created = await recordCheckpointIntents(
    ctx.db,
    answers.flatMap(({ shipment, unsent, recorded: before }) =>
      unsent
        .filter((checkpoint) => !before.has(checkpoint.key))
        .map((c) => ({ shipmentId: shipment.id, key: c.key, status: c.status, happenedAt: c.happenedAt, message: c.message })),
    ),
  );
  const rowOf: RowOf = (shipment, checkpoint) =>
    (recorded.get(shipment.id)?.get(checkpoint.key) ?? created.get(shipment.id)?.get(checkpoint.key)) as ShipmentCheckpoint;
  return { answers, rowOf };
}

/**
 * A parcel's checkpoints not written before, oldest first, created in Shopify as events of the
 * fulfilment (several to a request); recorded without a Shopify event when the shipment has no
 * fulfilment (nothing was left to claim), so they still count as news. Returns what to mark sent,
 * and Shopify's error, if one stopped it, with what it had made before.
 *
 * A checkpoint found recorded but not sent may have been created in Shopify by a run that died
 * after the call: Shopify's events of the fulfilment are looked at first.
 */
async function sendCheckpoints(
  shopify: ShopifyPort,
  { shipment, unsent, recorded }: ParcelAnswer,
  rowOf: RowOf,
): Promise<{ sent: CheckpointSent[]; failed?: { error: unknown } }> {
  const sentOf = (checkpoint: TrackingCheckpoint, shopifyEventId: string | null, event = trackingEvent(checkpoint)) => ({
    shipmentId: shipment.id,
    checkpointId: rowOf(shipment, checkpoint).id,
    shopifyEventId,
    event,
  });
  if (unsent.length === 0) return { sent: [] };
  const fulfilmentId = shipment.shopifyFulfillmentId;
  if (fulfilmentId === null) {
    const withoutFulfilment = (checkpoint: TrackingCheckpoint) => ({
      type: "tracking_event" as const,
      ...sentenceOf(said("trackingWithoutFulfilment", checkpoint.message ?? checkpoint.trackingStatus ?? checkpoint.status)),
    });
    return { sent: unsent.map((checkpoint) => sentOf(checkpoint, null, withoutFulfilment(checkpoint))) };
  }
  const sent: CheckpointSent[] = [];
  try {
    // Recorded by an earlier run and not marked sent: that run may have died after Shopify created it.
    const inDoubt = unsent.filter((checkpoint) => recorded.has(checkpoint.key));
    const inShopify = inDoubt.length === 0 ? [] : await shopify.fulfilmentEvents(fulfilmentId);
    const toCreate: TrackingCheckpoint[] = [];
    for (const checkpoint of unsent) {
      const found = recorded.has(checkpoint.key)
        ? inShopify.find((e) => e.status === checkpoint.status && sameMoment(e.happenedAt, checkpoint.happenedAt))
        : undefined;
      if (found) sent.push(sentOf(checkpoint, found.id));
      else toCreate.push(checkpoint);
    }
    const outcomes = toCreate.length === 0 ? [] : await shopify.createFulfilmentEvents(fulfilmentId, toCreate);
    for (const [index, outcome] of outcomes.entries()) {
      // Shopify's "no" to a checkpoint fails the job (after the others are marked sent): the next
      // attempt writes it again, and the job ends dead with Shopify's words if it never can.
      if ("refused" in outcome) return { sent, failed: { error: outcome.refused } };
      sent.push(sentOf(toCreate[index] as TrackingCheckpoint, outcome.id));
    }
  } catch (error) {
    return { sent, failed: { error } };
  }
  return { sent };
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

/** What following a parcel came to: its checkpoints sent, and what becomes of it. Written by recordFollowed. */
interface Followed {
  shipment: Shipment;
  sent: CheckpointSent[];
  outcome:
    | { to: "DELIVERED"; event: ShipmentEventInput }
    | { to: "ENDED"; ending: Ending }
    /** Still on its way: read, with news or without. */
    | { to: "FULFILLED"; news: boolean }
    /** Shopify stopped the sending, or the ending could not be decided: what Shopify made is marked sent, and the error goes on. */
    | { to: "FAILED"; error: unknown };
}

/** Sends a parcel's new checkpoints to Shopify and decides what becomes of it; writes nothing of its own. */
async function followParcel(deps: PipelineDeps, follow: Follow, answer: ParcelAnswer, rowOf: RowOf): Promise<Followed> {
  const { shipment, result, checkpoints } = answer;
  const now = deps.now();
  const { sent, failed } = await sendCheckpoints(follow.shopify, answer, rowOf);
  if (failed) return { shipment, sent, outcome: { to: "FAILED", error: failed.error } };
  if (result !== undefined && isDelivered(result, checkpoints)) {
    const delivered = said("deliveredIn", checkpoints.at(-1)?.city ?? "");
    const received = {
      trackingNumber: result.TrackingNumber,
      trackingStatus: result.TrackingStatus ?? null,
      checkpoints: checkpoints.length,
    };
    const event = {
      type: "delivered" as const,
      message: delivered.message,
      data: { say: delivered.say, operation: "trackBatch", received },
    };
    return { shipment, sent, outcome: { to: "DELIVERED", event } };
  }
  const news = sent.length > 0;
  try {
    const ending = await endingOf(deps, follow, shipment, result, checkpoints, news, now);
    return { shipment, sent, outcome: ending ? { to: "ENDED", ending } : { to: "FULFILLED", news } };
  } catch (error) {
    // The shop's settings or time zone could not be read: what Shopify has is marked all the same.
    return { shipment, sent, outcome: { to: "FAILED", error } };
  }
}

/**
 * Parcels as followed: their checkpoints marked sent and their timeline events written first (one
 * statement each for them all), then their moves, so a parcel's timeline reads its checkpoints
 * before its delivery.
 */
async function writeFollowed(tx: DatabaseOrTransaction, followed: readonly Followed[], now: Date): Promise<void> {
  await markCheckpointsSent(
    tx,
    followed.flatMap(({ sent }) => sent),
    now,
  );
  const delivered = { lastPolledAt: now, lastNewsAt: now };
  await transitionEach(
    tx,
    followed.flatMap(({ shipment, outcome }): ShipmentMove[] =>
      outcome.to === "DELIVERED" ? [{ shipment, to: "DELIVERED", event: outcome.event, changes: delivered }] : [],
    ),
  );
  for (const { shipment, outcome } of followed)
    if (outcome.to === "ENDED")
      await endShipment(tx, shipment, outcome.ending, { operation: "trackBatch", trackingNumber: shipment.trackingNumber }, now);
  const read = (news: boolean) =>
    followed.flatMap(({ shipment, outcome }) => (outcome.to === "FULFILLED" && outcome.news === news ? [shipment.id] : []));
  const withNews = read(true);
  if (withNews.length > 0) await tx.shipment.updateMany({ where: { id: { in: withNews } }, data: { lastPolledAt: now, lastNewsAt: now } });
  await markPolled(tx, read(false), now);
}

/**
 * Records a query's parcels as followed, in one transaction. When one has left FULFILLED meanwhile
 * (cancelled, say), each is recorded on its own, and that one's checkpoints are marked sent all the same.
 */
async function recordFollowed(db: DatabaseOrTransaction, followed: readonly Followed[], now: Date): Promise<void> {
  if (followed.length === 0) return;
  try {
    await inTransaction(db, (tx) => writeFollowed(tx, followed, now));
  } catch (error) {
    if (!(error instanceof ShipmentStateChanged)) throw error;
    for (const one of followed) {
      try {
        await inTransaction(db, (tx) => writeFollowed(tx, [one], now));
      } catch (alone) {
        if (!(alone instanceof ShipmentStateChanged)) throw alone;
        await markCheckpointsSent(db, one.sent, now);
      }
    }
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
        const { answers, rowOf } = await answersOf(ctx, query.items, new Map(results.map((result) => [result.TrackingNumber, result])));
        // Each parcel's checkpoints sent to Shopify, then what became of them all written together;
        // what was sent is written even when a later parcel fails (a crash leaves it to be looked for).
        const followed: Followed[] = [];
        try {
          for (const answer of answers) {
            const one = await followParcel(deps, follow, answer, rowOf);
            followed.push(one);
            if (one.outcome.to === "FAILED") break;
          }
        } finally {
          await recordFollowed(ctx.db, followed, deps.now());
        }
        for (const { outcome } of followed) if (outcome.to === "FAILED") throw outcome.error;
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
