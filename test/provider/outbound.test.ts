/**
 * Outbound orders end to end (operations 2 and 12 to create, 15 to read the status): parcels
 * shipped from the merchant's stock in a provider warehouse. Stock leaves the warehouse when the
 * order is Created, oldest units first, and only once however often the order is sent.
 */
import { describe, expect, it } from "vitest";
import { ProviderNotFoundError, ProviderValidationError, type InventoryAgeInfo } from "../../app/fulfilment";
import * as example from "./examples";
import { CREATE_DELAY_MS, failureOf, fieldsNamed, startWorld, TRACKING_STEP_MS, type ProviderWorld } from "./support";

async function stockOf(world: ProviderWorld, warehouseId: string, sku: string): Promise<InventoryAgeInfo | undefined> {
  const page = await world.client.inventoryAge({ WarehouseId: warehouseId, Sku: sku });
  return page.InventoryAges[0];
}

async function outboundStatus(world: ProviderWorld, packageId: string) {
  const [record] = await world.client.outboundStatuses({ idType: "PackageId", Ids: [packageId] });
  if (record === undefined) throw new Error(`no status for ${packageId}`);
  return record;
}

describe("a single outbound order (12) and its status (15)", () => {
  it("is Creating, then Created with tracking; the stock leaves the warehouse, oldest units first", async () => {
    const world = await startWorld();
    const request = example.createOutbound();
    const before = await stockOf(world, "US01", example.MUG);
    expect(before).toMatchObject({ TotalStockQty: 240, MoreThan330Days: 12 });

    await expect(world.client.createOutbound(request)).resolves.toEqual({ outcome: "created" });
    expect(await outboundStatus(world, request.Package.PackageId)).toMatchObject({
      Status: "Creating",
      HandleStatus: "Submitted",
      TrackingNumber: null,
    });
    expect(await stockOf(world, "US01", example.MUG)).toMatchObject({ TotalStockQty: 240 });

    await world.advance(CREATE_DELAY_MS);
    const created = await outboundStatus(world, request.Package.PackageId);
    expect(created).toMatchObject({
      Status: "Created",
      HandleStatus: "Examined",
      ShippingProvider: "USPS",
      IsFinalTrackingNumber: true,
      UnShippedReason: null,
      Weight: 840,
    });
    expect(created.TrackingNumber).toMatch(/^9400\d{18}$/);
    expect(created.ShippingCosts.map((c) => [c.Remark, c.Currency])).toEqual([
      ["Freight", "USD"],
      ["Fuel surcharge", "USD"],
      ["Pick and pack", "USD"],
    ]);
    expect(await stockOf(world, "US01", example.MUG)).toMatchObject({ TotalStockQty: 238, MoreThan330Days: 10, To30Days: 120 });

    await world.advance(TRACKING_STEP_MS);
    const shipped = await outboundStatus(world, request.Package.PackageId);
    expect(shipped).toMatchObject({ HandleStatus: "Shipped", TrackingNumber: created.TrackingNumber });
    expect(shipped.SvcOrderShipOuted).toBe(new Date(world.now()).toISOString());
  });

  it("takes the stock once however often it is sent: created, then unchanged", async () => {
    const world = await startWorld();
    const request = example.createOutbound();
    await world.client.createOutbound(request);
    await expect(world.client.createOutbound(request)).resolves.toEqual({ outcome: "unchanged" });

    await world.advance(CREATE_DELAY_MS);
    await expect(world.client.createOutbound(request)).resolves.toEqual({ outcome: "unchanged" });

    expect(world.sandbox.state().outbounds.size).toBe(1);
    expect(await stockOf(world, "US01", example.MUG)).toMatchObject({ TotalStockQty: 238 });
  });

  it("is shown as Initial while held with SubmitLater, and created all the same", async () => {
    const world = await startWorld();
    const request = { ...example.createOutbound(), SubmitLater: true };

    await world.client.createOutbound(request);

    expect(await outboundStatus(world, request.Package.PackageId)).toMatchObject({ Status: "Creating", HandleStatus: "Initial" });
    await world.advance(CREATE_DELAY_MS);
    expect(await outboundStatus(world, request.Package.PackageId)).toMatchObject({ Status: "Created" });
  });

  it("refuses an order that breaks the reference's rules before sending it", async () => {
    const world = await startWorld();
    const request = example.createOutbound(example.outboundToNewYork(), "US01-WAREHOUSE-WITH-A-VERY-LONG-ID");
    request.Package.Skus = [];

    const error = await failureOf(world.client.createOutbound(request));

    expect(error).toBeInstanceOf(ProviderValidationError);
    expect(error).toMatchObject({ sent: false });
    expect(fieldsNamed(error).sort()).toEqual(["Package.Skus", "WarehouseId"]);
    expect(world.operationCalls()).toEqual([]);
  });

  it("surfaces an unknown warehouse, which only the provider knows, as a validation error naming WarehouseId", async () => {
    const world = await startWorld();

    const error = await failureOf(world.client.createOutbound(example.createOutbound(example.outboundToNewYork(), "XX99")));

    expect(error).toBeInstanceOf(ProviderValidationError);
    expect(error).toMatchObject({ sent: true, status: 400 });
    expect(fieldsNamed(error)).toEqual(["WarehouseId"]);
    expect(error.errors[0]?.message).toContain("US01");
    expect(world.sandbox.state().outbounds.size).toBe(0);
  });

  it("answers unknown packages with ProviderNotFoundError", async () => {
    const world = await startWorld();

    const error = await failureOf(world.client.outboundStatuses({ idType: "PackageId", Ids: ["NW-FO-NEVER-SENT"] }));

    expect(error).toBeInstanceOf(ProviderNotFoundError);
    expect(error).toMatchObject({ status: 404, path: "/v1/outboundOrders/PackageId" });
    expect(fieldsNamed(error)).toEqual(["Ids"]);
  });
});

