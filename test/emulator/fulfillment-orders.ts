/**
 * Fulfillment orders: how they are made (routing, splits, moves, edits all go through
 * `newFulfillmentOrder`, which commits the stock) and the state machine of the fulfillment-service
 * path, with the webhooks and notifications each transition makes Shopify send.
 *
 *   OPEN/UNSUBMITTED --request--> OPEN/SUBMITTED --accept--> IN_PROGRESS/ACCEPTED --fulfil all--> CLOSED
 *                                       \--reject--> OPEN/REJECTED            \--close--> INCOMPLETE/CLOSED
 *   SUBMITTED|ACCEPTED --merchant cancels--> CANCELLATION_REQUESTED
 *        --accept--> CLOSED/CANCELLATION_ACCEPTED     --reject--> IN_PROGRESS/CANCELLATION_REJECTED
 *   INCOMPLETE/CLOSED --request again--> OPEN/SUBMITTED
 *
 * Holds (holds.ts) and scheduling (scheduled.ts) put OPEN ones aside and back. Each transition
 * returns an error message (becomes a userError) or undefined on success.
 */
import { commit, release } from "./inventory";
import type { Platform } from "./platform";
import { restFulfillmentOrderRef } from "./payloads";
import type { FulfillmentOrderLineItemRecord, FulfillmentOrderRecord, FulfillmentOrderStatus, LineItemRecord, OrderRecord } from "./state";
import type { DeliveryMode } from "./webhooks";

function touch(platform: Platform, fo: FulfillmentOrderRecord): string {
  fo.updatedAt = platform.state.timestamp();
  return fo.updatedAt;
}

/** A share of a line item to put on a fulfillment order. */
export interface LineShare {
  lineItem: LineItemRecord;
  quantity: number;
}

/** Lines for a fulfillment order, each pointing at its order line, variant and inventory item. */
export function fulfillmentOrderLines(platform: Platform, shares: LineShare[]): FulfillmentOrderLineItemRecord[] {
  const { state } = platform;
  return shares.map(({ lineItem, quantity }) => {
    const variant = lineItem.variantId !== null ? state.variants.get(lineItem.variantId) : undefined;
    return {
      id: state.newId(),
      lineItemId: lineItem.id,
      totalQuantity: quantity,
      remainingQuantity: quantity,
      inventoryItemId: variant?.inventoryItemId ?? null,
      variantId: variant?.id ?? null,
    };
  });
}

/**
 * A new fulfillment order of `order` at a location. With `commitStock` its units are committed
 * there (new work); without, the caller moves lines that are already committed at this location.
 */
export function newFulfillmentOrder(
  platform: Platform,
  order: OrderRecord,
  locationId: number,
  lineItems: FulfillmentOrderLineItemRecord[],
  options: { status?: FulfillmentOrderStatus; fulfillAt?: string | null; commitStock: boolean },
): FulfillmentOrderRecord {
  const { state } = platform;
  const now = state.timestamp();
  const fo: FulfillmentOrderRecord = {
    id: state.newId(),
    shop: order.shop,
    orderId: order.id,
    assignedLocationId: locationId,
    status: options.status ?? "OPEN",
    requestStatus: "UNSUBMITTED",
    lineItems,
    destination: order.shippingAddress ? { ...order.shippingAddress, id: state.newId(), email: order.email } : null,
    merchantRequests: [],
    lastResponse: null,
    holds: [],
    statusBeforeHold: null,
    fulfillAt: options.fulfillAt === undefined ? now : options.fulfillAt,
    createdAt: now,
    updatedAt: now,
  };
  state.fulfillmentOrders.set(fo.id, fo);
  if (options.commitStock) {
    for (const line of lineItems) {
      if (line.inventoryItemId !== null) commit(platform, line.inventoryItemId, locationId, line.remainingQuantity);
    }
  }
  return fo;
}

/**
 * Takes unfulfilled quantities off a fulfillment order's lines (for a split, merge, move or partial
 * hold) and returns them as new lines; lines left with nothing are dropped from the original.
 */
export function takeLines(
  platform: Platform,
  fo: FulfillmentOrderRecord,
  picks: { lineId: number; quantity: number }[],
): FulfillmentOrderLineItemRecord[] {
  const taken: FulfillmentOrderLineItemRecord[] = [];
  for (const { lineId, quantity } of picks) {
    const line = fo.lineItems.find((l) => l.id === lineId);
    if (!line || quantity <= 0) continue;
    line.totalQuantity -= quantity;
    line.remainingQuantity -= quantity;
    taken.push({ ...line, id: platform.state.newId(), totalQuantity: quantity, remainingQuantity: quantity });
  }
  fo.lineItems = fo.lineItems.filter((l) => l.totalQuantity > 0);
  touch(platform, fo);
  return taken;
}

