import { describe, expect, it } from "vitest";
import type { DropshipPackage } from "../fulfilment/schemas/types";
import { wordsFor } from "../lib/words";
import { ruleText } from "../lib/words/rule-said";
import { declarationValuesOf, declaredOfPackage, formFieldOfProviderField, readDeclaration } from "./declaration";

const pkg: DropshipPackage = {
  PackageId: "SO1001-5001",
  ServiceCode: "US01-EXP",
  ShipToAddress: { Contact: "Ada", Country: "US", City: "Ontario", Street1: "1 Main St" },
  Weight: 700,
  Skus: [{ Sku: "MUG", Quantity: 2, Weight: 350, DeclareNameEn: "Ceramic mug", DeclareValue: 6.5, HsCode: "691200", ProductName: "Mug" }],
};
const base = declaredOfPackage(pkg);
const facts = { serviceCode: "US01-EXP", trackingNumber: null };

describe("readDeclaration", () => {
  it("reads the form back as the same declaration, with nothing changed", () => {
    const reading = readDeclaration(declarationValuesOf(base), base, pkg, facts);
    expect(reading).toMatchObject({
      ok: true,
      changed: [],
      request: { PackageId: "SO1001-5001", Weight: 700, ShipToAddress: { Country: "US" } },
    });
    // What the form does not show is kept as sent.
    expect(reading.ok && reading.request.Skus[0]).toMatchObject({ Sku: "MUG", Quantity: 2, ProductName: "Mug" });
  });

  it("says what changed, and leaves out what the merchant emptied", () => {
    const values = declarationValuesOf(base);
    const line = { ...values.lines[0]!, hsCode: "", declareValue: "7.25", declareNameCn: "陶瓷杯" };
    const reading = readDeclaration({ ...values, weight: "720", lines: [line] }, base, pkg, facts);
    expect(reading.ok && reading.changed).toEqual([
      { sku: null, field: "weight", from: "700", to: "720" },
      { sku: "MUG", field: "declareNameCn", from: "", to: "陶瓷杯" },
      { sku: "MUG", field: "declareValue", from: "6.5", to: "7.25" },
      { sku: "MUG", field: "hsCode", from: "691200", to: "" },
    ]);
    expect(reading.ok && reading.request.Skus[0]?.HsCode).toBeUndefined();
  });

  it("names the form's field for a rule only the provider's schema knows", () => {
    const reading = readDeclaration({ ...declarationValuesOf(base), length: "123456789" }, base, pkg, facts);
    expect(reading.ok ? [] : reading.errors).toEqual([
      { field: "length", label: "Length (cm)", sku: null, message: expect.stringContaining("must be less than 1,000,000") },
    ]);
  });

  it("keeps each rule's English, said again in the admin's words by its sentence; a line's field names its SKU", () => {
    const values = declarationValuesOf(base);
    const line = { ...values.lines[0]!, declareNameEn: "Café mug", hsCode: "12", declareValue: "-4" };
    const reading = readDeclaration({ ...values, ioss: "IM12", lines: [line] }, base, pkg, facts);
    const errors = reading.ok ? [] : reading.errors;
    expect(errors.map(({ field, sku, message }) => ({ field, sku, message }))).toEqual([
      { field: "ioss", sku: null, message: "must be IM followed by 10 digits" },
      {
        field: "lines.0.declareNameEn",
        sku: "MUG",
        message: "may contain only letters, digits, spaces and _ - ( ) ' & , | (no accents or other symbols)",
      },
      { field: "lines.0.declareValue", sku: "MUG", message: "must be more than 0" },
      { field: "lines.0.hsCode", sku: "MUG", message: "must be empty or 6 to 50 digits" },
    ]);
    const chinese = wordsFor("zh-CN").providerRules;
    expect(errors.map((error) => ruleText(chinese, error.message))).toEqual([
      "必须是 IM 加 10 位数字",
      "只能包含字母、数字、空格和 _ - ( ) ' & , |（不能有重音字母或其他符号）",
      "必须大于 0",
      "须留空，或填写 6 到 50 位数字",
    ]);
    expect(errors.map((error) => ruleText(wordsFor("en").providerRules, error.message))).toEqual(errors.map((error) => error.message));
  });

  it("tells a negative number its range at its field, and only text that is no number that it must be a number", () => {
    const values = declarationValuesOf(base);
    const line = { ...values.lines[0]!, declareValue: "-4", weight: "-350" };
    const reading = readDeclaration({ ...values, weight: "-4", length: "-4", width: "4O", lines: [line] }, base, pkg, facts);
    expect(reading.ok ? [] : reading.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "lines.0.declareValue", message: "must be more than 0" }),
        expect.objectContaining({ field: "lines.0.weight", message: "must be more than 0 grams" }),
        expect.objectContaining({ field: "width", message: "must be a number such as 12.5" }),
      ]),
    );
    const notNumbers = reading.ok ? [] : reading.errors.filter((error) => error.message === "must be a number such as 12.5");
    expect(notNumbers.map((error) => error.field)).toEqual(["width"]);
  });
});

describe("formFieldOfProviderField", () => {
  it.each([
    ["Skus[0].HsCode", "lines.0.hsCode"],
    ["Skus.2.DeclareValue", "lines.2.declareValue"],
    ["Weight", "weight"],
    ["ShipToAddress.Country", undefined],
  ])("%s is %s", (code, field) => {
    expect(formFieldOfProviderField(code)).toBe(field);
  });
});
