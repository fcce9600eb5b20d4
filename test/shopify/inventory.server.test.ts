import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listCatalogueVariants } from "~/shopify/catalogue.server";
import { ShopifyUserError } from "~/shopify/errors";
import { ensureFulfillmentService } from "~/shopify/fulfillment-services.server";
import { InventoryItemGid, LocationGid } from "~/shopify/ids";
import { listStockAt, setStockQuantities, type StockToSet } from "~/shopify/inventory.server";
import { startTestShopify, type TestShopify } from "../support/shopify-admin";

let shopify: TestShopify;
let warehouse: LocationGid;
let itemOf: (sku: string) => InventoryItemGid;

beforeAll(async () => {
  shopify = await startTestShopify();
});
afterAll(() => shopify.close());
beforeEach(async () => {
  shopify.emulator.reset();
  const { service } = await ensureFulfillmentService(shopify.admin, {
    name: "Provider US01",
    callbackUrl: `${shopify.app.url}/fulfillment_service`,
  });
  warehouse = LocationGid.parse(service.locationId);
  const variants = (await listCatalogueVariants(shopify.admin)).items;
  itemOf = (sku) => InventoryItemGid.parse(variants.find((v) => v.sku === sku)?.inventoryItemId);
});

async function availableAtWarehouse(): Promise<Record<string, number>> {
  const page = await listStockAt(shopify.admin, warehouse);
  return Object.fromEntries((page?.items ?? []).map((level) => [level.sku ?? "", level.available]));
}

/** The wrapper as these tests use it: the `available` quantity. */
const setAvailableQuantities = (admin: typeof shopify.admin, stock: Omit<StockToSet, "name">) =>
  setStockQuantities(admin, { ...stock, name: "available" });

describe("warehouse stock into Shopify", () => {
  it("sets what the warehouse holds as available at its location", async () => {
    const stock = await setAvailableQuantities(shopify.admin, {
      idempotencyKey: "stock-sync-US01-2026-11-02T10:00Z",
      reason: "correction",
      referenceDocumentUri: "gid://fulfilment-connector/StockSync/1",
      quantities: [
        { inventoryItemId: itemOf("MUG-CER-350-WHT"), locationId: warehouse, quantity: 240, changeFromQuantity: null },
        { inventoryItemId: itemOf("YOGA-MAT-6MM-PUR"), locationId: warehouse, quantity: 80, changeFromQuantity: null },
      ],
    });
    expect(stock.adjustmentGroupId).not.toBeNull();
    expect(stock.changes.map((c) => [c.inventoryItemId, c.delta, c.quantityAfterChange])).toEqual([
      [itemOf("MUG-CER-350-WHT"), 240, 240],
      [itemOf("YOGA-MAT-6MM-PUR"), 80, 80],
    ]);
    expect(await availableAtWarehouse()).toEqual({ "MUG-CER-350-WHT": 240, "YOGA-MAT-6MM-PUR": 80 });

    // Next sync: compare-and-set against what Shopify said.
    await setAvailableQuantities(shopify.admin, {
      idempotencyKey: "stock-sync-US01-2026-11-02T11:00Z",
      reason: "correction",
      quantities: [{ inventoryItemId: itemOf("MUG-CER-350-WHT"), locationId: warehouse, quantity: 236, changeFromQuantity: 240 }],
    });
    expect(await availableAtWarehouse()).toMatchObject({ "MUG-CER-350-WHT": 236 });
  });

  it("applies a change once when the same key is sent again (a retried job)", async () => {
    const mugs = { inventoryItemId: itemOf("MUG-CER-350-WHT"), locationId: warehouse, quantity: 50, changeFromQuantity: 0 };
    const stock = { idempotencyKey: "stock-sync-US01-run-7", reason: "correction" as const, quantities: [mugs] };
    const first = await setAvailableQuantities(shopify.admin, stock);
    const replay = await setAvailableQuantities(shopify.admin, stock);
    expect(replay.adjustmentGroupId).toBe(first.adjustmentGroupId);
    expect(await availableAtWarehouse()).toEqual({ "MUG-CER-350-WHT": 50 });

    const reused = setAvailableQuantities(shopify.admin, { ...stock, quantities: [{ ...mugs, quantity: 51 }] });
    await expect(reused).rejects.toThrow(/IDEMPOTENCY_KEY_PARAMETER_MISMATCH/);
  });

  it("refuses a stale count, naming the quantity, so the job reads again instead of overwriting a sale", async () => {
    const stale = setAvailableQuantities(shopify.admin, {
      idempotencyKey: "stock-sync-US01-run-8",
      reason: "correction",
      quantities: [{ inventoryItemId: itemOf("MUG-CER-350-WHT"), locationId: warehouse, quantity: 10, changeFromQuantity: 7 }],
    });
    await expect(stale).rejects.toBeInstanceOf(ShopifyUserError);
    const error: unknown = await stale.catch((e: unknown) => e);
    expect(error instanceof ShopifyUserError && error.hasCode("CHANGE_FROM_QUANTITY_STALE")).toBe(true);
    await expect(stale).rejects.toThrow(
      /input\.quantities\.0\.changeFromQuantity: The changeFromQuantity \(7\) does not match the persisted value \(0\)/,
    );
  });

  it("is null for a location Shopify does not know", async () => {
    expect(await listStockAt(shopify.admin, LocationGid.parse("gid://shopify/Location/999999"))).toBeNull();
  });
});
