/**
 * The Inventory age page's CSV: the rows the page shows (same search, filter and order), all of
 * them rather than the page's twenty, with a header row. UTF-8 with a byte order mark, so Excel
 * reads the band headers' dashes and non-ASCII SKUs as written; CRLF line ends (RFC 4180); fields
 * quoted by csv-stringify wherever a comma, quote or line break needs it.
 */
import { stringify } from "csv-stringify/sync";
import { inventoryAgeTable, type InventoryAgeView } from "~/connector/inventory-age";

/**
 * Spreadsheet apps run a cell that starts with = + - @ (or a tab or carriage return) as a formula:
 * such text (a SKU) gets a leading apostrophe, which they show as text. Numbers are left alone.
 */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export function inventoryAgeCsv(view: InventoryAgeView, olderThanDays: number | null): string {
  const { header, rows } = inventoryAgeTable(view, olderThanDays);
  return stringify([header, ...rows], { bom: true, record_delimiter: "windows", cast: { string: asText } });
}

/** inventory-age-US01-2026-05-01.csv: the warehouse and the day it was read. */
export function inventoryAgeFileName(warehouseId: string, readAt: string): string {
  return `inventory-age-${warehouseId.replace(/[^A-Za-z0-9_-]/g, "_")}-${readAt.slice(0, 10)}.csv`;
}
