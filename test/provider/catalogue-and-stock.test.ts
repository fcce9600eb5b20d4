/**
 * The merchant's SKUs and stock end to end: registering a SKU (16), listing SKUs with their
 * approval status (20), and stock by age per warehouse (19).
 */
import { describe, expect, it } from "vitest";
import { ProviderValidationError } from "../../app/fulfilment";
import { catalogue } from "../../sandbox/world";
import * as example from "./examples";
import { CREATE_DELAY_MS, DAY_MS, failureOf, fieldsNamed, START, startWorld } from "./support";

describe("a merchant SKU (16) as the provider lists it (20)", () => {
  it("is Pending after registration, then Approved", async () => {
    const world = await startWorld();
    const sku = example.createMerchantSku();

    await expect(world.client.createMerchantSku(sku)).resolves.toEqual({ outcome: "created" });

    const pending = await world.client.searchSkus({ SkuList: [sku.Sku] });
    expect(pending.TotalCount).toBe(1);
    expect(pending.SkuInfoList[0]).toMatchObject({
      Sku: sku.Sku,
      ApprovalStatus: "Pending",
      CustomStorageNo: sku.CustomStorageNo,
      HsCode: sku.HsCode,
      DeclareName: sku.DeclareName,
      DeclareValue: sku.DeclareValue,
      ProductAttribute: "GeneralCargo",
      Weight: sku.Weight,
    });

    await world.advance(CREATE_DELAY_MS);
    const approved = await world.client.searchSkus({ SkuList: [sku.Sku] });
    expect(approved.SkuInfoList[0]?.ApprovalStatus).toBe("Approved");
  });

  it("is registered once: sent again, even with other data, it is unchanged", async () => {
    const world = await startWorld();
    const sku = example.createMerchantSku();
    await world.client.createMerchantSku(sku);

    await expect(world.client.createMerchantSku({ ...sku, Weight: 999, DeclareName: "Something else" })).resolves.toEqual({
      outcome: "unchanged",
    });

    const listed = await world.client.searchSkus({ SkuList: [sku.Sku] });
    expect(listed.TotalCount).toBe(1);
    expect(listed.SkuInfoList[0]).toMatchObject({ Weight: 160, DeclareName: sku.DeclareName });
  });

  it("is refused before sending when it breaks the reference's rules, naming every field", async () => {
    const world = await startWorld();
    const sku = {
      ...example.createMerchantSku(),
      Weight: 0,
      DeclareName: "Épingle",
      CustomStorageNo: "AB",
      HsCode: "12345",
      DeclareValue: 4.215,
    };

    const error = await failureOf(world.client.createMerchantSku(sku));

    expect(error).toBeInstanceOf(ProviderValidationError);
    expect(error).toMatchObject({ sent: false });
    expect(fieldsNamed(error).sort()).toEqual(["CustomStorageNo", "DeclareName", "DeclareValue", "HsCode", "Weight"]);
    expect(world.operationCalls()).toEqual([]);
  });

  it("is refused before sending when its customs name is only digits and spaces", async () => {
    const world = await startWorld();

    const error = await failureOf(world.client.createMerchantSku({ ...example.createMerchantSku(), DeclareName: "4711 0815" }));

    expect(fieldsNamed(error)).toEqual(["DeclareName"]);
    expect(world.operationCalls()).toEqual([]);
  });

  it("lists the seeded catalogue in registration order, page by page (PageIndex from 0)", async () => {
    const world = await startWorld();

    const all = await world.client.searchSkus({});
    const lastPage = await world.client.searchSkus({ PageSize: 5, PageIndex: 2 });

    expect(all.TotalCount).toBe(catalogue.length);
    expect(all.SkuInfoList.map((s) => s.Sku)).toEqual(catalogue.map((c) => c.sku));
    expect(all.SkuInfoList.every((s) => s.ApprovalStatus === "Approved")).toBe(true);
    expect(lastPage.SkuInfoList.map((s) => s.Sku)).toEqual(catalogue.slice(10, 15).map((c) => c.sku));
  });

  it("finds SKUs by when they were registered (CreateTimeFrom/To, Unix milliseconds per the sandbox)", async () => {
    const world = await startWorld();
    await world.advance(DAY_MS);
    await world.client.createMerchantSku(example.createMerchantSku());

    const recent = await world.client.searchSkus({ CreateTimeFrom: START, CreateTimeTo: START + 2 * DAY_MS });

    expect(recent.SkuInfoList.map((s) => s.Sku)).toEqual([example.createMerchantSku().Sku]);
  });
});

describe("inventory age (19)", () => {
  it("shows a SKU's stock by age bucket, totalling the warehouse's stock", async () => {
    const world = await startWorld();

    const page = await world.client.inventoryAge({ WarehouseId: "US01", Sku: example.MUG });

    expect(page).toMatchObject({ WarehouseId: "US01", TotalCount: 1, PageIndex: 0 });
    // Seeded lots: 12, 75, 200 and 400 days old (50%, 30%, 15%, the rest) of 240 units.
    expect(page.InventoryAges).toEqual([
      expect.objectContaining({
        Sku: example.MUG,
        StorageNo: "MUG350WHT",
        TotalStockQty: 240,
        To30Days: 120,
        To60Days: 0,
        To90Days: 72,
        To210Days: 36,
        MoreThan330Days: 12,
      }),
    ]);
  });

  it("ages the stock as the clock moves", async () => {
    const world = await startWorld();
    await world.advance(30 * DAY_MS);

    const [info] = (await world.client.inventoryAge({ WarehouseId: "US01", Sku: example.MUG })).InventoryAges;

    expect(info).toMatchObject({ TotalStockQty: 240, To30Days: 0, To60Days: 120, To120Days: 72 });
  });

  it("lists every SKU the warehouse carries, also those at zero", async () => {
    const world = await startWorld();

    const page = await world.client.inventoryAge({ WarehouseId: "DE01", PageSize: 100 });

    expect(page.TotalCount).toBe(catalogue.length);
    expect(page.InventoryAges.find((row) => row.Sku === example.LAMP)).toMatchObject({ TotalStockQty: 0 });
  });

  it("refuses a page larger than 100 before sending", async () => {
    const world = await startWorld();

    const error = await failureOf(world.client.inventoryAge({ WarehouseId: "US01", PageSize: 101 }));

    expect(error).toMatchObject({ kind: "validation", sent: false });
    expect(fieldsNamed(error)).toEqual(["PageSize"]);
    expect(world.operationCalls()).toEqual([]);
  });

  it("surfaces an unknown warehouse as a validation error naming WarehouseId", async () => {
    const world = await startWorld();

    const error = await failureOf(world.client.inventoryAge({ WarehouseId: "XX99" }));

    expect(error).toMatchObject({ kind: "validation", sent: true, status: 400 });
    expect(fieldsNamed(error)).toEqual(["WarehouseId"]);
  });
});
