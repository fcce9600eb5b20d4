/**
 * Drop-ship orders end to end (operations 1, 6, 7 to create; 8 and 17 to read the status): a parcel
 * is accepted as Creating and, once the provider has decided, is Created with a tracking number or
 * CreateFailed with a reason the merchant can act on.
 */
import { describe, expect, it } from "vitest";
import { ProviderNotFoundError, ProviderValidationError } from "../../app/fulfilment";
import * as example from "./examples";
import { CREATE_DELAY_MS, failureOf, fieldsNamed, outcomes, startWorld } from "./support";

describe("a single drop-ship order (7) and its status (17, 8)", () => {
  it("is Creating at first, then Created with the carrier's final tracking number and costs", async () => {
    const world = await startWorld();
    const request = example.createDropship();

    await expect(world.client.createDropship(request)).resolves.toEqual({ outcome: "created" });

    const creating = await world.client.dropshipStatus({ packageId: request.Package.PackageId });
    expect(creating).toMatchObject({
      PackageId: request.Package.PackageId,
      Status: "Creating",
      HandleStatus: "Submitted",
      TrackingNumber: null,
    });
    expect(creating.SvcPackageId).toMatch(/^DX\d+$/);

    await world.advance(CREATE_DELAY_MS);
    const created = await world.client.dropshipStatus({ packageId: request.Package.PackageId });
    expect(created).toMatchObject({
      Status: "Created",
      ShippingProvider: "DHL",
      IsFinalTrackingNumber: true,
      ServiceCode: "DE01-STD",
      Country: "DE",
      SvcPackageId: creating.SvcPackageId,
      CreateFailedReason: null,
    });
    expect(created.TrackingNumber).toMatch(/^00340434\d{12}$/);
    expect(created.ShippingCosts.map((cost) => cost.Remark)).toEqual(["Freight", "Fuel surcharge"]);
    expect(created.ShippingCosts.every((cost) => cost.Currency === "EUR" && (cost.Money ?? 0) > 0)).toBe(true);
  });

  it("is one order however often it is sent: created, then unchanged, and nothing changes", async () => {
    const world = await startWorld();
    const request = example.createDropship();
    await world.client.createDropship(request);
    const first = await world.client.dropshipStatus({ packageId: request.Package.PackageId });

    const again = { ...request, Package: { ...request.Package, Remark: "sent twice", Weight: 9999 } };
    await expect(world.client.createDropship(again)).resolves.toEqual({ outcome: "unchanged" });

    expect(world.sandbox.state().dropships.size).toBe(1);
    const second = await world.client.dropshipStatus({ packageId: request.Package.PackageId });
    expect(second.SvcPackageId).toBe(first.SvcPackageId);
    expect(second.WeightInit).toBe(request.Package.Weight);
    await world.advance(CREATE_DELAY_MS);
    const [record, ...others] = await world.client.dropshipStatuses({ idType: "PackageId", Ids: [request.Package.PackageId] });
    expect(others).toEqual([]);
    expect(record).toMatchObject({ Status: "Created", RetryCount: 0 });
  });

  it("refuses a package that breaks the reference's rules before sending it, naming each field", async () => {
    const world = await startWorld();
    const request = example.createDropship();
    request.Package.PackageId = "NW FO/5821930456";
    request.Package.Skus = [{ Sku: "HOODIE-GRY-XL", Quantity: 0 }];
    request.Location = "a handling location longer than twenty";

    const error = await failureOf(world.client.createDropship(request));

    expect(error).toBeInstanceOf(ProviderValidationError);
    expect(error).toMatchObject({ sent: false, status: undefined });
    expect(fieldsNamed(error).sort()).toEqual(["Location", "Package.PackageId", "Package.Skus[0].Quantity"]);
    expect(world.operationCalls()).toEqual([]);
    expect(world.sandbox.state().dropships.size).toBe(0);
  });

  it("surfaces the sandbox's own rule (a package needs a ServiceCode) as a validation error naming the field", async () => {
    const world = await startWorld();
    const request = example.createDropship();
    delete request.Package.ServiceCode;

    const error = await failureOf(world.client.createDropship(request));

    expect(error).toBeInstanceOf(ProviderValidationError);
    expect(error).toMatchObject({ sent: true, status: 400 });
    expect(fieldsNamed(error)).toEqual(["Package.ServiceCode"]);
    expect(error.ticketId).toBeTruthy();
    expect(error.message).toContain(error.ticketId);
    // A 400 will not change by sending it again.
    expect(world.operationCalls()).toHaveLength(1);
    expect(world.sandbox.state().dropships.size).toBe(0);
  });

  it("reads the status by the provider's id (SvcPackageId) as well", async () => {
    const world = await startWorld();
    await world.client.createDropship(example.createDropship());
    const { SvcPackageId } = await world.client.dropshipStatus({ packageId: example.dropshipToBerlin().PackageId });

    const records = await world.client.dropshipStatuses({ idType: "SvcPackageId", Ids: [SvcPackageId ?? "", "DX9999999999"] });

    expect(records.map((r) => r.PackageId)).toEqual([example.dropshipToBerlin().PackageId]);
  });

  it("answers unknown packages with ProviderNotFoundError (17 and 8)", async () => {
    const world = await startWorld();

    const one = await failureOf(world.client.dropshipStatus({ packageId: "NW-FO-NEVER-SENT" }));
    expect(one).toBeInstanceOf(ProviderNotFoundError);
    expect(one).toMatchObject({ status: 404, path: "/v1/directExpressOrders/NW-FO-NEVER-SENT/status" });
    expect(fieldsNamed(one)).toEqual(["packageId"]);

    const many = await failureOf(world.client.dropshipStatuses({ idType: "PackageId", Ids: ["NW-FO-NEVER-1", "NW-FO-NEVER-2"] }));
    expect(many).toBeInstanceOf(ProviderNotFoundError);
    expect(many.status).toBe(404);
    // Not found is an answer, not a fault: asked once each.
    expect(world.operationCalls()).toHaveLength(2);
  });
});

