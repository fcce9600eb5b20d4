/**
 * Fulfillment holds (`fulfillmentOrderHold`, `fulfillmentOrderReleaseHold`) as 2026-10 documents
 * them: an OPEN or already held fulfillment order takes up to 10 holds per app, each with a handle
 * unique among them ("" when none is given, so a second hold needs a handle); naming line items
 * holds only those and splits the rest off into a new OPEN fulfillment order (not possible once
 * held). The first hold makes it ON_HOLD; releasing the last restores the status it had and, at a
 * fulfillment service's location of a shop that requests automatically, sends the request.
 *
 * A fulfillment order whose request a service has (SUBMITTED) is still OPEN and may be held: the
 * request stays SUBMITTED but the service cannot accept it until the hold is released. One the
 * service accepted is IN_PROGRESS and cannot be held: the merchant requests cancellation instead.
 */
import { foStatusRef, holdEventPayload, placedOnHoldPayload } from "./change-payloads";
import {
  checkPicks,
  newFulfillmentOrder,
  picksEverything,
  refusal,
  requestIfAutomatic,
  takeLines,
  type LinePick,
  type Refusal,
} from "./fulfillment-orders";
import type { Platform } from "./platform";
import type { FulfillmentHoldRecord, FulfillmentOrderRecord } from "./state";

export const MAX_HOLDS_PER_APP = 10;

export interface HoldInput {
  reason: string;
  reasonNotes: string | null;
  handle: string;
  externalId: string | null;
  notifyMerchant: boolean;
  /** Only these units are held; the rest goes to a new fulfillment order. */
  lineItems: LinePick[] | null;
}

export function placeHold(
  platform: Platform,
  fo: FulfillmentOrderRecord,
  input: HoldInput,
): { hold: FulfillmentHoldRecord; remaining: FulfillmentOrderRecord | null } | Refusal {
  const { state, webhooks } = platform;
  if (fo.status !== "OPEN" && fo.status !== "ON_HOLD") {
    return refusal(
      `The fulfillment order's status is ${fo.status}: only OPEN or ON_HOLD fulfillment orders can be placed on hold.`,
      undefined,
      ["id"],
    );
  }
  if (fo.holds.some((h) => h.handle === input.handle)) {
    return refusal(
      `The handle "${input.handle}" is already used by another hold of this app on this fulfillment order.`,
      "DUPLICATE_FULFILLMENT_HOLD_HANDLE",
      ["fulfillmentHold", "handle"],
    );
  }
  if (fo.holds.length >= MAX_HOLDS_PER_APP) {
    return refusal(`An app can have at most ${MAX_HOLDS_PER_APP} holds on a fulfillment order.`, "FULFILLMENT_ORDER_HOLD_LIMIT_REACHED", [
      "id",
    ]);
  }
  const picks = input.lineItems ?? [];
  const partial = picks.length > 0 && !picksEverything(fo, picks);
  if (picks.length > 0) {
    const invalid = checkPicks(fo, picks, ["fulfillmentHold", "fulfillmentOrderLineItems"], {
      duplicate: "DUPLICATED_FULFILLMENT_ORDER_LINE_ITEMS",
      notPositive: "GREATER_THAN_ZERO",
      invalid: "INVALID_LINE_ITEM_QUANTITY",
    });
    if (invalid) return invalid;
    if (partial && (fo.status === "ON_HOLD" || fo.requestStatus === "SUBMITTED")) {
      return refusal("The fulfillment order is not in a splittable state.", "FULFILLMENT_ORDER_NOT_SPLITTABLE", [
        "fulfillmentHold",
        "fulfillmentOrderLineItems",
      ]);
    }
  }

  let remaining: FulfillmentOrderRecord | null = null;
  if (partial) {
    // The held units stay on this fulfillment order; everything else leaves for a new OPEN one.
    const rest = fo.lineItems.flatMap((line) => {
      const held = picks.filter((p) => p.lineId === line.id).reduce((sum, p) => sum + p.quantity, 0);
      return line.remainingQuantity > held ? [{ lineId: line.id, quantity: line.remainingQuantity - held }] : [];
    });
    const order = state.orders.get(fo.orderId);
    if (order) {
      remaining = newFulfillmentOrder(platform, order, fo.assignedLocationId, takeLines(platform, fo, rest), {
        fulfillAt: fo.fulfillAt,
        commitStock: false,
      });
      remaining.requestStatus = fo.requestStatus;
    }
  }
  const hold: FulfillmentHoldRecord = {
    id: state.newId(),
    reason: input.reason,
    reasonNotes: input.reasonNotes,
    handle: input.handle,
    externalId: input.externalId,
    notifyMerchant: input.notifyMerchant,
    createdAt: state.timestamp(),
  };
  fo.holds.push(hold);
  if (fo.status !== "ON_HOLD") {
    fo.statusBeforeHold = fo.status;
    fo.status = "ON_HOLD";
  }
  fo.updatedAt = hold.createdAt;
  const held = fo.lineItems.map((l) => ({ id: l.id, quantity: l.remainingQuantity }));
  webhooks.publish(fo.shop, "fulfillment_orders/placed_on_hold", placedOnHoldPayload(fo, remaining, held, hold));
  webhooks.publish(fo.shop, "fulfillment_holds/added", holdEventPayload(fo, hold));
  return { hold, remaining };
}

/**
 * Releases the named holds (all when none are named: Shopify warns that this releases holds of other
 * apps too). Holds of other fulfillment orders are not released.
 */
export function releaseHolds(platform: Platform, fo: FulfillmentOrderRecord, holdIds: number[] | null): Refusal | undefined {
  const { webhooks } = platform;
  if (fo.status !== "ON_HOLD") return refusal(`The fulfillment order is not on hold (status ${fo.status}).`, undefined, ["id"]);
  const releasing = holdIds === null ? fo.holds : fo.holds.filter((h) => holdIds.includes(h.id));
  if (releasing.length === 0) return refusal("None of the given holds is on this fulfillment order.", undefined, ["holdIds"]);
  fo.holds = fo.holds.filter((h) => !releasing.includes(h));
  fo.updatedAt = platform.state.timestamp();
  for (const hold of releasing) webhooks.publish(fo.shop, "fulfillment_holds/released", holdEventPayload(fo, hold));
  if (fo.holds.length === 0) {
    fo.status = fo.statusBeforeHold ?? "OPEN";
    fo.statusBeforeHold = null;
    webhooks.publish(fo.shop, "fulfillment_orders/hold_released", { fulfillment_order: foStatusRef(fo) });
    requestIfAutomatic(platform, fo);
  }
  return undefined;
}
