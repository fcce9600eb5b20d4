/**
 * Home's shipping costs per month, kept as they are reported rather than added up on each load
 * (decision 0050): ShippingCostMonth holds a shop's totals per month (UTC) and currency, and every
 * write of a shipment's costs moves them in the same transaction, taking the costs it had out of
 * their month before adding the new ones to theirs. The writes: `transition` and `transitionEach`
 * when their changes carry costs (a poll finding a package created), and `updateShipmentCosts`
 * (Refresh from the provider). What Home reads equals `costsPerMonth` over the shipments' rows.
 */
import type { Prisma } from "@prisma/client";
import { byCurrency, monthCostsOf, type MonthCosts } from "~/connector/shipping-costs";
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";

/** A shipment's costs as stored, with whose they are. */
export interface StoredCosts {
  id: string;
  shop: string;
  shippingCosts: string | null;
  shippingCostsAt: Date | null;
}

const COST_COLUMNS = { id: true, shop: true, shippingCosts: true, shippingCostsAt: true } as const;

/** Whether an update writes a shipment's costs or their time, so the months must move with it. */
export function writesCosts(changes: object | undefined): boolean {
  return changes !== undefined && ("shippingCosts" in changes || "shippingCostsAt" in changes);
}

/** The stored costs of these shipments, read in the writing transaction before it changes them. */
export function storedCostsOf(tx: Prisma.TransactionClient, ids: readonly string[]): Promise<StoredCosts[]> {
  return tx.shipment.findMany({ where: { id: { in: [...ids] } }, select: COST_COLUMNS });
}

/**
 * Moves the months from the shipments' costs `before` to their costs `after` (the same shipments,
 * read again after the write): one statement per month and currency that changed, and one to drop
 * the currencies a month no longer has a line in.
 */
export async function costMonthsMoved(
  tx: Prisma.TransactionClient,
  before: readonly StoredCosts[],
  after: readonly StoredCosts[],
): Promise<void> {
  const changes = new Map<
    string,
    { shop: string; month: string; currency: string; amount: number; costLines: number; shipments: number }
  >();
  const add = (shipment: StoredCosts, sign: 1 | -1) => {
    for (const part of monthCostsOf(shipment)) {
      const key = JSON.stringify([shipment.shop, part.month, part.currency]);
      const change = changes.get(key) ?? {
        shop: shipment.shop,
        month: part.month,
        currency: part.currency,
        amount: 0,
        costLines: 0,
        shipments: 0,
      };
      change.amount += sign * part.amount;
      change.costLines += sign * part.costLines;
      change.shipments += sign * part.shipments;
      changes.set(key, change);
    }
  };
  for (const shipment of before) add(shipment, -1);
  for (const shipment of after) add(shipment, 1);

  const emptied = new Map<string, Set<string>>();
  for (const { shop, month, currency, amount, costLines, shipments } of changes.values()) {
    if (amount === 0 && costLines === 0 && shipments === 0) continue; // the same costs written again
    await tx.shippingCostMonth.upsert({
      where: { shop_month_currency: { shop, month, currency } },
      create: { shop, month, currency, amount: BigInt(amount), costLines, shipments },
      update: { amount: { increment: BigInt(amount) }, costLines: { increment: costLines }, shipments: { increment: shipments } },
    });
    if (costLines < 0) emptied.set(shop, (emptied.get(shop) ?? new Set()).add(month));
  }
  for (const [shop, months] of emptied) {
    await tx.shippingCostMonth.deleteMany({ where: { shop, month: { in: [...months] }, costLines: { lte: 0 } } });
  }
}

/** Updates one shipment, its months moved with it when the update writes its costs (Refresh from the provider). */
export async function updateShipmentCosts(db: DatabaseOrTransaction, id: string, data: Prisma.ShipmentUpdateInput): Promise<void> {
  await inTransaction(db, async (tx) => {
    const before = writesCosts(data) ? await storedCostsOf(tx, [id]) : [];
    const after = await tx.shipment.update({ where: { id }, data, select: COST_COLUMNS });
    if (writesCosts(data)) await costMonthsMoved(tx, before, [after]);
  });
}

/**
 * The shop's costs per month from `sinceMonth` ("2026-06") on, newest month first: each month's
 * shipments, and its totals per currency (A to Z), as costsPerMonth gives them.
 */
export async function shippingCostMonths(db: DatabaseOrTransaction, shop: string, sinceMonth: string): Promise<MonthCosts[]> {
  const rows = await db.shippingCostMonth.findMany({
    where: { shop, month: { gte: sinceMonth }, costLines: { gt: 0 } },
    select: { month: true, currency: true, amount: true, shipments: true },
  });
  const months = new Map<string, MonthCosts>();
  for (const row of rows) {
    const month = months.get(row.month) ?? { month: row.month, shipments: 0, totals: [] };
    month.shipments += row.shipments;
    month.totals.push({ currency: row.currency, amount: Number(row.amount) / 100 });
    months.set(row.month, month);
  }
  return [...months.values()]
    .sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0))
    .map((month) => ({ ...month, totals: month.totals.sort(byCurrency) }));
}
