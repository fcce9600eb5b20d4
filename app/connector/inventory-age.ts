/**
 * A warehouse's stock by age (operation 19) as the Inventory age page shows it and its CSV export
 * writes it: the provider's twelve 30-day bands, filtered, sorted and totalled. The stock sync's
 * read is queried in the database (app/stores/stock/stock-by-age.server.ts); a live read, held in
 * memory, goes through `inventoryAgeView`, which filters and orders as that query does, so the page
 * and the file agree whichever was read. Pure. The band names are the provider's (InventoryAgeInfo's
 * fields, app/fulfilment/schemas/responses.ts).
 */
import { z } from "zod";

/** The provider's age bands, youngest first (InventoryAgeInfo's To30Days … MoreThan330Days). */
export const AGE_BANDS = [
  "To30Days",
  "To60Days",
  "To90Days",
  "To120Days",
  "To150Days",
  "To180Days",
  "To210Days",
  "To240Days",
  "To270Days",
  "To300Days",
  "To330Days",
  "MoreThan330Days",
] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
export type AgeBands = Record<AgeBand, number>;

/** Band `i` holds units that have been in the warehouse more than 30·i days (and at most 30·(i+1), but the last). */
export const bandStartsAfterDays = (band: AgeBand): number => AGE_BANDS.indexOf(band) * 30;

/**
 * The first and last day a run of bands covers; the oldest has no last day, and counts from its
 * start ("over 330"), as the provider names it.
 */
export function bandDays(first: AgeBand, last: AgeBand = first): { from: number; to: number | null } {
  const from = bandStartsAfterDays(first);
  if (last === "MoreThan330Days") return { from, to: null };
  return { from: from === 0 ? 0 : from + 1, to: bandStartsAfterDays(last) + 30 };
}

/** "0–30", "31–60", …, "301–330", "Over 330": a band in the export's (English) header, in days. */
export function bandLabel(first: AgeBand, last: AgeBand = first): string {
  const { from, to } = bandDays(first, last);
  return to === null ? `Over ${from}` : `${from}–${to}`;
}

/** A band of the chart: adjacent provider bands merged, so that a chart has few enough colours to tell apart. */
export interface ChartBand {
  /** "0–60", …, "Over 300" (in days). */
  label: string;
  bands: readonly AgeBand[];
}

/** The chart's bands: at most six, each the provider's 30-day bands merged in pairs ("0–60", …, "Over 300"). */
export const CHART_BANDS: readonly ChartBand[] = Array.from({ length: Math.ceil(AGE_BANDS.length / 2) }, (_, index) => {
  const bands = AGE_BANDS.slice(index * 2, index * 2 + 2);
  const first = bands[0] ?? "To30Days";
  return { label: bandLabel(first, bands[bands.length - 1] ?? first), bands };
});

/** A row's units in one band of the chart. */
export const unitsInChartBand = (row: { bands: AgeBands }, band: ChartBand): number =>
  band.bands.reduce((sum, each) => sum + row.bands[each], 0);

/** The oldest band starts after this many days: beyond it, no unit is known to be older. */
export const MAX_OLDER_THAN_DAYS = bandStartsAfterDays("MoreThan330Days");

export interface StockAgeRow {
  /** The provider's SKU. */
  sku: string;
  storageNo: string | null;
  total: number;
  bands: AgeBands;
}

export const SORTS = {
  sku: "SKU, A to Z",
  "sku-desc": "SKU, Z to A",
  total: "Most units first",
  "total-asc": "Fewest units first",
  oldest: "Oldest stock first",
} as const;
export type InventoryAgeSort = keyof typeof SORTS;

/** Table rows per page; the export has them all. */
export const ROWS_PER_PAGE = 20;

/** The search field as typed; blank is no search. */
const searchText = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim().slice(0, 100));

/** "Older than N days" as typed: blank is no filter; otherwise whole days from 0 to the oldest band's start. */
export const OlderThanDays = z
  .string()
  .optional()
  .transform((value) => {
    const typed = (value ?? "").trim();
    return typed === "" ? null : typed;
  })
  .pipe(
    z
      .string()
      .regex(/^\d{1,4}$/, { error: "must be a whole number of days" })
      .transform(Number)
      .pipe(
        z.number().max(MAX_OLDER_THAN_DAYS, {
          error: `must be at most ${MAX_OLDER_THAN_DAYS}: the provider's oldest band is "over ${MAX_OLDER_THAN_DAYS} days"`,
        }),
      )
      .nullable(),
  );

/** What the merchant chose to see, as the page's address carries it (?q=&olderThan=&sort=&page=). */
export interface InventoryAgeQuery {
  search: string;
  olderThanDays: number | null;
  /** Why the typed "older than" was not used, to show at the field. */
  olderThanError: string | null;
  sort: InventoryAgeSort;
  page: number;
}

