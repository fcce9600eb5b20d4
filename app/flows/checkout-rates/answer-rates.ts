/**
 * The answer to Shopify's rate request at checkout: the provider's prices for the cart from the
 * warehouse the routing settings pick, from memory when the same cart was priced lately, and the
 * merchant's flat rates whenever those prices cannot be had in time (decision 0018). It never
 * throws for a reason a customer could cause, and it never waits past the budget: checkout must
 * not fail because the provider is slow or down.
 */
import {
  cartLines,
  describedRates,
  flatRatesAnswer,
  quoteKey,
  ratesFromPrices,
  warehouseForCart,
  type QuotedRate,
  type RateRequest,
  type RateWords,
  type ShopifyRate,
} from "~/connector/checkout-rates";
import { countryName } from "~/connector/countries";
import { formatNumber } from "~/lib/format";
import { canonicalLocale } from "~/lib/locale";
import { languageOf, wordsFor } from "~/lib/words";
import type { ProviderPort } from "~/flows/ports/ports";
import { ProviderValidationError } from "~/fulfilment/errors";
import type { ShopSettings } from "~/stores/shops/shop-settings";
import { QuoteCache } from "./quote-cache";

/** Every number of the callback's policy, in one place. */
export interface CheckoutRatesTiming {
  /** The whole answer, the provider's call included, within this. Shopify waits longer; a customer should not. */
  budgetMs: number;
  /** After the provider failed, or answered too late, for a shop's warehouse: its carts get flat rates at once for this long. */
  restMs: number;
  /** Provider calls in flight at once in this process; a cart beyond gets flat rates at once. */
  maxInFlight: number;
  /** Quotes kept in memory in this process, across shops. */
  maxEntries: number;
}

export const CHECKOUT_RATES_TIMING: CheckoutRatesTiming = { budgetMs: 2_000, restMs: 15_000, maxInFlight: 16, maxEntries: 10_000 };

export interface CheckoutRatesPorts {
  /** The shop's settings; null when the app is not installed there. */
  settings(shop: string): Promise<ShopSettings | null>;
  /** Of these store SKUs, the ones in the shop's catalogue. */
  catalogueSkus(shop: string, skus: readonly string[]): Promise<ReadonlySet<string>>;
  provider(shop: string): Promise<Pick<ProviderPort, "priceAllServices">>;
  now(): number;
  /** Why a cart got the flat rates, for the operator's log (rarely: once per rest, not per cart). */
  warn(message: string): void;
}

/** Where an answer came from: the header X-Checkout-Rates-Source says it, for support and the benchmark. */
export type RatesSource = "provider" | "cache" | "fallback" | "off" | "nothing to ship";

export type RatesAnswer =
  { status: 200; rates: ShopifyRate[]; source: RatesSource; reason: string | null } | { status: 404; error: string };

/** What the provider said about a cart, kept for the shop's cache minutes: for any buyer, undescribed. */
type Quote = { kind: "priced"; rates: QuotedRate[] } | { kind: "unpriceable"; reason: string };

/**
 * The rates' descriptions in the buyer's language: the storefront's, as the rate request's `locale`
 * names it (any Chinese reads Simplified Chinese, anything else English); English when it names none.
 */
export function buyerRateWords(locale: string | null | undefined): RateWords {
  const language = languageOf(canonicalLocale(locale) ?? "en");
  const words = wordsFor(language).checkoutRates;
  const written = (days: number) => formatNumber(days, language);
  return {
    deliveredIn: (min, max) => words.deliveredIn(min, max, written(min), written(max)),
    shippedByWarehouse: words.shippedByWarehouse,
    flatRate: words.flatRate,
  };
}

const LATE = Symbol("late");

