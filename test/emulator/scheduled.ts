/**
 * Scheduled fulfillment orders (subscriptions, pre-orders): SCHEDULED until `fulfillAt`, then OPEN
 * with `fulfillment_orders/scheduled_fulfillment_order_ready` (and the fulfillment request, where the
 * shop requests automatically). "When due" is the emulator's clock (the `now` option): the emulator
 * opens due ones before it handles any request (`openDue`), so a test moves its clock and the next
 * call sees them open. `fulfillmentOrderOpen` opens one early; `fulfillmentOrderReschedule` moves
 * `fulfillAt` (`fulfillment_orders/rescheduled`).
 */
import { foStatusRef, rescheduledPayload } from "./change-payloads";
import { refusal, requestIfAutomatic, type Refusal } from "./fulfillment-orders";
import type { Platform } from "./platform";
import type { FulfillmentOrderRecord } from "./state";

function open(platform: Platform, fo: FulfillmentOrderRecord): void {
  fo.status = "OPEN";
  fo.updatedAt = platform.state.timestamp();
  platform.webhooks.publish(fo.shop, "fulfillment_orders/scheduled_fulfillment_order_ready", { fulfillment_order: foStatusRef(fo) });
  requestIfAutomatic(platform, fo);
}

/** Opens every scheduled fulfillment order whose time has come. */
export function openDue(platform: Platform): void {
  const now = platform.state.clock().getTime();
  for (const fo of platform.state.fulfillmentOrders.values()) {
    if (fo.status === "SCHEDULED" && fo.fulfillAt !== null && Date.parse(fo.fulfillAt) <= now) open(platform, fo);
  }
}

/** `fulfillmentOrderOpen`: a scheduled fulfillment order, now. */
export function openEarly(platform: Platform, fo: FulfillmentOrderRecord): Refusal | undefined {
  if (fo.status !== "SCHEDULED")
    return refusal(`Only a SCHEDULED fulfillment order can be marked as open (status ${fo.status}).`, undefined, ["id"]);
  open(platform, fo);
  return undefined;
}

export function reschedule(platform: Platform, fo: FulfillmentOrderRecord, fulfillAt: string): Refusal | undefined {
  if (fo.status !== "SCHEDULED")
    return refusal(`Only a SCHEDULED fulfillment order can be rescheduled (status ${fo.status}).`, undefined, ["id"]);
  if (Number.isNaN(Date.parse(fulfillAt))) return refusal(`fulfillAt is not a date and time: ${fulfillAt}`, undefined, ["fulfillAt"]);
  fo.fulfillAt = new Date(fulfillAt).toISOString();
  fo.updatedAt = platform.state.timestamp();
  platform.webhooks.publish(fo.shop, "fulfillment_orders/rescheduled", rescheduledPayload(fo));
  return undefined;
}
