/**
 * What Send now and the order page block's Retry answer (app/flows/push/send-one.server.ts,
 * app/routes/api.orders.$orderId.shipments), and what the block's route refuses, said by their key
 * as the reasons are (decision 0045): the flow keeps the English for its callers and logs, the
 * block's route says it again in the language the block is shown in. Each is a function, so it can
 * be stored and said by its key. What stopped the provider's client (`why`) is quoted as it said it.
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
  /** The route's own refusals (401, 404, a wrong field), said in the block's language too. */
  noSessionToken: () => "Sign in again: the request carried no session token.",
  noSuchOrder: () => "No such order in this shop.",
  noSuchShipmentOnOrder: () => "No such shipment on this order in this shop.",
  /** `field` is named as the block sends it ("orderId", "shipmentId", "action"), a key of the contract. */
  notAnOrderId: (field: string) => `${field} must be an order's number or its gid://shopify/Order/… id.`,
  fieldRequired: (field: string) => `${field} is required.`,
  notAnAction: (field: string) => `${field} must be send or retry.`,
  fieldNotValid: (field: string) => `${field} is not valid.`,
};