/** Adds lines to a fulfillment order, joining those of the same order line. */
export function addLines(platform: Platform, fo: FulfillmentOrderRecord, lines: FulfillmentOrderLineItemRecord[]): void {
  for (const line of lines) {
    const same = fo.lineItems.find((l) => l.lineItemId === line.lineItemId);
    if (same) {
      same.totalQuantity += line.totalQuantity;
      same.remainingQuantity += line.remainingQuantity;
    } else fo.lineItems.push(line);
  }
  touch(platform, fo);
}

export function remainingUnits(fo: FulfillmentOrderRecord): number {
  return fo.lineItems.reduce((sum, l) => sum + l.remainingQuantity, 0);
}

/** Closed with nothing left to do (merged away, moved away, edited to nothing). */
export function closeEmpty(platform: Platform, fo: FulfillmentOrderRecord): void {
  fo.status = "CLOSED";
  fo.holds = [];
  touch(platform, fo);
}

/** Statuses in which a fulfillment service holds the work and the merchant may not take it back. */
export const WITH_SERVICE = new Set(["SUBMITTED", "ACCEPTED", "CANCELLATION_REQUESTED", "CANCELLATION_REJECTED"]);

/**
 * Shopify requests fulfillment from a fulfillment service when the merchant's settings say so: at
 * order creation, and whenever a fulfillment order at such a location becomes OPEN and unsubmitted
 * again (a hold released, a scheduled one due, a move to the service's location).
 */
export function requestIfAutomatic(platform: Platform, fo: FulfillmentOrderRecord, mode: DeliveryMode = {}): void {
  const shop = platform.state.shop(fo.shop);
  if (!shop?.autoRequestFulfillment || fo.status !== "OPEN" || fo.requestStatus !== "UNSUBMITTED") return;
  if (!platform.state.fulfillmentServiceAt(fo.assignedLocationId)) return;
  submitFulfillmentRequest(platform, fo, { message: null, notifyCustomer: false }, mode);
}

export function submitFulfillmentRequest(
  platform: Platform,
  fo: FulfillmentOrderRecord,
  request: { message: string | null; notifyCustomer: boolean },
  mode: DeliveryMode = {},
): string | undefined {
  const { state, webhooks } = platform;
  const service = state.fulfillmentServiceAt(fo.assignedLocationId);
  if (!service) return "Fulfillment order is not assigned to a fulfillment service location.";
  // After a service closed it (INCOMPLETE/CLOSED) the merchant may ask the same service again.
  const again = fo.status === "INCOMPLETE" && fo.requestStatus === "CLOSED";
  if (!again && (fo.status !== "OPEN" || !["UNSUBMITTED", "REJECTED"].includes(fo.requestStatus))) {
    return "Fulfillment request cannot be submitted for this fulfillment order.";
  }
  const original = restFulfillmentOrderRef(fo);
  const merchantRequest = {
    id: state.newId(),
    kind: "FULFILLMENT_REQUEST" as const,
    message: request.message,
    requestOptions: { notify_customer: request.notifyCustomer },
    responseData: null,
    sentAt: touch(platform, fo),
  };
  fo.merchantRequests.push(merchantRequest);
  fo.status = "OPEN";
  fo.requestStatus = "SUBMITTED";
  webhooks.publish(
    fo.shop,
    "fulfillment_orders/fulfillment_request_submitted",
    {
      original_fulfillment_order: original,
      submitted_fulfillment_order: restFulfillmentOrderRef(fo),
      fulfillment_order_merchant_request: {
        id: `gid://shopify/FulfillmentOrderMerchantRequest/${merchantRequest.id}`,
        message: request.message,
      },
    },
    mode,
  );
  // callbackUrl is optional since 2026-01: a service without one learns of requests from webhooks.
  if (service.callbackUrl) webhooks.notifyFulfillmentService(fo.shop, service.callbackUrl, "FULFILLMENT_REQUEST");
  return undefined;
}

/** The service's answer, kept on the request it answers (FulfillmentOrderMerchantRequest.responseData). */
function recordResponse(
  fo: FulfillmentOrderRecord,
  kind: "FULFILLMENT_REQUEST" | "CANCELLATION_REQUEST",
  data: Record<string, unknown>,
): void {
  const request = fo.merchantRequests.filter((r) => r.kind === kind).at(-1);
  if (request) request.responseData = data;
}

