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

/** A sentence as a clause inside another: "The order was cancelled in Shopify." → "the order was cancelled in Shopify". */
const asClause = (sentence: string) =>
  String(sentence)
    .replace(/[.\s]+$/, "")
    .replace(/^./, (first) => first.toLowerCase());

/** A declared field's name in a change ("weight (g) 700 → 720"), by its key (app/connector/declaration.ts). */
const DECLARED_FIELDS: Record<string, string> = {
  weight: "weight (g)",
  length: "length (cm)",
  width: "width (cm)",
  height: "height (cm)",
  vatCode: "VAT code",
  ioss: "IOSS",
  declareNameEn: "name",
  declareNameCn: "local name",
  declareValue: "value",
  hsCode: "HS code",
  unitWeight: "unit weight (g)",
  materialEn: "material",
};
const noneIfEmpty = (value: string) => (value === "" ? "(none)" : value);

export const timeline = {
  // Who planned it again: the merchant's Retry, or what changed in Shopify (one per change topic).
  retriedByMerchant: () => "Retried by the merchant",
  /** A drop-ship fulfillment order planned by "Find open orders" (or the install's look); `planned`: what planning said. */
  foundOpen: (planned: string) => `Found open when the app looked for orders already at this location. ${planned}`,
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
  /** Two changes of the order read at once, the earlier first: each is a sentence of its own. */
  orderAlsoChanged: (changes: string, next: string) => `${changes}. ${next}`,

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

  // Cancellations. `why`: one of the first three; `accepted`: what the cancellation came to; `since`: the day it
  // was sent (YYYY-MM-DD, UTC), "" when unknown; `state`: the shipment's state's code.
  merchantAskedToCancel: () => "The merchant asked to cancel.",
  fulfillmentOrderCancelled: () => "The fulfillment order was cancelled in Shopify.",
  orderCancelled: () => "The order was cancelled in Shopify.",
  cancelledNothingSent: () => "Cancelled before the package reached the warehouse: nothing was sent to the provider.",
  cancelledNotCreated: () => "Cancelled: the provider could not create the package, so nothing ships.",
  cancelledNeverReceived: (packageId: string) =>
    `Cancelled: the provider does not have package ${packageId} to ship (the answer to its send was lost, so the app asked), so nothing ships and nothing more is sent.`,
  alreadyAtWarehouse: (packageId: string, since: string, state: string) =>
    `Already at the warehouse: package ${packageId} was sent to the provider${since === "" ? "" : ` since ${since}`} ` +
    `(${String(state).toLowerCase()}) and can no longer be stopped by the app. Contact the provider to stop it.`,
  cancellationRefusedInShopify: (already: string) => `Cancellation refused in Shopify. ${already}`,
  /** Two sentences one after the other: English puts a space between them. */
  thenSaid: (first: string, next: string) => `${first} ${next}`,
  /** `who` and `reason`: why a withdrawal was made ("Retried by the merchant", the plan's reason). */
  becauseOf: (who: string, reason: string) => `${who}: ${reason}`,
  /** A package withdrawn while a send may have reached the provider. `because`: why, a sentence. */
  withdrawing: (because: string, packageId: string) =>
    `${because} A send of package ${packageId} may have reached the provider (its answer was lost, or it is under way), ` +
    "so the app asks the provider whether it has it before cancelling: nothing more is sent.",

  // A withdrawn package settled with the provider (app/flows/cancel/send-in-doubt.server.ts). `because`: why it
  // was withdrawn, a sentence; `said`: what the provider's answer came to (one of the three after it);
  // `status`, `handle`: the provider's Status and HandleStatus as it said them ("" when none);
  // `why`, `errors`: the provider's or Shopify's error as it said it; `note`: the note the app closed it with in Shopify.
  noSendReached: (packageId: string) => `No send of package ${packageId} reached the provider`,
  notReceived: (packageId: string) => `The provider does not have package ${packageId} (asked because the answer to its send was lost)`,
  notCreatedByProvider: (packageId: string) => `The provider could not create package ${packageId} (CreateFailed)`,
  cancelledForGood: (because: string, said: string) =>
    `${because} ${said}, so the package is cancelled for good: nothing was sent, and nothing will be.`,
  providerHasItNotHeld: (packageId: string) => `The provider has package ${packageId}: it is no longer held here.`,
  providerHadIt: (packageId: string, status: string, handle: string, because: string) =>
    `The provider has package ${packageId} (${status}${handle === "" ? "" : `, ${handle}`}): a send whose answer was lost had reached it, so it could not be ` +
    `withdrawn (${asClause(because)}). It ships, and is followed as every other.`,
  waitingForProvider: (packageId: string, why: string) =>
    `Withdrawn, waiting for the provider: it could not say whether it has package ${packageId} (${why}). ` +
    "Nothing more is sent; the app keeps asking, and cancels the package if the provider never received it, or follows it if it did.",
  refusedInShopifyToo: (waiting: string) =>
    `${waiting} Shopify's cancellation request was refused with this reason, so the merchant sees why there.`,
  handedBackAfterDoubt: (note: string) =>
    `Handed back to Shopify: the fulfillment order is closed as incomplete ("${note}"), so the order's cancellation can be finished there.`,
  couldNotHandBack: (errors: string) => `Could not hand it back to Shopify (${errors}): nothing ships; close or cancel it in Shopify.`,

  // A customs declaration sent from the shipment page (app/flows/declare). `field`: the changed field's
  // key (DeclarationChangeField); `from`, `to`: its values as written, "" when none; `changed`: the changes,
  // or declarationUnchanged; `handle`: the provider's HandleStatus; `named`: the provider's refusal, each field
  // as the page labels it with the provider's words; `error`: the provider's error as it said it.
  declarationChange: (field: string, from: string, to: string) =>
    `${DECLARED_FIELDS[field] ?? field} ${noneIfEmpty(from)} → ${noneIfEmpty(to)}`,
  declarationLineChange: (sku: string, field: string, from: string, to: string) =>
    `${sku}: ${DECLARED_FIELDS[field] ?? field} ${noneIfEmpty(from)} → ${noneIfEmpty(to)}`,
  declarationUnchanged: () => "nothing changed (sent again as it was)",
  /** Two of the declaration's changes, the earlier first (the key of stored sentences since before orderAlsoChanged). */
  alsoChanged: (changes: string, next: string) => `${changes}; ${next}`,
  declaredAccepted: (changed: string) => `Customs declaration sent to the provider and accepted: ${changed}.`,
  declarationSent: (changed: string) => `Declaration sent: the provider accepted it (${changed}).`,
  declarationFixFields: () => "Nothing was sent: correct the fields below, then send the declaration again.",
  declarationNotCreated: () => "The provider could not create this package, so it has nothing to declare: fix it and retry.",
  declarationParcelLeft: (handle: string) =>
    `Not sent: the provider reports the parcel as ${handle}, so its customs declaration can no longer be changed.`,
  declarationUnknownPackage: (packageId: string) =>
    `The provider does not know package ${packageId}, so it refused the declaration. Refresh the shipment from the provider; if it was never created there, retry the order.`,
  declarationRefused: (named: string) => `The provider refused the declaration: ${named}. Correct it and send again.`,
  declarationProviderUnreachable: (error: string) =>
    `The provider could not be reached just now (${error}). Nothing changed: try again in a moment.`,

  // Writing the fulfilment to Shopify (app/flows/write-back). `numbers`: the tracking numbers, ", " between
  // them; `count`: how many; `company`: the carrier as Shopify names it, "" when none; `units`, `lines`: what a
  // fulfilment claims; `status`: Shopify's status of the fulfillment order, "" when Shopify no longer has it;
  // `unclaimed`: unclaimedUnits; `notified`: 1 when the customer was notified; `errors`: Shopify's own words.
  trackingNumbers: (count: number, numbers: string, company: string) =>
    `${count === 1 ? "tracking number" : "tracking numbers"} ${numbers}${company === "" ? "" : ` (${company})`}`,
  unitsOfLines: (units: number, lines: number) =>
    `${units} ${units === 1 ? "unit" : "units"} of ${lines} ${lines === 1 ? "line" : "lines"}`,
  unclaimedUnits: (units: string, status: string) =>
    `${units} the package carried could not be claimed: ${
      status === ""
        ? "Shopify no longer has the fulfillment order"
        : `the fulfillment order (${String(status).toLowerCase().replace(/_/g, " ")}) no longer has them`
    }, edited, moved or split in Shopify after the package was sent`,
  fulfillmentOrderEmpty: () => "the fulfillment order has nothing left",
  nothingLeftToClaim: (what: string, tracking: string) =>
    `Nothing left to claim in Shopify: ${what}. No fulfilment was written; the parcel (${tracking}) is followed here all the same. Tell the customer if they need the tracking.`,
  fulfilmentFound: (tracking: string) =>
    `Found the Shopify fulfilment with ${tracking} written before an interruption; it was not written twice.`,
  fulfilmentWritten: (tracking: string, notified: number) =>
    `Written to Shopify as a fulfilment with ${tracking}; the customer was ${notified === 1 ? "" : "not "}notified.`,
  fulfilmentWrittenPartly: (tracking: string, notified: number, claims: string, unclaimed: string) =>
    `Written to Shopify as a fulfilment with ${tracking}; the customer was ${notified === 1 ? "" : "not "}notified. It claims ${claims}: ${unclaimed}.`,
  partlyClaimed: (unclaimed: string) =>
    `${unclaimed}. The parcel carries them all the same: refund or adjust the order in Shopify if it matters.`,
  shopifyRefusedFulfilment: (errors: string) => `Shopify refused the fulfilment: ${errors}. Check the order in Shopify, then retry.`,

  // The provider's tracking (app/flows/follow/status-poll). `carrier`, `company`: as the provider or Shopify
  // names it, "" when none; `provisional`: 1 when the provider may replace the number; `parcels`: how many;
  // `others`: the other parcels' numbers, ", " between them.
  providerCreated: (tracking: string, carrier: string, provisional: number, parcels: number, others: string) =>
    `The provider created the package: tracking number ${tracking}${carrier === "" ? "" : ` (${carrier})`}` +
    `${provisional === 1 ? ", provisional: the provider may replace it" : ""}` +
    `${parcels > 1 ? `; it travels in ${parcels} parcels, also ${others}` : ""}.`,
  trackingReplaced: (previous: string, tracking: string, company: string) =>
    `The provider replaced tracking number ${previous} with ${tracking}${company === "" ? "" : ` (${company})`}; the Shopify fulfilment now shows it.`,
  // `errors`: Shopify's words, "; " between them.
  trackingReplaceRefused: (previous: string, tracking: string, company: string, errors: string) =>
    `The provider replaced tracking number ${previous} with ${tracking}${company === "" ? "" : ` (${company})`} after the parcel was delivered; ` +
    `Shopify refused it for the fulfilment, which still shows ${previous}: ${errors}`,

  // What changed in Shopify after sending: `what` of changedAfterSending, kept on the shipment too
  // (changedInShopify). `units`: unitsOfLines; `status`: Shopify's status of the fulfillment order, "" when
  // Shopify no longer has it.
  addressEdited: () => "the shipping address was edited",
  addressRemoved: () => "the shipping address was removed",
  heldAfterSending: () => "it was put on hold",
  linesChangedAway: (units: string, status: string) =>
    `${units} the package carries were edited, refunded or moved away: ${
      status === ""
        ? "Shopify no longer has its fulfillment order"
        : `its fulfillment order (now ${String(status).toLowerCase().replace(/_/g, " ")}) no longer has them`
    }`,
  leftFulfillmentOrder: (units: string) => `${units} left the fulfillment order after the package was sent`,
  changedWhileInDoubt: () =>
    "it was cancelled, refunded or edited away in Shopify while it was being sent, and the provider had it already",
  /** A change in Shopify after sending (needs-attention.server.ts); `what`: one of the changes above. */
  changedAfterSending: (what: string, packageId: string) =>
    `Changed in Shopify after it was sent: ${what}. Package ${packageId} is already at the provider, which cannot change or cancel it: ` +
    "check it with the provider if it matters. The fulfilment claims only what the order still has.",

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
