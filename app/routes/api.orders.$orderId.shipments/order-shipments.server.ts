/**
 * The order page block's use of the app: the order's shipments as the block shows them, and its
 * Send and Retry. Retry plans the package again from Shopify's order (app/flows/retry) and, when it
 * passes, sends it at once with the single-package operation (app/flows/push/send-one.server.ts)
 * rather than leaving it to its warehouse's next batch: the merchant is looking at the order.
 */
import { z } from "zod";
import { STATE_WORDS } from "~/components/shipment-state-words";
import { shipmentKindLabel } from "~/components/shipment-badges";
import type { PipelineDeps } from "~/flows/ports/deps";
import { sendShipmentNow } from "~/flows/push/send-one.server";
import { retryShipment } from "~/flows/retry/retry.server";
import type { Database } from "~/stores/database/database.server";
import { listOrderShipments, type OrderShipmentRow } from "~/stores/shipments/shipment-list.server";
import type { OrderShipmentView, ShipmentActionAnswer } from "./contract";

/** The order id of the path: the number of `gid://shopify/Order/<number>`, or that gid. */
export const OrderIdParam = z
  .string()
  .transform((value) => value.replace(/^gid:\/\/shopify\/Order\//, ""))
  .pipe(z.string().regex(/^\d{1,20}$/, { error: "must be an order's number or its gid://shopify/Order/… id" }))
  .transform((number) => `gid://shopify/Order/${number}`);

export const ActionForm = z.object({
  shipmentId: z.string({ error: "is required" }).min(1, { error: "is required" }).max(100),
  action: z.enum(["send", "retry"], { error: "must be send or retry" }),
});

function viewOf(row: OrderShipmentRow): OrderShipmentView {
  const words = STATE_WORDS[row.state];
  return {
    id: row.id,
    packageId: row.packageId,
    state: { code: row.state, label: words.label, tone: words.tone },
    warehouse: shipmentKindLabel(row.kind, row.warehouseCode),
    service: row.serviceCode,
    tracking: [...(row.trackingNumber === null ? [] : [{ number: row.trackingNumber, url: row.trackingUrl }]), ...row.otherParcels],
    reason: row.reason,
    reasons: row.holdReasons.map(({ field, message }) => ({ field, message })),
    actions: row.actions,
  };
}

export async function orderShipments(db: Database, shop: string, orderId: string): Promise<OrderShipmentView[]> {
  return (await listOrderShipments(db, shop, orderId)).map(viewOf);
}

/** The answer to Send or Retry on one of the order's shipments (the caller checked it is the shop's and the order's). */
export async function actOnShipment(
  db: Database,
  deps: PipelineDeps,
  shop: string,
  orderId: string,
  { shipmentId, action }: z.infer<typeof ActionForm>,
): Promise<ShipmentActionAnswer> {
  const answer = async (outcome: ShipmentActionAnswer["outcome"], message: string, reasons: ShipmentActionAnswer["reasons"] = []) => ({
    outcome,
    message,
    reasons,
    shipments: await orderShipments(db, shop, orderId),
  });
  if (action === "send") {
    const sent = await sendShipmentNow(db, deps, shop, shipmentId);
    return answer(sent.outcome, sent.message, sent.outcome === "held" ? sent.reasons : []);
  }
  const retried = await retryShipment(db, deps, shop, shipmentId, { sentByCaller: true });
  switch (retried.outcome) {
    case "ready": {
      // A fulfilment Shopify refused is written again by its job; a package planned again is sent now.
      if (retried.shipment.state !== "READY") return answer("ready", "Queued again: the fulfilment is written to Shopify again.");
      const sent = await sendShipmentNow(db, deps, shop, shipmentId);
      return answer(sent.outcome, sent.message, sent.outcome === "held" ? sent.reasons : []);
    }
    case "held":
      return answer(
        "held",
        "Still on hold: fix the following, then retry.",
        retried.reasons.map(({ field, message }) => ({ field, message })),
      );
    case "cancelled":
      return answer("cancelled", "Cancelled: the order is closed or cancelled in Shopify, so nothing was sent.");
    case "refused":
      return answer("refused", retried.message);
  }
}
