/**
 * Inbound shipments end to end (operations 4 and 5): boxes of registered SKUs sent into a provider
 * warehouse. Once the warehouse receives them, their units are stock (operation 19) that outbound
 * orders can ship; until then, the boxes can be replaced.
 */
import { describe, expect, it } from "vitest";
import { ProviderValidationError } from "../../app/fulfilment";
import { modifyInboundBoxes } from "../fixtures/provider";
import * as example from "./examples";
import { CREATE_DELAY_MS, failureOf, fieldsNamed, INBOUND_DELAY_MS, startWorld, type ProviderWorld } from "./support";

const BLACK_M = "TSHIRT-BLK-M";
const WHITE_L = "TSHIRT-WHT-L";

/** Registers both SKUs of the example shipment. */
async function registerShipmentSkus(world: ProviderWorld): Promise<void> {
  await world.client.createMerchantSku(example.createMerchantSku());
  await world.client.createMerchantSku(example.merchantSkuNamed(WHITE_L));
}

async function stockIn(world: ProviderWorld, warehouseId: string, sku: string) {
  const page = await world.client.inventoryAge({ WarehouseId: warehouseId, Sku: sku });
  return page.InventoryAges[0];
}

describe("an inbound shipment (4)", () => {
  it("is refused, naming each line, while its SKUs are not registered; nothing is created", async () => {
    const world = await startWorld();

    const neither = await failureOf(world.client.createInbound(example.createInbound()));
    expect(neither).toBeInstanceOf(ProviderValidationError);
    expect(neither).toMatchObject({ sent: true, status: 400 });
    expect(fieldsNamed(neither)).toEqual(["Containers[0].Skus[0].Sku", "Containers[0].Skus[1].Sku"]);

    await world.client.createMerchantSku(example.createMerchantSku());
    const one = await failureOf(world.client.createInbound(example.createInbound()));
    expect(fieldsNamed(one)).toEqual(["Containers[0].Skus[1].Sku"]);
    expect(one.errors[0]?.message).toContain(WHITE_L);

    expect(world.sandbox.state().inbounds.size).toBe(0);
  });

  it("adds its units to the warehouse's stock when received, visible in inventory age", async () => {
    const world = await startWorld();
    await registerShipmentSkus(world);

    const created = await world.client.createInbound(example.createInbound());
    expect(created.outcome).toBe("created");
    expect(created.result).toEqual({ ShipmentId: "NW-INB-2026-0042", SvcOrderId: expect.stringMatching(/^IB\d+$/) });
    expect(await stockIn(world, "DE01", BLACK_M)).toBeUndefined();

    await world.advance(INBOUND_DELAY_MS);

    expect(await stockIn(world, "DE01", BLACK_M)).toMatchObject({ TotalStockQty: 60, To30Days: 60, MoreThan330Days: 0 });
    expect(await stockIn(world, "DE01", WHITE_L)).toMatchObject({ TotalStockQty: 12 });
    expect(await stockIn(world, "US01", BLACK_M)).toBeUndefined();
  });

  it("is one shipment however often it is sent: the same answer, unchanged, stock added once", async () => {
    const world = await startWorld();
    await registerShipmentSkus(world);
    const first = await world.client.createInbound(example.createInbound());

    const again = await world.client.createInbound(example.createInbound());
    await world.advance(INBOUND_DELAY_MS);
    const afterReceipt = await world.client.createInbound(example.createInbound());

    expect(again).toEqual({ outcome: "unchanged", result: first.result });
    expect(afterReceipt).toEqual({ outcome: "unchanged", result: first.result });
    expect(world.sandbox.state().inbounds.size).toBe(1);
    expect(await stockIn(world, "DE01", BLACK_M)).toMatchObject({ TotalStockQty: 60 });
  });

  it("brings stock an outbound order can then ship", async () => {
    const world = await startWorld();
    await registerShipmentSkus(world);
    await world.client.createInbound(example.createInbound());
    await world.advance(INBOUND_DELAY_MS);
    const pkg = { ...example.outboundToBerlin(), Skus: [{ Sku: BLACK_M, Quantity: 5 }] };

    await world.client.createOutbound(example.createOutbound(pkg, "DE01"));
    await world.advance(CREATE_DELAY_MS);

    const [status] = await world.client.outboundStatuses({ idType: "PackageId", Ids: [pkg.PackageId] });
    expect(status).toMatchObject({ Status: "Created", ShippingProvider: "DHL" });
    expect(await stockIn(world, "DE01", BLACK_M)).toMatchObject({ TotalStockQty: 55 });
  });

  it("surfaces an unknown warehouse as a validation error naming WarehouseId", async () => {
    const world = await startWorld();
    await registerShipmentSkus(world);

    const error = await failureOf(world.client.createInbound({ ...example.createInbound(), WarehouseId: "XX99" }));

    expect(error).toMatchObject({ kind: "validation", sent: true, status: 400 });
    expect(fieldsNamed(error)).toEqual(["WarehouseId"]);
    expect(world.sandbox.state().inbounds.size).toBe(0);
  });

  it("is refused before sending when its id or boxes break the reference's rules", async () => {
    const world = await startWorld();

    const error = await failureOf(
      world.client.createInbound({ ...example.createInbound(), ShipmentId: "NW/INB 42", Containers: [], PlanArriveDate: "next Tuesday" }),
    );

    expect(error).toMatchObject({ kind: "validation", sent: false });
    expect(fieldsNamed(error).sort()).toEqual(["Containers", "PlanArriveDate", "ShipmentId"]);
    expect(world.operationCalls()).toEqual([]);
  });
});

