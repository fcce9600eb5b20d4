/**
 * The remaining creations end to end: return orders (9), lading orders (13) and the customs
 * declaration of a drop-ship package (10).
 */
import { describe, expect, it } from "vitest";
import { ProviderNotFoundError, ProviderValidationError } from "../../app/fulfilment";
import * as example from "./examples";
import { failureOf, fieldsNamed, startWorld } from "./support";

describe("a return order (9)", () => {
  it("is created at once: the answer carries the carrier's tracking number, which tracks the parcel", async () => {
    const world = await startWorld();
    const request = example.createReturn();

    const { outcome, result } = await world.client.createReturn(request);

    expect(outcome).toBe("accepted");
    expect(result).toMatchObject({
      PackageId: request.PackageId,
      HandleStatus: "Submitted",
      IsFinalTrackingNumber: true,
      ShippingProvider: "USPS",
      CreateFailedReason: null,
    });
    expect(result.SvcPackageId).toMatch(/^RT\d+$/);
    expect(result.TrackingNumber).toMatch(/^9400\d{18}$/);
    expect(result.ShippingCosts.length).toBeGreaterThan(0);

    const tracking = await world.client.trackOne({ trackingNumber: result.TrackingNumber ?? "", lang: "en" });
    expect(tracking).toMatchObject({ PackageId: request.PackageId, TrackingStatus: "Processing" });
    expect(tracking.Origin?.City).toBe("New York");
    expect(tracking.Destination?.City).toBe("Ontario"); // the receiving warehouse US01
  });

  it("is one return however often it is sent: the same answer again", async () => {
    const world = await startWorld();
    const request = example.createReturn();
    const first = await world.client.createReturn(request);

    const again = await world.client.createReturn({ ...request, Weight: 999 });

    expect(again).toEqual(first);
    expect(world.sandbox.state().returns.size).toBe(1);
  });

  it("fails with ServiceNotFound for an unknown service, without a tracking number", async () => {
    const world = await startWorld();

    const { result } = await world.client.createReturn({ ...example.createReturn(), ServiceCode: "NOPE" });

    expect(result).toMatchObject({ HandleStatus: "Initial", TrackingNumber: null, CreateFailedReason: { ReasonCode: "ServiceNotFound" } });
  });

  it("surfaces what only the provider knows as validation errors: an unknown warehouse, a sender without country", async () => {
    const world = await startWorld();
    const request = example.createReturn();

    const warehouse = await failureOf(world.client.createReturn({ ...request, ReceivingWarehouseCode: "XX99" }));
    const sender = await failureOf(world.client.createReturn({ ...request, Sender: { ...request.Sender, Country: undefined } }));

    expect(warehouse).toMatchObject({ kind: "validation", sent: true, status: 400 });
    expect(fieldsNamed(warehouse)).toEqual(["ReceivingWarehouseCode"]);
    expect(fieldsNamed(sender)).toEqual(["Sender.Country"]);
    expect(world.sandbox.state().returns.size).toBe(0);
  });

  it("is refused before sending when it breaks the reference's rules", async () => {
    const world = await startWorld();

    const error = await failureOf(world.client.createReturn({ ...example.createReturn(), Weight: 0, Length: 30.125, Skus: [] }));

    expect(error).toBeInstanceOf(ProviderValidationError);
    expect(error).toMatchObject({ sent: false });
    expect(fieldsNamed(error).sort()).toEqual(["Length", "Skus", "Weight"]);
    expect(world.operationCalls()).toEqual([]);
  });
});

