import { describe, expect, it } from "vitest";
import { buyerRateWords } from "~/flows/checkout-rates/answer-rates";
import {
  describedRates,
  FlatRate,
  flatRatesAnswer,
  quoteKey,
  ratesFromPrices,
  warehouseForCart,
  type RatesWarehouse,
} from "./checkout-rates";

const warehouse = (
  warehouseId: string,
  country: string | null,
  services: Partial<RatesWarehouse["services"]>,
  enabled = true,
): RatesWarehouse => ({
  warehouseId,
  enabled,
  country,
  services: { defaultService: null, byCountry: {}, ...services },
});

describe("checkout rates", () => {
  it("prices a cart from a warehouse with a service for the destination: its own entry, then domestic, then the first", () => {
    const us = warehouse("US01", "US", { defaultService: "US01-INT" });
    const de = warehouse("DE01", "DE", { defaultService: "DE01-STD" });
    const gb = warehouse("GB01", "GB", { byCountry: { FR: "GB01-EU" } });
    expect(warehouseForCart([us, de, gb], "FR")?.warehouseId).toBe("GB01");
    expect(warehouseForCart([us, de, gb], "DE")?.warehouseId).toBe("DE01");
    expect(warehouseForCart([us, de, gb], "JP")?.warehouseId).toBe("US01");
    expect(warehouseForCart([{ ...us, enabled: false }, gb], "JP")).toBeNull();
  });

  it("keys a quote by cart and destination, whatever the order of the lines and the rest of the postcode", () => {
    const key = (lines: { providerSku: string; quantity: number }[], postcode: string) =>
      quoteKey({ shop: "a.myshopify.com", warehouseId: "US01", country: "GB", postcode, lines });
    const mugAndTea = key(
      [
        { providerSku: "MUG", quantity: 1 },
        { providerSku: "TEA", quantity: 2 },
        { providerSku: "MUG", quantity: 1 },
      ],
      "sw1a 1aa",
    );
    expect(
      key(
        [
          { providerSku: "TEA", quantity: 2 },
          { providerSku: "MUG", quantity: 2 },
        ],
        "SW1A 2BB",
      ),
    ).toBe(mugAndTea);
    expect(
      key(
        [
          { providerSku: "TEA", quantity: 2 },
          { providerSku: "MUG", quantity: 1 },
        ],
        "SW1A 2BB",
      ),
    ).not.toBe(mugAndTea);
    expect(
      key(
        [
          { providerSku: "TEA", quantity: 2 },
          { providerSku: "MUG", quantity: 2 },
        ],
        "EC1A 1BB",
      ),
    ).not.toBe(mugAndTea);
  });

  it("answers the priced services in cents, cheapest first, leaving out what the provider could not price, described in the buyer's language", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const rates = ratesFromPrices(
      [
        {
          ServiceCode: "EXP",
          ServiceName: "Express",
          Success: true,
          ChargeInfo: { Summary: [{ Currency: "USD", Amount: 31.2 }], Detail: [] },
          LogisticsTimes: { Min: 2, Max: 3 },
        },
        { ServiceCode: "ECO", ServiceName: "Economy", Success: false, Message: "does not deliver to GB" },
        {
          ServiceCode: "INT",
          ServiceName: null,
          Success: true,
          ChargeInfo: { Summary: [{ Currency: "USD", Amount: 12.05 }], Detail: [] },
          LogisticsTimes: { Min: 6, Max: 6 },
        },
      ],
      now,
    );
    expect(describedRates(rates, buyerRateWords("en-GB"))).toEqual([
      {
        service_name: "INT",
        service_code: "INT",
        total_price: "1205",
        currency: "USD",
        description: "Delivered in 6 days",
        min_delivery_date: "2026-12-01 00:00:00 +0000",
        max_delivery_date: "2026-12-01 00:00:00 +0000",
      },
      {
        service_name: "Express",
        service_code: "EXP",
        total_price: "3120",
        currency: "USD",
        description: "Delivered in 2 to 3 days",
        min_delivery_date: "2026-11-27 00:00:00 +0000",
        max_delivery_date: "2026-11-28 00:00:00 +0000",
      },
    ]);
    // The same quote, for a buyer on a Chinese storefront (the cache keeps one quote for every buyer).
    expect(describedRates(rates, buyerRateWords("zh-TW")).map((rate) => rate.description)).toEqual(["预计 6 天送达", "预计 2–3 天送达"]);
    // A storefront naming no language, or one the app does not speak, reads English.
    expect(describedRates(rates, buyerRateWords(null))[1]?.description).toBe("Delivered in 2 to 3 days");
    expect(describedRates(rates, buyerRateWords("de-DE"))[0]?.description).toBe("Delivered in 6 days");
  });

  it("checks flat rates by field and answers them in cents", () => {
    expect(
      FlatRate.safeParse({ serviceName: "Standard", amount: 7.999, currency: "USD" }).error?.issues.map((issue) => [
        issue.path.join("."),
        issue.message,
      ]),
    ).toEqual([["amount", "must have at most 2 decimals"]]);
    expect(flatRatesAnswer([{ serviceName: "Standard", amount: 7.5, currency: "EUR" }], buyerRateWords("en"))).toEqual([
      { service_name: "Standard", service_code: "FLAT-1", total_price: "750", currency: "EUR", description: "Flat rate" },
    ]);
    // The merchant's name as they wrote it; the description in the buyer's language.
    expect(flatRatesAnswer([{ serviceName: "Standard", amount: 7.5, currency: "EUR" }], buyerRateWords("zh-CN"))).toEqual([
      { service_name: "Standard", service_code: "FLAT-1", total_price: "750", currency: "EUR", description: "固定运费" },
    ]);
  });
});