describe("a drop-ship order the provider cannot create", () => {
  it("ends CreateFailed with DestinationNotServed, naming the services that do deliver there", async () => {
    const world = await startWorld();
    const pkg = example.dropshipToNewYork();
    pkg.ServiceCode = "DE01-STD"; // DHL Paket delivers to DE and AT only

    await expect(world.client.createDropship(example.createDropship(pkg))).resolves.toEqual({ outcome: "created" });
    await world.advance(CREATE_DELAY_MS);
    const status = await world.client.dropshipStatus({ packageId: pkg.PackageId });

    expect(status).toMatchObject({ Status: "CreateFailed", HandleStatus: "Initial", TrackingNumber: null, ShippingProvider: null });
    expect(status.CreateFailedReason?.ReasonCode).toBe("DestinationNotServed");
    expect(status.CreateFailedReason?.ReasonText).toContain("DE01-STD");
    expect(status.CreateFailedReason?.ExtendMessage).toContain("US01-STD");
  });

  it("ends CreateFailed with ServiceNotFound for a service that does not exist", async () => {
    const world = await startWorld();
    const pkg = { ...example.dropshipToNewYork(), ServiceCode: "NOPE" };

    await world.client.createDropship(example.createDropship(pkg));
    await world.advance(CREATE_DELAY_MS);
    const [status] = await world.client.dropshipStatuses({ idType: "PackageId", Ids: [pkg.PackageId] });

    expect(status).toMatchObject({ Status: "CreateFailed", CreateFailedReason: { ReasonCode: "ServiceNotFound" } });
  });

  it("can be fixed and sent again with IsCreateNewOrder; without it the same PackageId changes nothing", async () => {
    const world = await startWorld();
    const failing = { ...example.dropshipToNewYork(), ServiceCode: "NOPE" };
    await world.client.createDropship(example.createDropship(failing));
    await world.advance(CREATE_DELAY_MS);
    const failed = await world.client.dropshipStatus({ packageId: failing.PackageId });

    const fixed = { ...failing, ServiceCode: "US01-STD" };
    await expect(world.client.createDropship(example.createDropship(fixed))).resolves.toEqual({ outcome: "unchanged" });
    await world.advance(CREATE_DELAY_MS);
    expect(await world.client.dropshipStatus({ packageId: fixed.PackageId })).toMatchObject({
      Status: "CreateFailed",
      ServiceCode: "NOPE",
    });

    const retry = { ...fixed, IsCreateNewOrder: true };
    await expect(world.client.createDropship(example.createDropship(retry))).resolves.toEqual({ outcome: "created" });
    const recreating = await world.client.dropshipStatus({ packageId: fixed.PackageId });
    expect(recreating).toMatchObject({ Status: "Creating", RetryCount: 1, CreateFailedReason: null });
    expect(recreating.SvcPackageId).not.toBe(failed.SvcPackageId);

    await world.advance(CREATE_DELAY_MS);
    const created = await world.client.dropshipStatus({ packageId: fixed.PackageId });
    expect(created).toMatchObject({ Status: "Created", ShippingProvider: "USPS", IsFinalTrackingNumber: true, RetryCount: 1 });
    expect(created.TrackingNumber).toMatch(/^9400\d{18}$/);
    expect(world.sandbox.state().dropships.size).toBe(1);
  });

  it("is not created anew with IsCreateNewOrder while it has not failed", async () => {
    const world = await startWorld();
    const pkg = example.dropshipToNewYork();
    await world.client.createDropship(example.createDropship(pkg));
    await world.advance(CREATE_DELAY_MS);
    const created = await world.client.dropshipStatus({ packageId: pkg.PackageId });

    await expect(world.client.createDropship(example.createDropship({ ...pkg, IsCreateNewOrder: true }))).resolves.toEqual({
      outcome: "unchanged",
    });

    expect(await world.client.dropshipStatus({ packageId: pkg.PackageId })).toMatchObject({
      SvcPackageId: created.SvcPackageId,
      TrackingNumber: created.TrackingNumber,
      RetryCount: 0,
    });
  });
});

