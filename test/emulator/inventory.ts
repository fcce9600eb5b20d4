/**
 * Inventory states as Shopify moves them: an order commits stock (available → committed), a
 * fulfilment ships it (committed and on_hand go down), a cancellation releases it (committed →
 * available). `inventorySetQuantities` sets available or on_hand with compare-and-set.
 */
import { ensureInventoryLevel } from "./catalogue";
import { restInventoryLevel } from "./payloads";
import type { Platform } from "./platform";
import type { EmulatorState, InventoryAdjustmentGroupRecord, InventoryChangeRecord } from "./state";

/** Only tracked items at locations that stock them move; anything else is not inventory-managed. */
function trackedLevel(state: EmulatorState, inventoryItemId: number, locationId: number) {
  if (!state.inventoryItems.get(inventoryItemId)?.tracked) return undefined;
  return state.inventoryLevel(inventoryItemId, locationId);
}

export function commit(state: EmulatorState, inventoryItemId: number, locationId: number, quantity: number): void {
  const level = trackedLevel(state, inventoryItemId, locationId);
  if (!level) return;
  level.quantities.available -= quantity;
  level.quantities.committed += quantity;
  level.updatedAt = state.timestamp();
}

export function release(state: EmulatorState, inventoryItemId: number, locationId: number, quantity: number): void {
  const level = trackedLevel(state, inventoryItemId, locationId);
  if (!level) return;
  level.quantities.available += quantity;
  level.quantities.committed -= quantity;
  level.updatedAt = state.timestamp();
}

export function ship(state: EmulatorState, inventoryItemId: number, locationId: number, quantity: number): void {
  const level = trackedLevel(state, inventoryItemId, locationId);
  if (!level) return;
  level.quantities.committed -= quantity;
  level.quantities.on_hand -= quantity;
  level.updatedAt = state.timestamp();
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
