/**
 * Return orders (9): a parcel from the customer (Sender) back to a warehouse, created at once so the
 * answer carries its tracking number. Keyed by PackageId (its own namespace, apart from drop-ship and
 * outbound packages); the same PackageId again answers the same result and changes nothing. When its
 * parcel is delivered to the receiving warehouse (and only there, not to another ShipToAddress), the
 * registered SKUs it brings back become that warehouse's stock.
 */
import type { z } from "zod";
import type { ReturnOrderResult } from "../../app/fulfilment/schemas";
import { operations } from "../../app/fulfilment/operations";
import { invalid } from "../errors";
import { withBody, type SandboxContext } from "../operation";
import type { ReturnOrder } from "../state";
import { carriers, findService, findWarehouse } from "../world";
import { requireWarehouse } from "./checks";
import { createReturnParcel, placeOf } from "./creation";
import { reasons } from "./reasons";
import { providerId } from "./ids";
import { receive } from "./stock";
import { currentTracking } from "./tracking";

function resultOf(order: ReturnOrder, ctx: SandboxContext): z.input<typeof ReturnOrderResult> {
  const parcel = order.outcome.status === "Created" ? order.outcome.parcel : undefined;
  const tracking = parcel === undefined ? undefined : currentTracking(parcel, ctx.now, ctx.settings.trackingStepMs);
  return {
    PackageId: order.packageId,
    SvcPackageId: order.svcPackageId,
    HandleStatus: parcel === undefined ? "Initial" : "Submitted",
    TrackingNumber: tracking?.number ?? null,
    IsFinalTrackingNumber: tracking?.isFinal ?? false,
    ShippingProvider: tracking === undefined ? null : carriers[tracking.carrier].company,
    CreateFailedReason: order.outcome.status === "CreateFailed" ? order.outcome.reason : null,
    ShippingCosts: parcel?.shippingCosts ?? [],
    HasRemoteFee: false,
  };
}

/** Operation 9: always 200 (the reference gives no 201); an unknown service fails the return. */
export const createReturn = withBody(operations.createReturn, ({ body }, ctx) => {
  const receiving = body.ReceivingWarehouseCode ? requireWarehouse(body.ReceivingWarehouseCode, "ReceivingWarehouseCode") : undefined;
  if (!body.Sender.Country?.trim()) throw invalid("Sender.Country", "is required (where the return is collected)");
  const known = ctx.state.returns.get(body.PackageId);
  if (known !== undefined) return { status: 200, body: resultOf(known, ctx) };

  const service = findService(body.ServiceCode);
  const warehouse = receiving ?? (service === undefined ? undefined : findWarehouse(service.warehouseId));
  const order: ReturnOrder = {
    packageId: body.PackageId,
    svcPackageId: providerId("RT", ctx),
    serviceCode: body.ServiceCode,
    warehouseId: warehouse?.id,
    submittedAt: ctx.now,
    // Only SKUs the merchant registered become stock; anything else comes back as unsellable.
    skus: body.ShipToAddress?.Country
      ? []
      : body.Skus.filter((line) => ctx.state.skus.has(line.Sku) && line.Quantity > 0).map((line) => ({
          sku: line.Sku,
          quantity: line.Quantity,
        })),
    outcome:
      service === undefined || warehouse === undefined
        ? { status: "CreateFailed", reason: reasons.serviceNotFound(body.ServiceCode), failedAt: ctx.now }
        : {
            status: "Created",
            parcel: createReturnParcel(
              service,
              {
                origin: placeOf(body.Sender),
                destination: body.ShipToAddress?.Country ? placeOf(body.ShipToAddress) : placeOf(warehouse.address),
              },
              body.Weight,
              ctx,
            ),
          },
  };
  ctx.state.returns.set(order.packageId, order);
  return { status: 200, body: resultOf(order, ctx) };
});

/** A delivered return puts its SKUs back into the receiving warehouse's stock, at delivery time. */
export function receiveReturn(order: ReturnOrder, deliveredAt: number, state: SandboxContext["state"]): void {
  if (order.warehouseId !== undefined)
    for (const line of order.skus) receive(state, order.warehouseId, line.sku, line.quantity, deliveredAt);
  order.receivedAt = deliveredAt;
}
