import { describe, expect, it } from "vitest";
import { en } from "../lib/words/en";
import { textIn } from "../lib/words/reason-said";
import { zhCN } from "../lib/words/zh-CN";
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

  it("says each check by its sentence, so the English message is the catalogue's and a Chinese admin reads it in Chinese", () => {
    const plan = merchantSkuFor(
      { ...mug, productTitle: "茶碗", displayName: "茶碗 - 青", weightGrams: null, price: null, hsCode: "69" },
      undefined,
      { ...defaults, size: null },
    );
    const problems = plan.ok ? [] : plan.problems;
    for (const problem of problems) expect(textIn(en.skuChecks, problem)).toBe(problem.message);
    expect(problems.map((problem) => textIn(zhCN.skuChecks, problem))).toEqual([
      "缺少重量。请在 Shopify 中填写该变体的重量（商品的“运输”部分）。",
      "缺少尺寸：服务商需要每件商品的长、宽、高。请在“商品”页面该 SKU 的条目中填写尺寸，或在“设置 > 商品目录与库存”中填写默认尺寸。",
      "缺少申报价值。请在“商品”页面该 SKU 的条目中填写申报价值，或在 Shopify 中为该变体设置价格（或成本）。",
      "HS 编码：必须为空，或为 6 至 50 位数字。请在 Shopify 中更正 HS 编码（商品的“运输”部分），或在“商品”页面该 SKU 的条目中填写。",
      "报关名称：只能包含英文字母、数字、空格和 _ - ( ) ' & , |（不能有带重音的字母或其他符号）。请在“商品”页面该 SKU 的条目中填写英文报关名称，或在“设置 > 报关与税号”中填写默认报关名称。",
    ]);
    const noSku = merchantSkuFor({ ...mug, sku: null }, undefined, defaults);
    expect(noSku.ok ? [] : noSku.problems.map((problem) => textIn(zhCN.skuChecks, problem))).toEqual([
      "缺少 SKU：没有 SKU 的变体无法发送给服务商。请在 Shopify 中为它填写 SKU。",
    ]);
  });

  it("quotes a rule of the provider's the Chinese catalogue does not know, as the provider's schema says it", () => {
    const said = { message: "Brand must be something new.", say: { key: "fieldIssue", args: ["Brand", "must be something new"] } };
    expect(textIn(zhCN.skuChecks, said)).toBe("Brand：must be something new。");
    expect(textIn(en.skuChecks, said)).toBe(said.message);
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
      { field: "Customs name", provider: "Mug", shopify: "Stoneware mug", unit: null },
      { field: "Declared value", provider: "20", shopify: "24", unit: null },
    ]);
    // A weight or size is its numbers and their unit, which the page writes in the admin's words.
    expect(differencesFrom(plan.request, { ...record, Weight: 400, Height: undefined }).slice(1, 3)).toEqual([
      { field: "Weight", provider: "400", shopify: "420", unit: "g" },
      { field: "Size", provider: "12 × 10 × ?", shopify: "12 × 10 × 11.5", unit: "cm" },
    ]);
    expect(differencesFrom(plan.request, { ...record, DeclareName: "Stoneware mug", DeclareValue: 24 })).toEqual([]);
  });
});
