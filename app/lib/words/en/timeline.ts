/**
 * A shipment's timeline as the flows write it (retries, changes in Shopify, refreshes, sends) and
 * what Retry and Refresh answer when they change nothing (decision 0045). Each event keeps its
 * sentence's key in its data (`say`); a frame ("Retried by the merchant: …") takes what the plan
 * said as a sentence too (`saidWithin`), so the admin says both parts in its language. The
 * timeline reads these and the `reasons` together, so no key is in both. The provider's and
 * Shopify's own words are arguments, quoted as said.
 */

/** Where a package goes: "warehouse US01", "drop-ship location SZ-HUB"; `kind` is "" when no route names it. */
const at = (kind: string, code: string) =>
  kind === "OUTBOUND" ? `warehouse ${code}` : kind === "DROPSHIP" ? `drop-ship location ${code}` : code;

export const timeline = {
  // Who planned it again: the merchant's Retry, or what changed in Shopify (one per change topic).
  retriedByMerchant: () => "Retried by the merchant",
  orderChangedInShopify: () => "The order changed in Shopify",
  waitSettingsChanged: () => "The shop's settings for orders that wait changed",
  orderUpdated: () => "The order was updated in Shopify",
  orderEdited: () => "The order was edited in Shopify",
  orderPaid: () => "The order was paid",
  riskAssessmentChanged: () => "Shopify's fraud check of the order changed",
  partRefunded: () => "Part of the order was refunded",
  putOnHold: () => "The fulfillment order was put on hold in Shopify",
  holdReleased: () => "Its hold was released in Shopify",
  scheduledDateCame: () => "Its scheduled date came",
  rescheduled: () => "It was rescheduled in Shopify",
  fulfillmentOrderSplit: () => "The fulfillment order was split in Shopify",
  fulfillmentOrdersMerged: () => "Fulfillment orders were merged in Shopify",
  fulfillmentOrderMoved: () => "The fulfillment order was moved to another location in Shopify",
  /** Two changes at once, the earlier first. */
  alsoChanged: (changes: string, next: string) => `${changes}; ${next}`,

  // What planning it again came to. `who`: one of the above; `reason`, `what`, `summary`: the plan's own sentence.
  replannedNothingSent: (who: string, reason: string) => `${who}: ${reason} Nothing was sent.`,
  replannedHeld: (who: string, what: string) => `${who}; held. ${what}`,
  replannedStillHeld: (who: string, what: string) => `${who}; still held. ${what}`,
  replannedReady: (who: string, summary: string) => `${who}: ${summary}`,
  replannedReadyAnew: (who: string, summary: string) => `${who}: ${summary} The provider is asked to create it anew (IsCreateNewOrder).`,
  /** A fulfillment order planned for the first time after a change (split off, moved in). */
  plannedAfterChange: (changes: string, what: string) => `${changes}. ${what}`,
  // A shipment not sent whose fulfillment order the app no longer ships. `changes`: what changed (above);
  // `status`: Shopify's status of the fulfillment order, "" when Shopify no longer has it; `why`: one of these two.
  notSentClosedInShopify: (changes: string, status: string) =>
    `${changes}: its fulfillment order is ${status === "" ? "gone" : String(status).toLowerCase()} in Shopify, so the package is not sent.`,
  notSentUnservedLocation: (changes: string) =>
    `${changes}: it is now at a location the provider does not serve, so the merchant ships it another way.`,
  nothingSentToProvider: (why: string) => `${why} Nothing was sent to the provider.`,
  writtenToShopifyAgain: () => "Retried by the merchant: the fulfilment is written to Shopify again.",

  // The plan's own summary. `kind`: the route's (OUTBOUND, DROPSHIP, "" when none); `code`: its warehouse or location.
  checkedGoesTo: (packageId: string, kind: string, code: string, service: string) =>
    `Package ${packageId} checked: goes to ${at(kind, code)} with service ${service}.`,
  waitsForReviewAt: (packageId: string, kind: string, code: string) =>
    `Package ${packageId} for ${at(kind, code)} waits for review before it is sent.`,

  // Sent. `service`: the provider's service code ("?" when none); `anew`: 1 when sent as a new order after a fix;
  // `answer`: the provider's own message, "" when it gave none.
  sentAccepted: (kind: string, code: string, service: string, anew: number, answer: string) =>
    `Sent to the provider (${at(kind, code)}, service ${service})${anew === 1 ? " as a new order after the fix" : ""}: ${answer === "" ? "accepted" : answer}.`,
  /** `unchanged`: 1 when the provider knew it already and changed nothing. */
  sentInBoxes: (boxes: number, kind: string, code: string, service: string, unchanged: number) =>
    `Sent to the provider in ${boxes} boxes (${at(kind, code)}, service ${service}): ${unchanged === 1 ? "already known to the provider, nothing changed" : "accepted"}.`,

  // Refresh from the provider. `status`, `handle`: the provider's Status and HandleStatus as it said them
  // ("" when none); `tracking`: the tracking number, "" when none; `state`: the shipment's state's code.
  providerSaid: (status: string, handle: string, tracking: string) =>
    `${status}${handle === "" ? "" : `, ${handle}`}${tracking === "" ? "" : `, tracking number ${tracking}`}`,
  refreshedOnRequest: (said: string) => `Refreshed from the provider on request: ${said}.`,
  refreshedNotKnown: (packageId: string) => `Refreshed from the provider on request: it does not know package ${packageId} (yet).`,
  refreshed: (said: string) => `Refreshed from the provider: ${said}.`,
  refreshedNowState: (said: string, state: string) =>
    `Refreshed from the provider: ${said}. The shipment is now ${String(state).toLowerCase()}.`,
  providerDoesNotKnowYet: (packageId: string) =>
    `The provider does not know package ${packageId} (yet): its records may lag behind; the app keeps asking.`,

  // Retry and Refresh changed nothing. `error`: the provider's error as it said it.
  noSuchShipment: () => "No such shipment in this shop.",
  notAtProviderYet: () => "The package has not reached the provider: there is nothing to ask it yet.",
  providerNotAskedNow: (error: string) => `The provider could not be asked just now (${error}). Try again in a moment.`,
  fulfillmentOrderGone: () => "Shopify no longer has this fulfillment order.",
  cannotBePlanned: () => "The fulfillment order cannot be planned.",
  reachedProviderMeanwhile: () => "It reached the provider meanwhile; it is no longer changed from here.",
  withdrawnWhileSending: () =>
    "A cancellation or change in Shopify withdrew it while a send may have reached the provider: the app is asking the provider whether it has it, and plans nothing more.",
  handedBackRequestAgain: () =>
    "Handed back to Shopify: the fulfillment order is closed there. Request fulfilment again from the order in Shopify; the app plans it when the request arrives.",
  /** `state`: the shipment's state's code. */
  cannotRetryState: (state: string) => `A ${String(state).toLowerCase()} shipment cannot be retried; only held and failed ones can.`,
};
