/**
 * Lading orders (13): several packages leaving a warehouse together. The sandbox checks and records
 * them (idempotent on OrderNo); no operation reads them back, and they do not move stock.
 */
import { operations } from "../../app/fulfilment/operations";
import { invalid, SandboxError } from "../errors";
import { withBody } from "../operation";
import { findService } from "../world";
import { requireWarehouse, unregisteredSkus } from "./checks";

/** 201 created, 200 already known. */
export const createLading = withBody(operations.createLading, ({ body }, ctx) => {
  const warehouse = requireWarehouse(body.WarehouseId);
  const service = findService(body.ServiceCode);
  if (service === undefined) throw invalid("ServiceCode", `service ${body.ServiceCode} does not exist`);
  if (service.warehouseId !== warehouse.id) {
    throw invalid("ServiceCode", `service ${body.ServiceCode} does not ship from warehouse ${warehouse.id}`);
  }
  const lines = body.PackageItems.flatMap((item, i) =>
    item.Skus.map((line, j) => ({ field: `PackageItems[${i}].Skus[${j}].Sku`, sku: line.Sku })),
  );
  const unknownSkus = unregisteredSkus(ctx.state, lines);
  if (unknownSkus.length > 0) throw new SandboxError(400, unknownSkus);
  if (ctx.state.ladings.has(body.OrderNo)) return { status: 200, body: undefined };
  ctx.state.ladings.set(body.OrderNo, {
    orderNo: body.OrderNo,
    shipmentId: body.ShipmentId,
    warehouseId: warehouse.id,
    serviceCode: service.code,
    packageCount: body.PackageItems.length,
    submittedAt: ctx.now,
  });
  return { status: 201, body: undefined };
});