describe("a lading order (13)", () => {
  it("is created, then unchanged on resend; it is recorded once and moves no stock", async () => {
    const world = await startWorld();
    const request = example.createLading();

    await expect(world.client.createLading(request)).resolves.toEqual({ outcome: "created" });
    await expect(world.client.createLading(request)).resolves.toEqual({ outcome: "unchanged" });

    expect([...world.sandbox.state().ladings.values()]).toEqual([
      expect.objectContaining({ orderNo: request.OrderNo, warehouseId: "US01", serviceCode: "US01-STD", packageCount: 2 }),
    ]);
    const [mugs] = (await world.client.inventoryAge({ WarehouseId: "US01", Sku: example.MUG })).InventoryAges;
    expect(mugs?.TotalStockQty).toBe(240);
  });

  it("surfaces an unknown service, a service of another warehouse and an unregistered SKU, naming each field", async () => {
    const world = await startWorld();
    const request = example.createLading();

    const unknown = await failureOf(world.client.createLading({ ...request, ServiceCode: "NOPE" }));
    const foreign = await failureOf(world.client.createLading({ ...request, ServiceCode: "DE01-STD" }));
    const sku = await failureOf(
      world.client.createLading({ ...request, PackageItems: [{ Skus: [{ Sku: "NOT-REGISTERED", Quantity: 1 }] }] }),
    );
    const warehouse = await failureOf(world.client.createLading({ ...request, WarehouseId: "XX99" }));

    for (const error of [unknown, foreign, sku, warehouse]) expect(error).toMatchObject({ kind: "validation", sent: true, status: 400 });
    expect(fieldsNamed(unknown)).toEqual(["ServiceCode"]);
    expect(fieldsNamed(foreign)).toEqual(["ServiceCode"]);
    expect(fieldsNamed(sku)).toEqual(["PackageItems[0].Skus[0].Sku"]);
    expect(fieldsNamed(warehouse)).toEqual(["WarehouseId"]);
    expect(world.sandbox.state().ladings.size).toBe(0);
  });

  it("is refused before sending when it breaks the reference's rules", async () => {
    const world = await startWorld();

    const error = await failureOf(
      world.client.createLading({ ...example.createLading(), OrderNo: "NW-LAD-2026-0003-FOR-THE-FIFTH-AVE", ShipmentId: "NW LAD 3" }),
    );

    expect(error).toMatchObject({ kind: "validation", sent: false });
    expect(fieldsNamed(error).sort()).toEqual(["OrderNo", "ShipmentId"]);
    expect(world.operationCalls()).toEqual([]);
  });
});

describe("the customs declaration of a drop-ship package (10)", () => {
  it("is accepted for a known package, and a later declaration replaces it", async () => {
    const world = await startWorld();
    await world.client.createDropship(example.createDropship());
    const declaration = example.declarePackage();

    await expect(world.client.declarePackage(declaration)).resolves.toBeUndefined();
    const corrected = { ...declaration, Weight: 760, IOSS: "IM2760000743" };
    await expect(world.client.declarePackage(corrected)).resolves.toBeUndefined();

    const order = world.sandbox.state().dropships.get(declaration.PackageId);
    expect(order?.declaration).toMatchObject({ Weight: 760, IOSS: "IM2760000743", VatCode: declaration.VatCode });
  });

  it("answers a package it does not know (or an outbound one) with ProviderNotFoundError naming PackageId", async () => {
    const world = await startWorld();
    await world.client.createOutbound(example.createOutbound(example.outboundToBerlin(example.declarePackage().PackageId), "DE01"));

    const error = await failureOf(world.client.declarePackage(example.declarePackage()));

    expect(error).toBeInstanceOf(ProviderNotFoundError);
    expect(error).toMatchObject({ status: 404, path: "/v1/directExpressOrders/declare" });
    expect(fieldsNamed(error)).toEqual(["PackageId"]);
  });

  it("is refused before sending when it breaks the reference's rules", async () => {
    const world = await startWorld();

    const error = await failureOf(world.client.declarePackage({ ...example.declarePackage(), PackageId: "NW-FO-5821930456/1", Skus: [] }));

    expect(error).toMatchObject({ kind: "validation", sent: false });
    expect(fieldsNamed(error).sort()).toEqual(["PackageId", "Skus"]);
    expect(world.operationCalls()).toEqual([]);
  });
});
