/**
 * Splitting, merging and moving fulfillment orders, as a merchant (or an order management app) does
 * before the work reaches anyone: only fulfillment orders no fulfillment service holds a request for.
 * Once a service has it (SUBMITTED, ACCEPTED, CANCELLATION_*), Shopify refuses to move it ("can't be
 * re-assigned without first having the fulfillment service accept a cancellation request") and the
 * emulator refuses splits and merges likewise (Shopify's documented "replacement fulfillment order"
 * for unsplittable ones is not modelled).
 *
 *   split: the named quantities leave for a new fulfillment order at the same location
 *          (`remainingFulfillmentOrder`, as the mutation's description says: "moving the specified
 *          line items and quantities into a new fulfillment order"); `fulfillment_orders/split`.
 *   merge: fulfillment orders of one order at one location join the first one named; those left
 *          empty are CLOSED; `fulfillment_orders/merged`.
 *   move:  to another location that stocks the items. Everything, with nothing fulfilled yet: the
 *          fulfillment order itself is reassigned. Some of it (or something already fulfilled):
 *          the units go to a new fulfillment order there. Committed stock moves with the units, and
 *          a fulfillment service's location gets its fulfillment request; `fulfillment_orders/moved`.
 */
import { mergedPayload, movedPayload, splitPayload } from "./change-payloads";
import {
  addLines,
  checkPicks,
  closeEmpty,
  newFulfillmentOrder,
  picksEverything,
  refusal,
  remainingUnits,
  requestIfAutomatic,
  takeLines,
  WITH_SERVICE,
  type LinePick,
  type Refusal,
} from "./fulfillment-orders";
import { commit, release } from "./inventory";
import type { Platform } from "./platform";
import type { FulfillmentOrderLineItemRecord, FulfillmentOrderRecord } from "./state";

const NOT_WITH_SERVICE = "A fulfillment service has this fulfillment order's request: it must accept a cancellation request first.";

/** States a merchant can still rearrange: nobody has been asked to do the work, or they said no. */
function rearrangeable(fo: FulfillmentOrderRecord): string | undefined {
  if (WITH_SERVICE.has(fo.requestStatus)) return NOT_WITH_SERVICE;
  if (!["OPEN", "SCHEDULED"].includes(fo.status)) return `The fulfillment order's status is ${fo.status}.`;
  return undefined;
}

export interface SplitInput {
  fo: FulfillmentOrderRecord;
  picks: LinePick[];
}

export function splitFulfillmentOrders(
  platform: Platform,
  inputs: SplitInput[],
): { fulfillmentOrder: FulfillmentOrderRecord; remainingFulfillmentOrder: FulfillmentOrderRecord }[] | Refusal {
  for (const [i, { fo, picks }] of inputs.entries()) {
    const field = ["fulfillmentOrderSplits", String(i)];
    if (picks.length === 0)
      return refusal("The fulfillment order must have at least one line item input to split.", "NO_LINE_ITEMS_PROVIDED_TO_SPLIT", [
        ...field,
        "fulfillmentOrderLineItems",
      ]);
    const notNow = rearrangeable(fo);
    if (notNow) return refusal(`The fulfillment order cannot be split: ${notNow}`, undefined, [...field, "fulfillmentOrderId"]);
    const invalid = checkPicks(fo, picks, [...field, "fulfillmentOrderLineItems"], {
      notPositive: "GREATER_THAN",
      invalid: "INVALID_LINE_ITEM_QUANTITY",
    });
    if (invalid) return invalid;
    if (picksEverything(fo, picks)) {
      return refusal("A split must leave something on the original fulfillment order.", "INVALID_LINE_ITEM_QUANTITY", [
        ...field,
        "fulfillmentOrderLineItems",
      ]);
    }
  }
  return inputs.map(({ fo, picks }) => {
    const order = platform.state.orders.get(fo.orderId);
    if (!order) throw new Error(`fulfillment order ${fo.id} has no order`);
    const lines = takeLines(platform, fo, picks);
    const split = newFulfillmentOrder(platform, order, fo.assignedLocationId, lines, {
      status: fo.status,
      fulfillAt: fo.fulfillAt,
      commitStock: false,
    });
    split.requestStatus = fo.requestStatus;
    platform.webhooks.publish(
      fo.shop,
      "fulfillment_orders/split",
      splitPayload(
        fo,
        split,
        picks.map((p) => ({ id: p.lineId, quantity: p.quantity })),
      ),
    );
    return { fulfillmentOrder: fo, remainingFulfillmentOrder: split };
  });
}

export interface MergeIntent {
  fo: FulfillmentOrderRecord;
  /** null: everything that remains on it. */
  picks: LinePick[] | null;
}

