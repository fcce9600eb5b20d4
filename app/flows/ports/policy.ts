/**
 * Every tunable number of the pipeline in one place: batch sizes (the reference's limits), how often
 * the provider is asked about packages, how much one job does before it yields to other shops.
 * Tests shorten the intervals. PIPELINE_POLICY=production (default) | fast, read by app/env.server.ts
 * and passed in by the wiring (app/wiring/pipeline-deps.server.ts); `fast` is for the stack and the
 * demo against the sandbox's fast clock (every wait in milliseconds), never for a real provider.
 */
import type { TrackingLanguage } from "~/connector/tracking-language";

export interface PipelinePolicy {
  /** Packages per `/multiple` creation (operations 1 and 2): the reference's limit. */
  readonly packagesPerBatch: number;
  /** Ids per status query (operations 8 and 15); the reference sets no limit. */
  readonly idsPerStatusQuery: number;
  /** Tracking numbers per tracking query (operation 3): the reference's limit. */
  readonly trackingNumbersPerQuery: number;
  /**
   * A push waits this long for a batch to fill before sending fewer than packagesPerBatch: orders
   * arrive one by one, and the provider counts creation calls. Measured from when the longest-waiting
   * package's order was placed (from when it became READY where that is not known), so no package
   * waits longer than this, and one whose planning took a while waits less (decision 0051).
   */
  readonly pushGatherMs: number;
  /**
   * A partial batch leaves before pushGatherMs once no package has joined it for this long and the
   * shop's planning is not under way (no fulfillment request fetch or routing batch running or due
   * before pushGatherMs is up): the sale has stopped bringing packages, and waiting longer would bet
   * on orders not yet placed. At the end of a sale, the last batch waited the full pushGatherMs for
   * nothing (decision 0031).
   */
  readonly pushGatherQuietMs: number;
  /** Creation batches one push job sends before it queues itself again, so other shops get a turn. */
  readonly batchesPerPush: number;
  /** Status queries one poll job makes before it queues itself again. */
  readonly statusQueriesPerPoll: number;
  /** Fulfilments one write-back job writes before it queues itself again. */
  readonly fulfilmentsPerWriteBack: number;
  /** Tracking queries one tracking job makes before it queues itself again. */
  readonly trackingQueriesPerRun: number;
  /** First status poll after a push: about the provider's usual creation time. */
  readonly firstStatusPollMs: number;
  /**
   * While packages are being created, the next poll waits half their age, within these bounds:
   * quick for fresh packages, backing off for ones the provider is slow with.
   */
  readonly minStatusPollMs: number;
  readonly maxStatusPollMs: number;
  /** How often a non-final tracking number is checked for its replacement. */
  readonly nonFinalTrackingPollMs: number;
  /**
   * How long after its delivery a parcel whose number is still not final is checked: the tracking
   * read can see the delivery before the status poll sees the carrier's number.
   */
  readonly provisionalAfterDeliveryMs: number;
  /** How often the checkpoints of parcels on their way are read (operation 3). */
  readonly trackingPollMs: number;
  /** The first tracking read after a fulfilment was written. */
  readonly firstTrackingPollMs: number;
  /** Wait when the provider says 429 without Retry-After. */
  readonly rateLimitedWaitMs: number;
  /** How long a cancellation waits for a push that is sending the package right now. */
  readonly cancellationWaitMs: number;
  /**
   * A cancellation that meets a send in doubt asks the provider whether it has the package
   * (decision 0040). While the provider cannot say, Shopify's cancellation request waits this long
   * for the answer; then it is refused with why, and the app asks on (backing off as a status poll
   * does, from minStatusPollMs to maxStatusPollMs).
   */
  readonly sendInDoubtAnswerMs: number;
  /**
   * A push job's claim on a package counts while that job is alive; this is how long a claim with
   * no live job behind it is still respected (a job being re-armed between two runs).
   */
  readonly sendingClaimGraceMs: number;
  /**
   * Tracking events (10 points each) wait while less than this share of the shop's API budget is
   * free: in a sale, answering requests and writing fulfilments go first. A parcel waits at most
   * trackingMaxDeferMs this way.
   */
  readonly trackingYieldsBelowBudget: number;
  /** How soon a tracking run that gave way looks again. */
  readonly trackingYieldWaitMs: number;
  readonly trackingMaxDeferMs: number;
  /**
   * The language checkpoints are asked in (operation 3's lang; the provider defaults to Chinese)
   * for a shipment whose order named no customer locale: Shopify named none, or the shipment was
   * planned before the app kept it (asking those in another language now would make each
   * checkpoint read as new, since its message is part of what makes it the same one). Every other
   * shipment is asked in its buyer's language (trackingLanguageOf).
   */
  readonly trackingLanguage: TrackingLanguage;
  /** How often a bulk read of the catalogue is looked at while Shopify prepares it. */
  readonly bulkReadPollMs: number;
  /** SKUs registered with the provider per round (one call each), before the run's progress is shown. */
  readonly skusPerRegistrationRound: number;
  /**
   * SKUs whose approval is read back per query of operation 20 once a registration is done, and
   * rows of the run read per page for it: the reference sets operation 20 no limit; 100 as its
   * other list operations.
   */
  readonly skusPerReadBack: number;
  /** How long after the provider's stock changed (packages created) the stock sync runs, gathering a burst into one sync. */
  readonly stockSyncAfterChangeMs: number;
  /**
   * A scheduled fulfillment order Shopify still calls scheduled after its date (Shopify opens it a
   * moment later): how soon the app asks again, doubling up to scheduledRecheckMaxMs.
   */
  readonly scheduledRecheckMs: number;
  readonly scheduledRecheckMaxMs: number;
  /** While Shopify refuses a shop (401, 402, 423), how often the app asks again; the shop's jobs wait meanwhile. */
  readonly shopifyAccessCheckMs: number;
  /**
   * How often inbound shipments on their way are checked for arrival (decision 0016). A warehouse
   * receives boxes days after they were sent; an hour late is soon enough for the stock.
   */
  readonly inboundCheckMs: number;
  /**
   * How often each shop's open orders are looked for again (plan.backfill), whatever the webhooks
   * said: a fulfillment order whose one webhook was never taken (Shopify gave up on a delivery, an
   * outage longer than its retries) would otherwise never be planned.
   */
  readonly openOrdersSweepMs: number;
}