export function acceptFulfillmentRequest(
  platform: Platform,
  fo: FulfillmentOrderRecord,
  response: { message: string | null; estimatedShippedAt: string | null },
): string | undefined {
  if (fo.requestStatus !== "SUBMITTED") {
    return `Cannot accept a fulfillment request of a fulfillment order whose request status is ${fo.requestStatus}.`;
  }
  if (fo.status === "ON_HOLD") return "Cannot accept a fulfillment request of a fulfillment order that is on hold.";
  fo.status = "IN_PROGRESS";
  fo.requestStatus = "ACCEPTED";
  fo.lastResponse = {
    action: "ACCEPT_FULFILLMENT_REQUEST",
    message: response.message,
    estimatedShippedAt: response.estimatedShippedAt,
    at: touch(platform, fo),
  };
  recordResponse(fo, "FULFILLMENT_REQUEST", { message: response.message, estimated_shipped_at: response.estimatedShippedAt });
  platform.webhooks.publish(fo.shop, "fulfillment_orders/fulfillment_request_accepted", {
    fulfillment_order: restFulfillmentOrderRef(fo),
    message: response.message,
  });
  return undefined;
}

export function rejectFulfillmentRequest(
  platform: Platform,
  fo: FulfillmentOrderRecord,
  response: { message: string | null; reason: string | null; lineItems: { fulfillmentOrderLineItemId: number; message: string | null }[] },
): string | undefined {
  if (fo.requestStatus !== "SUBMITTED") {
    return `Cannot reject a fulfillment request of a fulfillment order whose request status is ${fo.requestStatus}.`;
  }
  fo.status = fo.status === "ON_HOLD" ? "ON_HOLD" : "OPEN";
  fo.requestStatus = "REJECTED";
  fo.lastResponse = { action: "REJECT_FULFILLMENT_REQUEST", ...response, at: touch(platform, fo) };
  recordResponse(fo, "FULFILLMENT_REQUEST", {
    message: response.message,
    reason: response.reason,
    line_items: response.lineItems.map((l) => ({
      fulfillment_order_line_item_id: `gid://shopify/FulfillmentOrderLineItem/${l.fulfillmentOrderLineItemId}`,
      message: l.message,
    })),
  });
  platform.webhooks.publish(fo.shop, "fulfillment_orders/fulfillment_request_rejected", {
    fulfillment_order: restFulfillmentOrderRef(fo),
    message: response.message,
  });
  return undefined;
}

export function acceptCancellationRequest(platform: Platform, fo: FulfillmentOrderRecord, message: string | null): string | undefined {
  if (fo.requestStatus !== "CANCELLATION_REQUESTED") {
    return `Cannot accept a cancellation request of a fulfillment order whose request status is ${fo.requestStatus}.`;
  }
  // Shopify's example payload for this topic shows the fulfillment order CLOSED afterwards.
  fo.status = "CLOSED";
  fo.requestStatus = "CANCELLATION_ACCEPTED";
  fo.lastResponse = { action: "ACCEPT_CANCELLATION_REQUEST", message, at: touch(platform, fo) };
  recordResponse(fo, "CANCELLATION_REQUEST", { message });
  releaseRemaining(platform, fo);
  platform.webhooks.publish(fo.shop, "fulfillment_orders/cancellation_request_accepted", {
    fulfillment_order: restFulfillmentOrderRef(fo, false),
    message,
  });
  return undefined;
}

export function rejectCancellationRequest(platform: Platform, fo: FulfillmentOrderRecord, message: string | null): string | undefined {
  if (fo.requestStatus !== "CANCELLATION_REQUESTED") {
    return `Cannot reject a cancellation request of a fulfillment order whose request status is ${fo.requestStatus}.`;
  }
  fo.status = "IN_PROGRESS";
  fo.requestStatus = "CANCELLATION_REJECTED";
  fo.lastResponse = { action: "REJECT_CANCELLATION_REQUEST", message, at: touch(platform, fo) };
  recordResponse(fo, "CANCELLATION_REQUEST", { message });
  platform.webhooks.publish(fo.shop, "fulfillment_orders/cancellation_request_rejected", {
    fulfillment_order: restFulfillmentOrderRef(fo),
    message,
  });
  return undefined;
}

