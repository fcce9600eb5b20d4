/**
 * The Inventory age page's CSV: the rows the page shows (same search, filter and order), all of
 * them rather than the page's twenty, with a header row. UTF-8 with a byte order mark, so Excel
 * reads the band headers' dashes and non-ASCII SKUs as written; CRLF line ends (RFC 4180); fields
 * quoted by csv-stringify wherever a comma, quote or line break needs it.
 *
 * Streamed: the text is written a batch of rows at a time as the download takes it, never whole
 * in memory (a warehouse of many thousand SKUs makes megabytes of it). The rows themselves are
 * read first, in one query (readAllStockByAge), so a stock sync writing meanwhile cannot make the
 * file repeat or skip a SKU between batches.
 */
import { stringify } from "csv-stringify/sync";
import { inventoryAgeHeader, inventoryAgeRecord, type ShownStockRow } from "~/connector/inventory-age";

/**
 * Spreadsheet apps run a cell that starts with = + - @ (or a tab or carriage return) as a formula:
 * such text (a SKU) gets a leading apostrophe, which they show as text. Numbers are left alone.
 */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** Rows written per chunk of the stream: small enough to start the download at once. */
const ROWS_PER_CHUNK = 500;

export function inventoryAgeCsv(rows: readonly ShownStockRow[], olderThanDays: number | null): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const text = (records: (string | number)[][], bom: boolean) =>
    encoder.encode(stringify(records, { bom, record_delimiter: "windows", cast: { string: asText } }));
  let next = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(text([inventoryAgeHeader(olderThanDays)], true));
    },
    // Asked for when the client has taken what was written: a slow download holds one chunk at a time.
    pull(controller) {
      const chunk = rows.slice(next, next + ROWS_PER_CHUNK).map((row) => inventoryAgeRecord(row, olderThanDays));
      next += ROWS_PER_CHUNK;
      if (chunk.length > 0) controller.enqueue(text(chunk, false));
      if (next >= rows.length) controller.close();
    },
  });
}

/** inventory-age-US01-2026-05-01.csv: the warehouse and the day it was read. */
export function inventoryAgeFileName(warehouseId: string, readAt: string): string {
  return `inventory-age-${warehouseId.replace(/[^A-Za-z0-9_-]/g, "_")}-${readAt.slice(0, 10)}.csv`;
}