describe("the boxes of an inbound shipment (5)", () => {
  it("can be replaced before receipt, and the replacement is what arrives", async () => {
    const world = await startWorld();
    await registerShipmentSkus(world);
    await world.client.createInbound(example.createInbound());

    const replaced = await world.client.modifyInboundBoxes(structuredClone(modifyInboundBoxes));
    expect(replaced).toEqual({ Success: true, ErrorCode: null, ErrorMessage: null });

    await world.advance(INBOUND_DELAY_MS);
    // Two boxes of the example box now: 2 × 60 black M and 2 × 12 white L.
    expect(await stockIn(world, "DE01", BLACK_M)).toMatchObject({ TotalStockQty: 120 });
    expect(await stockIn(world, "DE01", WHITE_L)).toMatchObject({ TotalStockQty: 24 });
  });

  it("can no longer be replaced once received (Success false, AlreadyReceived), and the stock stays", async () => {
    const world = await startWorld();
    await registerShipmentSkus(world);
    await world.client.createInbound(example.createInbound());
    await world.advance(INBOUND_DELAY_MS);

    const late = await world.client.modifyInboundBoxes(structuredClone(modifyInboundBoxes));

    expect(late).toMatchObject({ Success: false, ErrorCode: "AlreadyReceived" });
    expect(await stockIn(world, "DE01", BLACK_M)).toMatchObject({ TotalStockQty: 60 });
  });

  it("reports an unknown shipment or an unregistered SKU in the answer (Success false)", async () => {
    const world = await startWorld();
    await registerShipmentSkus(world);
    await world.client.createInbound(example.createInbound());

    const unknown = await world.client.modifyInboundBoxes({ ...structuredClone(modifyInboundBoxes), ShipmentId: "NW-INB-NEVER" });
    const badSku = await world.client.modifyInboundBoxes({
      ShipmentId: "NW-INB-2026-0042",
      Containers: [{ Skus: [{ Sku: "NOT-REGISTERED", Quantity: 1 }] }],
    });

    expect(unknown).toMatchObject({ Success: false, ErrorCode: "ShipmentNotFound" });
    expect(badSku).toMatchObject({ Success: false, ErrorCode: "SkuNotFound" });
    expect(badSku.ErrorMessage).toContain("Containers[0].Skus[0].Sku");
  });

  it("is refused before sending without boxes", async () => {
    const world = await startWorld();

    const error = await failureOf(world.client.modifyInboundBoxes({ ShipmentId: "NW-INB-2026-0042", Containers: [] }));

    expect(error).toMatchObject({ kind: "validation", sent: false });
    expect(fieldsNamed(error)).toEqual(["Containers"]);
    expect(world.operationCalls()).toEqual([]);
  });
});
