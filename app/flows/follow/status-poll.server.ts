/**
 * Follow: the provider creates packages asynchronously, so SUBMITTED shipments are polled in batches
 * (operation 8 for drop-ship, 15 for outbound, by PackageId) until `Created` with a tracking number
 * (→ CREATED) or `CreateFailed` (→ FAILED with the reason in the merchant's words), or their ending
 * (→ ENDED). The same job watches non-final tracking numbers of fulfilled parcels, and of delivered
 * ones for a while (followProvisional).
 */
import type { Shipment, ShipmentKind } from "@prisma/client";
import { FulfillmentOrderGid } from "~/connector";
import { endingOfPackageStatus, endingOfSilence, type Ending, type Waiting } from "~/connector/endings";
import { ProviderNotFoundError } from "~/fulfilment";
import type { JobContext } from "~/jobs/handler";
import { inTransaction, type DatabaseOrTransaction } from "~/stores/database/database.server";
import { endShipment } from "~/stores/shipments/needs-attention.server";
import {
  countInState,
  countProvisionalNumbers,
  markPolled,
  parcelsWithProvisionalNumbers,
  shipmentsInState,
} from "~/stores/shipments/shipments-in-state.server";
import { otherParcelsOf, otherParcelsText } from "~/stores/shipments/shipment-columns";
import { recordShipmentEvent, transition, transitionEach, type ShipmentMove } from "~/stores/shipments/shipment.server";
import { HANDED_BACK } from "~/stores/shipments/shipment-states";
import { ShopifyUserError } from "~/shopify/errors";
import type { PipelineDeps } from "../ports/deps";
import { respectingWaits } from "../ports/errors";
import { type CreationFailure, type StatusRecord, statusOutcomeOf } from "./provider-status";
import type { PipelineSettings, ProviderPort, ShopifyPort } from "../ports/ports";
import { queueStatusPoll, queueStockSync, queueWriteBack } from "../queue/stages.server";
import { chunks } from "~/lib/chunks";
import { encodeShippingCosts, shippingCostLinesOf } from "~/connector/shipping-costs";
import { webAddressOrNull } from "~/lib/web-address";
import { said } from "~/lib/words/reason-said";
import { lastErrorColumns } from "~/stores/shipments/last-error";
import { storedTimeZone } from "~/stores/shops/shop-time-zone.server";
import type { TrackingLanguage } from "~/connector/tracking-language";
import { trackingLanguageOfShipment, trackingQueries } from "../track/tracking-queries";
import { timelineSaid } from "~/lib/words/timeline-said";

const DAY_MS = 24 * 60 * 60_000;
/** Settings > Orders and after sending allows no fewer days: a package silent for less is not read against them. */
const FEWEST_NO_NEWS_DAYS = 1;

/** Shopify shows a closing message on the order; long ones are cut. */
const short = (text: string) => (text.length <= 250 ? text : `${text.slice(0, 249)}…`);

/** The shop's Shopify port and settings, asked for only when a shipment needs them. */
export interface Shop {
  shopify(): Promise<ShopifyPort>;
  settings(): Promise<PipelineSettings>;
}

export function lazyShop(deps: PipelineDeps, shop: string): Shop {
  let shopify: Promise<ShopifyPort> | undefined;
  let settings: Promise<PipelineSettings> | undefined;
  const port = () => (shopify ??= deps.shopify(shop));
  return { shopify: port, settings: async () => (settings ??= deps.settings(shop, await port())) };
}

/** The status records of the packages, by PackageId; an empty map when the provider knows none of them. */
async function statusesOf(provider: ProviderPort, kind: ShipmentKind, packageIds: string[]): Promise<Map<string, StatusRecord>> {
  try {
    const records: StatusRecord[] =
      kind === "OUTBOUND"
        ? await provider.outboundStatuses({ idType: "PackageId", Ids: packageIds })
        : await provider.dropshipStatuses({ idType: "PackageId", Ids: packageIds });
    return new Map(records.map((record) => [record.PackageId, record]));
  } catch (error) {
    if (error instanceof ProviderNotFoundError) return new Map();
    throw error;
  }
}

