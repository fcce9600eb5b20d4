/** Business checks shared by several operations, answered as 400s naming the field. */
import { invalid, type ErrorEntry } from "../errors";
import type { SandboxState } from "../state";
import { findWarehouse, warehouses, type Warehouse } from "../world";

export function requireWarehouse(warehouseId: string, field = "WarehouseId"): Warehouse {
  const warehouse = findWarehouse(warehouseId);
  if (warehouse === undefined) {
    throw invalid(field, `unknown warehouse ${warehouseId}; known: ${warehouses.map((w) => w.id).join(", ")}`);
  }
  return warehouse;
}

/** One error per line naming a SKU that has not been registered (operation 16 or the seeded catalogue). */
export function unregisteredSkus(state: SandboxState, lines: readonly { readonly field: string; readonly sku: string }[]): ErrorEntry[] {
  return lines
    .filter((line) => !state.skus.has(line.sku))
    .map((line) => ({ Code: line.field, Message: `SKU ${line.sku} is not registered; create it first (merchant SKU)` }));
}
