/**
 * Follow: the provider creates packages asynchronously, so SUBMITTED shipments are polled in
 * batches (operation 8 for drop-ship, 15 for outbound, by PackageId) until `Created` with a tracking
 * number (→ CREATED) or `CreateFailed` (→ FAILED with the reason in the merchant's words). The same
 * job watches non-final tracking numbers of fulfilled parcels: when the provider replaces one, the
 * Shopify fulfilment's tracking is updated.
 */
import type { Shipment, ShipmentKind } from "@prisma/client";
import { ProviderNotFoundError } from "~/fulfilment";
import type { JobContext } from "~/jobs/handler";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { countInState, markPolled, shipmentsInState } from "~/stores/shipments/shipment-pipeline.server";
import { recordShipmentEvent, transition } from "~/stores/shipments/shipment.server";
import type { PipelineDeps } from "../ports/deps";
import { respectingWaits } from "../ports/errors";
import { type StatusRecord, statusOutcomeOf } from "./provider-status";
import type { ProviderPort, ShopifyPort } from "../ports/ports";
import { queueStatusPoll, queueStockSync, queueWriteBack } from "../queue/stages.server";
import { chunks } from "~/lib/chunks";
import { webAddressOrNull } from "~/lib/web-address";

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

const statusSummary = (record: StatusRecord) => ({
  status: record.Status,
  handleStatus: record.HandleStatus ?? null,
  svcPackageId: record.SvcPackageId ?? null,
  trackingNumber: record.TrackingNumber ?? null,
  isFinalTrackingNumber: record.IsFinalTrackingNumber ?? null,
  shippingProvider: record.ShippingProvider ?? null,
  retryCount: record.RetryCount ?? null,
});

async function applySubmitted(ctx: JobContext, deps: PipelineDeps, shipment: Shipment, record: StatusRecord | undefined): Promise<void> {
  const now = deps.now();
  if (record === undefined) {
    // Accepted by the provider, yet unknown to its status query: its records may lag. Asked again later.
    ctx.logger.warn("The provider does not know a package it accepted; asking again later", { packageId: shipment.packageId });
    await markPolled(ctx.db, [shipment.id], now);
    return;
  }
  const outcome = statusOutcomeOf(record);
  switch (outcome.kind) {
    case "creating":
      await markPolled(ctx.db, [shipment.id], now);
      return;
    case "created": {
      const { created } = outcome;
      await transition(
        ctx.db,
        shipment,
        "CREATED",
        {
          type: "created",
          message:
            `The provider created the package: tracking number ${created.trackingNumber}` +
            `${created.carrier ? ` (${created.carrier})` : ""}${created.isFinal ? "" : ", provisional: the provider may replace it"}.`,
          data: { operation: shipment.kind === "OUTBOUND" ? "outboundStatuses" : "dropshipStatuses", received: statusSummary(record) },
        },
        {
          trackingNumber: created.trackingNumber,
          trackingCarrier: created.carrier,
          isFinalTracking: created.isFinal,
          svcPackageId: created.svcPackageId,
          lastPolledAt: now,
          lastErrorCode: null,
          lastErrorText: null,
        },
      );
      return;
    }
    case "failed":
      await transition(
        ctx.db,
        shipment,
        "FAILED",
        {
          type: "failed",
          message: outcome.failure.message,
          data: { operation: shipment.kind === "OUTBOUND" ? "outboundStatuses" : "dropshipStatuses", received: statusSummary(record) },
        },
        { lastErrorCode: outcome.failure.code, lastErrorText: outcome.failure.message, svcPackageId: record.SvcPackageId ?? null, lastPolledAt: now },
      );
      return;
  }
}

