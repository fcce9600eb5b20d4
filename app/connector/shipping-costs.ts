/**
 * The shipping costs the provider reports in a package's status record (ShippingCosts): kept on
 * the shipment as JSON, shown on its page, and summed per month and currency on Home. Pure.
 * Amounts are added in minor units (cents) so that sums do not drift; a currency is never
 * converted into another.
 */
import { z } from "zod";

export const ShippingCostLine = z.object({
  money: z.number(),
  currency: z.string(),
  type: z.string().nullable(),
  remark: z.string().nullable(),
});
export type ShippingCostLine = z.infer<typeof ShippingCostLine>;

/** What the status records carry (fields nullable, as the provider's schema has them). */
export interface ReportedCost {
  Money?: number | null;
  Currency?: string | null;
  Type?: string | null;
  Remark?: string | null;
}

/** The reported costs that name an amount and a currency; the others say nothing to add up. */
export function shippingCostLinesOf(reported: readonly ReportedCost[] | null | undefined): ShippingCostLine[] {
  return (reported ?? []).flatMap((cost) => {
    const currency = cost.Currency?.trim().toUpperCase();
    if (typeof cost.Money !== "number" || !Number.isFinite(cost.Money) || !currency) return [];
    return [{ money: cost.Money, currency, type: cost.Type ?? null, remark: cost.Remark?.trim() || null }];
  });
}

/** The stored text, or null when there is nothing to store. */
export function encodeShippingCosts(lines: readonly ShippingCostLine[]): string | null {
  return lines.length === 0 ? null : JSON.stringify(lines);
}

/** The stored lines; a text that is not ours reads as none. */
export function decodeShippingCosts(text: string | null | undefined): ShippingCostLine[] {
  if (!text) return [];
  try {
    const parsed = z.array(ShippingCostLine).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const minor = (money: number) => Math.round(money * 100);

/** Totals per currency, in the order the currencies first appear. */
export function totalsByCurrency(lines: readonly ShippingCostLine[]): { currency: string; amount: number }[] {
  const cents = new Map<string, number>();
  for (const line of lines) cents.set(line.currency, (cents.get(line.currency) ?? 0) + minor(line.money));
  return [...cents].map(([currency, amount]) => ({ currency, amount: amount / 100 }));
}

export interface MonthCosts {
  /** "2026-11" (UTC). */
  month: string;
  shipments: number;
  /** By currency code (A to Z), whatever order the shipments were read in. */
  totals: { currency: string; amount: number }[];
}

/** The month (UTC) a report was made in: "2026-11". */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** Currencies by code, as text compares (never a locale's collation). */
export const byCurrency = (a: { currency: string }, b: { currency: string }) =>
  a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0;

/**
 * The costs of the shipments summed per month (UTC) of their report, newest month first. What
 * Home shows, read from ShippingCostMonth, must equal this on the same shipments (its tests say so).
 */
export function costsPerMonth(shipments: readonly { shippingCosts: string | null; shippingCostsAt: Date | null }[]): MonthCosts[] {
  const months = new Map<string, { shipments: number; lines: ShippingCostLine[] }>();
  for (const shipment of shipments) {
    const lines = decodeShippingCosts(shipment.shippingCosts);
    if (lines.length === 0 || shipment.shippingCostsAt === null) continue;
    const month = monthOf(shipment.shippingCostsAt);
    const entry = months.get(month) ?? { shipments: 0, lines: [] };
    entry.shipments += 1;
    entry.lines.push(...lines);
    months.set(month, entry);
  }
  return [...months]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([month, entry]) => ({ month, shipments: entry.shipments, totals: totalsByCurrency(entry.lines).sort(byCurrency) }));
}

/** What one shipment's costs add to its month in one currency. */
export interface MonthCurrencyCosts {
  month: string;
  currency: string;
  /** Minor units (cents). */
  amount: number;
  costLines: number;
  /** 1 under the currency of the shipment's first line, else 0: a shipment counts once in its month. */
  shipments: number;
}

/** A shipment's part of its month's totals, per currency (none when it has no costs or no time of report). */
export function monthCostsOf(shipment: { shippingCosts: string | null; shippingCostsAt: Date | null }): MonthCurrencyCosts[] {
  const lines = decodeShippingCosts(shipment.shippingCosts);
  if (lines.length === 0 || shipment.shippingCostsAt === null) return [];
  const month = monthOf(shipment.shippingCostsAt);
  const parts = new Map<string, MonthCurrencyCosts>();
  lines.forEach((line, index) => {
    const part = parts.get(line.currency) ?? { month, currency: line.currency, amount: 0, costLines: 0, shipments: 0 };
    part.amount += minor(line.money);
    part.costLines += 1;
    if (index === 0) part.shipments = 1;
    parts.set(line.currency, part);
  });
  return [...parts.values()];
}