function withinBudget<T>(work: Promise<T>, ms: number): Promise<T | typeof LATE> {
  if (ms <= 0) return Promise.resolve(LATE);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export type AnswerRates = (shop: string, request: RateRequest, startedAt: number) => Promise<RatesAnswer>;

export function checkoutRatesAnswerer(
  ports: CheckoutRatesPorts,
  timing: CheckoutRatesTiming = CHECKOUT_RATES_TIMING,
): AnswerRates & { cache: QuoteCache<Quote> } {
  const cache = new QuoteCache<Quote>(timing.maxEntries, () => ports.now());
  const inFlight = new Map<string, Promise<Quote | null>>();
  const restingUntil = new Map<string, number>();

  /** Null when the provider failed; a late success still fills the cache for the next cart. */
  async function priceCart(
    shop: string,
    key: string,
    restKey: string,
    ttlMs: number,
    request: Parameters<ProviderPort["priceAllServices"]>[0],
  ): Promise<Quote | null> {
    try {
      const provider = await ports.provider(shop);
      const results = await provider.priceAllServices(request);
      const quote: Quote = { kind: "priced", rates: ratesFromPrices(results, new Date(ports.now())) };
      cache.set(key, quote, ttlMs);
      restingUntil.delete(restKey);
      return quote;
    } catch (error) {
      if (error instanceof ProviderValidationError) {
        // The provider does not know a SKU (or refuses the address): the same cart would be refused again.
        const quote: Quote = {
          kind: "unpriceable",
          reason: `the provider refused to price the cart: ${error.errors.map((detail) => detail.message).join("; ")}`,
        };
        cache.set(key, quote, ttlMs);
        return quote;
      }
      if (!restingUntil.has(restKey))
        ports.warn(`[checkout-rates] ${shop}: flat rates for ${timing.restMs / 1000} s: the provider failed: ${errorText(error)}`);
      restingUntil.set(restKey, ports.now() + timing.restMs);
      return null;
    }
  }

  async function answer(shop: string, request: RateRequest, startedAt: number): Promise<RatesAnswer> {
    const settings = await ports.settings(shop);
    if (settings === null) return { status: 404, error: `The app is not installed on ${shop}` };
    const { checkoutRates } = settings;
    if (!checkoutRates.enabled) return { status: 200, rates: [], source: "off", reason: "checkout rates are turned off in Settings" };
    const buyer = buyerRateWords(request.rate.locale);
    const fallback = (reason: string): RatesAnswer => ({
      status: 200,
      rates: flatRatesAnswer(checkoutRates.flatRates, buyer),
      source: "fallback",
      reason,
    });

    const { destination, items } = request.rate;
    const shipped = items.filter((item) => item.requires_shipping !== false);
    if (shipped.length === 0) return { status: 200, rates: [], source: "nothing to ship", reason: "nothing in the cart needs shipping" };
    const storeSkus = shipped.map((item) => item.sku?.trim() ?? "");
    if (storeSkus.includes("")) return fallback("an item of the cart has no SKU");
    const warehouse = warehouseForCart(settings.warehouses, destination.country);
    if (warehouse === null)
      return fallback(`no warehouse has a service for ${countryName(destination.country)} in Settings > Warehouses and routing`);

    const lines = cartLines(
      shipped.map((item, index) => {
        const sku = storeSkus[index] ?? "";
        return { providerSku: settings.skus.bySku[sku]?.providerSku ?? sku, quantity: item.quantity };
      }),
    );
    const key = quoteKey({
      shop,
      warehouseId: warehouse.warehouseId,
      country: destination.country,
      postcode: destination.postal_code,
      lines,
    });
    const ttlMs = checkoutRates.cacheMinutes * 60_000;
    const cached = cache.get(key);
    if (cached !== undefined)
      return cached.kind === "priced"
        ? { status: 200, rates: describedRates(cached.rates, buyer), source: "cache", reason: null }
        : fallback(cached.reason);

    const restKey = `${shop} ${warehouse.warehouseId}`;
    if ((restingUntil.get(restKey) ?? 0) > ports.now()) return fallback("the provider failed or was too slow moments ago");

    const known = await ports.catalogueSkus(shop, [...new Set(storeSkus)]);
    const unknown = [...new Set(storeSkus)].filter((sku) => !known.has(sku));
    if (unknown.length > 0) {
      const quote: Quote = { kind: "unpriceable", reason: `not in the catalogue: ${unknown.join(", ")}` };
      cache.set(key, quote, ttlMs);
      return fallback(quote.reason);
    }

    let pending = inFlight.get(key);
    if (pending === undefined) {
      if (inFlight.size >= timing.maxInFlight) return fallback("too many carts are being priced at once");
      const postcode = destination.postal_code?.trim();
      pending = priceCart(shop, key, restKey, ttlMs, {
        WarehouseId: warehouse.warehouseId,
        Country: destination.country,
        ...(postcode && postcode.length <= 50 ? { Postcode: postcode } : {}),
        Skus: lines.map((line) => ({ Sku: line.providerSku, Quantity: line.quantity })),
      }).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const quote = await withinBudget(pending, timing.budgetMs - (ports.now() - startedAt));
    if (quote === LATE) {
      if (!restingUntil.has(restKey))
        ports.warn(
          `[checkout-rates] ${shop}: flat rates for ${timing.restMs / 1000} s: the provider took longer than ${timing.budgetMs} ms`,
        );
      restingUntil.set(restKey, ports.now() + timing.restMs);
      return fallback(`the provider did not answer within ${timing.budgetMs} ms`);
    }
    if (quote === null) return fallback("the provider failed");
    return quote.kind === "priced"
      ? { status: 200, rates: describedRates(quote.rates, buyer), source: "provider", reason: null }
      : fallback(quote.reason);
  }

  return Object.assign(answer, { cache });
}