describe("drop-ship orders in a batch (1)", () => {
  it("accepts every package, reports each, and creates each once however often the batch is sent", async () => {
    const world = await startWorld();
    const batch = example.createDropshipBatch();
    const ids = batch.Packages.map((p) => p.PackageId);

    const first = await world.client.createDropshipBatch(batch);
    expect(first.outcome).toBe("accepted");
    expect(first.result.map((r) => [r.PackageId, r.Success])).toEqual(ids.map((id) => [id, true]));

    const again = await world.client.createDropshipBatch(batch);
    expect(again.result.map((r) => r.Message)).toEqual(["Already known; nothing changed", "Already known; nothing changed"]);
    expect(world.sandbox.state().dropships.size).toBe(2);

    await world.advance(CREATE_DELAY_MS);
    const records = await world.client.dropshipStatuses({ idType: "PackageId", Ids: ids });
    expect(records.map((r) => [r.PackageId, r.Status, r.ShippingProvider])).toEqual([
      [ids[0], "Created", "USPS"],
      [ids[1], "Created", "DHL"],
    ]);
  });

  it("reports a package only the sandbox finds wrong on its own, and creates the others", async () => {
    const world = await startWorld();
    const broken = example.dropshipToBerlin();
    delete broken.ShipToAddress.Country;
    const batch = example.createDropshipBatch([example.dropshipToNewYork(), broken]);

    const { result } = await world.client.createDropshipBatch(batch);

    expect(result[0]).toMatchObject({ Success: true });
    expect(result[1]).toMatchObject({ PackageId: broken.PackageId, Success: false, ErrorCode: "InvalidField" });
    expect(result[1]?.Message).toContain("Packages[1].ShipToAddress.Country");
    expect([...world.sandbox.state().dropships.keys()]).toEqual([batch.Packages[0]?.PackageId]);
  });

  it("sends 20 packages as one request", async () => {
    const world = await startWorld();
    const packages = Array.from({ length: 20 }, (_, i) => example.dropshipToNewYork(`NW-BATCH-${i + 1}`));

    const { result } = await world.client.createDropshipBatch(example.createDropshipBatch(packages));

    expect(result).toHaveLength(20);
    expect(result.every((r) => r.Success)).toBe(true);
    expect(outcomes(world.operationCalls("/v1/directExpressOrders/multiple"))).toEqual(["200"]);
    expect(world.sandbox.state().dropships.size).toBe(20);
  });

  it("refuses 21 packages before sending anything", async () => {
    const world = await startWorld();
    const packages = Array.from({ length: 21 }, (_, i) => example.dropshipToNewYork(`NW-BATCH-${i + 1}`));

    const error = await failureOf(world.client.createDropshipBatch(example.createDropshipBatch(packages)));

    expect(error).toBeInstanceOf(ProviderValidationError);
    expect(error).toMatchObject({ sent: false });
    expect(fieldsNamed(error)).toEqual(["Packages"]);
    expect(world.operationCalls()).toEqual([]);
    expect(world.sandbox.state().dropships.size).toBe(0);
  });
});

describe("a drop-ship order described box by box (6)", () => {
  it("is created once, then Created with UPS to Tokyo, weighing its boxes", async () => {
    const world = await startWorld();
    const request = example.createDropshipWithBoxes();

    await expect(world.client.createDropshipWithBoxes(request)).resolves.toEqual({ outcome: "created" });
    await expect(world.client.createDropshipWithBoxes(request)).resolves.toEqual({ outcome: "unchanged" });
    expect(world.sandbox.state().dropships.size).toBe(1);

    await world.advance(CREATE_DELAY_MS);
    const status = await world.client.dropshipStatus({ packageId: request.PackageId });
    expect(status).toMatchObject({ Status: "Created", ShippingProvider: "UPS", Country: "JP", WeightInit: 1850 });
    expect(status.PackingInit).toEqual({ Length: 40, Width: 30, Height: 20 });
    expect(status.TrackingNumber).toMatch(/^1Z/);
  });

  it("refuses an order without boxes before sending it", async () => {
    const world = await startWorld();
    const request = { ...example.createDropshipWithBoxes(), ContainerInfos: [] };

    const error = await failureOf(world.client.createDropshipWithBoxes(request));

    expect(error).toMatchObject({ kind: "validation", sent: false });
    expect(fieldsNamed(error)).toEqual(["ContainerInfos"]);
    expect(world.operationCalls()).toEqual([]);
  });

  it("surfaces the sandbox's rule that the destination needs a country, naming the field", async () => {
    const world = await startWorld();
    const request = example.createDropshipWithBoxes();
    delete request.ShipToAddress.Country;

    const error = await failureOf(world.client.createDropshipWithBoxes(request));

    expect(error).toMatchObject({ kind: "validation", sent: true, status: 400 });
    expect(fieldsNamed(error)).toEqual(["ShipToAddress.Country"]);
  });
});
