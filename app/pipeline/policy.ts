/**
 * Every tunable number of the pipeline in one place: batch sizes (the reference's limits), how often
 * the provider is asked about packages, how much one job does before it yields to other shops.
 * Tests shorten the intervals; nothing here reads the environment.
 */

export interface PipelinePolicy {
  /** Packages per `/multiple` creation (operations 1 and 2): the reference's limit. */
  readonly packagesPerBatch: number;
  /** Ids per status query (operations 8 and 15); the reference sets no limit. */
  readonly idsPerStatusQuery: number;
  /** Tracking numbers per tracking query (operation 3): the reference's limit. */
  readonly trackingNumbersPerQuery: number;
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
  /** How often the checkpoints of parcels on their way are read (operation 3). */
  readonly trackingPollMs: number;
  /** The first tracking read after a fulfilment was written. */
  readonly firstTrackingPollMs: number;
  /** Wait when the provider says 429 without Retry-After. */
  readonly rateLimitedWaitMs: number;
  /** How long a cancellation waits for a push that is sending the package right now. */
  readonly cancellationWaitMs: number;
  /**
   * A push job's claim on a package counts while that job is alive; this is how long a claim with
   * no live job behind it is still respected (a job being re-armed between two runs).
   */
  readonly sendingClaimGraceMs: number;
  /** Language of checkpoint messages (operation 3's lang; the provider defaults to Chinese). */
  readonly trackingLanguage: string;
}

export const PIPELINE_POLICY: PipelinePolicy = {
  packagesPerBatch: 20,
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
  trackingPollMs: 60 * 60_000,
  firstTrackingPollMs: 60_000,
  rateLimitedWaitMs: 5_000,
  cancellationWaitMs: 2_000,
  sendingClaimGraceMs: 5_000,
  trackingLanguage: "en",
};
