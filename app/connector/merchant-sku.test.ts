import { describe, expect, it } from "vitest";
import { differencesFrom, merchantSkuFor, type SkuDefaults, type VariantFacts } from "./merchant-sku";

const mug: VariantFacts = {
  sku: "MUG-BLUE",
  productTitle: "Stoneware mug",
  variantTitle: "Blue",
  displayName: "Stoneware mug - Blue",
  price: "24.00",
  unitCost: "7.5",
  weightGrams: 420,
  hsCode: "6912.00",
};
const defaults: SkuDefaults = { size: { lengthCm: 12, widthCm: 10, heightCm: 11.5 }, declaredValueFrom: "PRICE", declareName: null };

describe("a variant as the provider's merchant SKU", () => {
  it("is built from Shopify's facts and the shop's defaults, checked by the provider's rules", () => {
    expect(merchantSkuFor(mug, undefined, defaults)).toEqual({
      ok: true,
      request: {
        Sku: "MUG-BLUE",
        ProductName: "Stoneware mug - Blue",
        ProductDescription: "Stoneware mug",
        Weight: 420,
        Length: 12,
        Width: 10,
        Height: 11.5,
        DeclareName: "Stoneware mug",
        DeclareValue: 24,
        HsCode: "691200",
        ProductFlag: "Simple",
        ProductAttribute: "GeneralCargo",
      },
    });
  });

  it("takes the SKU's own entry first: provider SKU, customs name, HS code, value and size", () => {
    const entry = {
      providerSku: "MUG-01",
      declaredName: "Ceramic mug",
      hsCode: "691110",
      declaredValue: 9.9,
      size: { lengthCm: 9, widthCm: 9, heightCm: 10 },
    };
    const plan = merchantSkuFor(mug, entry, defaults);
    expect(plan.ok && plan.request).toMatchObject({
      Sku: "MUG-01",
      DeclareName: "Ceramic mug",
      HsCode: "691110",
      DeclareValue: 9.9,
      Length: 9,
      Height: 10,
    });
    expect(merchantSkuFor(mug, undefined, { ...defaults, declaredValueFrom: "COST" })).toMatchObject({
      ok: true,
      request: { DeclareValue: 7.5 },
    });
  });

  it("says every field that keeps it from being registered, in words that say what to do", () => {
    const plan = merchantSkuFor(
      { ...mug, productTitle: "茶碗", displayName: "茶碗 - 青", weightGrams: null, price: null, hsCode: "69" },
      undefined,
      { ...defaults, size: null },
    );
    expect(plan.ok).toBe(false);
    const problems = plan.ok ? [] : plan.problems;
    expect(problems.map((problem) => problem.field)).toEqual(["Weight", "Length", "DeclareValue", "HsCode", "DeclareName"]);
    expect(problems.find((problem) => problem.field === "Weight")?.message).toMatch(/Enter the variant's weight in Shopify/);
    expect(problems.find((problem) => problem.field === "DeclareName")?.message).toMatch(/^Customs name .*English customs name/);
  });

  it("uses the shop's default customs name when the title cannot be one", () => {
    const plan = merchantSkuFor({ ...mug, productTitle: "茶碗" }, undefined, { ...defaults, declareName: "Tea bowl" });
    expect(plan.ok && plan.request.DeclareName).toBe("Tea bowl");
  });

  it("refuses a variant without a SKU", () => {
    expect(merchantSkuFor({ ...mug, sku: null }, undefined, defaults)).toMatchObject({ ok: false, problems: [{ field: "Sku" }] });
  });
});

describe("the provider's record against what would be registered", () => {
  it("names each field that differs, with both values", () => {
    const plan = merchantSkuFor(mug, undefined, defaults);
    if (!plan.ok) throw new Error("the mug must be registrable");
    const record = {
      Sku: "MUG-BLUE",
      DeclareName: "Mug",
      HsCode: "691200",
      Weight: 420,
      Length: 12,
      Width: 10,
      Height: 11.5,
      DeclareValue: 20,
    };
    expect(differencesFrom(plan.request, record)).toEqual([
      { field: "Customs name", provider: "Mug", shopify: "Stoneware mug" },
      { field: "Declared value", provider: "20", shopify: "24" },
    ]);
    expect(differencesFrom(plan.request, { ...record, DeclareName: "Stoneware mug", DeclareValue: 24 })).toEqual([]);
  });
});