describe("an outbound order the provider cannot create", () => {
  it("is UnShipped with InsufficientStock when the warehouse has none, and the stock stays as it was", async () => {
    const world = await startWorld();
    const pkg = { ...example.outboundToBerlin(), Skus: [{ Sku: example.LAMP, Quantity: 1 }] };

    await expect(world.client.createOutbound(example.createOutbound(pkg, "DE01"))).resolves.toEqual({ outcome: "created" });
    await world.advance(CREATE_DELAY_MS);
    const status = await outboundStatus(world, pkg.PackageId);

    expect(status).toMatchObject({ Status: "CreateFailed", HandleStatus: "UnShipped", TrackingNumber: null, ShippingCosts: [] });
    expect(status.UnShippedReason?.ReasonCode).toBe("InsufficientStock");
    expect(status.UnShippedReason?.ReasonText).toContain(example.LAMP);
    expect(await stockOf(world, "DE01", example.LAMP)).toMatchObject({ TotalStockQty: 0 });
  });

  it("is UnShipped with InsufficientStock when more units are ordered than the warehouse holds", async () => {
    const world = await startWorld();
    const pkg = { ...example.outboundToNewYork(), Skus: [{ Sku: example.MUG, Quantity: 241 }] };

    await world.client.createOutbound(example.createOutbound(pkg));
    await world.advance(CREATE_DELAY_MS);

    expect((await outboundStatus(world, pkg.PackageId)).UnShippedReason?.ReasonCode).toBe("InsufficientStock");
    expect(await stockOf(world, "US01", example.MUG)).toMatchObject({ TotalStockQty: 240 });
  });

  it("is UnShipped with DestinationNotServed for a service that does not deliver to the country", async () => {
    const world = await startWorld();
    const pkg = example.outboundToNewYork();
    pkg.ShipToAddress = { ...pkg.ShipToAddress, Country: "CA", Province: "QC", City: "Montreal", Postcode: "H2X 1K4" };

    await world.client.createOutbound(example.createOutbound(pkg));
    await world.advance(CREATE_DELAY_MS);
    const reason = (await outboundStatus(world, pkg.PackageId)).UnShippedReason;

    expect(reason?.ReasonCode).toBe("DestinationNotServed");
    expect(reason?.ExtendMessage).toContain("US01-EXP");
  });

  it("is UnShipped with ServiceNotFound for an unknown service", async () => {
    const world = await startWorld();
    const pkg = { ...example.outboundToNewYork(), ServiceCode: "NOPE" };

    await world.client.createOutbound(example.createOutbound(pkg));
    await world.advance(CREATE_DELAY_MS);

    expect((await outboundStatus(world, pkg.PackageId)).UnShippedReason?.ReasonCode).toBe("ServiceNotFound");
  });

  it("is UnShipped with ServiceNotAvailable for a service of another warehouse", async () => {
    const world = await startWorld();
    const pkg = { ...example.outboundToNewYork(), ServiceCode: "DE01-EXP" };

    await world.client.createOutbound(example.createOutbound(pkg));
    await world.advance(CREATE_DELAY_MS);

    expect((await outboundStatus(world, pkg.PackageId)).UnShippedReason?.ReasonCode).toBe("ServiceNotAvailable");
  });

  it("serves two orders for the last units first come, first served", async () => {
    const world = await startWorld();
    const first = { ...example.outboundToNewYork("NW-LAMP-1"), Skus: [{ Sku: example.LAMP, Quantity: 40 }] };
    const second = { ...example.outboundToNewYork("NW-LAMP-2"), Skus: [{ Sku: example.LAMP, Quantity: 40 }] };
    await world.client.createOutbound(example.createOutbound(first));
    await world.client.createOutbound(example.createOutbound(second));

    await world.advance(CREATE_DELAY_MS);

    const records = await world.client.outboundStatuses({ idType: "PackageId", Ids: [first.PackageId, second.PackageId] });
    expect(records.map((r) => [r.Status, r.UnShippedReason?.ReasonCode ?? null])).toEqual([
      ["Created", null],
      ["CreateFailed", "InsufficientStock"],
    ]);
    expect(await stockOf(world, "US01", example.LAMP)).toMatchObject({ TotalStockQty: 20 });
  });

  it("can be fixed and created anew with IsCreateNewOrder, taking the stock then", async () => {
    const world = await startWorld();
    const failing = { ...example.outboundToBerlin(), Skus: [{ Sku: example.LAMP, Quantity: 1 }] };
    await world.client.createOutbound(example.createOutbound(failing, "DE01"));
    await world.advance(CREATE_DELAY_MS);
    const failed = await outboundStatus(world, failing.PackageId);
    expect(failed.Status).toBe("CreateFailed");

    const fixed = { ...failing, Skus: [{ Sku: example.SOCKS, Quantity: 1 }], IsCreateNewOrder: true };
    await expect(world.client.createOutbound(example.createOutbound(fixed, "DE01"))).resolves.toEqual({ outcome: "created" });
    await world.advance(CREATE_DELAY_MS);

    const created = await outboundStatus(world, fixed.PackageId);
    expect(created).toMatchObject({ Status: "Created", RetryCount: 1, UnShippedReason: null, ShippingProvider: "DHL" });
    expect(created.SvcPackageId).not.toBe(failed.SvcPackageId);
    expect(await stockOf(world, "DE01", example.SOCKS)).toMatchObject({ TotalStockQty: 309 });
    expect(world.sandbox.state().outbounds.size).toBe(1);
  });
});

