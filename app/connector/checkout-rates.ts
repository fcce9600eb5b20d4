/**
 * Checkout rates through Shopify's carrier service: the rate request Shopify posts at checkout, which
 * warehouse a cart is priced from, the quote's cache key, and the answer Shopify reads (prices in
 * cents as strings). Pure: the callback's flow (app/flows/checkout-rates) does the I/O.
 */
import { z } from "zod";
import { CountryCode } from "./countries";
import type { PricingResult } from "./pricing";

/** An address of the rate request; Shopify sends many more fields, all nullable: only these are read. */
const RateAddress = z.object({
  country: CountryCode,
  postal_code: z.string().nullish(),
  province: z.string().nullish(),
  city: z.string().nullish(),
});

const RateItem = z.object({
  /** Empty or null when the variant has none: such a cart cannot be priced by the provider. */
  sku: z.string().nullish(),
  quantity: z.number().int().min(1, { error: "must be at least 1" }),
  grams: z.number().int().min(0, { error: "must be 0 or more" }).nullish(),
  /** In cents of the request's currency. */
  price: z.number().nullish(),
  requires_shipping: z.boolean().nullish(),
});

/** The body Shopify posts to the carrier service's callback URL. */
export const RateRequest = z.object({
  rate: z.object({
    origin: RateAddress,
    destination: RateAddress,
    items: z.array(RateItem).min(1, { error: "must hold at least one item" }).max(500, { error: "must hold at most 500 items" }),
    currency: z.string().regex(/^[A-Z]{3}$/, { error: "must be a three-letter currency code" }),
    locale: z.string().nullish(),
  }),
});
export type RateRequest = z.infer<typeof RateRequest>;

/** One rate as Shopify reads it: `total_price` in cents, as a string. */
export interface ShopifyRate {
  service_name: string;
  service_code: string;
  total_price: string;
  currency: string;
  description: string;
  min_delivery_date?: string;
  max_delivery_date?: string;
}

/** A flat rate the merchant sets in Settings, answered when the provider's prices cannot be had. */
export const FlatRate = z.object({
  serviceName: z.string().trim().min(1, { error: "must not be empty" }).max(100, { error: "must be at most 100 characters" }),
  amount: z
    .number({ error: "must be an amount such as 9.95" })
    .min(0, { error: "must be 0 or more" })
    .max(100_000, { error: "must be at most 100000" })
    .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), { error: "must have at most 2 decimals" }),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { error: "must be a three-letter currency code such as USD" }),
});
export type FlatRate = z.infer<typeof FlatRate>;

/** A warehouse as the routing settings describe it, as much as the choice reads. */
export interface RatesWarehouse {
  warehouseId: string;
  enabled: boolean;
  /** Where the warehouse is; null when not said. */
  country: string | null;
  services: { defaultService: string | null; byCountry: Readonly<Record<string, string>> };
}

/**
 * The warehouse a cart to `destination` is priced from, per the routing settings: only an enabled
 * warehouse with a service for that country (its own, or a default) can ship it. Among those, one
 * with a service set for that very country first, then one in the destination country (domestic),
 * then the first in the merchant's order. Null: no warehouse ships there.
 */
export function warehouseForCart(warehouses: readonly RatesWarehouse[], destination: string): RatesWarehouse | null {
  const shipping = warehouses.filter(
    (w) => w.enabled && (w.services.byCountry[destination] !== undefined || w.services.defaultService !== null),
  );
  return (
    shipping.find((w) => w.services.byCountry[destination] !== undefined) ??
    shipping.find((w) => w.country === destination) ??
    shipping[0] ??
    null
  );
}

export interface CartLine {
  /** The SKU the provider knows (the store SKU, or its mapped provider SKU). */
  providerSku: string;
  quantity: number;
}

/** Lines of the same provider SKU added up, in SKU order: the same cart always reads the same. */
export function cartLines(lines: readonly CartLine[]): CartLine[] {
  const bySku = new Map<string, number>();
  for (const line of lines) bySku.set(line.providerSku, (bySku.get(line.providerSku) ?? 0) + line.quantity);
  return [...bySku].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([providerSku, quantity]) => ({ providerSku, quantity }));
}

/** Postcodes are compared by their first characters: neighbours share a price, and the cache stays small. */
export const POSTCODE_PREFIX_LENGTH = 3;

