/**
 * Stock per warehouse, kept as lots (units of a SKU received together) so operation 19 can report
 * its age. Outbound orders take the oldest units first.
 */
import type { SandboxState, SkuQuantity, StockLot } from "../state";

export function lotsOf(state: SandboxState, warehouseId: string, sku?: string): StockLot[] {
  return state.stock.filter((lot) => lot.warehouseId === warehouseId && (sku === undefined || lot.sku === sku));
}

export function available(state: SandboxState, warehouseId: string, sku: string): number {
  return lotsOf(state, warehouseId, sku).reduce((total, lot) => total + lot.quantity, 0);
}

/** Sums the quantities of lines naming the same SKU. */
export function totalsBySku(lines: readonly SkuQuantity[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.sku, (totals.get(line.sku) ?? 0) + line.quantity);
  return totals;
}

/** Takes `quantity` units, oldest lots first. The caller has checked they are available. */
export function take(state: SandboxState, warehouseId: string, sku: string, quantity: number): void {
  let left = quantity;
  const oldestFirst = lotsOf(state, warehouseId, sku).sort((a, b) => a.receivedAt - b.receivedAt);
  for (const lot of oldestFirst) {
    const taken = Math.min(lot.quantity, left);
    lot.quantity -= taken;
    left -= taken;
    if (left === 0) break;
  }
  // Emptied lots go, except the last one: it keeps the SKU listed (at zero) for the warehouse.
  state.stock = state.stock.filter(
    (lot) => lot.quantity > 0 || lot.warehouseId !== warehouseId || lot.sku !== sku || lot === oldestFirst.at(-1),
  );
}

export function receive(state: SandboxState, warehouseId: string, sku: string, quantity: number, at: number): void {
  state.stock.push({ warehouseId, sku, quantity, receivedAt: at });
}
