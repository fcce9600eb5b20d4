import { describe, expect, it } from "vitest";
import { chargeLinesOf, rankServicePrices, type PricingResult } from "./pricing";

const priced = (code: string, amount: number, days: [number, number], currency = "USD"): PricingResult => ({
  ServiceCode: code,
  ServiceName: `Service ${code}`,
  Success: true,
  Message: null,
  ChargeInfo: {
    Summary: [{ Currency: currency, Amount: amount }],
    Detail: [{ Currency: currency, Amount: amount, ChargeName: "Freight", Remark: null }],
  },
  LogisticsTimes: { Min: days[0], Max: days[1] },
});
const refused = (code: string, message: string): PricingResult => ({
  ServiceCode: code,
  ServiceName: null,
  Success: false,
  Message: message,
  ChargeInfo: null,
  LogisticsTimes: null,
});

describe("service prices", () => {
  it("sorts by price, marks the cheapest and the fastest, and keeps the refused ones last with the provider's words", () => {
    const ranked = rankServicePrices([
      refused("STD", "USPS Ground Advantage does not deliver to DE"),
      priced("EXP", 23.1, [2, 4]),
      priced("ECO", 9.5, [6, 12]),
      priced("INT", 14.2, [4, 8]),
    ]);
    expect(ranked.map((price) => [price.serviceCode, price.cheapest, price.fastest])).toEqual([
      ["ECO", true, false],
      ["INT", false, false],
      ["EXP", false, true],
      ["STD", false, false],
    ]);
    expect(ranked[3]).toMatchObject({ success: false, message: "USPS Ground Advantage does not deliver to DE", totals: [], days: null });
  });

  it("marks every service of a tie, and no cheapest across currencies", () => {
    expect(rankServicePrices([priced("A", 5, [3, 5]), priced("B", 5, [3, 5])]).map((price) => [price.cheapest, price.fastest])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(
      rankServicePrices([priced("A", 5, [3, 5], "USD"), priced("B", 4, [2, 5], "EUR")]).map((price) => [
        price.serviceCode,
        price.cheapest,
        price.fastest,
      ]),
    ).toEqual([
      ["B", false, true],
      ["A", false, false],
    ]);
  });

  it("reads the charges, a charge the provider does not name left for the page to name", () => {
    expect(chargeLinesOf(priced("A", 7.5, [1, 1]))).toEqual([{ name: "Freight", amount: 7.5, currency: "USD", remark: null }]);
    const unnamed: PricingResult = {
      ...priced("A", 2, [1, 1]),
      ChargeInfo: { Summary: [], Detail: [{ Currency: "USD", Amount: 2, Remark: null }] },
    };
    expect(chargeLinesOf(unnamed)).toEqual([{ name: null, amount: 2, currency: "USD", remark: null }]);
  });
});
