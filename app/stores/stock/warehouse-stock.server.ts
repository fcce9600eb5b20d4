/**
 * A provider warehouse's stock by SKU and age band (operation 19), as the last stock sync read it:
 * what the inventory age page shows, and what the sync wrote to Shopify from. Each band is a column
 * (`to30Days` … `moreThan330Days`), so the page's query runs in the database (stock-by-age.server.ts).
 */
import type { WarehouseStock } from "@prisma/client";
import { AGE_BANDS, type AgeBand, type AgeBands, type StockAgeRow } from "~/connector/inventory-age";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";

export interface WarehouseStockRow {
  warehouseId: string;
  sku: string;
  storageNo: string | null;
  total: number;
  bands: AgeBands;
  readAt: Date;
}

/** A band's column: the provider's name with a small first letter (To30Days: to30Days). */
export type BandColumn = Uncapitalize<AgeBand>;
export const bandColumn = (band: AgeBand): BandColumn => `${band.charAt(0).toLowerCase()}${band.slice(1)}` as BandColumn;

/** A row's bands as their columns; whole units (the provider counts pieces). */
const bandColumnsOf = (bands: AgeBands) =>
  Object.fromEntries(AGE_BANDS.map((band) => [bandColumn(band), Math.trunc(bands[band])])) as Record<BandColumn, number>;

/** A stored row's bands by the provider's names. */
export const bandsOf = (row: Record<BandColumn, number>): AgeBands =>
  Object.fromEntries(AGE_BANDS.map((band) => [band, row[bandColumn(band)]])) as AgeBands;

/** A stored row as the page and the export show it. */
export const stockAgeRowOfStored = (row: Pick<WarehouseStock, "sku" | "storageNo" | "total" | BandColumn>): StockAgeRow => ({
  sku: row.sku,
  storageNo: row.storageNo,
  total: row.total,
  bands: bandsOf(row),
});

/** Replaces what is known of a warehouse's stock with a complete read of it. */
export async function replaceWarehouseStock(
  db: DatabaseOrTransaction,
  shop: string,
  warehouseId: string,
  rows: readonly Omit<WarehouseStockRow, "warehouseId" | "readAt">[],
  readAt: Date,
): Promise<void> {
  for (const row of rows) {
    const data = { storageNo: row.storageNo, total: row.total, ...bandColumnsOf(row.bands), readAt };
    await db.warehouseStock.upsert({
      where: { shop_warehouseId_sku: { shop, warehouseId, sku: row.sku } },
      create: { shop, warehouseId, sku: row.sku, ...data },
      update: data,
    });
  }
  await db.warehouseStock.deleteMany({ where: { shop, warehouseId, readAt: { lt: readAt } } });
}

export async function warehouseStockOf(db: DatabaseOrTransaction, shop: string, warehouseId?: string): Promise<WarehouseStockRow[]> {
  const rows = await db.warehouseStock.findMany({
    where: { shop, ...(warehouseId === undefined ? {} : { warehouseId }) },
    orderBy: [{ warehouseId: "asc" }, { sku: "asc" }],
  });
  return rows.map((row) => ({ warehouseId: row.warehouseId, ...stockAgeRowOfStored(row), readAt: row.readAt }));
}