/**
 * `fulfillmentOrderClose`: the service that accepted the work gives it back unfinished. The
 * fulfillment order is INCOMPLETE with request status CLOSED; its units stay committed at the
 * location while the merchant decides (request again, move, refund). Shopify tells the merchant's
 * side with `fulfillment_orders/fulfillment_service_failed_to_complete`.
 */
export function closeFulfillmentOrder(platform: Platform, fo: FulfillmentOrderRecord, message: string | null): string | undefined {
  if (!platform.state.fulfillmentServiceAt(fo.assignedLocationId))
    return "The fulfillment order is not assigned to a fulfillment service location.";
  if (fo.status !== "IN_PROGRESS" || !["ACCEPTED", "CANCELLATION_REJECTED"].includes(fo.requestStatus)) {
    return `Cannot close a fulfillment order whose status is ${fo.status} and request status ${fo.requestStatus}: only an accepted, in-progress one can be closed.`;
  }
  fo.status = "INCOMPLETE";
  fo.requestStatus = "CLOSED";
  fo.lastResponse = { action: "CLOSE", message, at: touch(platform, fo) };
  platform.webhooks.publish(fo.shop, "fulfillment_orders/fulfillment_service_failed_to_complete", {
    fulfillment_order: restFulfillmentOrderRef(fo, false),
    message,
  });
  return undefined;
}

/** Cancelled outright (nothing was requested from a service): stock is released. */
export function cancelFulfillmentOrder(platform: Platform, fo: FulfillmentOrderRecord, mode: DeliveryMode = {}): void {
  fo.status = "CANCELLED";
  fo.holds = [];
  touch(platform, fo);
  releaseRemaining(platform, fo);
  platform.webhooks.publish(
    fo.shop,
    "fulfillment_orders/cancelled",
    { fulfillment_order: restFulfillmentOrderRef(fo, false), replacement_fulfillment_order: null },
    mode,
  );
}

function releaseRemaining(platform: Platform, fo: FulfillmentOrderRecord): void {
  for (const line of fo.lineItems) {
    if (line.inventoryItemId !== null && line.remainingQuantity > 0) {
      release(platform, line.inventoryItemId, fo.assignedLocationId, line.remainingQuantity);
    }
    line.remainingQuantity = 0;
  }
}

/** Why Shopify refuses a change: a userError's message, and its code and field where it has them. */
export interface Refusal {
  refused: true;
  message: string;
  code?: string;
  field?: string[];
}

export function refusal(message: string, code?: string, field?: string[]): Refusal {
  return { refused: true, message, ...(code ? { code } : {}), ...(field ? { field } : {}) };
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && "refused" in value;
}

/** Line items and quantities named by the app, checked against a fulfillment order. */
export interface LinePick {
  lineId: number;
  quantity: number;
}

/**
 * Checks picks against what remains on the fulfillment order: known lines, no line twice, positive
 * quantities within what remains. `codes` are the mutation's own error codes for each failure.
 */
export function checkPicks(
  fo: FulfillmentOrderRecord,
  picks: LinePick[],
  field: string[],
  codes: { duplicate?: string; notPositive?: string; invalid?: string },
): Refusal | undefined {
  const seen = new Set<number>();
  for (const [i, pick] of picks.entries()) {
    const at = [...field, String(i)];
    if (seen.has(pick.lineId)) return refusal("The fulfillment order line items are not unique.", codes.duplicate ?? codes.invalid, at);
    seen.add(pick.lineId);
    const line = fo.lineItems.find((l) => l.id === pick.lineId);
    if (!line) return refusal("Fulfillment order line item does not exist on this fulfillment order.", codes.invalid, [...at, "id"]);
    if (pick.quantity <= 0)
      return refusal("The fulfillment order line item quantity must be greater than 0.", codes.notPositive ?? codes.invalid, [
        ...at,
        "quantity",
      ]);
    if (pick.quantity > line.remainingQuantity) {
      return refusal(
        `The fulfillment order line item quantity is invalid: ${pick.quantity} requested, ${line.remainingQuantity} remaining.`,
        codes.invalid,
        [...at, "quantity"],
      );
    }
  }
  return undefined;
}

/** True when the picks take every unit that remains on the fulfillment order. */
export function picksEverything(fo: FulfillmentOrderRecord, picks: LinePick[]): boolean {
  return fo.lineItems.every(
    (line) => line.remainingQuantity === picks.filter((p) => p.lineId === line.id).reduce((sum, p) => sum + p.quantity, 0),
  );
}
