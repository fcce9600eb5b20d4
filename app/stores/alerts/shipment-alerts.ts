/** The alert of a shipment that has just entered a state that needs a person (HELD, FAILED, ENDED). */
import type { Shipment } from "@prisma/client";
import type { AlertKind, NewAlert } from "./alerts.server";
import { lastErrorDetailSay } from "./detail-say";

export type AlertingShipment = Pick<
  Shipment,
  "id" | "shop" | "state" | "orderId" | "orderName" | "packageId" | "lastErrorText" | "lastErrorSay" | "holdReasons" | "waitUntil"
>;

const KIND_OF_STATE: Partial<Record<Shipment["state"], AlertKind>> = {
  HELD: "SHIPMENT_HELD",
  FAILED: "SHIPMENT_FAILED",
  ENDED: "SHIPMENT_ENDED",
};

/**
 * One alert per shipment that entered HELD, FAILED or ENDED at `enteredAt` (the entry is the event:
 * a shipment held again after a retry is told again). A shipment waiting for its fulfillment order's
 * date (HELD with waitUntil) needs nobody, and is not told.
 */
export function shipmentAlerts(shipments: readonly AlertingShipment[], enteredAt: Date): NewAlert[] {
  return shipments.flatMap((shipment) => {
    const kind = KIND_OF_STATE[shipment.state];
    if (kind === undefined || (shipment.state === "HELD" && shipment.waitUntil !== null)) return [];
    return [
      {
        shop: shipment.shop,
        key: `shipment:${shipment.id}:${shipment.state}:${enteredAt.getTime()}`,
        kind,
        path: `/app/shipments/${shipment.id}`,
        orderId: shipment.orderId,
        orderName: shipment.orderName ?? shipment.packageId,
        detail: shipment.lastErrorText ?? "",
        detailSay: lastErrorDetailSay(shipment),
      },
    ];
  });
}
