/**
 * The Inventory age page's query in the database (stock-by-age.server.ts) against the page's own
 * rules (inventoryAgeView, which a live read goes through): for every sort, search and "older than",
 * page by page, the same rows in the same order with the same totals, and only the warehouse's own.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { AGE_BANDS, inventoryAgeView, ROWS_PER_PAGE, SORTS, type AgeBands, type InventoryAgeSort } from "~/connector/inventory-age";
import { stockByAgePage, stockByAgeRows, storedStockOf } from "~/stores/stock/stock-by-age.server";
import { replaceWarehouseStock, warehouseStockOf } from "~/stores/stock/warehouse-stock.server";

const { db } = useTestDatabase();
const shop = "stock-by-age.myshopify.com";
const readAt = new Date("2026-05-01T06:00:00Z");

/** A fixed spread of stock: several lots per SKU in bands of every age, ties in the oldest band, and SKUs with no stock. */
function rowsOf(count: number) {
  let seed = 7;
  const next = (below: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % below;
  };
  return Array.from({ length: count }, (_, index) => {
    const bands = Object.fromEntries(AGE_BANDS.map((band) => [band, 0])) as AgeBands;
    const lots = index % 9 === 0 ? 0 : 1 + next(3);
    for (let lot = 0; lot < lots; lot++) {
      const band = AGE_BANDS[next(AGE_BANDS.length)] ?? "To30Days";
      bands[band] += 1 + next(5);
    }
    const total = Object.values(bands).reduce((sum, units) => sum + units, 0);
    const sku = index % 4 === 0 ? `mug-${String(index).padStart(3, "0")}` : index % 4 === 1 ? `MUG_${index}` : `TEA-${index}`;
    return { sku, storageNo: index % 5 === 0 ? `LOC-${index}` : null, total, bands };
  });
}

describe("a warehouse's stock by age, queried in the database", () => {
  const rows = rowsOf(73);

  beforeAll(async () => {
    await replaceWarehouseStock(db, shop, "US01", rows, readAt);
    await replaceWarehouseStock(db, shop, "DE01", [{ sku: "MUG-DE", storageNo: null, total: 4, bands: rows[1]!.bands }], readAt);
    await replaceWarehouseStock(
      db,
      "other.myshopify.com",
      "US01",
      [{ sku: "MUG-THEIRS", storageNo: null, total: 9, bands: rows[1]!.bands }],
      readAt,
    );
  });

  it("keeps every band of every SKU as read", async () => {
    const stored = await warehouseStockOf(db, shop, "US01");
    expect(stored.map(({ sku, storageNo, total, bands }) => ({ sku, storageNo, total, bands }))).toEqual(
      [...rows].sort((a, b) => (a.sku < b.sku ? -1 : 1)),
    );
    expect(await storedStockOf(db, shop, "US01")).toEqual({ skus: 73, readAt });
    expect(await storedStockOf(db, shop, "JP09")).toEqual({ skus: 0, readAt: null });
  });

  it("shows the same page, in the same order, with the same totals as the page's own rules", async () => {
    const searches = ["", "mug", "MUG_", "tea-1", "nothing like it"];
    const olderThans = [null, 0, 45, 180, 330];
    for (const sort of Object.keys(SORTS) as InventoryAgeSort[]) {
      for (const search of searches) {
        for (const olderThanDays of olderThans) {
          const query = { search, olderThanDays, sort };
          const view = inventoryAgeView(rows, { ...query, page: 1 });
          const what = JSON.stringify(query);
          expect(await stockByAgeRows(db, shop, "US01", query), what).toEqual(view.rows);
          for (let page = 1; page <= view.pages + 1; page++) {
            const { rows: _all, ...expected } = inventoryAgeView(rows, { ...query, page });
            expect(await stockByAgePage(db, shop, "US01", { ...query, page }), `${what} page ${page}`).toEqual(expected);
          }
        }
      }
    }
  });

  it("pages by the page's size, the last page for one asked beyond it", async () => {
    const last = await stockByAgePage(db, shop, "US01", { search: "", olderThanDays: null, sort: "sku", page: 99 });
    expect([last.page, last.pages, last.matching]).toEqual([4, 4, 73]);
    expect(last.pageRows).toHaveLength(73 - 3 * ROWS_PER_PAGE);
  });

  it("reads only the shop's own warehouse", async () => {
    const mugs = await stockByAgeRows(db, shop, "US01", { search: "mug-", olderThanDays: null, sort: "sku" });
    expect(mugs.map((row) => row.sku)).not.toContain("MUG-DE");
    expect(mugs.map((row) => row.sku)).not.toContain("MUG-THEIRS");
    const elsewhere = await stockByAgePage(db, shop, "DE01", { search: "", olderThanDays: null, sort: "sku", page: 1 });
    expect(elsewhere.pageRows.map((row) => row.sku)).toEqual(["MUG-DE"]);
  });
});
