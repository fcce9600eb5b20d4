/**
 * The merchant's SKUs and their stock: registering a SKU (16), listing SKUs with their approval
 * status (20), and stock by age per warehouse (19). A new SKU is Pending until the create delay has
 * passed, then Approved; seeded SKUs are Approved from the start.
 */
import type { z } from "zod";
import type { InventoryAgeInfo, MerchantSku } from "../../app/fulfilment/schemas";
import { operations } from "../../app/fulfilment/operations";
import { withBody, type SandboxContext } from "../operation";
import { nextSequence, type MerchantSkuRecord, type StockLot } from "../state";
import { requireWarehouse } from "./checks";
import { pageOf } from "./paging";
import { lotsOf } from "./stock";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Operation 16: 201 registered, 200 already registered (nothing changes). */
export const createMerchantSku = withBody(operations.createMerchantSku, ({ body }, ctx) => {
  if (ctx.state.skus.has(body.Sku)) return { status: 200, body: undefined };
  ctx.state.skus.set(body.Sku, {
    sku: body.Sku,
    productName: body.ProductName,
    description: body.ProductDescription,
    declareName: body.DeclareName,
    declareNameCn: body.DeclareNameCn,
    declareValue: body.DeclareValue,
    hsCode: body.HsCode,
    importHsCode: body.ImportHsCode,
    customStorageNo: body.CustomStorageNo,
    productAttribute: body.ProductAttribute,
    brand: body.Brand,
    material: body.Material,
    materialCn: body.MaterialCN,
    weight: body.Weight,
    length: body.Length,
    width: body.Width,
    height: body.Height,
    createdAt: ctx.now,
    seq: nextSequence(ctx.state),
    approvesAt: ctx.now + ctx.settings.createDelayMs,
  });
  return { status: 201, body: undefined };
});

function merchantSku(record: MerchantSkuRecord, now: number): z.input<typeof MerchantSku> {
  return {
    Sku: record.sku,
    CustomStorageNo: record.customStorageNo ?? null,
    HsCode: record.hsCode ?? null,
    ProductDescription: record.description,
    DeclareName: record.declareName,
    DeclareValue: record.declareValue,
    ProductAttribute: record.productAttribute,
    ImportHsCode: record.importHsCode ?? null,
    Brand: record.brand ?? null,
    Material: record.material ?? null,
    MaterialCN: record.materialCn ?? null,
    ApprovalStatus: record.approvesAt !== undefined && now < record.approvesAt ? "Pending" : "Approved",
    Weight: record.weight,
    Length: record.length,
    Width: record.width,
    Height: record.height,
  };
}

/**
 * Operation 20: in registration order, filtered by SkuList (exact SKUs) and by registration time
 * (CreateTimeFrom/To: Unix milliseconds, inclusive).
 */
export const searchSkus = withBody(operations.searchSkus, ({ body }, ctx) => {
  const wanted = body.SkuList !== undefined && body.SkuList.length > 0 ? new Set(body.SkuList) : undefined;
  const matching = [...ctx.state.skus.values()]
    .filter((r) => wanted === undefined || wanted.has(r.sku))
    .filter((r) => body.CreateTimeFrom === undefined || r.createdAt >= body.CreateTimeFrom)
    .filter((r) => body.CreateTimeTo === undefined || r.createdAt <= body.CreateTimeTo)
    .sort((a, b) => a.seq - b.seq);
  const page = pageOf(matching, body.PageIndex, body.PageSize);
  return { status: 200, body: { TotalCount: page.totalCount, SkuInfoList: page.items.map((r) => merchantSku(r, ctx.now)) } };
});

const BUCKETS = [
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
] as const;

/** Units of one SKU in one warehouse by age: up to 30 days, 31-60, … 301-330, more than 330. */
function ageInfo(sku: string, lots: readonly StockLot[], ctx: SandboxContext): z.input<typeof InventoryAgeInfo> {
  const counts = new Array<number>(BUCKETS.length + 1).fill(0);
  for (const lot of lots) {
    const days = Math.floor((ctx.now - lot.receivedAt) / DAY_MS);
    const bucket = days > 330 ? BUCKETS.length : Math.max(0, Math.ceil(days / 30) - 1);
    counts[bucket] = (counts[bucket] ?? 0) + lot.quantity;
  }
  const info: z.input<typeof InventoryAgeInfo> = {
    Sku: sku,
    StorageNo: ctx.state.skus.get(sku)?.customStorageNo ?? null,
    TotalStockQty: counts.reduce((a, b) => a + b, 0),
    MoreThan330Days: counts[BUCKETS.length] ?? 0,
  };
  BUCKETS.forEach((name, i) => (info[name] = counts[i] ?? 0));
  return info;
}

/**
 * Operation 19: every SKU the warehouse carries (also at zero stock), by SKU; `Sku` filters to one.
 * Ages are as of now; DateRangeCovered is echoed.
 */
export const inventoryAge = withBody(operations.inventoryAge, ({ body }, ctx) => {
  const warehouse = requireWarehouse(body.WarehouseId);
  const bySku = new Map<string, StockLot[]>();
  for (const lot of lotsOf(ctx.state, warehouse.id, body.Sku || undefined)) {
    bySku.set(lot.sku, [...(bySku.get(lot.sku) ?? []), lot]);
  }
  const rows = [...bySku.keys()].sort().map((sku) => ageInfo(sku, bySku.get(sku) ?? [], ctx));
  const page = pageOf(rows, body.PageIndex, body.PageSize);
  return {
    status: 200,
    body: {
      PageIndex: page.pageIndex,
      PageSize: page.pageSize,
      TotalCount: page.totalCount,
      TotalPage: page.totalPages,
      DateRangeCovered: body.DateRangeCovered ?? new Date(ctx.now).toISOString(),
      WarehouseId: warehouse.id,
      InventoryAges: page.items,
    },
  };
});
