/**
 * Fulfilments: what the app writes back when a parcel has tracking. Validation follows Shopify's
 * rules (line items of the named fulfillment orders, quantities within what remains, one order and
 * one location per fulfilment); a fulfilment ships stock and closes a fulfillment order with nothing
 * left, and the order's webhooks follow.
 */
import { parseGid } from "./ids";
import { ship } from "./inventory";
import type { Platform } from "./platform";
import { orderFulfillmentStatus, restFulfillment, restFulfillmentEvent, restOrder } from "./payloads";
import type {
  FulfillmentEventRecord,
  FulfillmentEventStatus,
  FulfillmentLineItemRecord,
  FulfillmentOrderRecord,
  FulfillmentRecord,
  TrackingInfo,
} from "./state";

export interface UserError {
  field: string[] | null;
  message: string;
}

export interface FulfillmentInput {
  lineItemsByFulfillmentOrder: {
    fulfillmentOrderId: string;
    fulfillmentOrderLineItems?: { id: string; quantity: number }[] | null;
  }[];
  notifyCustomer?: boolean | null;
  originAddress?: Record<string, string | null> | null;
  trackingInfo?: TrackingInput | null;
}

export interface TrackingInput {
  company?: string | null;
  number?: string | null;
  numbers?: string[] | null;
  url?: string | null;
  urls?: string[] | null;
}

/** Shopify's tracking input allows one number/url or lists of them; stored as pairs. */
export function trackingFrom(input: TrackingInput | null | undefined): TrackingInfo[] {
  if (!input) return [];
  const numbers = input.numbers?.length ? input.numbers : input.number ? [input.number] : [];
  const urls = input.urls?.length ? input.urls : input.url ? [input.url] : [];
  const count = Math.max(numbers.length, urls.length, input.company ? 1 : 0);
  return Array.from({ length: count }, (_, i) => ({
    company: input.company ?? null,
    number: numbers[i] ?? null,
    url: urls[i] ?? null,
  }));
}

const FULFILLABLE = new Set(["OPEN", "IN_PROGRESS"]);

export function createFulfillment(
  platform: Platform,
  shop: string,
  input: FulfillmentInput,
  message: string | null,
): { fulfillment?: FulfillmentRecord; userErrors: UserError[] } {
  const { state } = platform;
  const errors: UserError[] = [];
  const picks: { fo: FulfillmentOrderRecord; lineId: number; quantity: number }[] = [];
  input.lineItemsByFulfillmentOrder.forEach((group, gi) => {
    const field = ["fulfillment", "lineItemsByFulfillmentOrder", String(gi)];
    const fo = state.owned(state.fulfillmentOrders, parseGid(group.fulfillmentOrderId, "FulfillmentOrder"), shop);
    if (!fo) return errors.push({ field: [...field, "fulfillmentOrderId"], message: "Fulfillment order does not exist." });
    if (!FULFILLABLE.has(fo.status)) {
      return errors.push({
        field: [...field, "fulfillmentOrderId"],
        message: `Fulfillment order ${group.fulfillmentOrderId} has an unfulfillable status= ${fo.status.toLowerCase()}.`,
      });
    }
    if (!group.fulfillmentOrderLineItems) {
      // Omitted line items: everything that remains on this fulfillment order.
      for (const line of fo.lineItems)
        if (line.remainingQuantity > 0) picks.push({ fo, lineId: line.id, quantity: line.remainingQuantity });
      return;
    }
    group.fulfillmentOrderLineItems.forEach((item, ii) => {
      const line = fo.lineItems.find((l) => l.id === parseGid(item.id, "FulfillmentOrderLineItem"));
      const itemField = [...field, "fulfillmentOrderLineItems", String(ii)];
      if (!line)
        return errors.push({
          field: [...itemField, "id"],
          message: "Fulfillment order line item does not exist on this fulfillment order.",
        });
      if (item.quantity <= 0 || item.quantity > line.remainingQuantity) {
        return errors.push({ field: [...itemField, "quantity"], message: "Invalid fulfillment order line item quantity requested." });
      }
      picks.push({ fo, lineId: line.id, quantity: item.quantity });
    });
  });
  const fos = [...new Set(picks.map((p) => p.fo))];
  if (new Set(fos.map((fo) => fo.orderId)).size > 1 || new Set(fos.map((fo) => fo.assignedLocationId)).size > 1) {
    errors.push({
      field: ["fulfillment"],
      message: "All fulfillment orders must belong to the same order and be assigned to the same location.",
    });
  }
  if (errors.length === 0 && picks.length === 0) errors.push({ field: ["fulfillment"], message: "Line items must be fulfillable." });
  const first = fos[0];
  if (errors.length > 0 || !first) return { userErrors: errors };

  const order = state.orders.get(first.orderId);
  const now = state.timestamp();
  const lineItems: FulfillmentLineItemRecord[] = picks.map(({ fo, lineId, quantity }) => {
    const line = fo.lineItems.find((l) => l.id === lineId);
    if (!line) throw new Error("picked line vanished");
    line.remainingQuantity -= quantity;
    if (line.inventoryItemId !== null) ship(platform, line.inventoryItemId, fo.assignedLocationId, quantity);
    return { id: state.newId(), lineItemId: line.lineItemId, fulfillmentOrderLineItemId: line.id, quantity };
  });
  for (const fo of fos) {
    fo.status = fo.lineItems.every((l) => l.remainingQuantity === 0) ? "CLOSED" : "IN_PROGRESS";
    fo.updatedAt = now;
  }
  const fulfillment: FulfillmentRecord = {
    id: state.newId(),
    shop,
    orderId: first.orderId,
    locationId: first.assignedLocationId,
    fulfillmentOrderIds: fos.map((fo) => fo.id),
    name: `${order?.name ?? "#0"}.${state.fulfillmentsOf(first.orderId).length + 1}`,
    status: "SUCCESS",
    displayStatus: "FULFILLED",
    trackingInfo: trackingFrom(input.trackingInfo),
    notifyCustomer: [input.notifyCustomer ?? false],
    message,
    originAddress: input.originAddress ?? null,
    lineItems,
    estimatedDeliveryAt: null,
    inTransitAt: null,
    deliveredAt: null,
    createdAt: now,
    updatedAt: now,
  };
  state.fulfillments.set(fulfillment.id, fulfillment);
  if (order) {
    order.updatedAt = now;
    platform.webhooks.publish(shop, "fulfillments/create", restFulfillment(state, fulfillment));
    const status = orderFulfillmentStatus(state, order);
    platform.webhooks.publish(shop, status === "fulfilled" ? "orders/fulfilled" : "orders/partially_fulfilled", restOrder(state, order));
    platform.webhooks.publish(shop, "orders/updated", restOrder(state, order));
  }
  return { fulfillment, userErrors: [] };
}