export function mergeFulfillmentOrders(
  platform: Platform,
  inputs: MergeIntent[][],
): { fulfillmentOrder: FulfillmentOrderRecord }[] | Refusal {
  for (const [i, intents] of inputs.entries()) {
    const field = ["fulfillmentOrderMergeInputs", String(i), "mergeIntents"];
    const [target] = intents;
    if (!target || intents.length < 2) return refusal("A merge needs at least two fulfillment orders.", undefined, field);
    if (new Set(intents.map((intent) => intent.fo.id)).size !== intents.length)
      return refusal("A fulfillment order is named twice in one merge.", undefined, field);
    for (const [j, { fo, picks }] of intents.entries()) {
      const at = [...field, String(j)];
      if (fo.orderId !== target.fo.orderId || fo.assignedLocationId !== target.fo.assignedLocationId) {
        return refusal("Only fulfillment orders of the same order at the same location can be merged.", undefined, [
          ...at,
          "fulfillmentOrderId",
        ]);
      }
      const notNow = rearrangeable(fo);
      if (notNow) return refusal(`The fulfillment order cannot be merged: ${notNow}`, undefined, [...at, "fulfillmentOrderId"]);
      if (fo.status !== target.fo.status)
        return refusal("Fulfillment orders of different statuses cannot be merged.", undefined, [...at, "fulfillmentOrderId"]);
      const invalid = picks
        ? checkPicks(fo, picks, [...at, "fulfillmentOrderLineItems"], {
            notPositive: "GREATER_THAN",
            invalid: "INVALID_LINE_ITEM_QUANTITY",
          })
        : undefined;
      if (invalid) return invalid;
    }
  }
  return inputs.map((intents) => {
    const [target, ...sources] = intents;
    if (!target) throw new Error("checked above");
    const record: { fulfillmentOrderId: number; lines: { id: number; quantity: number }[] }[] = [];
    for (const { fo, picks } of intents) {
      const taking =
        picks ?? fo.lineItems.filter((l) => l.remainingQuantity > 0).map((l) => ({ lineId: l.id, quantity: l.remainingQuantity }));
      record.push({ fulfillmentOrderId: fo.id, lines: taking.map((p) => ({ id: p.lineId, quantity: p.quantity })) });
      if (fo === target.fo) continue;
      addLines(platform, target.fo, takeLines(platform, fo, taking));
      if (remainingUnits(fo) === 0) closeEmpty(platform, fo);
    }
    if (sources.length > 0) platform.webhooks.publish(target.fo.shop, "fulfillment_orders/merged", mergedPayload(record, target.fo));
    return { fulfillmentOrder: target.fo };
  });
}

function moveStock(platform: Platform, lines: FulfillmentOrderLineItemRecord[], from: number, to: number): void {
  for (const line of lines) {
    if (line.inventoryItemId === null || line.remainingQuantity === 0) continue;
    release(platform, line.inventoryItemId, from, line.remainingQuantity);
    commit(platform, line.inventoryItemId, to, line.remainingQuantity);
  }
}

export function moveFulfillmentOrder(
  platform: Platform,
  fo: FulfillmentOrderRecord,
  locationId: number | undefined,
  picks: LinePick[] | null,
): { original: FulfillmentOrderRecord; moved: FulfillmentOrderRecord } | Refusal {
  const { state } = platform;
  const location = state.owned(state.locations, locationId, fo.shop);
  if (!location?.isActive) return refusal("The location does not exist or is not active.", undefined, ["newLocationId"]);
  if (location.id === fo.assignedLocationId)
    return refusal("The fulfillment order is already assigned to this location.", undefined, ["newLocationId"]);
  if (fo.status === "CLOSED" || fo.status === "CANCELLED")
    return refusal(`A ${fo.status} fulfillment order cannot be moved.`, undefined, ["id"]);
  if (WITH_SERVICE.has(fo.requestStatus)) return refusal(`The fulfillment order cannot be moved: ${NOT_WITH_SERVICE}`, undefined, ["id"]);
  if (picks) {
    const invalid = checkPicks(fo, picks, ["fulfillmentOrderLineItems"], {});
    if (invalid) return invalid;
  }
  const moving = picks ?? fo.lineItems.filter((l) => l.remainingQuantity > 0).map((l) => ({ lineId: l.id, quantity: l.remainingQuantity }));
  const notStocked = moving
    .map((p) => fo.lineItems.find((l) => l.id === p.lineId))
    .filter(
      (line) =>
        line?.inventoryItemId != null &&
        state.inventoryItems.get(line.inventoryItemId)?.tracked &&
        !state.inventoryLevel(line.inventoryItemId, location.id),
    );
  if (notStocked.length > 0) {
    const skus = notStocked.map(
      (line) => (line?.variantId != null ? state.variants.get(line.variantId)?.sku : null) ?? "an item without SKU",
    );
    return refusal(`The destination location doesn't stock the requested inventory item: ${skus.join(", ")}.`, undefined, [
      "newLocationId",
    ]);
  }

  const from = fo.assignedLocationId;
  const nothingFulfilled = fo.lineItems.every((l) => l.totalQuantity === l.remainingQuantity);
  let moved: FulfillmentOrderRecord;
  if (nothingFulfilled && picksEverything(fo, moving)) {
    moveStock(platform, fo.lineItems, from, location.id);
    fo.assignedLocationId = location.id;
    fo.requestStatus = "UNSUBMITTED";
    if (fo.status === "INCOMPLETE") fo.status = "OPEN";
    fo.updatedAt = state.timestamp();
    moved = fo;
  } else {
    const order = state.orders.get(fo.orderId);
    if (!order) throw new Error(`fulfillment order ${fo.id} has no order`);
    const lines = takeLines(platform, fo, moving);
    moveStock(platform, lines, from, location.id);
    moved = newFulfillmentOrder(platform, order, location.id, lines, {
      status: fo.status === "SCHEDULED" ? "SCHEDULED" : "OPEN",
      fulfillAt: fo.fulfillAt,
      commitStock: false,
    });
    if (remainingUnits(fo) === 0) closeEmpty(platform, fo);
  }
  platform.webhooks.publish(
    fo.shop,
    "fulfillment_orders/moved",
    movedPayload(fo, from, moved, picks?.map((p) => ({ id: p.lineId, quantity: p.quantity })) ?? null),
  );
  requestIfAutomatic(platform, moved);
  return { original: fo, moved };
}
