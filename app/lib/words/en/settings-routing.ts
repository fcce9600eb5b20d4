/**
 * Settings > Warehouses and routing: the provider's warehouses, drop-ship through its handling
 * location, the service each parcel goes with, what the provider said when a warehouse or a service
 * was checked, and the suggested services by country.
 */
export const settingsRouting = {
  title: "Warehouses and routing",
  subtitle: "Which warehouse or drop-ship location ships a parcel, and which provider service carries it.",
  locationsProblem: "Shopify's locations could not be read just now: reload the page to choose drop-ship locations.",
  warehouses: {
    title: "Warehouses",
    description:
      "The provider's warehouses that hold your stock. Each gets a Shopify location, where its stock is sold. A parcel's service: by the shipping method the customer paid for, else by the country, else the default; with none, the parcel waits for you.",
    none: "No warehouse yet: add the provider's warehouse ID (for example US01) to ship the stock you keep there.",
    newWarehouse: "New warehouse",
    warehouse: (warehouseId: string) => `Warehouse ${warehouseId}`,
    remove: "Remove",
    /** `warehouseId` is blank for a warehouse not named yet. */
    removeWarehouse: (warehouseId: string) => `Remove warehouse ${warehouseId || "(new)"}`,
    warehouseId: "Warehouse ID",
    knownHelp: "The warehouses of your provider account.",
    chooseWarehouse: "Choose a warehouse",
    warehouseIdPlaceholder: "e.g. US01",
    warehouseIdHelp: "As your provider names it. Checked with the provider when you save.",
    locationToCome: "Shopify location: created by the app after you save with the warehouse enabled.",
    location: (name: string) => `Shopify location: ${name}`,
    country: "Country of the warehouse",
    countryPlaceholder: "e.g. US",
    countryHelp: "Two letters. Its Shopify location is put there, which decides customs for its parcels.",
    enabled: "Ship from this warehouse",
    defaultService: "Default service",
    servicePlaceholder: "e.g. US01-EXP",
    defaultServiceHelp: "Checked with the provider when you save: it must be one this warehouse offers.",
    handlingDays: "Handling time (working days)",
    handlingDaysPlaceholder: "e.g. 1",
    handlingDaysHelp:
      "How long the warehouse takes to ship an order it accepted, as agreed with the provider. Shopify then shows when each order should ship. Blank: not said.",
    add: "Add a warehouse",
    removeTitle: (warehouseId: string) => `Remove warehouse ${warehouseId}?`,
    keep: "Keep it",
    onceSaved: "Once you save:",
    locationStays: (location: string) =>
      `Its Shopify location "${location}" stays in Shopify with its stock: deactivate it there if Shopify should stop sending orders to it.`,
    noLocation: "It has no Shopify location yet.",
    afterRemoval:
      "New orders Shopify sends to it are refused with the reason, so you can fulfil them elsewhere; its stock is no longer synced. Packages already sent are followed to the end, and their tracking written to Shopify as usual: nothing is lost.",
  },
  dropShip: {
    title: "Drop-ship",
    description: "Parcels packed at your own locations (a studio, a shop), handed to the provider's handling location, which ships them.",
    enabled: "Ship parcels from my own locations through the provider's handling location",
    handlingLocation: "Handling location",
    handlingLocationPlaceholder: "e.g. SZ-HUB",
    handlingLocationHelp: "As the provider names it.",
    locations: "Locations shipped through drop-ship",
    inactive: (name: string) => `${name} (inactive)`,
    notOwn: (name: string) => `${name} (not one of your own locations)`,
    defaultService: "Default service",
    maxBoxKg: "Pack in boxes of at most (kg)",
    maxBoxKgPlaceholder: "e.g. 20",
    maxBoxKgHelp:
      "A heavier package is sent to the provider in several boxes of at most this weight. Leave empty to send every package as one parcel.",
  },
  /** The tables of services by destination country and by the checkout's shipping method. */
  services: {
    country: "Destination country",
    countryPlaceholder: "e.g. CA",
    service: "Service code",
    servicePlaceholder: "e.g. US01-EXP",
    method: "Shipping method at checkout",
    methodPlaceholder: "e.g. Express",
    addCountry: "Add a country",
    addMethod: "Add a shipping method",
    byMethod:
      "By the shipping method the customer paid for (its name as checkout shows it, or its code, any case). It wins over the service the customer chose from the app's checkout rates, and over the country.",
  },
  /** What the provider said of a warehouse or a service when the page was saved, at the field; `said` is the provider's own text. */
  checks: {
    cannotCheck: (said: string) => `cannot be checked with the provider: ${said}`,
    notInAccount: (known: string) => `is not a warehouse of your provider account: choose one of ${known}`,
    unknown: (said: string) => `is not known to the provider (it said: ${said})`,
    noAnswer: (said: string) => `could not be checked: the provider answered ${said}. Try again in a moment`,
    /** `problem`: what went wrong with the call, a whole sentence of `providerProblems`. */
    notChecked: (problem: string) => `could not be checked. ${problem}`,
    serviceNotOffered: (warehouseId: string, offered: string) => `is not a service of warehouse ${warehouseId}: it offers ${offered}`,
  },
  /** What is wrong with a field of the page, said after its name (beside the Settings pages' own, words.settings.errors). */
  errors: {
    required: "is required",
    codeCharacters: "may contain only letters, digits, hyphen (-) and underscore (_)",
    countryCode: "must be a two-letter country code such as US",
    number: "must be a number such as 12.5",
  },
  suggestions: {
    title: "Suggested services by country",
    nothingYet: "Nothing to suggest yet: suggestions are for the countries your shipments went to in the last 90 days.",
    noWarehouse: "Enable a warehouse to have its services suggested.",
    /** `count` chooses the form, `n` is it formatted; `codes` the countries' codes as a list. */
    about: (count: number, n: string, codes: string) =>
      `The cheapest service of each enabled warehouse for the ${n} ${count === 1 ? "country" : "countries"} you shipped to in the last 90 days (${codes}).`,
    suggest: "Suggest services",
    suggestAgain: "Suggest again",
    asking: (n: string) => `Asking the provider for ${n} prices…`,
    fromPrices: "From the provider's prices just now. Use fills the warehouse's services above and saves the settings.",
    suggested: "Suggested.",
    warehouseNoSku: (warehouseId: string) => `Warehouse ${warehouseId}: no SKU to price with yet (none shipped from or stocked there)`,
    /** `units` the quantity formatted ("1"); `why` one of `why` below. */
    warehousePricedFor: (warehouseId: string, units: string, sku: string, why: string) =>
      `Warehouse ${warehouseId}, priced for ${units} × ${sku} (${why})`,
    why: {
      mostShippedStocked: "your most shipped SKU it stocks",
      mostHeld: "the SKU it holds most of",
      mostShipped: "your most shipped SKU",
    },
    country: "Country",
    now: "Now",
    cheapest: "Cheapest",
    action: "Action",
    askingCell: "Asking the provider…",
    /** A country as the table names it: "United Kingdom (GB)". */
    countryName: (name: string, code: string) => `${name} (${code})`,
    shipmentsIn90Days: (count: number, n: string) => `${n} ${count === 1 ? "shipment" : "shipments"} in 90 days`,
    none: "none",
    asDefault: (service: string) => `${service} (default)`,
    inUse: "In use",
    use: "Use",
    useFor: (service: string, country: string, warehouseId: string) => `Use ${service} for ${country} from ${warehouseId}`,
    theSuggested: "the suggested service",
    useAll: (warehouseId: string) => `Use all for ${warehouseId} and save`,
    /** A delivery time in days, formatted; `min` and `max` are the same for an exact one. */
    days: (count: number, min: string, max: string) => (min === max ? `${min} ${count === 1 ? "day" : "days"}` : `${min}–${max} days`),
    priceNotGiven: "price not given",
    noSku: "No SKU to price with yet.",
    noService: (warehouseId: string, country: string) => `No service of ${warehouseId} delivers to ${country}.`,
    notPriced: "Not priced: the provider did not answer.",
    /** `problem` is what the provider (or the connection) said, as said. */
    someMissing: (problem: string) => `Some prices are missing: ${problem}`,
  },
};
