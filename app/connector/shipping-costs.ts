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
  totals: { currency: string; amount: number }[];
}

/** The costs of the shipments summed per month (UTC) of their report, newest month first. */
export function costsPerMonth(shipments: readonly { shippingCosts: string | null; shippingCostsAt: Date | null }[]): MonthCosts[] {
  const months = new Map<string, { shipments: number; lines: ShippingCostLine[] }>();
  for (const shipment of shipments) {
    const lines = decodeShippingCosts(shipment.shippingCosts);
    if (lines.length === 0 || shipment.shippingCostsAt === null) continue;
    const month = shipment.shippingCostsAt.toISOString().slice(0, 7);
    const entry = months.get(month) ?? { shipments: 0, lines: [] };
    entry.shipments += 1;
    entry.lines.push(...lines);
    months.set(month, entry);
  }
  return [...months]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([month, entry]) => ({ month, shipments: entry.shipments, totals: totalsByCurrency(entry.lines) }));
}
