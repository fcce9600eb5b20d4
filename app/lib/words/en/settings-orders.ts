/** Settings > Orders and after sending: which orders wait for the merchant, and what happens once a package is sent. */
export const settingsOrders = {
  title: "Orders and after sending",
  subtitle: "Which orders wait for you, and what happens once a package is sent.",
  waitTitle: "Orders that wait",
  waitDescription:
    "Orders Shopify has not marked paid, or rates high risk of fraud, wait in the app with the reason until that changes (paid, or you send them from the shipment's page). Company orders on payment terms follow the choices below. Holds and scheduled dates set in Shopify are always respected.",
  shipUnpaid: "Ship orders that are not paid yet",
  shipUnpaidHelp: "Cash on delivery orders ship either way.",
  shipHighRisk: "Ship orders Shopify rates high risk of fraud",
  newShipments: "New shipments",
  newShipmentsHelp: "Held for review, each waits until someone sends it from the Shipments page.",
  pushPolicies: {
    autoPush: "Send at once",
    holdForReview: "Hold for review",
  },
  termsTitle: "Company orders on payment terms",
  termsDescription:
    "Orders of your B2B companies on payment terms are not paid when placed. Those on the terms ticked here ship at once, and the invoice is paid as the terms say; the others wait like unpaid orders, saying which terms hold them.",
  /** One checkbox per kind of payment terms Shopify gives B2B companies, in the words of its admin. */
  terms: {
    FULFILLMENT: { label: "Ship orders due on fulfillment", helpText: "Payment is due once the order is fulfilled." },
    NET: { label: "Ship orders on net terms", helpText: "Net 7 to Net 90: payment is due that many days after the invoice." },
    FIXED: { label: "Ship orders due on a fixed date", helpText: "Payment is due on the date set on the order." },
    RECEIPT: { label: "Ship orders due on receipt", helpText: "Payment is due as soon as the invoice is received." },
  },
  codTitle: "Cash on delivery",
  codDescription: "Payment methods that mean the carrier collects the money, besides the usual names such as Cash on Delivery (COD).",
  codNames: "Payment method names, one per line",
  afterTitle: "After sending",
  afterDescription: "What happens to a package the provider cannot create, and how long a parcel nobody has news of is followed.",
  failedPackages: "A package the provider cannot create",
  failedPackageChoices: {
    hold: "Keep it here, to fix and retry",
    handBack: "Hand it back to Shopify, with the reason",
  },
  handBackExplained:
    "Handed back, a warehouse order is closed as incomplete in Shopify, where you request fulfilment again, move it or refund it. A drop-ship order stays at your location either way.",
  noNewsDays: "Stop following a parcel after (days without news)",
  noNewsDaysHelp: (min: string, max: string) =>
    `${min} to ${max}. The shipment then shows in Needs attention, saying since when nothing was heard.`,
};
