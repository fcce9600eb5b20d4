/**
 * A provider warehouse's stock by SKU and age band (operation 19), as the last stock sync read it:
 * what the inventory age page shows, and what the sync wrote to Shopify from.
 */
import { z } from "zod";
import { AGE_BANDS, type AgeBand, type AgeBands } from "~/connector/inventory-age";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";

export interface WarehouseStockRow {
  warehouseId: string;
  sku: string;
  storageNo: string | null;
  total: number;
  bands: AgeBands;
  readAt: Date;
}

const Bands = z.object(
  Object.fromEntries(AGE_BANDS.map((band) => [band, z.number().catch(0)])) as Record<AgeBand, z.ZodCatch<z.ZodNumber>>,
);

/** Replaces what is known of a warehouse's stock with a complete read of it. */
export async function replaceWarehouseStock(
  db: DatabaseOrTransaction,
  shop: string,
  warehouseId: string,
  rows: readonly Omit<WarehouseStockRow, "warehouseId" | "readAt">[],
  readAt: Date,
): Promise<void> {
  for (const row of rows) {
    const data = { storageNo: row.storageNo, total: row.total, bands: JSON.stringify(row.bands), readAt };
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
  return rows.map((row) => {
    let bands: unknown;
    try {
      bands = JSON.parse(row.bands);
    } catch {
      bands = {};
    }
    return {
      warehouseId: row.warehouseId,
      sku: row.sku,
      storageNo: row.storageNo,
      total: row.total,
      bands: Bands.parse(bands ?? {}),
      readAt: row.readAt,
    };
  });
}