export const statusSummary = (record: StatusRecord) => ({
  status: record.Status,
  handleStatus: record.HandleStatus ?? null,
  svcPackageId: record.SvcPackageId ?? null,
  trackingNumber: record.TrackingNumber ?? null,
  extraTrackNumber: "ExtraTrackNumber" in record ? (record.ExtraTrackNumber ?? null) : null,
  isFinalTrackingNumber: record.IsFinalTrackingNumber ?? null,
  shippingProvider: record.ShippingProvider ?? null,
  retryCount: record.RetryCount ?? null,
});

/** The shipping costs the record reports, as columns; none when it reports none (earlier ones are kept). */
export function shippingCostColumns(record: StatusRecord, now: Date): { shippingCosts?: string; shippingCostsAt?: Date } {
  const text = encodeShippingCosts(shippingCostLinesOf(record.ShippingCosts));
  return text === null ? {} : { shippingCosts: text, shippingCostsAt: now };
}

/** When the provider last said something about the package: news, else when it was sent. */
const newsSince = (shipment: Shipment) => shipment.lastNewsAt ?? shipment.submittedAt ?? shipment.updatedAt;

/**
 * The ending by silence, if the package has been silent for the shop's number of days; the day it
 * names is the shop's (its zone as last stored, UTC while none is known).
 */
async function silence(db: DatabaseOrTransaction, shop: Shop, shipment: Shipment, now: Date, waiting: Waiting): Promise<Ending | null> {
  const since = newsSince(shipment);
  if (now.getTime() - since.getTime() < FEWEST_NO_NEWS_DAYS * DAY_MS) return null;
  const { afterSending } = await shop.settings();
  const { timeZone } = await storedTimeZone(db, shipment.shop);
  return endingOfSilence(since, now, afterSending.noNewsDays, waiting, shipment.packageId, timeZone ?? "UTC");
}

/**
 * The package will not reach the customer: ENDED. Before its fulfilment exists, an outbound one's
 * fulfillment order is also given back to Shopify (closed as incomplete), so the merchant can send
 * it again or elsewhere; Shopify refusing that (already closed, cancelled) is said, not an error.
 */
async function end(
  ctx: Pick<JobContext, "db">,
  deps: PipelineDeps,
  shop: Shop,
  shipment: Shipment,
  ending: Ending,
  received: unknown,
): Promise<void> {
  const handedBack =
    shipment.kind === "OUTBOUND" && ending.reason !== "NO_NEWS" ? await giveBack(shop, shipment, ending.message) : undefined;
  await endShipment(
    ctx.db,
    shipment,
    ending,
    { operation: shipment.kind === "OUTBOUND" ? "outboundStatuses" : "dropshipStatuses", received, ...(handedBack ? { handedBack } : {}) },
    deps.now(),
  );
}

type GivenBack = { closed: true } | { closed: false; why: string };

/**
 * fulfillmentOrderClose with the reason. Repeating it is harmless: Shopify refuses a second close,
 * and a fulfillment order found INCOMPLETE counts as given back (a run that died after closing it).
 */
async function giveBack(shop: Shop, shipment: Shipment, message: string): Promise<GivenBack> {
  const id = FulfillmentOrderGid.safeParse(shipment.fulfillmentOrderId);
  if (!id.success) return { closed: false, why: "the fulfillment order id is not Shopify's" };
  const shopify = await shop.shopify();
  try {
    await shopify.closeFulfillmentOrder(id.data, short(message));
    return { closed: true };
  } catch (error) {
    if (!(error instanceof ShopifyUserError)) throw error;
    const now = await shopify.fulfillmentOrderRemaining(id.data);
    if (now?.status === "INCOMPLETE") return { closed: true };
    return { closed: false, why: error.userErrors.map((e) => e.message).join("; ") };
  }
}

/**
 * A package the provider could not create. Held (FAILED, fix and retry), or, when the shop hands
 * such packages back, its fulfillment order closed in Shopify with the reason (FAILED, HANDED_BACK).
 * A drop-ship package has nothing to give back: its fulfillment order is at the merchant's own
 * location and was never the app's to close; the timeline says so and it stays FAILED.
 */
