/**
 * The provider's prices (operations 14 and 18) as a merchant compares them: each service's total and
 * delivery time, cheapest first, the cheapest and the fastest marked, and the services the provider
 * could not price with its reason. Pure: the rate calculator and Settings' service suggestions use it.
 */

/** A price as the provider answers it (PricingResult of app/fulfilment/schemas/responses.ts), as much as is read here. */
export interface PricingResult {
  ServiceCode: string;
  ServiceName?: string | null;
  Success: boolean;
  Message?: string | null;
  ChargeInfo?: {
    Summary: readonly { Currency?: string | null; Amount?: number | null }[];
    Detail: readonly { Currency?: string | null; Amount?: number | null; ChargeName?: string | null; Remark?: string | null }[];
  } | null;
  LogisticsTimes?: { Min?: number | null; Max?: number | null } | null;
}

export interface Money {
  amount: number;
  currency: string;
}

export interface ServicePrice {
  serviceCode: string;
  serviceName: string | null;
  /** The provider priced it; otherwise `message` says why not (its words). */
  success: boolean;
  message: string | null;
  /** The total (ChargeInfo.Summary): one amount per currency the provider charges in, usually one. */
  totals: Money[];
  /** Delivery time in days (LogisticsTimes). */
  days: { min: number; max: number } | null;
  cheapest: boolean;
  fastest: boolean;
}

export interface ChargeLine {
  /** As the provider names the charge; null when it names none (the page then says "Charge" in its language). */
  name: string | null;
  amount: number;
  currency: string;
  remark: string | null;
}

function totalsOf(result: PricingResult): Money[] {
  return (result.ChargeInfo?.Summary ?? []).flatMap((line) =>
    typeof line.Amount === "number" ? [{ amount: line.Amount, currency: line.Currency ?? "" }] : [],
  );
}

function daysOf(result: PricingResult): { min: number; max: number } | null {
  const times = result.LogisticsTimes;
  if (!times || (typeof times.Min !== "number" && typeof times.Max !== "number")) return null;
  const min = times.Min ?? times.Max ?? 0;
  return { min, max: Math.max(min, times.Max ?? min) };
}

/** A priced service's single total, or null: none, or several currencies (no one number to compare). */
const comparable = (price: ServicePrice): Money | null => (price.success && price.totals.length === 1 ? (price.totals[0] ?? null) : null);

/**
 * Every service, cheapest first, then those without a comparable price, then those the provider
 * could not price. The cheapest (when the priced ones share a currency) and the fastest (the
 * shortest longest delivery time, then the shortest shortest, then the cheaper) are marked; a tie
 * marks each.
 */
export function rankServicePrices(results: readonly PricingResult[]): ServicePrice[] {
  const prices: ServicePrice[] = results.map((result) => ({
    serviceCode: result.ServiceCode,
    serviceName: result.ServiceName ?? null,
    success: result.Success,
    message: result.Message ?? null,
    totals: result.Success ? totalsOf(result) : [],
    days: result.Success ? daysOf(result) : null,
    cheapest: false,
    fastest: false,
  }));
  const rank = (price: ServicePrice) => (comparable(price) !== null ? 0 : price.success ? 1 : 2);
  prices.sort(
    (a, b) =>
      rank(a) - rank(b) || (comparable(a)?.amount ?? 0) - (comparable(b)?.amount ?? 0) || a.serviceCode.localeCompare(b.serviceCode),
  );

  const priced = prices.filter((price) => comparable(price) !== null);
  const currencies = new Set(priced.map((price) => comparable(price)?.currency));
  const lowest = Math.min(...priced.map((price) => comparable(price)?.amount ?? Infinity));
  if (currencies.size === 1) for (const price of priced) price.cheapest = comparable(price)?.amount === lowest;

  const timed = prices.filter((price) => price.success && price.days !== null);
  const speed = (price: ServicePrice) =>
    [price.days?.max ?? Infinity, price.days?.min ?? Infinity, comparable(price)?.amount ?? Infinity] as const;
  const best = timed.map(speed).sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2])[0];
  if (best) for (const price of timed) price.fastest = speed(price).every((value, index) => value === best[index]);
  return prices;
}

/** The charges a total is made of (ChargeInfo.Detail). */
export function chargeLinesOf(result: PricingResult): ChargeLine[] {
  return (result.ChargeInfo?.Detail ?? []).flatMap((line) =>
    typeof line.Amount === "number"
      ? [{ name: line.ChargeName ?? null, amount: line.Amount, currency: line.Currency ?? "", remark: line.Remark ?? null }]
      : [],
  );
}
