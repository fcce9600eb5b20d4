/** Products: every Shopify variant beside the provider's record of its SKU, and the registration. */
import { plural } from "./plural";

export const products = {
  title: "Products",
  subtitle: "Your variants beside the provider's record of each SKU. A SKU must be registered before it can be stocked in a warehouse.",
  registerAllMissing: (n: string) => `Register all missing (${n})`,
  readAgain: "Read the catalogue again",
  registration: "SKU registration",
  catalogueRead: "Catalogue read",
  /** A run's progress: how many of its SKUs or variants are done. */
  skusDone: (processed: string, total: string) => `${processed} of ${total} SKUs`,
  variantsDone: (processed: string, total: string) => `${processed} of ${total} variants`,
  notReadYet: "Your catalogue has not been read yet.",
  // The action's answers.
  reading: "Reading your catalogue from Shopify and the provider…",
  nothingToRegister: "No SKU to register: choose the rows to register first.",
  registering: (count: number, n: string) => `Registering ${n} ${plural(count, "SKU", "SKUs")} with the provider…`,
  unknownAction: (intent: string) => `Unknown action: ${intent}`,
  tabs: {
    ALL: "All",
    NOT_REGISTERED: "Not registered",
    DIFFERS: "Differs",
    REGISTERED: "Registered",
    KIT: "Kits",
    PROVIDER_ONLY: "Provider only",
    NO_SKU: "No SKU",
  },
  /** A tab's name with how many rows it holds: "Not registered (2)". */
  tab: (name: string, n: string) => `${name} (${n})`,
  empty: {
    ALL: "No products match.",
    NOT_REGISTERED: "Every SKU is registered with the provider.",
    DIFFERS: "The provider's records match what Shopify says.",
    REGISTERED: "No SKU is registered with the provider yet.",
    KIT: "No variant is set up as a kit. Set one up from its entry.",
    PROVIDER_ONLY: "The provider knows no SKU that your store does not sell.",
    NO_SKU: "Every variant has a SKU.",
  },
  searchLabel: "Search products",
  searchPlaceholder: "Search by name or SKU",
  search: "Search",
  readFirst: "Read your catalogue first",
  readFirstBody: "The app reads every variant from Shopify and every SKU the provider knows, then lists them side by side here.",
  readCatalogue: "Read the catalogue",
  noMatch: (search: string) => `No products match "${search}".`,
  oneProduct: "product",
  manyProducts: "products",
  registerSelected: "Register selected",
  columns: {
    product: "Product",
    state: "State",
    whatToKnow: "What to know",
    weight: "Weight",
    hsCode: "HS code",
    origin: "Origin",
    entry: "Entry",
  },
  noSku: "no SKU",
  grams: (n: string) => `${n} g`,
  edit: "Edit",
  add: "Add",
  editEntryOf: (sku: string) => `Edit the entry of SKU ${sku}`,
  addEntryOf: (sku: string) => `Add the entry of SKU ${sku}`,
  page: (page: string, pages: string) => `Page ${page} of ${pages}`,
  /** A row's badge; the provider's approval status is its own word, shown as it said it. */
  states: {
    registered: "Registered",
    registeredAs: (approval: string) => `Registered: ${approval}`,
    differs: "Differs",
    differsAs: (approval: string) => `Differs (${approval})`,
    cannotRegisterYet: "Cannot register yet",
    notRegistered: "Not registered",
    kit: "Kit",
    providerOnly: "Provider only",
    noSku: "No SKU",
  },
  /** What to know about a row, in sentences. */
  fields: {
    "Customs name": "Customs name",
    "HS code": "HS code",
    Weight: "Weight",
    Size: "Size",
    "Declared value": "Declared value",
  },
  difference: (field: string, provider: string, shopify: string) => `${field}: provider ${provider}, Shopify ${shopify}`,
  none: "(none)",
  providerOnlyLine: "The provider has this SKU; no variant in your store sells it.",
  /** A kit's components, each "2 × MUG-01", joined. */
  pickedAs: (components: string) => `Picked as ${components}.`,
  component: (quantity: string, sku: string) => `${quantity} × ${sku}`,
  componentSeparator: ", ",
  componentMissing: (sku: string) =>
    `Component ${sku} is not one of the provider's SKUs (as last read): orders of this kit are refused by the warehouse until it is registered or the kit changed.`,
  noSkuLine: "No SKU: it cannot be sent to the provider. Give the variant a SKU in Shopify.",
  lastAttempt: (failure: string) => `Last attempt: ${failure}`,
};

