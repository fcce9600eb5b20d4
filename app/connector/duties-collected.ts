/**
 * Whether Shopify collected duties and import taxes at checkout (delivered duty paid), apart from
 * connector/duties.ts so that the Shopify reader, which decides from it whether to read the lines'
 * duties, needs nothing of the provider's types.
 */
import type { OrderFacts } from "./fulfillment-order";
import { centsOf } from "./money";

/** The prices include them, or the order's current duties total is above zero. */
export function dutiesCollectedAtCheckout(order: Pick<OrderFacts, "dutiesIncluded" | "currentTotalDuties">): boolean {
  return order.dutiesIncluded || (order.currentTotalDuties !== null && centsOf(order.currentTotalDuties) > 0);
}
