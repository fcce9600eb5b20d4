import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InventoryAgePage, ModifyBoxesResult, PricingResult, PricingResults, ProviderErrorBody, SkuPage } from "../app/fulfilment/schemas";
import { startTestSandbox, type TestSandbox } from "./test-support";
import { catalogue, services, warehouses } from "./world";

let sb: TestSandbox;
beforeEach(async () => {
  sb = await startTestSandbox({ createDelayMs: 1000, inboundDelayMs: 5000 });
});
afterEach(() => sb.close());

const newSku = {
  Sku: "PIN-ENAMEL-25",
  ProductName: "Enamel pin",
  ProductDescription: "Hard enamel pin, 25 mm",
  Weight: 12,
  Length: 4,
  Width: 4,
  Height: 1,
  DeclareName: "Enamel pin",
  DeclareValue: 1.2,
  ProductFlag: "Simple",
  ProductAttribute: "GeneralCargo",
};

async function inventory(warehouseId: string, extra: Record<string, unknown> = {}) {
  const answer = await sb.post("/v1/inventoryAge", { WarehouseId: warehouseId, ...extra });
  expect(answer.status).toBe(200);
  return InventoryAgePage.parse(answer.json);
}

describe("seeded world", () => {
  it("from each warehouse, the services together serve the ten main countries", () => {
    for (const warehouse of warehouses) {
      const served = new Set(services.filter((s) => s.warehouseId === warehouse.id).flatMap((s) => s.countries));
      for (const country of ["US", "CA", "GB", "DE", "FR", "IT", "ES", "NL", "JP", "AU"]) expect(served).toContain(country);
    }
  });

  it("is the world the README describes", () => {
    const readme = readFileSync(new URL("./README.md", import.meta.url), "utf8");
    for (const service of services) expect(readme).toContain(`| \`${service.code}\` | ${service.name} |`);
    for (const sku of catalogue)
      expect(readme).toMatch(new RegExp(`\\| \`${sku.sku}\` \\|.*\\| \\**${sku.stock.US01}\\** \\| \\**${sku.stock.DE01}\\** \\|`));
  });

  it("lists the catalogue through operation 20, paged and filtered, all approved", async () => {
    const all = SkuPage.parse((await sb.post("/v1/sku/page", { PageSize: 100 })).json);
    expect(all.TotalCount).toBe(catalogue.length);
    expect(all.SkuInfoList.every((s) => s.ApprovalStatus === "Approved")).toBe(true);
    const second = SkuPage.parse((await sb.post("/v1/sku/page", { PageIndex: 1, PageSize: 5 })).json);
    expect(second.SkuInfoList.map((s) => s.Sku)).toEqual(catalogue.slice(5, 10).map((s) => s.sku));
    const some = SkuPage.parse((await sb.post("/v1/sku/page", { SkuList: ["TEA-GREEN-100G", "NOPE"] })).json);
    expect(some.SkuInfoList.map((s) => s.Sku)).toEqual(["TEA-GREEN-100G"]);
  });

  it("reports stock by age, buckets adding up to the total, with a zero-stock SKU in DE01", async () => {
    const page = await inventory("DE01", { PageSize: 100 });
    expect(page.TotalCount).toBe(catalogue.length);
    for (const row of page.InventoryAges) {
      const buckets = [
        row.To30Days,
        row.To60Days,
        row.To90Days,
        row.To120Days,
        row.To150Days,
        row.To180Days,
        row.To210Days,
        row.To240Days,
        row.To270Days,
        row.To300Days,
        row.To330Days,
        row.MoreThan330Days,
      ];
      expect(buckets.reduce<number>((a, b) => a + (b ?? 0), 0)).toBe(row.TotalStockQty);
    }
    expect(page.InventoryAges.find((r) => r.Sku === "LAMP-LED-DESK-WHT")?.TotalStockQty).toBe(0);
    const mug = page.InventoryAges.find((r) => r.Sku === "MUG-CER-350-WHT");
    expect(mug).toMatchObject({ TotalStockQty: 180, To30Days: 90, To90Days: 54 });
    expect((await inventory("DE01", { PageSize: 5, PageIndex: 2 })).InventoryAges).toHaveLength(catalogue.length - 10);
  });
});

