/**
 * What the Shipments list does besides listing, for a busy merchant: a tracking lookup (any
 * tracking number, asked of the provider), bulk actions through the same fix-and-retry as a
 * shipment's page (flows/retry), and the shop's jobs that died, with their reason and a retry
 * (jobs/admin.server.ts). Every read and change names the shop from the session.
 */
import prisma from "~/db.server";
import { providerProblem } from "~/connector/provider-problem";
import { ProviderError, ProviderNotFoundError } from "~/fulfilment/errors";
import { PermanentFailure } from "~/jobs/handler";
import { listDeadJobs, retryJob } from "~/jobs/admin.server";
import { retryShipment, type RetryOutcome } from "~/flows/retry/retry.server";
import { HANDED_BACK } from "~/stores/shipments/shipment-states";
import { webAddressOrNull } from "~/lib/web-address";
import { appPipelineDeps } from "~/wiring/pipeline-deps.server";
import type { JobKind } from "~/flows/queue/job-kinds";
import { log } from "~/lib/log.server";
import type { Words } from "~/lib/words";
import { en } from "~/lib/words/en";
import { reasonFieldText, reasonText, saidAgainWithin, textIn, timelineWords } from "~/lib/words/reason-said";
import { jobErrorIn } from "~/lib/words/job-error-said";
import { withTimesWritten } from "~/lib/words/reason-times";
import { jobName } from "~/lib/words/job-name";
import type { Formatter } from "~/lib/format";

/** The page's words in the admin's language (lib/words). */
type PageWords = Words["shipments"];

/** A tracking number is at most this long; anything longer is refused before asking. */
export const MAX_TRACKING_NUMBER_LENGTH = 60;

export interface TrackingCheckpoint {
  at: string | null;
  status: string | null;
  message: string | null;
  location: string | null;
}

export type TrackingLookup =
  | {
      kind: "found";
      trackingNumber: string;
      status: string | null;
      carrier: string | null;
      carrierUrl: string | null;
      estimatedDelivery: string | null;
      /** Newest first, as the provider lists them. */
      checkpoints: TrackingCheckpoint[];
      /** The shop's shipment with this tracking number; null when it is not one of ours. */
      shipment: { id: string; orderName: string | null; packageId: string } | null;
    }
  | { kind: "problem"; trackingNumber: string; message: string };

const joined = (...parts: (string | null | undefined)[]) => {
  const text = parts.filter((part): part is string => typeof part === "string" && part.trim() !== "").join(", ");
  return text === "" ? null : text;
};

/** The shop's shipment carrying `trackingNumber`, as its main number or another parcel's. */
async function ourShipment(shop: string, trackingNumber: string) {
  const main = await prisma.shipment.findFirst({ where: { shop, trackingNumber }, select: { id: true, orderName: true, packageId: true } });
  if (main !== null) return main;
  const quoted = JSON.stringify(trackingNumber);
  return prisma.shipment.findFirst({
    where: { shop, extraTrackingNumbers: { contains: quoted } },
    select: { id: true, orderName: true, packageId: true },
  });
}

/**
 * Any tracking number, asked of the provider (operation 11, `trackings/{n}`), with its checkpoints,
 * and the shop's own shipment it belongs to, if any; failures in words.
 */
export async function lookUpTracking(
  shop: string,
  asked: string,
  {
    words,
    lang,
    errors,
    problems,
  }: { words: PageWords; lang: "en" | "zh"; errors: Words["jobErrors"]; problems: Words["providerProblems"] },
): Promise<TrackingLookup> {
  const trackingNumber = asked.trim();
  if (trackingNumber === "") return { kind: "problem", trackingNumber, message: words.enterTrackingNumber };
  if (trackingNumber.length > MAX_TRACKING_NUMBER_LENGTH || !/^[A-Za-z0-9-]+$/.test(trackingNumber)) {
    return { kind: "problem", trackingNumber, message: words.trackingNumberRule(String(MAX_TRACKING_NUMBER_LENGTH)) };
  }
  try {
    const provider = await appPipelineDeps().provider(shop);
    // The carrier's checkpoints in the admin's language, where the provider has them in it.
    const result = await provider.trackOne({ trackingNumber, lang });
    return {
      kind: "found",
      trackingNumber: result.TrackingNumber,
      status: result.TrackingStatus ?? null,
      carrier: result.CarrierInfo?.Company ?? result.ShippingProvider ?? null,
      carrierUrl: webAddressOrNull(result.CarrierInfo?.Url ?? null),
      estimatedDelivery: result.EstimatedDelivery ?? null,
      checkpoints: result.Checkpoints.map((checkpoint) => ({
        at: checkpoint.DateTime ?? null,
        status: checkpoint.TrackingStatus ?? null,
        message: checkpoint.Message ?? null,
        location: checkpoint.Location ?? joined(checkpoint.LocationAddress?.City, checkpoint.LocationAddress?.Country),
      })),
      shipment: await ourShipment(shop, trackingNumber),
    };
  } catch (error) {
    if (error instanceof ProviderNotFoundError) {
      const shipment = await ourShipment(shop, trackingNumber);
      return {
        kind: "problem",
        trackingNumber,
        message:
          shipment === null
            ? words.unknownTrackingNumber(trackingNumber)
            : words.noTrackingYet(trackingNumber, shipment.orderName ?? shipment.packageId),
      };
    }
    if (error instanceof PermanentFailure)
      return { kind: "problem", trackingNumber, message: textIn(errors, { message: error.message, say: error.said?.say }) };
    if (!(error instanceof ProviderError)) throw error;
    log.warn({ shop, err: error }, "Tracking lookup: the provider could not answer");
    return { kind: "problem", trackingNumber, message: providerProblem(error, problems) };
  }
}

