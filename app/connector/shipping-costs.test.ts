import { describe, expect, it } from "vitest";
import { costsPerMonth, decodeShippingCosts, encodeShippingCosts, shippingCostLinesOf, totalsByCurrency } from "./shipping-costs";

describe("shipping costs", () => {
  it("keeps the reported costs that name an amount and a currency", () => {
    const lines = shippingCostLinesOf([
      { Money: 6.85, Currency: "usd", Type: "None", Remark: "Postage" },
      { Money: null, Currency: "USD" },
      { Money: 1, Currency: null },
    ]);
    expect(lines).toEqual([{ money: 6.85, currency: "USD", type: "None", remark: "Postage" }]);
    expect(decodeShippingCosts(encodeShippingCosts(lines))).toEqual(lines);
    expect(encodeShippingCosts([])).toBeNull();
    expect(decodeShippingCosts("not json")).toEqual([]);
  });

  it("adds in cents per currency, never converting", () => {
    const totals = totalsByCurrency([
      { money: 0.1, currency: "USD", type: null, remark: null },
      { money: 0.2, currency: "USD", type: null, remark: null },
      { money: 4.9, currency: "EUR", type: null, remark: null },
    ]);
    expect(totals).toEqual([
      { currency: "USD", amount: 0.3 },
      { currency: "EUR", amount: 4.9 },
    ]);
  });

  it("sums per month of the report, newest first", () => {
    const line = (money: number, currency = "USD") => encodeShippingCosts([{ money, currency, type: null, remark: null }]);
    const months = costsPerMonth([
      { shippingCosts: line(5), shippingCostsAt: new Date("2026-10-31T23:59:00Z") },
      { shippingCosts: line(2.5), shippingCostsAt: new Date("2026-11-01T00:00:00Z") },
      { shippingCosts: line(1.25), shippingCostsAt: new Date("2026-11-20T00:00:00Z") },
      { shippingCosts: null, shippingCostsAt: null },
    ]);
    expect(months).toEqual([
      { month: "2026-11", shipments: 2, totals: [{ currency: "USD", amount: 3.75 }] },
      { month: "2026-10", shipments: 1, totals: [{ currency: "USD", amount: 5 }] },
    ]);
  });
});