/** A SKU's entry on its own page: how the provider knows it, its customs data and size. */
export const skuPage = {
  title: (sku: string) => `SKU ${sku}`,
  products: "Products",
  notFound: "No variant of this shop has that SKU",
  notSaved: (sku: string) => `SKU ${sku} was not saved: correct the fields shown.`,
  saved: (sku: string) => `SKU ${sku} saved. Its registration and shipments use it from now on.`,
  saving: (sku: string) => `Saving SKU ${sku}…`,
  intro:
    "What you enter here is used before Shopify's data and the shop's defaults when the SKU is registered and shipped. Leave a field empty to use those.",
  withProvider: "With the provider",
  nothingKeepsItBack: "Nothing keeps it back: register it from Products.",
  registeredAsSold: "Registered as your store sells it.",
  lastRefused: (failure: string) => `The last registration attempt was refused: ${failure}`,
  kit: "Kit",
  kitHelp: "When the warehouse picks this variant as several of the provider's SKUs (a gift set, a multipack), set up its components.",
  setUpKit: "Set up as a kit",
  editKit: "Edit the kit",
  atProvider: "At the provider",
  customs: "Customs",
  size: "Size",
  labels: {
    providerSku: "Provider SKU",
    declaredName: "Customs name",
    hsCode: "HS code",
    declaredValue: "Declared value",
    lengthCm: "Length (cm)",
    widthCm: "Width (cm)",
    heightCm: "Height (cm)",
  },
  providerSkuHelp: "The provider's SKU, when it is not the store's.",
  declaredNameHelp: "In English: letters, digits, spaces and _ - ( ) ' & , |.",
  hsCodeHelp: "6 to 50 digits.",
  declaredValueHelp: "Per unit, in the shop's currency.",
  sizeHelp: "Of one unit as the warehouse stores it, in cm: all three, or none to use the shop's default size.",
  /** What is wrong with a field, said under it. */
  errors: {
    notANumber: "must be a number such as 12.5",
    moreThanZero: "must be more than 0",
    lessThan: (limit: string, digits: string) => `must be less than ${limit} (at most ${digits} digits before the decimal point)`,
    decimalPlaces: (places: string) => `must have at most ${places} decimal places`,
    atMostCharacters: (max: string) => `must be at most ${max} characters`,
    declaredName: "may contain only letters, digits, spaces and _ - ( ) ' & , | (no accents or other symbols)",
    onlyDigits: "must not consist only of digits and spaces",
    hsCode: "must be empty or 6 to 50 digits",
    sizeRequired: "is required with the other two sizes",
  },
};

/** A variant set up as a kit: the provider's SKUs the warehouse picks for one of it. */
export const kitPage = {
  title: (sku: string) => `Kit ${sku}`,
  backToSku: (sku: string) => `SKU ${sku}`,
  removeMapping: "Remove the kit mapping",
  removing: (sku: string) => `Removing the kit mapping of ${sku}…`,
  saving: (sku: string) => `Saving kit ${sku}…`,
  removed: (sku: string) => `SKU ${sku} is no longer a kit: it is sent and stocked as its own SKU again.`,
  notSaved: (sku: string) => `The kit ${sku} was not saved: correct the components shown.`,
  saved: (sku: string) =>
    `Kit ${sku} saved. New orders of it are sent as these components, and the next stock sync gives it what they make.`,
  components: "Components",
  componentsHelp:
    "What the warehouse picks for one kit: each of the provider's SKUs and how many of it. An order of 2 kits is sent as twice these.",
  providerSku: "Provider SKU",
  providerSkuExample: "e.g. MUG-CER-350-WHT",
  unitsPerKit: "Units per kit",
  unitsExample: "e.g. 1",
  addComponent: "Add a component",
  howItShips: "How a kit ships and sells",
  shipsAs: "Orders of it are sent to the warehouse as its components; the fulfilment in Shopify is the kit's line.",
  stockedAs:
    "Its stock at each warehouse is what its components make there. A component several kits use is shared evenly among them, so no unit is sold twice by two kits.",
  notAKitYet: "Not a kit yet: it is sent and stocked as its own SKU.",
  dropShipAsSold: "Drop-ship parcels you pack yourself carry the kit as sold.",
  /** Each error names the component's row ("Component 2") and what is wrong with it. */
  errors: {
    noComponent: "A kit needs one component at least: add the SKUs the warehouse picks.",
    skuRequired: (row: string) => `Component ${row}: the provider SKU is required.`,
    notProviderSku: (row: string, sku: string) =>
      `Component ${row}: ${sku} is not one of the provider's SKUs. Check the spelling, or register it first.`,
    twice: (row: string, sku: string, first: string) =>
      `Component ${row}: ${sku} is already component ${first}. Give it once, with its units per kit.`,
    units: (row: string) => `Component ${row}: the units per kit must be a whole number of 1 or more.`,
    unitsNot: (row: string, typed: string) => `Component ${row}: the units per kit must be a whole number of 1 or more, not ${typed}.`,
  },
};
