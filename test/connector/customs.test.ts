import { describe, expect, it } from "vitest";
import { orderCase, product, testSettings } from "../fixtures/orders";
import { declaredNameFor, transliterate, vatCodeFor } from "~/connector/customs";
import type { PackageLine } from "~/connector/lines";

describe("transliterate", () => {
  it.each([
    ["Crème brûlée set", "Creme brulee set"],
    ["Straßenkarte München", "Strassenkarte Munchen"],
    ["Smørrebrød board – Ærø", "Smorrebrod board AEro"],
    ["Mug 350ml / Blue", "Mug 350ml Blue"],
    ["100% Cotton T-Shirt (Men's)", "100 Cotton T-Shirt (Men's)"],
    ["Łódź city guide", "Lodz city guide"],
  ])("%s → %s", (title, name) => {
    expect(transliterate(title)).toBe(name);
  });

  it.each(["抹茶茶碗", "Tシャツ", "Футболка", "★☆★"])("gives up on %s rather than keep half of it", (title) => {
    expect(transliterate(title)).toBeUndefined();
  });
});

describe("declaredNameFor", () => {
  const lineOf = (title: string, sku = "X-1"): PackageLine => {
    const { fo } = orderCase({ lines: [product({ sku, title })] });
    const line = fo.lineItems[0];
    if (line === undefined) throw new Error("no line");
    return { line, sku, quantity: 1, entry: undefined };
  };

  it("uses the product title when it already meets the rule", () => {
    expect(declaredNameFor(lineOf("Aviator sunglasses"), testSettings())).toEqual({ ok: true, value: "Aviator sunglasses" });
  });

  it("never uses a title of digits only", () => {
    expect(declaredNameFor(lineOf("1984"), testSettings({ customs: { fallbackDeclaredName: "Printed book" } }))).toEqual({
      ok: true,
      value: "Printed book",
    });
  });
});

describe("vatCodeFor", () => {
  const taxIds = { ioss: "IM2760000742", euVatNumber: "DE123456789", ukVatNumber: "GB123456789" };
  const base = { goodsValueEuro: 100_00, vatCollected: true, taxIds };

  it.each([
    ["an EU import with VAT collected", { destination: "FR", origin: "CN" }, "IM2760000742"],
    ["an EU import of exactly EUR 150", { destination: "FR", origin: "US", goodsValueEuro: 150_00 }, "IM2760000742"],
    ["an EU import over EUR 150", { destination: "FR", origin: "US", goodsValueEuro: 150_01 }, undefined],
    ["an EU import in another currency", { destination: "FR", origin: "US", goodsValueEuro: undefined }, "IM2760000742"],
    ["an EU import without VAT collected", { destination: "FR", origin: "US", vatCollected: false }, undefined],
    ["a parcel within the EU", { destination: "FR", origin: "DE" }, "DE123456789"],
    ["a domestic parcel", { destination: "DE", origin: "DE" }, undefined],
    ["a UK import", { destination: "GB", origin: "DE" }, "GB123456789"],
    ["a parcel to the US", { destination: "US", origin: "CN" }, undefined],
    ["a parcel to Switzerland (not in the EU)", { destination: "CH", origin: "DE" }, undefined],
  ])("%s", (_name, args, expected) => {
    expect(vatCodeFor({ ...base, ...args })).toBe(expected);
  });
});