export function postcodePrefix(postcode: string | null | undefined): string {
  return (postcode ?? "").replace(/\s+/g, "").toUpperCase().slice(0, POSTCODE_PREFIX_LENGTH);
}

/** What makes two carts the same quote: shop, warehouse, destination country and postcode prefix, SKUs and quantities. */
export function quoteKey(parts: {
  shop: string;
  warehouseId: string;
  country: string;
  postcode: string | null | undefined;
  lines: readonly CartLine[];
}): string {
  const skus = cartLines(parts.lines)
    .map((line) => `${line.providerSku}*${line.quantity}`)
    .join(",");
  return JSON.stringify([parts.shop, parts.warehouseId, parts.country, postcodePrefix(parts.postcode), skus]);
}

/** "2026-11-28 00:00:00 +0000": Shopify's delivery date format. */
function deliveryDate(now: Date, days: number): string {
  const date = new Date(now.getTime() + days * 86_400_000);
  return `${date.toISOString().slice(0, 10)} 00:00:00 +0000`;
}

/** An amount as Shopify's total_price: whole cents, as a string. */
export const centsText = (amount: number) => String(Math.round(amount * 100));

/** What a rate's description says, in the buyer's language (lib/words' `checkoutRates`, numbers written). */
export interface RateWords {
  deliveredIn(min: number, max: number): string;
  shippedByWarehouse: string;
  flatRate: string;
}

/**
 * A priced service as a quote keeps it, for any buyer: the rate but its description, and the
 * delivery time in whole days (null when the provider did not say) that the description is written from.
 */
export type QuotedRate = Omit<ShopifyRate, "description"> & { days: { min: number; max: number } | null };

/**
 * The provider's prices as checkout rates: each service it priced in one currency, cheapest first,
 * with its delivery time. Services it could not price (not to that country, too heavy) are left out.
 */
export function ratesFromPrices(results: readonly PricingResult[], now: Date): QuotedRate[] {
  const rates: { amount: number; rate: QuotedRate }[] = [];
  for (const result of results) {
    const totals = result.Success ? (result.ChargeInfo?.Summary ?? []).filter((line) => typeof line.Amount === "number") : [];
    const total = totals.length === 1 ? totals[0] : undefined;
    if (total === undefined || typeof total.Amount !== "number" || !total.Currency) continue;
    const min = result.LogisticsTimes?.Min ?? result.LogisticsTimes?.Max ?? null;
    const max = result.LogisticsTimes?.Max ?? min;
    rates.push({
      amount: total.Amount,
      rate: {
        service_name: result.ServiceName ?? result.ServiceCode,
        service_code: result.ServiceCode,
        total_price: centsText(total.Amount),
        currency: total.Currency,
        ...(min === null || max === null
          ? { days: null }
          : {
              days: { min, max: Math.max(min, max) },
              min_delivery_date: deliveryDate(now, min),
              max_delivery_date: deliveryDate(now, Math.max(min, max)),
            }),
      },
    });
  }
  return rates.sort((a, b) => a.amount - b.amount).map(({ rate }) => rate);
}

/** The quoted rates as a buyer reads them: each described in `words`. */
export function describedRates(rates: readonly QuotedRate[], words: RateWords): ShopifyRate[] {
  return rates.map(({ days, ...rate }) => ({
    ...rate,
    description: days === null ? words.shippedByWarehouse : words.deliveredIn(days.min, days.max),
  }));
}

/**
 * The app's carrier service, as checkout shows it ("Warehouse shipping (Rates provided by app)").
 * Never renamed: it is how the app finds its own among the shop's carrier services, and Shopify
 * writes it as the `source` of the shipping line a buyer chose from the app's rates.
 */
export const CARRIER_SERVICE_NAME = "Warehouse shipping";

const FLAT_RATE_CODE = /^FLAT-\d+$/;

/** A flat rate's code: the position of the merchant's flat rate, not a provider service. */
export const isFlatRateCode = (code: string) => FLAT_RATE_CODE.test(code);

/**
 * The merchant's flat rates as checkout rates, described in the buyer's `words`; each code is its
 * position, so renaming one keeps orders readable.
 */
export function flatRatesAnswer(flatRates: readonly FlatRate[], words: RateWords): ShopifyRate[] {
  return flatRates.map((rate, index) => ({
    service_name: rate.serviceName,
    service_code: `FLAT-${index + 1}`,
    total_price: centsText(rate.amount),
    currency: rate.currency,
    description: words.flatRate,
  }));
}