async function fail(
  ctx: Pick<JobContext, "db">,
  deps: PipelineDeps,
  shop: Shop,
  shipment: Shipment,
  failure: CreationFailure,
  record: StatusRecord,
): Promise<void> {
  const now = deps.now();
  const operation = shipment.kind === "OUTBOUND" ? "outboundStatuses" : "dropshipStatuses";
  const failed = {
    type: "failed" as const,
    message: failure.message,
    data: { operation, received: statusSummary(record), say: failure.say },
  };
  const columns = { svcPackageId: record.SvcPackageId ?? null, lastPolledAt: now, lastNewsAt: now };
  if ((await shop.settings()).afterSending.failedPackages !== "handBack") {
    await transition(ctx.db, shipment, "FAILED", failed, { ...columns, lastErrorCode: failure.code, ...lastErrorColumns(failure) });
    return;
  }
  if (shipment.kind === "DROPSHIP") {
    await ctx.db.$transaction(async (tx) => {
      const moved = await transition(tx, shipment, "FAILED", failed, {
        ...columns,
        lastErrorCode: failure.code,
        ...lastErrorColumns(failure),
      });
      const notHandedBack = said("notHandedBackDropship");
      await recordShipmentEvent(tx, moved.id, {
        type: "handed_back",
        message: notHandedBack.message,
        data: { setting: "handBack", kind: "DROPSHIP", say: notHandedBack.say },
      });
    });
    return;
  }
  const closing = `The provider could not create package ${shipment.packageId}: ${failure.said}`;
  const given = await giveBack(shop, shipment, closing);
  await ctx.db.$transaction(async (tx) => {
    if (given.closed) {
      const moved = await transition(tx, shipment, "FAILED", failed, {
        ...columns,
        lastErrorCode: HANDED_BACK,
        ...lastErrorColumns(failure.handedBack),
      });
      // The note is quoted as Shopify keeps it, in English.
      const handedBack = said("handedBackToShopify", short(closing));
      await recordShipmentEvent(tx, moved.id, {
        type: "handed_back",
        message: handedBack.message,
        data: { operation: "fulfillmentOrderClose", providerCode: failure.code, say: handedBack.say },
      });
      return;
    }
    const moved = await transition(tx, shipment, "FAILED", failed, {
      ...columns,
      lastErrorCode: failure.code,
      ...lastErrorColumns(failure),
    });
    const refused = said("handBackRefused", given.why);
    await recordShipmentEvent(tx, moved.id, {
      type: "handed_back",
      message: refused.message,
      data: { operation: "fulfillmentOrderClose", refused: given.why, say: refused.say },
    });
  });
}

/**
 * What a SUBMITTED package's status record says to do. An ending or a failure is done here; being
 * created, or still creating, is returned, so a poll makes those moves for its whole chunk at once.
 */
