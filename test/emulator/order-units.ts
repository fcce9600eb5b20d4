/**
 * Adding units to an order's fulfillment orders and taking unfulfilled ones off them, for order
 * edits and refunds. What a fulfillment order at a fulfillment service may undergo depends on its
 * request, as the emulator models it (docs/merchant-guide.md, "What happens when an order changes"):
 *
 *   - nobody asked yet (UNSUBMITTED), or the service said no (REJECTED), or it gave the work back
 *     (CLOSED): changed in place;
 *   - requested, not accepted (SUBMITTED): withdrawn and replaced, as `fulfillmentOrderCancel` does
 *     for SUBMITTED ones: the old fulfillment order is CLOSED (`fulfillment_orders/cancelled`), a new
 *     one with the changed quantities takes its place and is requested again;
 *   - accepted (ACCEPTED, CANCELLATION_REQUESTED, CANCELLATION_REJECTED): refused; the merchant
 *     requests cancellation first, as for a move.
 */
import {
  addLines,
  closeEmpty,
  fulfillmentOrderLines,
  newFulfillmentOrder,
  refusal,
  remainingUnits,
  requestIfAutomatic,
  type Refusal,
} from "./fulfillment-orders";
import { commit, release, ship } from "./inventory";
import { byLocation, routeOrder } from "./orders";
import { restFulfillmentOrderRef } from "./payloads";
import type { Platform } from "./platform";
import type { FulfillmentOrderRecord, LineItemRecord, OrderRecord } from "./state";

/** What one edit or refund did to fulfillment orders: SUBMITTED ones replaced (old id → copy), new ones. */
export interface FulfillmentOrderChanges {
  replacements: Map<number, FulfillmentOrderRecord>;
  created: FulfillmentOrderRecord[];
}

export function noChanges(): FulfillmentOrderChanges {
  return { replacements: new Map(), created: [] };
}

const ACCEPTED = new Set(["ACCEPTED", "CANCELLATION_REQUESTED", "CANCELLATION_REJECTED"]);
const LIVE = new Set(["OPEN", "ON_HOLD", "SCHEDULED", "IN_PROGRESS", "INCOMPLETE"]);

/** Fulfillment orders of the order still holding unfulfilled units of the line. */
function holding(platform: Platform, lineItem: LineItemRecord): FulfillmentOrderRecord[] {
  return platform.state
    .fulfillmentOrdersOf(lineItem.orderId)
    .filter((fo) => LIVE.has(fo.status) && fo.lineItems.some((l) => l.lineItemId === lineItem.id && l.remainingQuantity > 0));
}

/** Units of the line a fulfillment service has accepted: they cannot be edited or refunded away. */
export function lockedUnits(platform: Platform, lineItem: LineItemRecord): number {
  return holding(platform, lineItem)
    .filter((fo) => ACCEPTED.has(fo.requestStatus))
    .reduce((sum, fo) => sum + fo.lineItems.filter((l) => l.lineItemId === lineItem.id).reduce((s, l) => s + l.remainingQuantity, 0), 0);
}

export function unfulfilledUnits(platform: Platform, lineItem: LineItemRecord): number {
  return holding(platform, lineItem).reduce(
    (sum, fo) => sum + fo.lineItems.filter((l) => l.lineItemId === lineItem.id).reduce((s, l) => s + l.remainingQuantity, 0),
    0,
  );
}

/** A refusal when `count` unfulfilled units of the line cannot be taken without touching accepted work. */
export function checkRemovable(platform: Platform, lineItem: LineItemRecord, count: number, field: string[]): Refusal | undefined {
  const free = unfulfilledUnits(platform, lineItem) - lockedUnits(platform, lineItem);
  if (count <= free) return undefined;
  return refusal(
    `${lineItem.name}: ${lockedUnits(platform, lineItem)} unit(s) are being fulfilled by a fulfillment service that accepted the request; request cancellation of that fulfillment order first.`,
    undefined,
    field,
  );
}

/**
 * A SUBMITTED fulfillment order withdrawn from its service and replaced by an unsubmitted copy at the
 * same location (the units stay committed there). The caller changes the copy, then requests it.
 */
