/**
 * `refundCreate` (idempotency key required in 2026-10, replayed like inventorySetQuantities): takes
 * units back from line items and money back from the order. Per refund line item, by restock type:
 *
 *   CANCEL         unfulfilled units only: off their fulfillment orders, stock released (available);
 *   RETURN         fulfilled units only: back on the shelf at `locationId` (else where they shipped from);
 *   NO_RESTOCK     unfulfilled units first (off their fulfillment orders, written off: committed and
 *                  on_hand go down, as nothing is put back), then fulfilled ones (no stock change);
 *   LEGACY_RESTOCK unfulfilled units as CANCEL, then fulfilled ones as RETURN.
 *
 * Units a fulfillment service accepted are refused, as for edits (order-units.ts). The order's
 * currentQuantity goes down; its financial status becomes partially_refunded or refunded when it was
 * paid (an unpaid order refunds nothing: amount 0). Then `refunds/create` and `orders/updated`.
 */
import { refusal, type Refusal } from "./fulfillment-orders";
import { restock } from "./inventory";
import { fulfilledUnits } from "./order-edits";
import { checkRemovable, noChanges, removeUnits, requestChanged, unfulfilledUnits } from "./order-units";
import { money, orderTotals, PAID_STATUSES, refundedAmount, restOrder } from "./payloads";
import { restRefund } from "./change-payloads";
import type { Platform } from "./platform";
import type { OrderRecord, RefundRecord } from "./state";

export type RestockType = RefundRecord["lineItems"][number]["restockType"];

export interface RefundInput {
  note: string | null;
  lines: { lineItemId: number | undefined; quantity: number; restockType: RestockType; locationId: number | null }[];
  /** Shipping refunded: the whole shipping charge, or an amount. */
  shipping: { fullRefund: boolean; amount: number | null } | null;
}

/** Units of a line already refunded after shipping (they cannot be returned twice). */
function returnedUnits(platform: Platform, order: OrderRecord, lineItemId: number): number {
  return platform.state
    .refundsOf(order.id)
    .flatMap((r) => r.lineItems)
    .filter(
      (l) =>
        l.lineItemId === lineItemId && (l.restockType === "RETURN" || l.restockType === "NO_RESTOCK" || l.restockType === "LEGACY_RESTOCK"),
    )
    .reduce((sum, l) => sum + l.quantity, 0);
}

function splitUnits(restockType: RestockType, quantity: number, unfulfilled: number): { unshipped: number; shipped: number } {
  if (restockType === "CANCEL") return { unshipped: quantity, shipped: 0 };
  if (restockType === "RETURN") return { unshipped: 0, shipped: quantity };
  const unshipped = Math.min(quantity, unfulfilled);
  return { unshipped, shipped: quantity - unshipped };
}

export function createRefund(platform: Platform, order: OrderRecord, input: RefundInput): RefundRecord | Refusal {
  const { state, webhooks } = platform;
  if (order.cancelledAt && input.lines.some((l) => l.restockType === "CANCEL")) {
    return refusal("The order is canceled: its unfulfilled items are already gone.", undefined, ["input", "refundLineItems"]);
  }
  const seen = new Set<number>();
  for (const [i, line] of input.lines.entries()) {
    const field = ["input", "refundLineItems", String(i)];
    const lineItem = order.lineItems.find((li) => li.id === line.lineItemId);
    if (!lineItem) return refusal("Line item does not exist on this order.", undefined, [...field, "lineItemId"]);
    if (seen.has(lineItem.id)) return refusal("A line item can be refunded once per refund.", undefined, [...field, "lineItemId"]);
    seen.add(lineItem.id);
    if (line.quantity < 1) return refusal("Quantity must be greater than 0.", undefined, [...field, "quantity"]);
    if (line.quantity > lineItem.currentQuantity) {
      return refusal(`Quantity cannot refund more items than were purchased (${lineItem.currentQuantity} left on the line).`, undefined, [
        ...field,
        "quantity",
      ]);
    }
    const unfulfilled = unfulfilledUnits(platform, lineItem);
    const shippedLeft = fulfilledUnits(platform, lineItem) - returnedUnits(platform, order, lineItem.id);
    const { unshipped, shipped } = splitUnits(line.restockType, line.quantity, unfulfilled);
    if (unshipped > unfulfilled)
      return refusal(`Only ${unfulfilled} unfulfilled unit(s) can be cancelled.`, undefined, [...field, "quantity"]);
    if (shipped > shippedLeft) return refusal(`Only ${shippedLeft} fulfilled unit(s) can be returned.`, undefined, [...field, "quantity"]);
    const locked = checkRemovable(platform, lineItem, unshipped, [...field, "lineItemId"]);
    if (locked) return locked;
    if (line.locationId !== null && !state.owned(state.locations, line.locationId, order.shop))
      return refusal("The location does not exist.", undefined, [...field, "locationId"]);
  }

  const changes = noChanges();
  const now = state.timestamp();
  const paid = PAID_STATUSES.has(order.financialStatus);
  const lineItems: RefundRecord["lineItems"] = input.lines.map((line) => {
    const lineItem = order.lineItems.find((li) => li.id === line.lineItemId);
    if (!lineItem) throw new Error("checked above");
    const { unshipped, shipped } = splitUnits(line.restockType, line.quantity, unfulfilledUnits(platform, lineItem));
    const putBack = line.restockType !== "NO_RESTOCK";
    if (unshipped > 0) removeUnits(platform, lineItem, unshipped, putBack ? "release" : "write_off", changes);
    const shippedFrom =
      state.fulfillmentsOf(order.id).find((f) => f.lineItems.some((l) => l.lineItemId === lineItem.id))?.locationId ?? null;
    const restockAt = line.locationId ?? shippedFrom;
    const item = lineItem.variantId !== null ? state.variants.get(lineItem.variantId)?.inventoryItemId : undefined;
    if (shipped > 0 && putBack && restockAt !== null && item !== undefined) restock(platform, item, restockAt, shipped);
    lineItem.currentQuantity -= line.quantity;
    const unitPrice = Number(lineItem.price) - Number(lineItem.totalDiscount) / lineItem.quantity;
    return {
      id: state.newId(),
      lineItemId: lineItem.id,
      quantity: line.quantity,
      restockType: line.restockType,
      restocked: putBack && (unshipped > 0 || (shipped > 0 && restockAt !== null)),
      locationId: putBack ? (line.locationId ?? (shipped > 0 ? restockAt : null)) : null,
      subtotal: money(paid ? unitPrice * line.quantity : 0),
    };
  });
  const shippingCharged = orderTotals(order).shipping;
  const shipping =
    !paid || !input.shipping ? 0 : input.shipping.fullRefund ? shippingCharged : Math.min(input.shipping.amount ?? 0, shippingCharged);
  const refund: RefundRecord = {
    id: state.newId(),
    shop: order.shop,
    orderId: order.id,
    note: input.note,
    createdAt: now,
    processedAt: now,
    lineItems,
    shipping: money(shipping),
    total: money(lineItems.reduce((sum, l) => sum + Number(l.subtotal), 0) + shipping),
    transactionId: state.newId(),
  };
  state.refunds.set(refund.id, refund);
  if (paid && Number(refund.total) > 0) {
    order.financialStatus = refundedAmount(state, order) >= orderTotals(order).total - 0.005 ? "refunded" : "partially_refunded";
  }
  order.updatedAt = now;
  webhooks.publish(order.shop, "refunds/create", restRefund(state, refund));
  webhooks.publish(order.shop, "orders/updated", restOrder(state, order));
  requestChanged(platform, changes);
  return refund;
}
