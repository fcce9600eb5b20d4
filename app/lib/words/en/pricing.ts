/**
 * Pricing: what the provider charges to ship SKUs from a warehouse to a destination, service by
 * service. The provider's own words (a service's name, why it cannot carry a parcel, a charge's
 * name, a refusal) are shown as the provider wrote them, inside these sentences.
 */
import { plural } from "./plural";

export const pricing = {
  title: "Pricing",
  subtitle: "What the provider charges to ship your SKUs, service by service",
  noWarehouseHeading: "No warehouse set up yet",
  noWarehouseAction: "Set up a warehouse",
  noWarehouseBody:
    "Prices are the provider's for shipping from one of your warehouses: add it (for example US01) in Settings > Warehouses and routing first.",
  parcel: "Parcel",
  shipsFrom: "Ships from",
  warehouse: (warehouse: string) => `Warehouse ${warehouse}`,
  warehouseNotShipping: (warehouse: string) => `Warehouse ${warehouse} (not shipping)`,
  country: "Destination country",
  chooseCountry: "Choose a country",
  postcode: "Postcode (optional)",
  city: "City (optional)",
  province: "State or province (optional)",
  addSku: "Add a SKU",
  noSkus: "Your catalogue has no SKUs yet: it is read from Shopify on the Products page.",
  remove: "Remove",
  removeLabel: (sku: string) => `Remove ${sku}`,
  quantityOf: (sku: string) => `Quantity of ${sku}`,
  quantityPrefix: "Qty",
  getPrices: "Get prices",
  asking: "Asking the provider for every service's price…",
  askingCharges: (service: string) => `Asking the provider for the charges of ${service}…`,
  notPriced: "Not priced",
  correctFields: "Correct the fields marked in the form, then get prices again.",
  chargesNotRead: (service: string) => `The charges of ${service} could not be read`,
  askAgain: "Get prices again, then ask for the charges.",
  pricesTitle: "Prices",
  pricesExplained:
    "Choose where the parcel ships from and to, and the SKUs in it, then Get prices: every service of the warehouse is priced, the cheapest and the fastest marked, with the reason for any service that cannot carry it.",
  pricesFrom: (warehouse: string, destination: string) => `Prices from ${warehouse} to ${destination}`,
  /** One line of the parcel: its quantity as written by Intl, the product's name and its SKU. */
  parcelLine: (quantity: string, name: string, sku: string) => `${quantity} × ${name} (${sku})`,
  /** Between two lines of the parcel (a product's name may hold a comma of its own). */
  lineSeparator: ", ",
  /** `lines`: the parcel's lines, joined; `priceable` of `total` services can carry it (`count` is the total). */
  pricedFor: (count: number, lines: string, priceable: string, total: string) =>
    `For ${lines}. ${priceable} of ${total} ${plural(count, "service", "services")} can carry it.`,
  resourceName: { singular: "service", plural: "services" },
  columns: { service: "Service", price: "Price", delivery: "Delivery", details: "Details" },
  cheapest: "Cheapest",
  fastest: "Fastest",
  shownBelow: "Shown below",
  charges: "Charges",
  chargesOf: (service: string) => `Charges of ${service}`,
  cannotPrice: "The provider cannot price this service.",
  /** A charge the provider names none for. */
  charge: "Charge",
  serviceFrom: (warehouse: string, destination: string, lines: string) => `From ${warehouse} to ${destination}, for ${lines}.`,
  total: "Total",
  totalDelivered: (days: string) => `Total, delivered in ${days}`,
  /** Delivery time in days, as Intl writes the numbers. */
  days: (count: number, n: string) => `${n} ${plural(count, "day", "days")}`,
  daysRange: (min: string, max: string) => `${min}–${max} days`,
  /** What is wrong with a field, said after it (at the field) or on its own (the SKUs). */
  errors: {
    required: "is required",
    chooseWarehouse: "is required: choose the warehouse that ships",
    chooseCountry: "is required: choose where the parcel goes",
    addSku: "Add at least one SKU to price.",
    notEmpty: "must not be empty",
    atMostCharacters: (max: string) => `must be at most ${max} characters`,
    codeCharacters: "may contain only letters, digits, hyphen (-) and underscore (_)",
    wholeNumber: "must be a whole number",
    atLeastUnits: (count: number, min: string) => `must be at least ${min} ${plural(count, "unit", "units")}`,
    atMostUnits: (count: number, max: string) => `must be at most ${max} ${plural(count, "unit", "units")}`,
    notYourWarehouse: "is not one of your warehouses (Settings > Warehouses and routing)",
    notYourSku: "is not a SKU of your catalogue",
    /** `why`: what the provider's rules found, as they say it; several joined by `between`. */
    notPriced: (why: string) => `Not priced: ${why}.`,
    between: "; ",
    /** `said`: the provider's own words. */
    providerRefused: (said: string) => `The provider refused to price it: ${said}.`,
  },
};