/** A bulk action does this many shipments per press; the answer says how many are left. */
export const BULK_LIMIT = 50;

export const BULK_INTENTS = ["send-held", "retry-failed", "retry-selected"] as const;
export type BulkIntent = (typeof BULK_INTENTS)[number];

export interface BulkAnswer {
  intent: BulkIntent | "retry-job";
  tone: "success" | "warning" | "info";
  message: string;
  /** Shipments that could not go, with why. */
  problems: { orderName: string; message: string }[];
}

async function shipmentsFor(shop: string, intent: BulkIntent, ids: string[]) {
  const select = { id: true, orderName: true, packageId: true } as const;
  const order = [{ createdAt: "asc" as const }, { id: "asc" as const }];
  switch (intent) {
    case "send-held":
      return prisma.shipment.findMany({ where: { shop, state: "HELD" }, select, orderBy: order, take: BULK_LIMIT + 1 });
    case "retry-failed":
      return prisma.shipment.findMany({
        where: { shop, state: "FAILED", OR: [{ lastErrorCode: null }, { lastErrorCode: { not: HANDED_BACK } }] },
        select,
        orderBy: order,
        take: BULK_LIMIT + 1,
      });
    case "retry-selected":
      return prisma.shipment.findMany({ where: { shop, id: { in: ids.slice(0, BULK_LIMIT) } }, select, orderBy: order });
  }
}

/**
 * Plans each shipment again through the shipment page's Retry (retryShipment, shop-scoped): those
 * that pass are READY and queued for the push job, the others stay held with their reasons.
 * send-held: every held shipment that now passes; retry-failed: every failed one; retry-selected:
 * the ones selected. Each is planned again from Shopify's current facts.
 */
export async function runBulkAction(
  shop: string,
  intent: BulkIntent,
  ids: string[],
  { words, format, all }: { words: PageWords; format: Formatter; all: Words },
): Promise<BulkAnswer> {
  const found = await shipmentsFor(shop, intent, ids);
  const batch = found.slice(0, BULK_LIMIT);
  const more = found.length > BULK_LIMIT || (intent === "retry-selected" && ids.length > BULK_LIMIT);
  if (batch.length === 0) {
    const none = intent === "send-held" ? words.noneHeld : intent === "retry-failed" ? words.noneFailed : words.selectFirst;
    return { intent, tone: "info", message: none, problems: [] };
  }
  const deps = appPipelineDeps();
  let queued = 0;
  let held = 0;
  let cancelled = 0;
  const problems: BulkAnswer["problems"] = [];
  for (const shipment of batch) {
    const name = shipment.orderName ?? shipment.packageId;
    let result: RetryOutcome;
    try {
      result = await retryShipment(prisma, deps, shop, shipment.id);
    } catch (error) {
      log.warn({ shop, intent, shipmentId: shipment.id, err: error }, "Bulk action on a shipment failed");
      problems.push({
        orderName: name,
        message: words.couldNotCheck,
      });
      continue;
    }
    if (result.outcome === "ready") queued += 1;
    else if (result.outcome === "cancelled") cancelled += 1;
    else if (result.outcome === "held") {
      held += 1;
      // The reasons planning stored, each with its field, said in the admin's language (as stored when written before they could be).
      const said = result.reasons.map(
        (reason) =>
          `${reasonFieldText(all.reasonFields, reason.field)}${all.shipmentPage.fieldSaid}${reasonText(all.reasons, withTimesWritten(reason, format))}`,
      );
      problems.push({
        orderName: name,
        message: said.length === 0 ? words.stillOnHold : said.reduce((together, next) => all.shipment.thenReason(together, next)),
      });
    } else problems.push({ orderName: name, message: saidAgainWithin(timelineWords(en), timelineWords(all), result) });
  }
  const parts = [
    words.queuedCount(queued, format.number(queued)),
    ...(held > 0 ? [words.heldCount(format.number(held))] : []),
    ...(cancelled > 0 ? [words.cancelledCount(format.number(cancelled))] : []),
    ...(problems.length - held > 0 ? [words.notRetriedCount(format.number(problems.length - held))] : []),
  ];
  const message = `${words.outcome(parts.join(words.separator))}${more ? words.onlyAtATime(format.number(BULK_LIMIT)) : ""}`;
  return { intent, tone: queued === batch.length ? "success" : queued > 0 ? "info" : "warning", message, problems };
}

export interface DeadJobRow {
  id: string;
  what: string;
  attempts: number;
  reason: string;
  finishedAt: string | null;
}

/**
 * The shop's stopped jobs: what each did in the merchant's words, and its last error in them where
 * it was kept as a sentence (a provider not connected), else as it was recorded.
 */
export async function deadJobsOf(shop: string, all: Words, format?: Formatter): Promise<DeadJobRow[]> {
  const words = all.shipments;
  // Every kind the queue has is named in each language: a kind added without its name fails to compile here.
  const names: Record<JobKind, string> = words.jobs;
  return (await listDeadJobs(prisma, shop, 20)).map((job) => ({
    id: job.id,
    what: jobName(names, job.kind),
    attempts: job.attempts,
    reason:
      job.lastError === null ? words.noJobReason : jobErrorIn(all, { lastError: job.lastError, lastErrorSay: job.lastErrorSay }, format),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  }));
}

export async function retryDeadJob(shop: string, jobId: string, words: PageWords): Promise<BulkAnswer> {
  const retried = await retryJob(prisma, shop, jobId);
  return retried
    ? { intent: "retry-job", tone: "success", message: words.jobQueued, problems: [] }
    : { intent: "retry-job", tone: "info", message: words.jobNotStopped, problems: [] };
}
