/**
 * The shop's rules for orders that wait (Settings > Orders and after sending: unpaid orders,
 * high-risk orders, company orders on payment terms) changed: the shipments those rules hold are
 * planned again under the new ones, so a merchant who lets net terms ship sees the waiting company
 * orders go without pressing Retry on each. They are woken by the shop's wake job, as a scheduled
 * one is when its date comes (scheduled-wake.server.ts).
 */
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import type { ShopSettings } from "~/stores/shops/shop-settings";
import { queueWaitingShipments } from "../queue/stages.server";

/** The waits the shop's settings decide (plan-package's WaitCode); Shopify's holds and dates are not theirs. */
export const WAITS_BY_SETTINGS = ["AWAITING_PAYMENT", "HIGH_RISK"] as const;

function sameRules(a: ShopSettings["orders"], b: ShopSettings["orders"]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** When the rules changed: the shipments they hold are due for the wake job now. Returns how many. */
export async function wakeShipmentsHeldBySettings(
  db: DatabaseOrTransaction,
  shop: string,
  before: ShopSettings["orders"],
  after: ShopSettings["orders"],
  now: Date,
): Promise<number> {
  if (sameRules(before, after)) return 0;
  const { count } = await db.shipment.updateMany({
    where: { shop, state: "HELD", lastErrorCode: { in: [...WAITS_BY_SETTINGS] } },
    data: { waitUntil: now },
  });
  if (count > 0) await queueWaitingShipments(db, shop, now);
  return count;
}
