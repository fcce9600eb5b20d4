import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DropshipStatusRecords,
  OutboundStatusRecords,
  PackageResults,
  ProviderErrorBody,
  DropshipStatusRecord,
  InventoryAgePage,
} from "../app/fulfilment/schemas";
import { dropshipPackage, outboundPackage, startTestSandbox, type TestSandbox } from "./test-support";

let sb: TestSandbox;
beforeEach(async () => {
  sb = await startTestSandbox();
});
afterEach(() => sb.close());

async function dropshipStatus(packageId: string) {
  const answer = await sb.call(`/v1/directExpressOrders/${packageId}/status`);
  expect(answer.status).toBe(200);
  return DropshipStatusRecord.parse(answer.json);
}

async function outboundStatus(packageId: string) {
  const answer = await sb.post("/v1/outboundOrders/PackageId", { Ids: [packageId] });
  expect(answer.status).toBe(200);
  const [record] = OutboundStatusRecords.parse(answer.json);
  if (record === undefined) throw new Error("no record");
  return record;
}

async function stock(warehouseId: string, sku: string): Promise<number> {
  const answer = await sb.post("/v1/inventoryAge", { WarehouseId: warehouseId, Sku: sku });
  return InventoryAgePage.parse(answer.json).InventoryAges[0]?.TotalStockQty ?? 0;
}