export function updateTracking(
  platform: Platform,
  fulfillment: FulfillmentRecord,
  tracking: TrackingInput,
  notifyCustomer: boolean | null,
): UserError[] {
  if (fulfillment.status !== "SUCCESS") {
    return [{ field: ["fulfillmentId"], message: "Tracking can only be updated on a successful fulfillment." }];
  }
  fulfillment.trackingInfo = trackingFrom(tracking);
  fulfillment.notifyCustomer.push(notifyCustomer ?? false);
  fulfillment.updatedAt = platform.state.timestamp();
  platform.webhooks.publish(fulfillment.shop, "fulfillments/update", restFulfillment(platform.state, fulfillment));
  return [];
}

/**
 * `POST /__emulator/fulfillments/:id/cancel`, as a merchant cancelling a fulfilment in the admin:
 * the fulfilment alone becomes CANCELLED (Shopify then refuses its tracking updates and events) and
 * `fulfillments/update` is published. Its fulfillment order and stock are left as they are: what
 * Shopify does to those is not emulated.
 */
export function cancelFulfillment(platform: Platform, fulfillment: FulfillmentRecord): FulfillmentRecord {
  fulfillment.status = "CANCELLED";
  fulfillment.displayStatus = "CANCELED";
  fulfillment.updatedAt = platform.state.timestamp();
  platform.webhooks.publish(fulfillment.shop, "fulfillments/update", restFulfillment(platform.state, fulfillment));
  return fulfillment;
}

export interface FulfillmentEventInput {
  fulfillmentId: string;
  status: FulfillmentEventStatus;
  message?: string | null;
  happenedAt?: string | null;
  estimatedDeliveryAt?: string | null;
  address1?: string | null;
  city?: string | null;
  province?: string | null;
  country?: string | null;
  zip?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export function createEvent(platform: Platform, fulfillment: FulfillmentRecord, input: FulfillmentEventInput): FulfillmentEventRecord {
  const { state } = platform;
  const now = state.timestamp();
  const event: FulfillmentEventRecord = {
    id: state.newId(),
    shop: fulfillment.shop,
    fulfillmentId: fulfillment.id,
    status: input.status,
    message: input.message ?? null,
    happenedAt: input.happenedAt ?? now,
    createdAt: now,
    estimatedDeliveryAt: input.estimatedDeliveryAt ?? null,
    address1: input.address1 ?? null,
    city: input.city ?? null,
    province: input.province ?? null,
    country: input.country ?? null,
    zip: input.zip ?? null,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
  };
  state.fulfillmentEvents.set(event.id, event);
  // The fulfilment's display status and milestones follow its latest event, as in the admin.
  fulfillment.displayStatus = event.status;
  if (event.estimatedDeliveryAt) fulfillment.estimatedDeliveryAt = event.estimatedDeliveryAt;
  if (event.status === "IN_TRANSIT" && !fulfillment.inTransitAt) fulfillment.inTransitAt = event.happenedAt;
  if (event.status === "DELIVERED") fulfillment.deliveredAt = event.happenedAt;
  fulfillment.updatedAt = now;
  platform.webhooks.publish(fulfillment.shop, "fulfillment_events/create", restFulfillmentEvent(state, event));
  platform.webhooks.publish(fulfillment.shop, "fulfillments/update", restFulfillment(state, fulfillment));
  return event;
}