describe("pricing", () => {
  const query = { WarehouseId: "US01", Country: "CA", Skus: [{ Sku: "YOGA-MAT-6MM-PUR", Quantity: 2 }] };

  it("prices every service serving the country; the others only on request", async () => {
    const served = PricingResults.parse((await sb.post("/v1/pricing/all/outbound/skus", query)).json);
    expect(served.map((r) => r.ServiceCode)).toEqual(["US01-EXP", "US01-ECO", "US01-INT"]);
    for (const result of served) {
      expect(result.Success).toBe(true);
      expect(result.ChargeInfo?.Summary[0]?.Currency).toBe("USD");
      const detailTotal = result.ChargeInfo?.Detail.reduce((a, d) => a + (d.Amount ?? 0), 0) ?? 0;
      expect(result.ChargeInfo?.Summary[0]?.Amount).toBeCloseTo(detailTotal, 2);
      expect(result.LogisticsTimes?.Min).toBeLessThanOrEqual(result.LogisticsTimes?.Max ?? 0);
    }
    const all = PricingResults.parse((await sb.post("/v1/pricing/all/outbound/skus", { ...query, IncludeUnsuccessful: true })).json);
    expect(all.find((r) => r.ServiceCode === "US01-STD")).toMatchObject({ Success: false, Message: expect.stringContaining("CA") });
  });

  it("prices heavier parcels higher, and one service through operation 18", async () => {
    const light = PricingResult.parse(
      (
        await sb.post("/v1/pricing/outbound/skus", {
          ...query,
          ServiceCode: "US01-EXP",
          Skus: [{ Sku: "PHONECASE-IP15-CLR", Quantity: 1 }],
        })
      ).json,
    );
    const heavy = PricingResult.parse((await sb.post("/v1/pricing/outbound/skus", { ...query, ServiceCode: "US01-EXP" })).json);
    expect(heavy.ChargeInfo?.Summary[0]?.Amount ?? 0).toBeGreaterThan(light.ChargeInfo?.Summary[0]?.Amount ?? 0);
    const unknown = PricingResult.parse((await sb.post("/v1/pricing/outbound/skus", { ...query, ServiceCode: "DE01-EXP" })).json);
    expect(unknown).toMatchObject({ Success: false, Message: expect.stringContaining("US01") });
  });

  it("an unknown SKU is a 400 naming the line", async () => {
    const answer = await sb.post("/v1/pricing/all/outbound/skus", { ...query, Skus: [query.Skus[0], { Sku: "NOPE", Quantity: 1 }] });
    expect(ProviderErrorBody.parse(answer.json).Errors[0]?.Code).toBe("Skus[1].Sku");
  });
});

describe("merchant SKUs and inbound shipments", () => {
  it("a new SKU is Pending, then Approved after the create delay", async () => {
    expect((await sb.post("/v1/merchantSkus", newSku)).status).toBe(201);
    const pending = SkuPage.parse((await sb.post("/v1/sku/page", { SkuList: [newSku.Sku] })).json);
    expect(pending.SkuInfoList[0]).toMatchObject({ ApprovalStatus: "Pending", Weight: 12, DeclareName: "Enamel pin" });
    await sb.advance(1000);
    const approved = SkuPage.parse((await sb.post("/v1/sku/page", { SkuList: [newSku.Sku] })).json);
    expect(approved.SkuInfoList[0]?.ApprovalStatus).toBe("Approved");
  });

  it("refuses an inbound shipment with an unregistered SKU, naming the line", async () => {
    const answer = await sb.post("/v1/inboundOrders", {
      ShipmentId: "IN-1",
      WarehouseId: "US01",
      ShippingType: "Air",
      Containers: [
        {
          Skus: [
            { Sku: "TEA-GREEN-100G", Quantity: 10 },
            { Sku: "NOT-REGISTERED", Quantity: 5 },
          ],
        },
      ],
    });
    expect(answer.status).toBe(400);
    expect(ProviderErrorBody.parse(answer.json).Errors.map((e) => e.Code)).toEqual(["Containers[0].Skus[1].Sku"]);
  });

  it("receives an inbound shipment after the delay: its stock appears in operation 19", async () => {
    await sb.post("/v1/merchantSkus", newSku);
    const inbound = {
      ShipmentId: "IN-1",
      WarehouseId: "US01",
      ShippingType: "Sea",
      Containers: [
        {
          CustomContainerNo: "BOX-1",
          Skus: [
            { Sku: "PIN-ENAMEL-25", Quantity: 100 },
            { Sku: "TEA-GREEN-100G", Quantity: 20 },
          ],
        },
      ],
    };
    expect((await sb.post("/v1/inboundOrders", inbound)).status).toBe(201);
    const tea = async () => (await inventory("US01", { Sku: "TEA-GREEN-100G" })).InventoryAges[0]?.TotalStockQty;
    expect(await tea()).toBe(180);
    expect((await inventory("US01", { Sku: "PIN-ENAMEL-25" })).TotalCount).toBe(0);

    // Boxes can change until the shipment is received.
    const modify = {
      ShipmentId: "IN-1",
      Containers: [
        {
          Skus: [
            { Sku: "PIN-ENAMEL-25", Quantity: 120 },
            { Sku: "TEA-GREEN-100G", Quantity: 20 },
          ],
        },
      ],
    };
    expect(ModifyBoxesResult.parse((await sb.post("/v1/inboundOrders/modifybox", modify)).json).Success).toBe(true);

    await sb.advance(5000);
    expect(await tea()).toBe(200);
    expect((await inventory("US01", { Sku: "PIN-ENAMEL-25" })).InventoryAges[0]).toMatchObject({ TotalStockQty: 120, To30Days: 120 });

    const late = ModifyBoxesResult.parse((await sb.post("/v1/inboundOrders/modifybox", modify)).json);
    expect(late).toMatchObject({ Success: false, ErrorCode: "AlreadyReceived" });
    const unknown = ModifyBoxesResult.parse((await sb.post("/v1/inboundOrders/modifybox", { ...modify, ShipmentId: "NOPE" })).json);
    expect(unknown).toMatchObject({ Success: false, ErrorCode: "ShipmentNotFound" });
  });

  it("an unknown warehouse is a 400 on WarehouseId", async () => {
    const answer = await sb.post("/v1/inboundOrders", {
      ShipmentId: "IN-1",
      WarehouseId: "FR01",
      ShippingType: "Sea",
      Containers: [{ Skus: [{ Sku: "TEA-GREEN-100G", Quantity: 1 }] }],
    });
    expect(ProviderErrorBody.parse(answer.json).Errors[0]?.Code).toBe("WarehouseId");
  });
});
