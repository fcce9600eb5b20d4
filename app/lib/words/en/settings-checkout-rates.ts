/**
 * Settings > Checkout rates: the provider's prices offered at checkout through the app's carrier
 * service, the flat rates behind them, and what the page's buttons answer. Shopify's own words (a
 * refusal) are shown as Shopify said them, inside these sentences.
 */
export const settingsCheckoutRates = {
  title: "Checkout rates",
  subtitle: "The provider's prices for the customer's cart, offered at checkout.",
  sectionTitle: "Checkout rates",
  sectionDescription:
    "Offered through a carrier service the app adds to Shopify. Shopify allows it on plans with carrier-calculated shipping.",
  /** Shown from the click until the answer takes its place. */
  pending: {
    checkoutRatesOn: "Turning on checkout rates…",
    checkoutRatesOff: "Turning off checkout rates…",
    checkoutRatesSave: "Saving the checkout rates…",
  },
  ratesAtCheckout: "Rates at checkout",
  on: "On",
  off: "Off",
  refusedByShopify: "Refused by Shopify",
  offersPrices:
    "Checkout offers the provider's prices for the customer's cart, from the warehouse Settings > Warehouses and routing picks for the destination.",
  /** Around the carrier service's address, which Shopify asks for rates. */
  shopifyAsks: { before: "Shopify asks", after: "." },
  offExplained: "Off: checkout shows only the rates set in Shopify's Settings > Shipping and delivery.",
  refusedTitle: "Shopify would not add the app's rates to checkout",
  turnOff: "Turn off checkout rates",
  turnOn: "Turn on checkout rates",
  flatRates: "Flat rates",
  /** `seconds`: how long checkout waits for the provider, as the merchant reads the number. */
  flatRatesExplained: (seconds: string) =>
    `Offered instead of the provider's prices when it does not answer within ${seconds} seconds, is down, or does not know a SKU of the cart. With none, checkout then shows no rates from the app.`,
  addFlatRate: "Add a flat rate",
  columns: {
    serviceName: { label: "Rate name at checkout", placeholder: "e.g. Standard shipping" },
    amount: { label: "Amount", placeholder: "e.g. 9.95" },
    currency: { label: "Currency", placeholder: "e.g. USD" },
  },
  cacheMinutes: "Reuse a price for the same cart and destination for (minutes)",
  cacheMinutesHelp: (min: string, max: string) =>
    `${min} to ${max}. Checkout answers at once from memory in that time, without asking the provider again.`,
  notTurnedOn: "Checkout rates could not be turned on.",
  notSaved: "The checkout rates were not saved: correct the fields below.",
  saved: "Checkout rates saved.",
  /** One line of the errors above the form: the field as named below, and what is wrong with it. */
  fieldError: (label: string, message: string) => `${label} ${message}`,
  /** The fields as an error names them. */
  labels: {
    /** `row` is the row's number, `column` the column as named in a sentence. */
    flatRate: (row: string, column: string) => `Flat rate ${row}: ${column}`,
    columns: { serviceName: "rate name at checkout", amount: "amount", currency: "currency" },
    cacheMinutes: "Minutes to reuse a price",
    flatRates: "Flat rates",
  },
  /** What is wrong with a field, said after its name. */
  errors: {
    notEmpty: "must not be empty",
    atMostCharacters: (max: string) => `must be at most ${max} characters`,
    amount: "must be an amount such as 9.95",
    notNegative: "must be 0 or more",
    atLeast: (min: string) => `must be at least ${min}`,
    atMost: (max: string) => `must be at most ${max}`,
    twoDecimals: "must have at most 2 decimals",
    currency: "must be a three-letter currency code such as USD",
    wholeMinutes: "must be a whole number of minutes",
    atMostRates: (max: string) => `must be at most ${max} rates`,
  },
  /** What turning on or off answers; `name` and `said` are Shopify's words. */
  answers: {
    turnedOn: (name: string) => `Checkout rates are on: Shopify asks the app for rates as "${name}".`,
    turnedOff: "Checkout rates are off: the app's carrier service was removed from Shopify, and checkout shows only your own rates.",
    planRefused: (said: string) =>
      "Your Shopify plan does not include carrier-calculated shipping, which checkout rates from an app need. " +
      "It comes with the Advanced and Plus plans, with the Shopify plan billed yearly, or as a monthly add-on that Shopify Support can turn on. " +
      "Until then checkout shows the rates set in Shopify's Settings > Shipping and delivery; turn checkout rates on here again once the plan allows it. " +
      `(Shopify said: ${said}.)`,
    refused: (said: string) => `Shopify refused to add the app's rates: ${said}.`,
    unknownAction: (intent: string) => `Unknown action: ${intent}`,
  },
};