/** The carrier's tracking page for new numbers, from the tracking query; missing ones stay null. */
async function carrierPages(provider: ProviderPort, deps: PipelineDeps, numbers: string[]): Promise<Map<string, { url: string | null; company: string | null }>> {
  const pages = new Map<string, { url: string | null; company: string | null }>();
  for (const chunk of chunks(numbers, deps.policy.trackingNumbersPerQuery)) {
    const results = await provider.trackBatch({ TrackingNumbers: chunk, lang: deps.policy.trackingLanguage });
    for (const result of results) {
      pages.set(result.TrackingNumber, { url: webAddressOrNull(result.CarrierInfo?.Url), company: result.CarrierInfo?.Company ?? result.ShippingProvider ?? null });
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
  const tracking = { number: created.trackingNumber, company: created.carrier ?? page?.company ?? null, url: page?.url ?? null };
  if (shipment.shopifyFulfillmentId === null) return;
  await shopify.updateTracking(shipment.shopifyFulfillmentId, tracking, notifyCustomer);
  await ctx.db.$transaction(async (tx) => {
    await tx.shipment.update({
      where: { id: shipment.id },
      data: { trackingNumber: tracking.number, trackingCarrier: tracking.company, trackingUrl: tracking.url, isFinalTracking: created.isFinal, lastPolledAt: now },
    });
    await recordShipmentEvent(tx, shipment.id, {
      type: "tracking_updated",
      message: `The provider replaced tracking number ${shipment.trackingNumber ?? "?"} with ${tracking.number}${tracking.company ? ` (${tracking.company})` : ""}; the Shopify fulfilment now shows it.`,
      data: { operation: "fulfillmentTrackingInfoUpdate", previous: shipment.trackingNumber, sent: { ...tracking, notifyCustomer }, received: statusSummary(record) },
    });
  });
}

/** Polls SUBMITTED packages; returns whether more were left than one run may ask about. */
async function followSubmitted(ctx: JobContext, deps: PipelineDeps, provider: ProviderPort, shop: string, kind: ShipmentKind): Promise<boolean> {
  const size = deps.policy.idsPerStatusQuery;
  const limit = size * deps.policy.statusQueriesPerPoll;
  const submitted = await shipmentsInState(ctx.db, shop, "SUBMITTED", { kind, take: limit + 1, leastRecentlyPolled: true });
  for (const chunk of chunks(submitted.slice(0, limit), size)) {
    const records = await statusesOf(provider, kind, chunk.map((s) => s.packageId));
    for (const shipment of chunk) await applySubmitted(ctx, deps, shipment, records.get(shipment.packageId));
  }
  return submitted.length > limit;
}

/** Fulfilled parcels whose tracking number is provisional and due for a look. */
async function followProvisional(ctx: JobContext, deps: PipelineDeps, provider: ProviderPort, shop: string, kind: ShipmentKind): Promise<void> {
  const dueBefore = new Date(deps.now().getTime() - deps.policy.nonFinalTrackingPollMs);
  // CREATED ones are left alone: a number changed under a fulfilment being written would hide it from the crash check.
  const provisional = await shipmentsInState(ctx.db, shop, "FULFILLED", {
    kind,
    where: { isFinalTracking: false, OR: [{ lastPolledAt: null }, { lastPolledAt: { lte: dueBefore } }] },
    take: deps.policy.idsPerStatusQuery,
    leastRecentlyPolled: true,
  });
  if (provisional.length === 0) return;
  const records = await statusesOf(provider, kind, provisional.map((s) => s.packageId));
  const replaced = provisional.flatMap((s) => {
    const number = records.get(s.packageId)?.TrackingNumber;
    return number && number !== s.trackingNumber ? [number] : [];
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
    await replaceTracking(ctx, deps, shopify, settings.notifyCustomer, shipment, record, pages.get(record.TrackingNumber ?? ""));
  }
}

/** When to look again: half the age of the newest package still being created, within the policy's bounds. */
async function nextStatusPoll(db: DatabaseOrTransaction, deps: PipelineDeps, shop: string, kind: ShipmentKind, now: Date): Promise<Date | undefined> {
  const newest = await db.shipment.findFirst({ where: { shop, kind, state: "SUBMITTED" }, orderBy: { submittedAt: "desc" }, select: { submittedAt: true } });
  if (newest) {
    const age = now.getTime() - (newest.submittedAt ?? now).getTime();
    const wait = Math.min(deps.policy.maxStatusPollMs, Math.max(deps.policy.minStatusPollMs, Math.floor(age / 2)));
    return new Date(now.getTime() + wait);
  }
  // Provisional numbers being written back now are watched from then on.
  const provisional = await db.shipment.count({ where: { shop, kind, state: { in: ["CREATED", "FULFILLED"] }, isFinalTracking: false } });
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
      if (kind === "OUTBOUND") await queueStockSync(tx, shop, new Date(now.getTime() + deps.policy.stockSyncAfterChangeMs), "PROVIDER_CHANGE");
    }
    // Decided inside the completing transaction: a push that submitted packages meanwhile is seen here.
    const runAt = more ? now : await nextStatusPoll(tx, deps, shop, kind, now);
    if (runAt) await queueStatusPoll(tx, shop, kind, runAt);
  });
}
