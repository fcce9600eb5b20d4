/**
 * A Shopify variant as the provider's merchant SKU (operation 16), built from what Shopify knows of
 * it (title, weight, HS code, price or cost) and what the merchant set on the Products page (the
 * SKU's entry) or in Settings (defaults: size, declared value). Every field is checked with the
 * provider's own schema first, so a SKU that cannot be registered says which fields and why, in
 * the merchant's words, before anything is sent. Pure.
 */
import type { z } from "zod";
import { CreateMerchantSkuRequest } from "../fulfilment/schemas/requests";
import type { MerchantSku } from "../fulfilment/schemas/responses";
import { transliterate } from "./customs";
import type { SkuEntry } from "./settings";
import { saidFrom, type Say } from "../lib/words/reason-said";
import { skuChecks } from "../lib/words/en/sku-checks";

/** What the catalogue read keeps of a variant. */
export interface VariantFacts {
  sku: string | null;
  productTitle: string;
  variantTitle: string;
  displayName: string;
  /** The variant's price in the shop's currency, as Shopify writes it ("12.50"). */
  price: string | null;
  unitCost: string | null;
  weightGrams: number | null;
  hsCode: string | null;
}

export interface SkuDefaults {
  size: { lengthCm: number; widthCm: number; heightCm: number } | null;
  declaredValueFrom: "PRICE" | "COST";
  /** The shop's default customs name (Settings > Customs), used when the title cannot be one. */
  declareName: string | null;
}

/** A field that keeps the SKU from being registered, as the Products page shows it. */
export interface SkuProblem {
  /** The provider's field: Weight, Length, DeclareName... */
  field: string;
  /** "Weight is missing. Enter the variant's weight in Shopify (the product's Shipping section)." */
  message: string;
  /** The check's sentence in the catalogue's `skuChecks`, said again in the merchant's language. */
  say: Say;
}

export type MerchantSkuPlan = { ok: true; request: CreateMerchantSkuRequest } | { ok: false; problems: SkuProblem[] };

const check = saidFrom(skuChecks);

function problemsOf(error: z.ZodError): SkuProblem[] {
  return error.issues.map((issue) => {
    const field = String(issue.path[0] ?? "");
    return { field, ...check("fieldIssue", field, issue.message) };
  });
}

const digitsOnly = (code: string) => code.replace(/[\s.]/g, "");

/** An amount as Shopify writes it ("12.5"), as the provider's decimal: rounded to cents. */
function amountOf(text: string | null): number | undefined {
  if (text === null || text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) / 100 : undefined;
}

/**
 * The customs name: the SKU's own, the product title as it is, the title transliterated, the
 * shop's default; the first the provider's rule accepts, else the SKU's own or the title (and the
 * check says why it is refused).
 */
function declareNameOf(variant: VariantFacts, entry: SkuEntry | undefined, defaults: SkuDefaults): string {
  const title = variant.productTitle.trim();
  const candidates = [entry?.declaredName, title, transliterate(title), defaults.declareName ?? undefined];
  const valid = candidates.find((name) => name !== undefined && CreateMerchantSkuRequest.shape.DeclareName.safeParse(name).success);
  return valid ?? entry?.declaredName ?? title;
}

