import { describe, expect, it } from "vitest";
import { centsOf, sum, times, toAmount } from "./money";
import { gramsOf } from "./weight";

describe("gramsOf", () => {
  it.each([
    [{ unit: "GRAMS", value: 100 }, 100],
    [{ unit: "KILOGRAMS", value: 1.1 }, 1100],
    [{ unit: "OUNCES", value: 4 }, 113],
    [{ unit: "POUNDS", value: 1.1 }, 499],
    [{ unit: "GRAMS", value: 0.2 }, 1],
    [{ unit: "POUNDS", value: 0 }, 0],
  ] as const)("%o is %d g", (weight, grams) => {
    expect(gramsOf(weight)).toBe(grams);
  });
});

describe("money", () => {
  it("adds and multiplies without floating-point dust", () => {
    const price = centsOf({ amount: "0.10", currencyCode: "USD" });
    expect(toAmount(sum([times(price, 3), centsOf({ amount: "0.20", currencyCode: "USD" })]))).toBe(0.5);
    expect(toAmount(times(centsOf({ amount: "89.99", currencyCode: "USD" }), 3))).toBe(269.97);
  });

  it("reads whole amounts and rounds three-decimal currencies to two", () => {
    expect(centsOf({ amount: "1500", currencyCode: "JPY" })).toBe(150000);
    expect(centsOf({ amount: "12.345", currencyCode: "KWD" })).toBe(1235);
    expect(centsOf({ amount: "12.344", currencyCode: "KWD" })).toBe(1234);
    expect(centsOf({ amount: "-5.5", currencyCode: "USD" })).toBe(-550);
  });
});
