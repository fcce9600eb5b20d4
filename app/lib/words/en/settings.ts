/**
 * Settings: the index of its pages, and what every Settings page's form says (its fields' names as
 * an error names them, what is wrong with a field, the answer to a save).
 */
export const settings = {
  title: "Settings",
  needsYou: "Needs you",
  pages: {
    provider: {
      title: "Provider connection",
      about: "Sandbox or live, the provider's address, and the account the app sends with.",
    },
    routing: {
      title: "Warehouses and routing",
      about: "The provider's warehouses, your locations that ship through drop-ship, and the service each parcel goes with.",
    },
    customs: {
      title: "Customs and tax numbers",
      about: "What a customs declaration says when a product does not, and the shop's tax numbers.",
    },
    catalogue: {
      title: "Catalogue and stock",
      about: "What applies to every SKU, and how often the stock sync runs.",
    },
    orders: {
      title: "Orders and after sending",
      about: "Orders that wait for you (unpaid, high risk, held for review), and what happens once a package is sent.",
    },
    notifications: {
      title: "Notifications",
      about: "Who is told what, and when.",
    },
    checkoutRates: {
      title: "Checkout rates",
      about: "The provider's prices offered at checkout, and the flat rates behind them.",
    },
  },
  now: {
    sandbox: "Sandbox: no real parcels.",
    liveConnected: "Live, connected.",
    liveNotConnected: "Live, not connected yet.",
    nothingRouted: "Nothing set up yet: no warehouse, no drop-ship.",
    /** `warehouses` is the list as written by Intl ("US01 and DE01"); null when there is none. */
    routed: (warehouses: string | null, dropShipLocation: string | null) =>
      `${warehouses === null ? "No warehouse" : `Warehouses ${warehouses}`}; ${dropShipLocation === null ? "no drop-ship" : `drop-ship through ${dropShipLocation}`}.`,
    iossSet: "IOSS number set.",
    noIoss: "No IOSS number.",
    stockSyncedEvery: (minutes: string) => `Stock synced every ${minutes} minutes.`,
    stockSyncedOnAsk: "Stock synced only when you ask.",
    holdForReview: "New shipments wait for your review.",
    autoPush: "New shipments are sent at once.",
    customersEmailed: "Customers are emailed their tracking.",
    customersNotEmailed: "Customers are not emailed their tracking.",
    on: "On.",
    off: "Off.",
  },
  saving: "Saving the settings…",
  saved: "Settings saved.",
  notSaved: "The settings were not saved: correct the fields below.",
  /** One line of the errors above the form: the field as the page labels it, and what is wrong with it. */
  fieldError: (label: string, message: string) => `${label} ${message}`,
  unknownAction: (intent: string) => `Unknown action: ${intent}`,
  /** The fields as the pages label them, by the form's names: what an error names. */
  labels: {
    mode: "Mode",
    providerBaseUrl: "Provider address",
    "dropShip.handlingLocation": "Handling location",
    "dropShip.merchantLocationIds": "Locations shipped through drop-ship",
    "dropShip.defaultService": "Default service (drop-ship)",
    "dropShip.maxBoxKg": "Pack in boxes of at most (kg)",
    "customs.declareNameEn": "Default customs name",
    "customs.hsCode": "Default HS code",
    "customs.declaredValueCurrency": "Declared value currency",
    "taxIds.ioss": "IOSS number",
    "taxIds.euVatNumber": "EU VAT number",
    "taxIds.ukVatNumber": "UK VAT number",
    codGatewayNames: "Cash on delivery payment names",
    "skuDefaults.lengthCm": "Default length",
    "skuDefaults.widthCm": "Default width",
    "skuDefaults.heightCm": "Default height",
    "skuDefaults.declaredValueFrom": "Declared value",
    "stockSync.intervalMinutes": "Sync every (minutes)",
    "afterSending.failedPackages": "A package the provider cannot create",
    "afterSending.noNewsDays": "Stop following a parcel after (days without news)",
    pushPolicy: "New shipments",
  },
  /** The fields of a table's rows, named with the row and the warehouse (or drop-ship) they belong to. */
  rowLabels: {
    row: (row: string) => `row ${row}`,
    warehouse: (warehouse: string) => `warehouse ${warehouse}`,
    dropShip: "drop-ship",
    warehouseId: (owner: string) => `Warehouse ID (${owner})`,
    defaultService: (owner: string) => `Default service (${owner})`,
    country: (owner: string) => `Country (${owner})`,
    handlingDays: (owner: string) => `Handling time in working days (${owner})`,
    shippingMethod: (row: string, owner: string) => `Shipping method, ${row} (${owner})`,
    countryRow: (row: string, owner: string) => `Country, ${row} (${owner})`,
    /** `what` is the shipping method in quotes, the country code, or the row. */
    serviceFor: (what: string, owner: string) => `Service for ${what} (${owner})`,
    quoted: (text: string) => `“${text}”`,
  },
  /** What is wrong with a field, said after its name. */
  errors: {
    wholeNumber: "must be a whole number",
    wholeDays: "must be a whole number of days",
    wholeWorkingDays: "must be a whole number of working days",
    wholeMinutes: "must be a whole number of minutes",
    atLeast: (min: string) => `must be at least ${min}`,
    atMost: (max: string) => `must be at most ${max}`,
    atMostCharacters: (max: string) => `must be at most ${max} characters`,
    listedTwice: "is listed twice",
    mode: "must be Sandbox or Live",
    providerBaseUrl: "must be a web address such as https://api.example.com",
    moreThanZeroKg: "must be more than 0 kg",
    sensibleKg: "must be a sensible weight in kg",
    declaredValueCurrency: "must be the customer's currency or the shop's",
    declaredValueFrom: "must be the price or the cost",
    failedPackages: "must be Keep it here or Hand it back to Shopify",
    pushPolicy: "must be Send at once or Hold for review",
    handlingLocationRequired: "is required to ship through drop-ship",
    atLeastOneLocation: "must include at least one location",
    sizeRequired: "is required with the other two sizes",
  },
};
