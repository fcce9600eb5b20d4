/**
 * The fulfillment-order state machine of the fulfillment-service path, with the webhooks and
 * notifications each transition makes Shopify send.
 *
 *   OPEN/UNSUBMITTED --request--> OPEN/SUBMITTED --accept--> IN_PROGRESS/ACCEPTED --fulfil all--> CLOSED
 *                                       \--reject--> OPEN/REJECTED
 *   SUBMITTED|ACCEPTED --merchant cancels--> CANCELLATION_REQUESTED
 *        --accept--> CLOSED/CANCELLATION_ACCEPTED     --reject--> IN_PROGRESS/CANCELLATION_REJECTED
 *
 * Each function returns an error message (becomes a userError) or undefined on success.
 */
import { release } from "./inventory";
import type { Platform } from "./platform";
import { restFulfillmentOrderRef } from "./payloads";
import type { FulfillmentOrderRecord } from "./state";
import type { DeliveryMode } from "./webhooks";

function touch(platform: Platform, fo: FulfillmentOrderRecord): string {
  fo.updatedAt = platform.state.timestamp();
  return fo.updatedAt;
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
  if (fo.status !== "OPEN" || !["UNSUBMITTED", "REJECTED"].includes(fo.requestStatus)) {
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

export function acceptFulfillmentRequest(platform: Platform, fo: FulfillmentOrderRecord, message: string | null): string | undefined {
  if (fo.requestStatus !== "SUBMITTED") {
    return `Cannot accept a fulfillment request of a fulfillment order whose request status is ${fo.requestStatus}.`;
  }
  fo.status = "IN_PROGRESS";
  fo.requestStatus = "ACCEPTED";
  fo.lastResponse = { action: "ACCEPT_FULFILLMENT_REQUEST", message, at: touch(platform, fo) };
  platform.webhooks.publish(fo.shop, "fulfillment_orders/fulfillment_request_accepted", {
    fulfillment_order: restFulfillmentOrderRef(fo),
    message,
  });
  return undefined;
}

export function rejectFulfillmentRequest(
  platform: Platform,
  fo: FulfillmentOrderRecord,
  response: { message: string | null; reason: string | null },
): string | undefined {
  if (fo.requestStatus !== "SUBMITTED") {
    return `Cannot reject a fulfillment request of a fulfillment order whose request status is ${fo.requestStatus}.`;
  }
  fo.status = "OPEN";
  fo.requestStatus = "REJECTED";
  fo.lastResponse = { action: "REJECT_FULFILLMENT_REQUEST", message: response.message, reason: response.reason, at: touch(platform, fo) };
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
  platform.webhooks.publish(fo.shop, "fulfillment_orders/cancellation_request_rejected", {
    fulfillment_order: restFulfillmentOrderRef(fo),
    message,
  });
  return undefined;
}

/** Cancelled outright (nothing was requested from a service): stock is released. */
export function cancelFulfillmentOrder(platform: Platform, fo: FulfillmentOrderRecord, mode: DeliveryMode = {}): void {
  fo.status = "CANCELLED";
  touch(platform, fo);
  releaseRemaining(platform, fo);
  platform.webhooks.publish(fo.shop, "fulfillment_orders/cancelled", { fulfillment_order: restFulfillmentOrderRef(fo, false) }, mode);
}

function releaseRemaining(platform: Platform, fo: FulfillmentOrderRecord): void {
  for (const line of fo.lineItems) {
    if (line.inventoryItemId !== null && line.remainingQuantity > 0) {
      release(platform, line.inventoryItemId, fo.assignedLocationId, line.remainingQuantity);
    }
    line.remainingQuantity = 0;
  }
}