/** Operation 16's request for the variant, or every field that keeps it from being registered. */
export function merchantSkuFor(variant: VariantFacts, entry: SkuEntry | undefined, defaults: SkuDefaults): MerchantSkuPlan {
  const sku = entry?.providerSku ?? variant.sku?.trim() ?? "";
  if (sku === "")
    return {
      ok: false,
      problems: [{ field: "Sku", ...check("noSku") }],
    };
  const size = entry?.size ?? defaults.size;
  const declaredValue =
    entry?.declaredValue ?? amountOf(defaults.declaredValueFrom === "COST" ? (variant.unitCost ?? variant.price) : variant.price);
  const hsCode = entry?.hsCode ?? (variant.hsCode ? digitsOnly(variant.hsCode) : undefined);
  const name = variant.displayName.trim() || variant.productTitle.trim();
  const candidate = {
    Sku: sku,
    ProductName: name.length > 100 ? `${name.slice(0, 99)}…` : name,
    ProductDescription: (variant.productTitle.trim() || name).slice(0, 2000),
    // Zero or missing stays visible to the check: the provider requires at least 1 g.
    Weight: variant.weightGrams ?? 0,
    Length: size?.lengthCm ?? 0,
    Width: size?.widthCm ?? 0,
    Height: size?.heightCm ?? 0,
    DeclareName: declareNameOf(variant, entry, defaults),
    DeclareValue: declaredValue ?? 0,
    ...(hsCode ? { HsCode: hsCode } : {}),
    ProductFlag: "Simple",
    ProductAttribute: "GeneralCargo",
  };
  const problems: SkuProblem[] = [];
  if (variant.weightGrams === null || variant.weightGrams < 1) problems.push({ field: "Weight", ...check("noWeight") });
  if (size === null || size === undefined) problems.push({ field: "Length", ...check("noSize") });
  if (declaredValue === undefined) problems.push({ field: "DeclareValue", ...check("noDeclaredValue") });
  const checked = CreateMerchantSkuRequest.safeParse(candidate);
  if (!checked.success) {
    const reported = new Set(problems.map((problem) => problem.field));
    // A missing size or weight is reported once, not again as "must be more than 0".
    problems.push(
      ...problemsOf(checked.error).filter(
        (problem) => !reported.has(problem.field) && !(reported.has("Length") && ["Width", "Height"].includes(problem.field)),
      ),
    );
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, request: candidate };
}

/**
 * A field where the provider's record and what the app would register differ. A weight or size is
 * its numbers ("?" for one the provider has not), and `unit` names their unit, which the page writes
 * in the merchant's language.
 */
export interface SkuDifference {
  field: "Customs name" | "HS code" | "Weight" | "Size" | "Declared value";
  provider: string;
  shopify: string;
  unit: "g" | "cm" | null;
}

const sameNumber = (a: number | null | undefined, b: number | null | undefined) =>
  a !== null && a !== undefined && b !== null && b !== undefined && Math.abs(a - b) < 0.005;

/** Where the provider's record of a SKU differs from what registering the variant would send. */
export function differencesFrom(expected: CreateMerchantSkuRequest, record: MerchantSku): SkuDifference[] {
  const differences: SkuDifference[] = [];
  const text = (value: string | null | undefined) => (value ?? "").trim();
  if (text(record.DeclareName) !== text(expected.DeclareName))
    differences.push({ field: "Customs name", provider: text(record.DeclareName), shopify: expected.DeclareName, unit: null });
  if (digitsOnly(text(record.HsCode)) !== text(expected.HsCode))
    differences.push({ field: "HS code", provider: text(record.HsCode), shopify: text(expected.HsCode), unit: null });
  if (!sameNumber(record.Weight, expected.Weight))
    differences.push({ field: "Weight", provider: String(record.Weight ?? "?"), shopify: String(expected.Weight), unit: "g" });
  const size = (l: unknown, w: unknown, h: unknown) => `${String(l ?? "?")} × ${String(w ?? "?")} × ${String(h ?? "?")}`;
  if (
    !sameNumber(record.Length, expected.Length) ||
    !sameNumber(record.Width, expected.Width) ||
    !sameNumber(record.Height, expected.Height)
  ) {
    differences.push({
      field: "Size",
      provider: size(record.Length, record.Width, record.Height),
      shopify: size(expected.Length, expected.Width, expected.Height),
      unit: "cm",
    });
  }
  if (!sameNumber(record.DeclareValue, expected.DeclareValue))
    differences.push({
      field: "Declared value",
      provider: String(record.DeclareValue ?? "?"),
      shopify: String(expected.DeclareValue),
      unit: null,
    });
  return differences;
}