describe("idempotent creation", () => {
  it("drop-ship: 201, then 200 with nothing changed", async () => {
    expect((await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-1") })).status).toBe(201);
    const first = await dropshipStatus("P-1");
    const again = await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-1", { ServiceCode: "US01-INT" }) });
    expect(again.status).toBe(200);
    expect(again.text).toBe("");
    expect(await dropshipStatus("P-1")).toEqual(first);
  });

  it("outbound: 201, then 200; the batch says 201 when any package is new", async () => {
    const single = { WarehouseId: "US01", Package: outboundPackage("O-1") };
    expect((await sb.post("/v1/outboundOrders", single)).status).toBe(201);
    expect((await sb.post("/v1/outboundOrders", single)).status).toBe(200);

    const batch = { WarehouseId: "US01", Packages: [outboundPackage("O-1"), outboundPackage("O-2")] };
    const first = await sb.post("/v1/outboundOrders/multiple", batch);
    expect(first.status).toBe(201);
    expect(PackageResults.parse(first.json).map((r) => r.Success)).toEqual([true, true]);
    expect((await sb.post("/v1/outboundOrders/multiple", batch)).status).toBe(200);
  });

  it("merchant SKU, inbound shipment and lading order are idempotent on their keys", async () => {
    const sku = {
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
    expect((await sb.post("/v1/merchantSkus", sku)).status).toBe(201);
    expect((await sb.post("/v1/merchantSkus", { ...sku, ProductName: "Changed" })).status).toBe(200);

    const inbound = {
      ShipmentId: "IN-1",
      WarehouseId: "US01",
      ShippingType: "Sea",
      Containers: [{ Skus: [{ Sku: "PIN-ENAMEL-25", Quantity: 100 }] }],
    };
    const created = await sb.post("/v1/inboundOrders", inbound);
    expect(created.status).toBe(201);
    const repeated = await sb.post("/v1/inboundOrders", inbound);
    expect(repeated.status).toBe(200);
    expect(repeated.json).toEqual(created.json);

    const lading = {
      OrderNo: "LAD-1",
      ShipmentId: "SHP-1",
      WarehouseId: "DE01",
      ServiceCode: "DE01-STD",
      ShipToAddress: { Country: "DE", City: "Berlin" },
      PackageItems: [{ Skus: [{ Sku: "TEA-GREEN-100G", Quantity: 3 }] }],
    };
    expect((await sb.post("/v1/ladingOrders", lading)).status).toBe(201);
    expect((await sb.post("/v1/ladingOrders", lading)).status).toBe(200);
    const wrongService = await sb.post("/v1/ladingOrders", { ...lading, OrderNo: "LAD-2", ServiceCode: "US01-STD" });
    expect(ProviderErrorBody.parse(wrongService.json).Errors[0]?.Code).toBe("ServiceCode");
  });

  it("returns answer the same result for the same PackageId", async () => {
    const ret = {
      PackageId: "R-1",
      ServiceCode: "DE01-STD",
      Sender: { Contact: "Max Mustermann", Country: "DE", City: "Berlin" },
      Weight: 500,
      Skus: [{ Sku: "TEA-GREEN-100G", Quantity: 1 }],
    };
    const first = await sb.post("/v1/returnOrder", ret);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ PackageId: "R-1", HandleStatus: "Submitted", ShippingProvider: "DHL" });
    expect((await sb.post("/v1/returnOrder", ret)).json).toEqual(first.json);
  });

  it("a return's registered SKUs become the receiving warehouse's stock once its parcel is delivered", async () => {
    const before = await stock("US01", "MUG-CER-350-WHT");
    const ret = {
      PackageId: "R-2",
      ServiceCode: "US01-STD",
      ReceivingWarehouseCode: "US01",
      Sender: { Contact: "Ana Ruiz", Country: "US", City: "Austin" },
      Weight: 840,
      Skus: [
        { Sku: "MUG-CER-350-WHT", Quantity: 2 },
        { Sku: "NOT-REGISTERED", Quantity: 1 },
      ],
    };
    expect((await sb.post("/v1/returnOrder", ret)).status).toBe(200);
    // On its way: nothing received yet.
    await sb.call("/__sandbox/clock", { body: { advanceMs: 4 * 60_000 }, token: null });
    expect(await stock("US01", "MUG-CER-350-WHT")).toBe(before);
    // Delivered (the sixth checkpoint): the two mugs are back on the shelf, once.
    await sb.call("/__sandbox/clock", { body: { advanceMs: 60_000 }, token: null });
    expect(await stock("US01", "MUG-CER-350-WHT")).toBe(before + 2);
    await sb.call("/__sandbox/clock", { body: { advanceMs: 60_000 }, token: null });
    expect(await stock("US01", "MUG-CER-350-WHT")).toBe(before + 2);
  });
});

describe("batch drop-ship creation", () => {
  it("reports an invalid package on its own and creates the others", async () => {
    const answer = await sb.post("/v1/directExpressOrders/multiple", {
      Location: "Shenzhen WH",
      Packages: [dropshipPackage("P-1"), dropshipPackage("P-2", { Skus: [] }), dropshipPackage("P-1")],
    });
    expect(answer.status).toBe(200);
    const results = PackageResults.parse(answer.json);
    expect(results.map((r) => [r.PackageId, r.Success])).toEqual([
      ["P-1", true],
      ["P-2", false],
      ["P-1", true],
    ]);
    expect(results[1]).toMatchObject({ ErrorCode: "InvalidField", Message: expect.stringContaining("Packages[1].Skus") });
    expect((await sb.call("/v1/directExpressOrders/P-2/status")).status).toBe(404);
  });

  it("refuses a batch of more than 20 packages as a whole", async () => {
    const packages = Array.from({ length: 21 }, (_, i) => dropshipPackage(`P-${i}`));
    const answer = await sb.post("/v1/directExpressOrders/multiple", { Packages: packages });
    expect(answer.status).toBe(400);
    expect(ProviderErrorBody.parse(answer.json).Errors[0]?.Code).toBe("Packages");
  });
});

describe("asynchronous creation", () => {
  it("drop-ship: Creating, then Created with a tracking number after the create delay", async () => {
    await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-1") });
    const creating = await dropshipStatus("P-1");
    expect(creating).toMatchObject({ Status: "Creating", HandleStatus: "Submitted", TrackingNumber: null });

    await sb.advance(1000);
    const created = await dropshipStatus("P-1");
    expect(created).toMatchObject({ Status: "Created", IsFinalTrackingNumber: true, ShippingProvider: "UPS" });
    expect(created.TrackingNumber).toMatch(/^1Z/);
    expect(created.SvcPackageId).toBe(creating.SvcPackageId);
    expect(created.ShippingCosts.length).toBeGreaterThan(0);
  });

  it("drop-ship: CreateFailed when the service does not exist or does not serve the country", async () => {
    await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-NOSVC", { ServiceCode: "NOPE" }) });
    await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-NOTSERVED", { ServiceCode: "US01-STD" }) });
    await sb.advance(1000);
    const answer = await sb.post("/v1/directExpressOrders/PackageId", { Ids: ["P-NOSVC", "P-NOTSERVED"] });
    const [noService, notServed] = DropshipStatusRecords.parse(answer.json);
    expect(noService).toMatchObject({
      Status: "CreateFailed",
      TrackingNumber: null,
      CreateFailedReason: { ReasonCode: "ServiceNotFound" },
    });
    expect(notServed).toMatchObject({
      Status: "CreateFailed",
      CreateFailedReason: { ReasonCode: "DestinationNotServed", ExtendMessage: expect.stringContaining("US01-EXP") },
    });
  });

  it("a failed package is created anew with IsCreateNewOrder, and only then", async () => {
    await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-1", { ServiceCode: "US01-STD" }) });
    await sb.advance(1000);
    expect((await dropshipStatus("P-1")).Status).toBe("CreateFailed");
    expect((await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-1") })).status).toBe(200);
    const retried = await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-1", { IsCreateNewOrder: true }) });
    expect(retried.status).toBe(201);
    await sb.advance(1000);
    expect(await dropshipStatus("P-1")).toMatchObject({ Status: "Created", RetryCount: 1 });
  });

  it("outbound: Created takes the stock; a SKU short of stock fails with UnShippedReason", async () => {
    const before = await stock("US01", "MUG-CER-350-WHT");
    await sb.post("/v1/outboundOrders", { WarehouseId: "US01", Package: outboundPackage("O-1") });
    await sb.post("/v1/outboundOrders", {
      WarehouseId: "DE01",
      Package: outboundPackage("O-LAMP", {
        ServiceCode: "DE01-STD",
        ShipToAddress: { Country: "DE", City: "Köln" },
        Skus: [{ Sku: "LAMP-LED-DESK-WHT", Quantity: 1 }],
      }),
    });
    await sb.post("/v1/outboundOrders", {
      WarehouseId: "US01",
      Package: outboundPackage("O-UNKNOWN", { Skus: [{ Sku: "NO-SUCH-SKU", Quantity: 1 }] }),
    });
    expect((await outboundStatus("O-1")).Status).toBe("Creating");
    expect(await stock("US01", "MUG-CER-350-WHT")).toBe(before);

    await sb.advance(1000);
    expect(await outboundStatus("O-1")).toMatchObject({ Status: "Created", HandleStatus: "Examined", ShippingProvider: "USPS" });
    expect(await stock("US01", "MUG-CER-350-WHT")).toBe(before - 2);
    expect(await outboundStatus("O-LAMP")).toMatchObject({
      Status: "CreateFailed",
      HandleStatus: "UnShipped",
      UnShippedReason: { ReasonCode: "InsufficientStock" },
    });
    expect((await outboundStatus("O-UNKNOWN")).UnShippedReason?.ReasonCode).toBe("SkuNotFound");
  });

  it("status queries find orders by SvcPackageId too", async () => {
    await sb.post("/v1/outboundOrders", { WarehouseId: "US01", Package: outboundPackage("O-1") });
    const { SvcPackageId } = await outboundStatus("O-1");
    const answer = await sb.post("/v1/outboundOrders/SvcPackageId", { Ids: [SvcPackageId] });
    expect(OutboundStatusRecords.parse(answer.json)[0]?.PackageId).toBe("O-1");
  });
});

describe("unknown ids", () => {
  it("8 and 15: 404 when none is known, otherwise only the known ones", async () => {
    await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-1") });
    expect((await sb.post("/v1/directExpressOrders/PackageId", { Ids: ["NOPE"] })).status).toBe(404);
    expect((await sb.post("/v1/outboundOrders/PackageId", { Ids: ["NOPE"] })).status).toBe(404);
    const some = await sb.post("/v1/directExpressOrders/PackageId", { Ids: ["NOPE", "P-1"] });
    expect(some.status).toBe(200);
    expect(DropshipStatusRecords.parse(some.json).map((r) => r.PackageId)).toEqual(["P-1"]);
  });

  it("17 and 10: 404 for an unknown package", async () => {
    const status = await sb.call("/v1/directExpressOrders/NOPE/status");
    expect(status.status).toBe(404);
    expect(ProviderErrorBody.parse(status.json).Errors[0]?.Code).toBe("packageId");
    const declaration = { PackageId: "NOPE", Weight: 100, Skus: [{ Sku: "A", Quantity: 1 }], ShipToAddress: { Country: "US" } };
    expect((await sb.post("/v1/directExpressOrders/declare", declaration)).status).toBe(404);
    await sb.post("/v1/directExpressOrders", { Package: dropshipPackage("P-1") });
    const declared = await sb.post("/v1/directExpressOrders/declare", { ...declaration, PackageId: "P-1" });
    expect(declared.status).toBe(200);
    expect(declared.text).toBe("");
  });
});