function replaceSubmitted(platform: Platform, fo: FulfillmentOrderRecord, changes: FulfillmentOrderChanges): FulfillmentOrderRecord {
  const known = changes.replacements.get(fo.id);
  if (known) return known;
  const order = platform.state.orders.get(fo.orderId);
  if (!order) throw new Error(`fulfillment order ${fo.id} has no order`);
  const lines = fo.lineItems
    .filter((l) => l.remainingQuantity > 0)
    .map((l) => ({ ...l, id: platform.state.newId(), totalQuantity: l.remainingQuantity }));
  const copy = newFulfillmentOrder(platform, order, fo.assignedLocationId, lines, {
    status: fo.status,
    fulfillAt: fo.fulfillAt,
    commitStock: false,
  });
  copy.holds = fo.holds;
  copy.statusBeforeHold = fo.statusBeforeHold;
  for (const line of fo.lineItems) line.remainingQuantity = 0;
  closeEmpty(platform, fo);
  platform.webhooks.publish(fo.shop, "fulfillment_orders/cancelled", {
    fulfillment_order: restFulfillmentOrderRef(fo, false),
    replacement_fulfillment_order: restFulfillmentOrderRef(copy, false),
  });
  changes.replacements.set(fo.id, copy);
  return copy;
}

/**
 * Takes `count` unfulfilled units of a line off its fulfillment orders (checked removable first).
 * `stock`: "release" puts them back to available (edits, refunds that restock), "write_off" takes
 * them off on_hand (refunds without restock: Shopify does not put them back).
 */
export function removeUnits(
  platform: Platform,
  lineItem: LineItemRecord,
  count: number,
  stock: "release" | "write_off",
  changes: FulfillmentOrderChanges,
): void {
  let left = count;
  for (const original of holding(platform, lineItem).filter((fo) => !ACCEPTED.has(fo.requestStatus))) {
    if (left === 0) break;
    const fo = original.requestStatus === "SUBMITTED" ? replaceSubmitted(platform, original, changes) : original;
    for (const line of fo.lineItems.filter((l) => l.lineItemId === lineItem.id)) {
      const take = Math.min(left, line.remainingQuantity);
      if (take === 0) continue;
      line.remainingQuantity -= take;
      line.totalQuantity -= take;
      left -= take;
      if (line.inventoryItemId !== null)
        (stock === "release" ? release : ship)(platform, line.inventoryItemId, fo.assignedLocationId, take);
    }
    fo.lineItems = fo.lineItems.filter((l) => l.totalQuantity > 0);
    fo.updatedAt = platform.state.timestamp();
    if (remainingUnits(fo) === 0) closeEmpty(platform, fo);
  }
}

/**
 * Puts new units of a line on fulfillment orders: at `locationId` when given, else routed by stock
 * like a new order. They join a changeable fulfillment order of the order at that location, or a
 * SUBMITTED one's replacement, or a new fulfillment order (requested where the shop does that).
 */
export function placeUnits(
  platform: Platform,
  order: OrderRecord,
  lineItem: LineItemRecord,
  count: number,
  locationId: number | null,
  changes: FulfillmentOrderChanges,
): void {
  const { state } = platform;
  const shop = state.shop(order.shop);
  if (!shop) return;
  const assignments =
    locationId !== null ? [{ lineItem, locationId, quantity: count }] : routeOrder(state, shop, [{ lineItem, quantity: count }]);
  for (const [at, shares] of byLocation(assignments)) {
    const lines = fulfillmentOrderLines(platform, shares);
    const here = state
      .fulfillmentOrdersOf(order.id)
      .filter((fo) => fo.assignedLocationId === at && ["OPEN", "ON_HOLD", "SCHEDULED"].includes(fo.status));
    const changeable = here.find((fo) => ["UNSUBMITTED", "REJECTED"].includes(fo.requestStatus));
    const submitted = here.find((fo) => fo.requestStatus === "SUBMITTED");
    const target = changeable ?? (submitted ? replaceSubmitted(platform, submitted, changes) : undefined);
    if (target) {
      addLines(platform, target, lines);
      for (const line of lines) if (line.inventoryItemId !== null) commit(platform, line.inventoryItemId, at, line.remainingQuantity);
    } else {
      changes.created.push(newFulfillmentOrder(platform, order, at, lines, { commitStock: true }));
    }
  }
}

/** After the change: replacements and new fulfillment orders go to their services where the shop requests automatically. */
export function requestChanged(platform: Platform, changes: FulfillmentOrderChanges): void {
  for (const fo of [...changes.replacements.values(), ...changes.created]) if (remainingUnits(fo) > 0) requestIfAutomatic(platform, fo);
}