describe("outbound orders in a batch (2)", () => {
  it("is created, then unchanged on resend; each package is one order and takes its stock once", async () => {
    const world = await startWorld();
    const batch = example.createOutboundBatch();

    const first = await world.client.createOutboundBatch(batch);
    expect(first.outcome).toBe("created");
    expect(first.result.map((r) => r.Success)).toEqual([true, true]);

    const again = await world.client.createOutboundBatch(batch);
    expect(again.outcome).toBe("unchanged");
    expect(again.result.map((r) => r.Message)).toEqual(["Already known; nothing changed", "Already known; nothing changed"]);

    await world.advance(CREATE_DELAY_MS);
    const ids = batch.Packages.map((p) => p.PackageId);
    const records = await world.client.outboundStatuses({ idType: "PackageId", Ids: ids });
    expect(records.map((r) => r.Status)).toEqual(["Created", "Created"]);
    const bySvcId = await world.client.outboundStatuses({ idType: "SvcPackageId", Ids: records.map((r) => r.SvcPackageId ?? "") });
    expect(bySvcId.map((r) => r.PackageId)).toEqual(ids);
    expect(await stockOf(world, "US01", example.MUG)).toMatchObject({ TotalStockQty: 236 });
  });

  it("refuses the whole batch for a warehouse the provider does not have, naming WarehouseId", async () => {
    const world = await startWorld();

    const error = await failureOf(world.client.createOutboundBatch({ ...example.createOutboundBatch(), WarehouseId: "XX99" }));

    expect(error).toMatchObject({ kind: "validation", sent: true, status: 400 });
    expect(fieldsNamed(error)).toEqual(["WarehouseId"]);
    expect(world.sandbox.state().outbounds.size).toBe(0);
  });
});
