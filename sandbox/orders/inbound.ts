/**
 * Inbound shipments (4) and their boxes (5). The warehouse receives a shipment `--inbound-delay-ms`
 * after it was created; from then on its units are stock (operation 19). Boxes can be replaced
 * until then.
 */
import type { CreateInboundRequest } from "../../app/fulfilment/schemas";
import { operations } from "../../app/fulfilment/operations";
import { SandboxError } from "../errors";
import { withBody } from "../operation";
import { nextSequence, type InboundShipment, type SandboxState } from "../state";
import { requireWarehouse, unregisteredSkus } from "./checks";
import { providerId } from "./ids";
import { receive } from "./stock";

type Containers = CreateInboundRequest["Containers"];

function skuLines(containers: Containers) {
  return containers.flatMap((box, i) => box.Skus.map((line, j) => ({ field: `Containers[${i}].Skus[${j}].Sku`, sku: line.Sku })));
}

function boxesOf(containers: Containers): InboundShipment["boxes"] {
  return containers.map((box) => ({
    customContainerNo: box.CustomContainerNo,
    skus: box.Skus.map((line) => ({ sku: line.Sku, quantity: line.Quantity })),
  }));
}

/** Operation 4: 201 created, 200 already known (same answer). Unregistered SKUs are a 400. */
export const createInbound = withBody(operations.createInbound, ({ body }, ctx) => {
  const warehouse = requireWarehouse(body.WarehouseId);
  const unknownSkus = unregisteredSkus(ctx.state, skuLines(body.Containers));
  if (unknownSkus.length > 0) throw new SandboxError(400, unknownSkus);
  const known = ctx.state.inbounds.get(body.ShipmentId);
  if (known !== undefined) return { status: 200, body: { ShipmentId: known.shipmentId, SvcOrderId: known.svcOrderId } };
  const shipment: InboundShipment = {
    shipmentId: body.ShipmentId,
    svcOrderId: providerId("IB", ctx),
    warehouseId: warehouse.id,
    shippingType: body.ShippingType,
    boxes: boxesOf(body.Containers),
    seq: nextSequence(ctx.state),
    submittedAt: ctx.now,
    dueAt: ctx.now + ctx.settings.inboundDelayMs,
  };
  ctx.state.inbounds.set(shipment.shipmentId, shipment);
  return { status: 201, body: { ShipmentId: shipment.shipmentId, SvcOrderId: shipment.svcOrderId } };
});

/** Operation 5: failures are answered in the body (Success false), as the reference describes. */
export const modifyInboundBoxes = withBody(operations.modifyInboundBoxes, ({ body }, ctx) => {
  const failed = (ErrorCode: string, ErrorMessage: string) => ({ status: 200, body: { Success: false, ErrorCode, ErrorMessage } });
  const shipment = ctx.state.inbounds.get(body.ShipmentId);
  if (shipment === undefined) return failed("ShipmentNotFound", `inbound shipment ${body.ShipmentId} is not known`);
  if (shipment.receivedAt !== undefined) {
    return failed(
      "AlreadyReceived",
      `inbound shipment ${body.ShipmentId} was received on ${new Date(shipment.receivedAt).toISOString()}; its boxes can no longer change`,
    );
  }
  const unknownSkus = unregisteredSkus(ctx.state, skuLines(body.Containers));
  if (unknownSkus.length > 0) return failed("SkuNotFound", unknownSkus.map((e) => `${e.Code}: ${e.Message}`).join("; "));
  shipment.boxes = boxesOf(body.Containers);
  return { status: 200, body: { Success: true, ErrorCode: null, ErrorMessage: null } };
});

/** The warehouse receives the shipment: every unit in its boxes becomes stock, aged from now on. */
export function receiveInbound(shipment: InboundShipment, state: SandboxState): void {
  for (const box of shipment.boxes) {
    for (const line of box.skus) receive(state, shipment.warehouseId, line.sku, line.quantity, shipment.dueAt);
  }
  shipment.receivedAt = shipment.dueAt;
}
