/**
 * What Send now and the order page block's Retry answer (app/flows/push/send-one.server.ts,
 * app/routes/api.orders.$orderId.shipments), said by their key as the reasons are (decision 0045):
 * the flow keeps the English for its callers and logs, the block's route says it again in the
 * language the block is shown in. Each is a function, so it can be stored and said by its key. What
 * stopped the provider's client (`why`) is quoted as it said it.
 */
export const orderBlock = {
  sentCreated: (packageId: string) => `Sent to the provider now as package ${packageId} (created); tracking follows once it is created.`,
  sentAlreadyKnown: (packageId: string) =>
    `Sent to the provider now as package ${packageId} (already known to the provider, nothing changed); tracking follows once it is created.`,
  cannotSendAsStored: () => "The stored package cannot be sent as it is: retry to plan it again from the order.",
  providerRefused: () => "The provider refused the package: correct what it names, then retry.",
  providerBusy: () => "The provider is busy just now: the package goes with its warehouse's next batch.",
  notSent: (why: string) => `Not sent: ${why}`,
  noSuchShipment: () => "No such shipment in this shop.",
  /** `state` is the shipment's state's code ("HELD"). */
  onlyWaitingOnes: (state: string) => `Only a package waiting to be sent can be sent now; this one is ${String(state).toLowerCase()}.`,
  withdrawn: () =>
    "A cancellation or change in Shopify withdrew this package: the app is asking the provider whether it has it, and sends nothing more.",
  beingSentAlready: () => "It is being sent already.",
  beingSentWithBatch: () => "It is being sent right now with its warehouse's batch.",
  noAnswerSendsAgain: () =>
    "The provider did not answer. The app sends it again in a moment with the same package id, so it is never created twice.",
  fulfilmentWrittenAgain: () => "Queued again: the fulfilment is written to Shopify again.",
};