async function nextForSubmitted(
  ctx: Pick<JobContext, "db" | "logger">,
  deps: PipelineDeps,
  shop: Shop,
  shipment: Shipment,
  record: StatusRecord | undefined,
  now: Date,
): Promise<{ created: ShipmentMove } | { polled: string } | void> {
  if (record === undefined) {
    // Accepted by the provider, yet unknown to its status query: its records may lag. Asked again
    // later, until the shop's days without news are over.
    const silent = await silence(ctx.db, shop, shipment, now, "unknown");
    if (silent) return end(ctx, deps, shop, shipment, silent, null);
    ctx.logger.warn({ packageId: shipment.packageId }, "The provider does not know a package it accepted; asking again later");
    return { polled: shipment.id };
  }
  const outcome = statusOutcomeOf(record);
  const ending = endingOfPackageStatus({
    kind: shipment.kind,
    packageId: shipment.packageId,
    status: record.Status,
    handleStatus: outcome.handleStatus,
    reasonText: "UnShippedReason" in record ? record.UnShippedReason?.ReasonText : null,
    fulfilled: false,
  });
  if (ending) return end(ctx, deps, shop, shipment, ending, statusSummary(record));
  switch (outcome.kind) {
    case "creating": {
      const silent = await silence(ctx.db, shop, shipment, now, "creating");
      if (silent) return end(ctx, deps, shop, shipment, silent, statusSummary(record));
      return { polled: shipment.id };
    }
    case "created": {
      const { created } = outcome;
      const parcels = created.otherNumbers.length + 1;
      // The provider's tracking number and carrier, quoted as it gave them.
      const said = timelineSaid(
        "providerCreated",
        created.trackingNumber,
        created.carrier ?? "",
        created.isFinal ? 0 : 1,
        parcels,
        created.otherNumbers.join(", "),
      );
      return {
        created: {
          shipment,
          to: "CREATED",
          event: {
            type: "created",
            message: said.message,
            data: {
              operation: shipment.kind === "OUTBOUND" ? "outboundStatuses" : "dropshipStatuses",
              received: statusSummary(record),
              say: said.say,
            },
          },
          changes: {
            trackingNumber: created.trackingNumber,
            trackingCarrier: created.carrier,
            isFinalTracking: created.isFinal,
            svcPackageId: created.svcPackageId,
            extraTrackingNumbers: otherParcelsText(created.otherNumbers.map((number) => ({ number, url: null }))),
            lastPolledAt: now,
            lastNewsAt: now,
            lastErrorCode: null,
            lastErrorText: null,
            lastErrorSay: null,
            ...shippingCostColumns(record, now),
          },
        },
      };
    }
    case "failed":
      return fail(ctx, deps, shop, shipment, outcome.failure, record);
  }
}

/**
 * Applies a SUBMITTED package's status record: CREATED (with the other parcels' numbers), FAILED
 * (handed back to Shopify when the shop says so), ENDED (the provider deleted it, or nobody has news
 * of it for the shop's noNewsDays), or polled again later.
 */
export async function applySubmitted(
  ctx: Pick<JobContext, "db" | "logger">,
  deps: PipelineDeps,
  shop: Shop,
  shipment: Shipment,
  record: StatusRecord | undefined,
): Promise<void> {
  await applySubmittedEach(ctx, deps, shop, [shipment], new Map(record ? [[shipment.packageId, record]] : []));
}

/**
 * applySubmitted for a poll's chunk: the packages created move to CREATED together, and those still
 * waiting are marked polled together, in one transaction of a few statements (transitionEach)
 * rather than one per package; endings and failures, which may call Shopify, one by one.
 */
async function applySubmittedEach(
  ctx: Pick<JobContext, "db" | "logger">,
  deps: PipelineDeps,
  shop: Shop,
  shipments: readonly Shipment[],
  records: ReadonlyMap<string, StatusRecord>,
): Promise<void> {
  const created: ShipmentMove[] = [];
  const polled: string[] = [];
  // One time for the chunk's answer: its moves then set it alike, in one statement (transitionEach).
  const now = deps.now();
  for (const shipment of shipments) {
    const next = await nextForSubmitted(ctx, deps, shop, shipment, records.get(shipment.packageId), now);
    if (next && "created" in next) created.push(next.created);
    if (next && "polled" in next) polled.push(next.polled);
  }
  if (created.length === 0 && polled.length === 0) return;
  await inTransaction(ctx.db, async (tx) => {
    await transitionEach(tx, created);
    await markPolled(tx, polled, now);
  });
}

/**
 * The carrier's tracking page for new numbers, from the tracking query, each asked in its buyer's
 * language (the carrier's name reaches the buyer through Shopify); missing ones stay null.
 */
async function carrierPages(
  provider: ProviderPort,
  deps: PipelineDeps,
  numbers: { number: string; lang: TrackingLanguage }[],
): Promise<Map<string, { url: string | null; company: string | null }>> {
  const pages = new Map<string, { url: string | null; company: string | null }>();
  for (const query of trackingQueries(numbers, (parcel) => parcel.lang, deps.policy.trackingNumbersPerQuery)) {
    const results = await provider.trackBatch({ TrackingNumbers: query.items.map((parcel) => parcel.number), lang: query.lang });
    for (const result of results) {
      pages.set(result.TrackingNumber, {
        url: webAddressOrNull(result.CarrierInfo?.Url),
        company: result.CarrierInfo?.Company ?? result.ShippingProvider ?? null,
      });
    }
  }
  return pages;
}

