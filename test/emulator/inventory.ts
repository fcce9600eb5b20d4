/**
 * Inventory states as Shopify moves them: an order commits stock (available → committed), a
 * fulfilment ships it (committed and on_hand go down), a cancellation releases it (committed →
 * available), a returned unit is restocked (on_hand and available up). `inventorySetQuantities`
 * sets available or on_hand with compare-and-set.
 */
import { ensureInventoryLevel } from "./catalogue";
import { restInventoryLevel } from "./payloads";
import type { Platform } from "./platform";
import type { EmulatorState, InventoryAdjustmentGroupRecord, InventoryChangeRecord, QuantityName } from "./state";

/** Only tracked items at locations that stock them move; anything else is not inventory-managed. */
function trackedLevel(state: EmulatorState, inventoryItemId: number, locationId: number) {
  if (!state.inventoryItems.get(inventoryItemId)?.tracked) return undefined;
  return state.inventoryLevel(inventoryItemId, locationId);
}

/**
 * Moves quantities between states and tells the app (`inventory_levels/update`, which Shopify sends
 * whenever a level changes, orders included). Every move keeps on_hand = available + committed +
 * reserved + damaged + safety_stock + quality_control.
 */
function move(platform: Platform, inventoryItemId: number, locationId: number, changes: Partial<Record<QuantityName, number>>): void {
  const { state } = platform;
  const level = trackedLevel(state, inventoryItemId, locationId);
  if (!level) return;
  for (const [name, delta] of Object.entries(changes) as [QuantityName, number][]) level.quantities[name] += delta;
  level.updatedAt = state.timestamp();
  platform.webhooks.publish(level.shop, "inventory_levels/update", restInventoryLevel(level));
}

/** An order routed here: its units are promised (available → committed, on_hand unchanged). */
export function commit(platform: Platform, inventoryItemId: number, locationId: number, quantity: number): void {
  move(platform, inventoryItemId, locationId, { available: -quantity, committed: quantity });
}

/** A promise withdrawn (cancelled, edited out, moved away, refunded with restock): committed → available. */
export function release(platform: Platform, inventoryItemId: number, locationId: number, quantity: number): void {
  move(platform, inventoryItemId, locationId, { available: quantity, committed: -quantity });
}

/**
 * Units that leave the location: shipped by a fulfilment, or refunded unshipped without restocking
 * (written off). Committed and on_hand go down; available stays.
 */
export function ship(platform: Platform, inventoryItemId: number, locationId: number, quantity: number): void {
  move(platform, inventoryItemId, locationId, { committed: -quantity, on_hand: -quantity });
}

/** Returned units put back on the shelf (refund with restock type RETURN): on_hand and available up. */
export function restock(platform: Platform, inventoryItemId: number, locationId: number, quantity: number): void {
  move(platform, inventoryItemId, locationId, { available: quantity, on_hand: quantity });
}

/** Reasons Shopify accepts for inventory changes (anything else is INVALID_REASON). */
export const INVENTORY_REASONS = new Set([
  "correction",
  "cycle_count_available",
  "damaged",
  "movement_canceled",
  "movement_created",
  "movement_received",
  "movement_updated",
  "other",
  "promotion",
  "quality_control",
  "received",
  "reservation_created",
  "reservation_deleted",
  "reservation_updated",
  "restock",
  "safety_stock",
  "shrinkage",
]);

export interface QuantityToSet {
  inventoryItemId: number;
  locationId: number;
  quantity: number;
  changeFromQuantity: number | null;
}

/**
 * Applies validated absolute quantities all at once (the caller has checked every entry first, as
 * Shopify rejects the whole request on any error). Setting one of available/on_hand moves the other
 * by the same delta; other states stay.
 */
export function setQuantities(
  platform: Platform,
  shop: string,
  input: { name: "available" | "on_hand"; reason: string; referenceDocumentUri: string | null; quantities: QuantityToSet[] },
): InventoryAdjustmentGroupRecord {
  const { state, webhooks } = platform;
  const now = state.timestamp();
  const changes: InventoryChangeRecord[] = [];
  for (const q of input.quantities) {
    const level = ensureInventoryLevel(state, q.inventoryItemId, q.locationId);
    const delta = q.quantity - level.quantities[input.name];
    const other = input.name === "available" ? "on_hand" : "available";
    level.quantities[input.name] = q.quantity;
    level.quantities[other] += delta;
    level.updatedAt = now;
    const base = { inventoryItemId: q.inventoryItemId, locationId: q.locationId };
    changes.push({ ...base, name: input.name, delta, quantityAfterChange: level.quantities[input.name] });
    changes.push({ ...base, name: other, delta, quantityAfterChange: level.quantities[other] });
    webhooks.publish(shop, "inventory_levels/update", restInventoryLevel(level));
  }
  const group: InventoryAdjustmentGroupRecord = {
    id: state.newId(),
    shop,
    reason: input.reason,
    referenceDocumentUri: input.referenceDocumentUri,
    changes,
    createdAt: now,
  };
  state.adjustmentGroups.set(group.id, group);
  return group;
}
