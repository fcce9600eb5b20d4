/** A shipment's page: why it waits, what can be done, its facts, its customs declaration and timeline. */
export const shipmentPage = {
  notFound: "No such shipment in this shop",
  packageSubtitle: (packageId: string) => `Package ${packageId}`,
  shipments: "Shipments",
  retrying: "Retrying: checking the package again with Shopify's current facts.",
  refreshing: "Refreshing: asking the provider about this package.",
  /** `problem`: why the provider could not be asked, a whole sentence of `providerProblems`. */
  refreshNotAsked: (problem: string) => `Not refreshed. ${problem}`,
  /** `problem`: why the provider could not be reached, a whole sentence of `providerProblems`. */
  declarationNotSent: (problem: string) => `The declaration was not sent, and nothing changed. ${problem}`,
  /** `why` is the few words of why the app stopped following the package. */
  followedNoFurther: (why: string) => `Followed no further: ${why}`,
  timelineSaysWhy: "The timeline says why.",
  noLongerAsked: (since: string) => `Since ${since}. The app no longer asks the provider about this package.`,
  withdrawnTitle: "Withdrawn: asking the provider whether it has the package",
  withdrawnBody:
    "A cancellation or change in Shopify came while a send of this package had no answer. Nothing more is sent. If the provider does not have it, it is cancelled; if it does, it ships and is followed as every other.",
  /** `what` is the change as the pipeline recorded it. */
  changedTitle: (what: string) => `Changed in Shopify after it was sent: ${what}`,
  changedBody: (when: string) =>
    `On ${when}. The package was already at the provider, which cannot change or cancel it; the fulfilment claims only what the order still has. Check the parcel with the provider, and the order with the customer, if it matters.`,
  markHandled: "Mark as handled",
  handedBack: "Handed back to Shopify",
  whyOnHold: "Why it is on hold",
  whyRefused: "Why the provider refused it",
  /** Between a reason's field and the reason. */
  fieldSaid: ": ",
  fixThenRetry: "Fix the order or the settings, then retry: the package is checked again with Shopify's current facts.",
  retry: "Retry",
  // The answers to Retry and Mark as handled.
  queuedAgain: "Queued again: the package is checked and on its way to the provider.",
  stillOnHold: "Still on hold: fix the following, then retry.",
  cancelled: "Cancelled: the order is closed or cancelled in Shopify, so nothing was sent.",
  markedHandled: "Marked as handled: it no longer shows in Needs attention.",
  nothingToMark: "There was nothing to mark: it does not need attention.",
  // The shipment's facts.
  shipment: "Shipment",
  refresh: "Refresh from the provider",
  kind: "Kind",
  service: "Service",
  notChosenYet: "Not chosen yet",
  tracking: "Tracking",
  noTrackingYet: "No tracking number yet",
  /** The carrier's name after the tracking number. */
  carrier: (carrier: string) => ` (${carrier})`,
  otherParcels: "Other parcels",
  listSeparator: ", ",
  shippingCosts: "Shipping costs",
  noCostsYet: "None reported by the provider yet",
  /** The total, then each line (its name as the provider gave it) when there are several. */
  costLines: (total: string, lines: string) => `${total} (${lines})`,
  cost: "cost",
  dutiesLabel: "Duties and import taxes",
  dutiesPaid: (amount: string) =>
    `Paid by the buyer at checkout: ${amount}. The package tells the provider, so the buyer is not charged again on delivery.`,
  dutiesNotCollected: "Not collected at checkout: the buyer pays them on delivery. The package tells the provider so.",
  sentToProvider: "Sent to the provider",
  sentTimes: (count: number, n: string) => (count === 1 ? "once" : `${n} times`),
  created: "Created",
  lastChange: "Last change",
  timeline: "Timeline",
  nothingYet: "Nothing has happened to this shipment yet.",
  // The customs declaration.
  declaration: "Customs declaration",
  asSent: "As the package was sent. Correct what customs should read, then Save in the bar at the top: it is sent to the provider.",
  asLastDeclared: (when: string) =>
    `As last declared on ${when}. Correct what customs should read, then Save in the bar at the top to send it again.`,
  // Why a shipment's declaration cannot be corrected (flows/declare).
  notDropShip:
    "Customs declarations are corrected for drop-ship packages only: an outbound package is declared by the warehouse from the SKUs registered with the provider.",
  notAtProviderYet:
    "The package has not reached the provider yet: fix the order and send it; its declaration can be corrected once the provider has accepted it.",
  notCreated:
    "The provider could not create this package: fix it and retry; its declaration can be corrected once the provider has accepted it.",
  /** `state` is one of `pastStates`. */
  pastChanging: (state: string) => `The parcel is ${state}: its declaration can no longer be changed.`,
  pastStates: { DELIVERED: "delivered", CANCELLED: "cancelled", ENDED: "no longer followed" },
  recipientErased: "The package's recipient data was erased (a customer data request), so its declaration cannot be sent again.",
  storedNotAcceptable: "The package as stored is not one the provider would accept any more: retry it from the order first.",
  sendingDeclaration: "Sending the declaration to the provider…",
  /** One wrong field of a declaration in the list under the answer: its label, then what is wrong. */
  fieldProblem: (label: string, problem: string) => `${label}: ${problem}`,
  packageWeight: "Package weight (g)",
  vatCode: "VAT code",
  ioss: "IOSS number",
  iossExample: "e.g. IM0123456789",
  length: "Length (cm)",
  width: "Width (cm)",
  height: "Height (cm)",
  line: (line: string, sku: string, quantity: string) => `Line ${line}: ${sku} × ${quantity}`,
  declareNameEn: "Declared name in English",
  declareNameCn: "Declared name in the local language",
  declareValue: "Declared value per unit",
  hsCode: "HS code",
  hsCodeHelp: "6 to 50 digits, or empty.",
  unitWeight: "Weight per unit (g)",
  material: "Material",
  items: {
    title: "Items",
    times: (name: string, quantity: string) => `${name} × ${quantity}`,
    sku: (sku: string) => `SKU ${sku}`,
    bundle: "A bundle in Shopify: the warehouse picks its components.",
  },
};