/**
 * A fulfilled parcel's provisional number was replaced: Shopify's fulfilment gets the new number
 * first (repeating that is harmless), then the shipment, so a crash in between only repeats it.
 */
async function replaceTracking(
  ctx: JobContext,
  deps: PipelineDeps,
  shopify: ShopifyPort,
  notifyCustomer: boolean,
  shipment: Shipment,
  record: StatusRecord,
  page: { url: string | null; company: string | null } | undefined,
): Promise<void> {
  const outcome = statusOutcomeOf(record);
  if (outcome.kind !== "created") return;
  const { created } = outcome;
  const now = deps.now();
  if (created.trackingNumber === shipment.trackingNumber) {
    if (created.isFinal !== shipment.isFinalTracking) {
      await ctx.db.shipment.update({ where: { id: shipment.id }, data: { isFinalTracking: created.isFinal, lastPolledAt: now } });
    } else {
      await markPolled(ctx.db, [shipment.id], now);
    }
    return;
  }
  const tracking = {
    number: created.trackingNumber,
    company: created.carrier ?? page?.company ?? null,
    url: page?.url ?? null,
    others: otherParcelsOf(shipment),
  };
  if (shipment.shopifyFulfillmentId === null) return;
  let refused: ShopifyUserError | undefined;
  try {
    await shopify.updateTracking(shipment.shopifyFulfillmentId, tracking, notifyCustomer);
  } catch (error) {
    // A delivered parcel's fulfilment Shopify will not change (the merchant cancelled it since,
    // say) would fail every poll for as long as the parcel is watched: the new number is kept here
    // with Shopify's words, so the next poll finds nothing new to write. A fulfilled one's refusal
    // fails the job as before: that parcel is still on its way.
    if (!(error instanceof ShopifyUserError) || shipment.state !== "DELIVERED") throw error;
    refused = error;
  }
  await ctx.db.$transaction(async (tx) => {
    await tx.shipment.update({
      where: { id: shipment.id },
      data: {
        trackingNumber: tracking.number,
        trackingCarrier: tracking.company,
        trackingUrl: tracking.url,
        isFinalTracking: created.isFinal,
        lastPolledAt: now,
        lastNewsAt: now,
      },
    });
    const previous = shipment.trackingNumber ?? "?";
    const replaced =
      refused === undefined
        ? timelineSaid("trackingReplaced", previous, tracking.number, tracking.company ?? "")
        : timelineSaid(
            "trackingReplaceRefused",
            previous,
            tracking.number,
            tracking.company ?? "",
            refused.userErrors.map((e) => e.message).join("; "),
          );
    await recordShipmentEvent(tx, shipment.id, {
      type: "tracking_updated",
      message: replaced.message,
      data: {
        say: replaced.say,
        operation: "fulfillmentTrackingInfoUpdate",
        previous: shipment.trackingNumber,
        sent: { ...tracking, notifyCustomer },
        received: statusSummary(record),
      },
    });
  });
}

/** Polls SUBMITTED packages; returns whether more were left than one run may ask about. */
async function followSubmitted(
  ctx: JobContext,
  deps: PipelineDeps,
  provider: ProviderPort,
  shop: string,
  kind: ShipmentKind,
): Promise<boolean> {
  const size = deps.policy.idsPerStatusQuery;
  const limit = size * deps.policy.statusQueriesPerPoll;
  const submitted = await shipmentsInState(ctx.db, shop, "SUBMITTED", { kind, take: limit + 1, leastRecentlyPolled: true });
  const lazy = lazyShop(deps, shop);
  for (const chunk of chunks(submitted.slice(0, limit), size)) {
    const records = await statusesOf(
      provider,
      kind,
      chunk.map((s) => s.packageId),
    );
    await applySubmittedEach(ctx, deps, lazy, chunk, records);
  }
  return submitted.length > limit;
}

/**
 * Parcels whose tracking number is provisional and due for a look: when the provider replaces one,
 * the Shopify fulfilment's tracking is updated. A DELIVERED one too: when the carrier's number and
 * the delivery arrive together, the tracking read can move the parcel first, and the fulfilment
 * would keep a number that may not track (the one a payment dispute would be judged by).
 */
