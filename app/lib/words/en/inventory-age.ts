/** Inventory age: the stock by how long it has been in the warehouse. */
import { plural } from "./plural";

export const inventoryAge = {
  title: "Inventory age",
  subtitle: "Your stock at the provider's warehouses, by how long it has been there",
  home: "Home",
  exportCsv: "Export CSV",
  readAgain: "Read the stock again",
  noWarehouseHeading: "No warehouse set up yet",
  noWarehouseAction: "Set up a warehouse",
  noWarehouseBody:
    "Add your provider's warehouse (for example US01) in Settings > Warehouses and routing: its stock, by how long it has been there, shows here.",
  warehouse: "Warehouse",
  notShipping: (warehouse: string) => `${warehouse} (not shipping)`,
  search: "Search SKUs",
  searchPlaceholder: "Part of a SKU",
  olderThan: "Older than (days)",
  olderThanNotWhole: "Must be a whole number of days",
  olderThanTooMany: (max: string) => `Must be at most ${max}: the provider's oldest band is "over ${max} days"`,
  olderThanHelpNone: "Shows only SKUs with older stock.",
  olderThanHelpLast: (from: string) => `Counts the band over ${from} days.`,
  olderThanHelpFrom: (band: string) => `Counts bands from ${band} days on.`,
  sortBy: "Sort by",
  sorts: {
    sku: "SKU, A to Z",
    "sku-desc": "SKU, Z to A",
    total: "Most units first",
    "total-asc": "Fewest units first",
    oldest: "Oldest stock first",
  },
  skus: (count: number, n: string) => `${n} ${plural(count, "SKU", "SKUs")}`,
  units: (count: number, n: string) => `${n} ${plural(count, "unit", "units")}`,
  minutes: (count: number, n: string) => `${n} ${plural(count, "minute", "minutes")}`,
  preparingCsv: "Preparing the CSV…",
  csvFailed: (why: string) => `The CSV could not be made: ${why}`,
  /** The export asked for a warehouse the shop has not set up (an old link, another shop's id). */
  noSuchWarehouse: (warehouse: string) => `No warehouse ${warehouse} is set up for this shop.`,
  exported: (skus: string, file: string) => `Exported ${skus} to ${file}.`,
  asking: "Asking for a new read of the stock…",
  syncReadingNow: "The stock sync is reading the provider now: its read shows here as soon as it is done.",
  syncEvery: (minutes: string) => `The stock sync reads it every ${minutes}, and when you ask.`,
  syncOnAsk: "The stock sync reads it when you ask (its schedule is off in Settings > Catalogue and stock).",
  syncNotYet: (warehouse: string) =>
    `The stock sync does not read ${warehouse} yet: it reads enabled warehouses once their Shopify location exists (Settings > Warehouses and routing).`,
  notRead: "Not read: see below.",
  asOfSync: (when: string) => `As of ${when}, from the last stock sync.`,
  readJustNow: (when: string, warehouse: string) =>
    `Read from the provider just now (${when}): the stock sync has not read ${warehouse} yet.`,
  unreadable: (warehouse: string) => `The stock at ${warehouse} could not be read`,
  tryAgain: "Try again",
  noStockHeading: (warehouse: string) => `No stock at ${warehouse}`,
  noStockBody:
    "The provider holds none of your SKUs there. Stock you send in with an inbound shipment shows here once the provider has received it.",
  noMatchHeading: "No SKU matches",
  noMatch: (skus: string, warehouse: string, search: string | null, olderThan: string | null) =>
    `None of the ${skus} at ${warehouse} matches ${[
      search === null ? null : `“${search}”`,
      olderThan === null ? null : `stock older than ${olderThan} days`,
    ]
      .filter((part) => part !== null)
      .join(" with ")}.`,
  clearFilters: "Clear the search and filter",
  truncated: (skus: string) => `Only the first ${skus} are shown: the stock sync reads them all, after which this page shows its read.`,
  unitsByAge: "Units by age",
  unitsInSkus: (units: string, skus: string) => `${units} in ${skus}`,
  unitsOlderThan: (units: string, days: string) => `, ${units} older than ${days} days`,
  chartExplained:
    "The SKUs on this page, each bar split by how many days its units have been in the warehouse; the table below has the numbers.",
  unitsByDays: "Units by days in the warehouse",
  page: (page: string, pages: string) => `Page ${page} of ${pages}`,
  /** A band of days as a column or legend heading: "0–30", "Over 330". */
  band: (from: string, to: string | null) => (to === null ? `Over ${from}` : `${from}–${to}`),
  bandDays: (band: string) => `${band} days`,
  sku: "SKU",
  total: "Total",
  olderThanDays: (days: string) => `Older than ${days} days`,
  totalShown: "Total of every matching SKU",
  nothingToRead:
    "Nothing to read: the stock sync reads enabled warehouses once their Shopify location exists (Settings > Warehouses and routing).",
  queued: "Queued: the stock sync reads the provider again, usually within a minute; its read shows here when it is done.",
  unknownAction: (intent: string) => `Unknown action: ${intent}`,
};