export function inventoryAgeQueryOf(params: URLSearchParams): InventoryAgeQuery {
  const olderThan = OlderThanDays.safeParse(params.get("olderThan") ?? undefined);
  const sort = params.get("sort") ?? "";
  const page = Number(params.get("page") ?? "1");
  return {
    search: searchText.parse(params.get("q") ?? undefined),
    olderThanDays: olderThan.success ? olderThan.data : null,
    olderThanError: olderThan.success ? null : (olderThan.error.issues[0]?.message ?? "is not valid"),
    sort: sort in SORTS ? (sort as InventoryAgeSort) : "sku",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The bands wholly older than `days`: a band counts only when every unit in it is older. */
export const bandsOlderThan = (days: number): AgeBand[] => AGE_BANDS.filter((band) => bandStartsAfterDays(band) >= days);

/** Units known to be older than `days`. */
export function unitsOlderThan(row: StockAgeRow, days: number): number {
  return bandsOlderThan(days).reduce((sum, band) => sum + row.bands[band], 0);
}

/** The bands from the oldest to the youngest: "oldest stock first" compares them in this order. */
export const OLDEST_BAND_FIRST: readonly AgeBand[] = [...AGE_BANDS].reverse();

const bySku = (a: StockAgeRow, b: StockAgeRow) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);

const COMPARE: Record<InventoryAgeSort, (a: StockAgeRow, b: StockAgeRow) => number> = {
  sku: bySku,
  "sku-desc": (a, b) => bySku(b, a),
  total: (a, b) => b.total - a.total || bySku(a, b),
  "total-asc": (a, b) => a.total - b.total || bySku(a, b),
  // The most units over 330 days first, then the most in the band before, and so on (so the row
  // whose oldest stock is oldest, and most of it, leads); as the database orders it.
  oldest: (a, b) => {
    for (const band of OLDEST_BAND_FIRST) if (a.bands[band] !== b.bands[band]) return b.bands[band] - a.bands[band];
    return bySku(a, b);
  },
};

/** A row as shown: with its units older than the query's days (null without that filter). */
export type ShownStockRow = StockAgeRow & { olderThan: number | null };

/** Totals of every row a query matches: by band, overall, and older than the query's days. */
export interface StockAgeTotals {
  bands: AgeBands;
  total: number;
  olderThan: number | null;
}

/** What the page shows of a query: its page of rows, and how many rows match, with their totals. */
export interface InventoryAgePage {
  /** The rows of the query's page (the last page when it asks beyond it). */
  pageRows: ShownStockRow[];
  /** How many rows match the query, on every page. */
  matching: number;
  totals: StockAgeTotals;
  page: number;
  pages: number;
}

export interface InventoryAgeView extends InventoryAgePage {
  /** Every row matching the query, sorted: the export writes these. */
  rows: ShownStockRow[];
}

/** A row as shown: its units older than `days` worked out. */
export const shownRow = (row: StockAgeRow, days: number | null): ShownStockRow => ({
  ...row,
  olderThan: days === null ? null : unitsOlderThan(row, days),
});

/** The units older than `days` among totals by band. */
export const totalOlderThan = (bands: AgeBands, days: number | null): number | null =>
  days === null ? null : bandsOlderThan(days).reduce((sum, band) => sum + bands[band], 0);

/** The page a query's `page` lands on among `matching` rows (the last when it asks beyond it), and how many there are. */
export function pageAmong(matching: number, asked: number): { page: number; pages: number; skip: number } {
  const pages = Math.max(1, Math.ceil(matching / ROWS_PER_PAGE));
  const page = Math.min(asked, pages);
  return { page, pages, skip: (page - 1) * ROWS_PER_PAGE };
}

/** The rows `query` asks for: SKU search (any part, any case), older-than filter, sort and page. */
export function inventoryAgeView(
  all: readonly StockAgeRow[],
  query: Pick<InventoryAgeQuery, "search" | "olderThanDays" | "sort" | "page">,
): InventoryAgeView {
  const needle = query.search.toLowerCase();
  const days = query.olderThanDays;
  const rows = all
    .filter((row) => needle === "" || row.sku.toLowerCase().includes(needle))
    .map((row) => shownRow(row, days))
    .filter((row) => row.olderThan === null || row.olderThan > 0)
    .sort(COMPARE[query.sort]);
  const bands = Object.fromEntries(AGE_BANDS.map((band) => [band, rows.reduce((sum, row) => sum + row.bands[band], 0)])) as AgeBands;
  const { page, pages, skip } = pageAmong(rows.length, query.page);
  return {
    rows,
    matching: rows.length,
    totals: { bands, total: rows.reduce((sum, row) => sum + row.total, 0), olderThan: totalOlderThan(bands, days) },
    pageRows: rows.slice(skip, skip + ROWS_PER_PAGE),
    page,
    pages,
  };
}

/** The export's header and rows: what the table shows, every row, in the table's order. */
export function inventoryAgeTable(
  rows: readonly ShownStockRow[],
  olderThanDays: number | null,
): { header: string[]; rows: (string | number)[][] } {
  return { header: inventoryAgeHeader(olderThanDays), rows: rows.map((row) => inventoryAgeRecord(row, olderThanDays)) };
}

export function inventoryAgeHeader(olderThanDays: number | null): string[] {
  const header = ["SKU", "Storage number", "Total units", ...AGE_BANDS.map((band) => `${bandLabel(band)} days`)];
  if (olderThanDays !== null) header.push(`Older than ${olderThanDays} days`);
  return header;
}

/** One row of the export, as the header names its columns. */
export function inventoryAgeRecord(row: ShownStockRow, olderThanDays: number | null): (string | number)[] {
  return [
    row.sku,
    row.storageNo ?? "",
    row.total,
    ...AGE_BANDS.map((band) => row.bands[band]),
    ...(olderThanDays === null ? [] : [row.olderThan ?? 0]),
  ];
}

/** A row of operation 19's answer (the provider's InventoryAgeInfo), as much as a stock row needs. */
export type ProviderStockRow = { Sku: string; StorageNo?: string | null; TotalStockQty: number } & { [B in AgeBand]?: number | null };

/** A provider row (operation 19) as a stock row; bands it leaves out hold nothing. */
export function stockAgeRowOf(info: ProviderStockRow): StockAgeRow {
  return {
    sku: info.Sku,
    storageNo: info.StorageNo ?? null,
    total: Math.max(0, Math.trunc(info.TotalStockQty)),
    bands: Object.fromEntries(AGE_BANDS.map((band) => [band, info[band] ?? 0])) as AgeBands,
  };
}