export const PRODUCTION_PIPELINE_POLICY: PipelinePolicy = {
  packagesPerBatch: 20,
  // 3 s until the facts got cheaper (decision 0010): then a sale's drop-ship packages, planned as
  // fast as the warehouse stock ran out over 10 s or more, went in 4 or 5 partial batches.
  pushGatherMs: 5_000,
  pushGatherQuietMs: 1_000,
  idsPerStatusQuery: 100,
  trackingNumbersPerQuery: 20,
  batchesPerPush: 10,
  statusQueriesPerPoll: 10,
  fulfilmentsPerWriteBack: 50,
  trackingQueriesPerRun: 10,
  firstStatusPollMs: 2_000,
  minStatusPollMs: 2_000,
  maxStatusPollMs: 30 * 60_000,
  nonFinalTrackingPollMs: 30 * 60_000,
  provisionalAfterDeliveryMs: 7 * 24 * 60 * 60_000,
  trackingPollMs: 60 * 60_000,
  firstTrackingPollMs: 60_000,
  rateLimitedWaitMs: 5_000,
  cancellationWaitMs: 2_000,
  // Long enough to ride out a provider's bad minute; short enough that the merchant gets an answer
  // while the order is still in front of them.
  sendInDoubtAnswerMs: 2 * 60_000,
  sendingClaimGraceMs: 5_000,
  trackingYieldsBelowBudget: 0.5,
  trackingYieldWaitMs: 30_000,
  trackingMaxDeferMs: 30 * 60_000,
  trackingLanguage: "en",
  bulkReadPollMs: 2_000,
  skusPerRegistrationRound: 20,
  skusPerReadBack: 100,
  stockSyncAfterChangeMs: 60_000,
  scheduledRecheckMs: 30_000,
  scheduledRecheckMaxMs: 15 * 60_000,
  shopifyAccessCheckMs: 15 * 60_000,
  inboundCheckMs: 60 * 60_000,
  openOrdersSweepMs: 10 * 60_000,
};

/** Every wait short enough for the sandbox's fast clock; batch sizes as in production. */
export const FAST_PIPELINE_POLICY: PipelinePolicy = {
  ...PRODUCTION_PIPELINE_POLICY,
  firstStatusPollMs: 50,
  minStatusPollMs: 50,
  maxStatusPollMs: 500,
  nonFinalTrackingPollMs: 100,
  trackingPollMs: 150,
  firstTrackingPollMs: 50,
  rateLimitedWaitMs: 100,
  cancellationWaitMs: 50,
  sendInDoubtAnswerMs: 5_000,
  sendingClaimGraceMs: 200,
  trackingYieldWaitMs: 500,
  trackingMaxDeferMs: 10_000,
  bulkReadPollMs: 100,
  stockSyncAfterChangeMs: 1_000,
  scheduledRecheckMs: 200,
  scheduledRecheckMaxMs: 2_000,
  shopifyAccessCheckMs: 300,
  inboundCheckMs: 1_000,
  openOrdersSweepMs: 10_000,
};

/** The policy named by PIPELINE_POLICY (read by the env module). */
export function pipelinePolicyNamed(name: "production" | "fast"): PipelinePolicy {
  return name === "fast" ? FAST_PIPELINE_POLICY : PRODUCTION_PIPELINE_POLICY;
}