async function followProvisional(
  ctx: JobContext,
  deps: PipelineDeps,
  provider: ProviderPort,
  shop: string,
  kind: ShipmentKind,
): Promise<void> {
  const now = deps.now();
  // CREATED ones are left alone: a number changed under a fulfilment being written would hide it from the crash check.
  const provisional = await parcelsWithProvisionalNumbers(ctx.db, shop, kind, {
    deliveredSince: new Date(now.getTime() - deps.policy.provisionalAfterDeliveryMs),
    polledBefore: new Date(now.getTime() - deps.policy.nonFinalTrackingPollMs),
    take: deps.policy.idsPerStatusQuery,
  });
  if (provisional.length === 0) return;
  const records = await statusesOf(
    provider,
    kind,
    provisional.map((s) => s.packageId),
  );
  const replaced = provisional.flatMap((s) => {
    const number = records.get(s.packageId)?.TrackingNumber;
    return number && number !== s.trackingNumber ? [{ number, lang: trackingLanguageOfShipment(deps.policy, s) }] : [];
  });
  const pages = replaced.length > 0 ? await carrierPages(provider, deps, replaced) : new Map();
  const shopify = await deps.shopify(shop);
  const settings = await deps.settings(shop, shopify);
  for (const shipment of provisional) {
    const record = records.get(shipment.packageId);
    if (record === undefined) {
      await markPolled(ctx.db, [shipment.id], deps.now());
      continue;
    }
    // A delivered parcel's buyer is not told of a new number: the parcel has arrived.
    const notifyCustomer = settings.notifyCustomer && shipment.state !== "DELIVERED";
    await replaceTracking(ctx, deps, shopify, notifyCustomer, shipment, record, pages.get(record.TrackingNumber ?? ""));
  }
}

/** When to look again: half the age of the newest package still being created, within the policy's bounds. */
async function nextStatusPoll(
  db: DatabaseOrTransaction,
  deps: PipelineDeps,
  shop: string,
  kind: ShipmentKind,
  now: Date,
): Promise<Date | undefined> {
  const newest = await db.shipment.findFirst({
    where: { shop, kind, state: "SUBMITTED" },
    orderBy: { submittedAt: "desc" },
    select: { submittedAt: true },
  });
  if (newest) {
    const age = now.getTime() - (newest.submittedAt ?? now).getTime();
    const wait = Math.min(deps.policy.maxStatusPollMs, Math.max(deps.policy.minStatusPollMs, Math.floor(age / 2)));
    return new Date(now.getTime() + wait);
  }
  // Provisional numbers being written back now are watched from then on.
  const deliveredSince = new Date(now.getTime() - deps.policy.provisionalAfterDeliveryMs);
  const provisional = await countProvisionalNumbers(db, shop, kind, { deliveredSince, writingBack: true });
  return provisional > 0 ? new Date(now.getTime() + deps.policy.nonFinalTrackingPollMs) : undefined;
}

export async function followShipments(ctx: JobContext, deps: PipelineDeps, shop: string, kind: ShipmentKind): Promise<void> {
  const provider = await deps.provider(shop);
  const more = await respectingWaits(deps.now, deps.policy, async () => {
    const left = await followSubmitted(ctx, deps, provider, shop, kind);
    await followProvisional(ctx, deps, provider, shop, kind);
    return left;
  });
  const now = deps.now();
  await ctx.complete(async (tx) => {
    if ((await countInState(tx, shop, "CREATED")) > 0) {
      await queueWriteBack(tx, shop, now);
      // The provider took created packages' units out of its stock: Shopify's counts follow soon,
      // once for a burst of them (decision 0013).
      if (kind === "OUTBOUND")
        await queueStockSync(tx, shop, new Date(now.getTime() + deps.policy.stockSyncAfterChangeMs), "PROVIDER_CHANGE");
    }
    // Decided inside the completing transaction: a push that submitted packages meanwhile is seen here.
    const runAt = more ? now : await nextStatusPoll(tx, deps, shop, kind, now);
    if (runAt) await queueStatusPoll(tx, shop, kind, runAt);
  });
}
