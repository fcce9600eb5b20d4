/**
 * A drop-ship package's customs declaration as the merchant corrects it on the shipment page
 * (operation 10, `directExpressOrders/declare`): the form's values, read as text; each field
 * checked first with the app's customs rules (the reference's DeclareName and HsCode rules, numbers
 * as numbers), then the whole with the provider's own schema (DeclarePackageRequest), every issue
 * named by the field the merchant sees. Pure: no I/O, the same in a test as on the page.
 */
import { z } from "zod";
import { DeclarePackageRequest } from "../fulfilment/schemas/requests";
import { declareName, emptyOrDigits, ruleMessage } from "../fulfilment/schemas/rules";
import { type DropshipPackage, DropshipSkuLine } from "../fulfilment/schemas/types";

/**
 * What a declaration says, without the recipient's address: what the timeline keeps (it outlives a
 * customer's redaction) and what the next correction starts from.
 */
export const DeclaredCustoms = z.object({
  Weight: z.number(),
  Length: z.number().optional(),
  Width: z.number().optional(),
  Height: z.number().optional(),
  VatCode: z.string().optional(),
  IOSS: z.string().optional(),
  Skus: z.array(DropshipSkuLine),
});
export type DeclaredCustoms = z.infer<typeof DeclaredCustoms>;

/** One line of the form: fixed SKU and quantity, the rest as typed. */
export interface DeclarationLineValues {
  sku: string;
  quantity: number;
  declareNameEn: string;
  declareNameCn: string;
  declareValue: string;
  hsCode: string;
  weight: string;
  materialEn: string;
}

/** The form's values, as text, named as the form names its fields. */
export interface DeclarationValues {
  weight: string;
  length: string;
  width: string;
  height: string;
  vatCode: string;
  ioss: string;
  lines: DeclarationLineValues[];
}

export interface DeclarationFieldError {
  /** The form field: "weight", "lines.0.hsCode". */
  field: string;
  /** As the page labels it in English: "HS code (line 1, MUG-CER-350-WHT)" (the page says it again from `field` and `sku`). */
  label: string;
  /** The line's SKU, for a line's field. */
  sku: string | null;
  /** In English, made from a sentence of `providerRules` (said again in the admin's words by `ruleText`), or the provider's own. */
  message: string;
}

/** A field whose declared value changed: the package's, or a line's (`sku` names it). */
export type DeclarationChangeField =
  | "weight"
  | "length"
  | "width"
  | "height"
  | "vatCode"
  | "ioss"
  | "declareNameEn"
  | "declareNameCn"
  | "declareValue"
  | "hsCode"
  | "unitWeight"
  | "materialEn";

/** One change, its values as written ("" when there was none): the timeline says it in the merchant's language (en/timeline.ts). */
export interface DeclarationChange {
  sku: string | null;
  field: DeclarationChangeField;
  from: string;
  to: string;
}

export type DeclarationReading =
  | { ok: true; request: DeclarePackageRequest; declared: DeclaredCustoms; changed: DeclarationChange[] }
  | { ok: false; errors: DeclarationFieldError[] };

type LineField = "declareNameEn" | "declareNameCn" | "declareValue" | "hsCode" | "weight" | "materialEn";

const LINE_LABELS: Record<LineField, string> = {
  declareNameEn: "Declared name in English",
  declareNameCn: "Declared name in the local language",
  declareValue: "Declared value per unit",
  hsCode: "HS code",
  weight: "Weight per unit (g)",
  materialEn: "Material",
};

const PACKAGE_LABELS: Record<string, string> = {
  weight: "Package weight (g)",
  length: "Length (cm)",
  width: "Width (cm)",
  height: "Height (cm)",
  vatCode: "VAT code",
  ioss: "IOSS number",
};

/** Where each field of the provider's request is on the form. */
const PACKAGE_FIELD_OF: Record<string, string> = {
  Weight: "weight",
  Length: "length",
  Width: "width",
  Height: "height",
  VatCode: "vatCode",
  IOSS: "ioss",
};
const LINE_FIELD_OF: Record<string, LineField> = {
  DeclareNameEn: "declareNameEn",
  DeclareNameCn: "declareNameCn",
  DeclareValue: "declareValue",
  HsCode: "hsCode",
  Weight: "weight",
  MaterialEN: "materialEn",
};

/** The SKU of the line a form field ("lines.0.hsCode") is on; null for the package's own. */
export function declarationLineSku(field: string, lines: readonly { sku: string }[]): string | null {
  const line = /^lines\.(\d+)\./.exec(field);
  return line ? (lines[Number(line[1])]?.sku ?? null) : null;
}

/** The form field's label as the page shows it in English, with the line's number and SKU. */
export function declarationFieldLabel(field: string, lines: readonly { sku: string }[]): string {
  const line = /^lines\.(\d+)\.(\w+)$/.exec(field);
  if (line) {
    const index = Number(line[1]);
    const name = LINE_LABELS[line[2] as LineField] ?? line[2];
    return `${name} (line ${index + 1}, ${lines[index]?.sku ?? "?"})`;
  }
  return PACKAGE_LABELS[field] ?? field;
}

/**
 * The provider's field name ("Skus[1].HsCode", "Skus.1.HsCode", "Weight") as the form field it is
 * about; undefined for one the form does not show (the address, the PackageId).
 */
export function formFieldOfProviderField(code: string): string | undefined {
  const line = /^Skus(?:\[(\d+)\]|\.(\d+))\.(\w+)$/.exec(code);
  if (line) {
    const field = LINE_FIELD_OF[line[3] ?? ""];
    return field === undefined ? undefined : `lines.${line[1] ?? line[2]}.${field}`;
  }
  return PACKAGE_FIELD_OF[code];
}

const text = (value: string | number | undefined) => (value === undefined ? "" : String(value));

/** The form's starting values: the last declaration sent, else the package as it was sent. */
export function declarationValuesOf(declared: DeclaredCustoms): DeclarationValues {
  return {
    weight: text(declared.Weight),
    length: text(declared.Length),
    width: text(declared.Width),
    height: text(declared.Height),
    vatCode: text(declared.VatCode),
    ioss: text(declared.IOSS),
    lines: declared.Skus.map((line) => ({
      sku: line.Sku,
      quantity: line.Quantity,
      declareNameEn: text(line.DeclareNameEn),
      declareNameCn: text(line.DeclareNameCn),
      declareValue: text(line.DeclareValue),
      hsCode: text(line.HsCode),
      weight: text(line.Weight),
      materialEn: text(line.MaterialEN),
    })),
  };
}

/**
 * The submitted form's values by field name (`get` reads one, blank when absent); the lines are
 * those the form sent, in order. SKU and quantity are not the form's to change: taken from the base.
 */
export function declarationValuesFrom(get: (name: string) => string, names: Iterable<string>): DeclarationValues {
  const count = [...names].filter((name) => /^lines\.\d+\.declareNameEn$/.test(name)).length;
  return {
    weight: get("weight"),
    length: get("length"),
    width: get("width"),
    height: get("height"),
    vatCode: get("vatCode"),
    ioss: get("ioss"),
    lines: Array.from({ length: count }, (_, index): DeclarationLineValues => {
      const line = (field: LineField) => get(`lines.${index}.${field}`);
      return {
        sku: "",
        quantity: 0,
        declareNameEn: line("declareNameEn"),
        declareNameCn: line("declareNameCn"),
        declareValue: line("declareValue"),
        hsCode: line("hsCode"),
        weight: line("weight"),
        materialEn: line("materialEn"),
      };
    }),
  };
}

/** What the package as sent declares. */
export function declaredOfPackage(pkg: DropshipPackage): DeclaredCustoms {
  return {
    Weight: pkg.Weight ?? pkg.Skus.reduce((grams, line) => grams + (line.Weight ?? 0) * line.Quantity, 0),
    ...(pkg.Length === undefined ? {} : { Length: pkg.Length }),
    ...(pkg.Width === undefined ? {} : { Width: pkg.Width }),
    ...(pkg.Height === undefined ? {} : { Height: pkg.Height }),
    ...(pkg.VatCode === undefined ? {} : { VatCode: pkg.VatCode }),
    Skus: pkg.Skus,
  };
}

/** A number as typed, a minus sign included: "-4" is told its range, not that it is no number (as lib/form-values reads one). */
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
const numberText = (required: boolean) =>
  z
    .string()
    .trim()
    .refine((value) => (required ? value !== "" : true), { error: ruleMessage("required") })
    .refine((value) => value === "" || NUMBER_TEXT.test(value), { error: ruleMessage("numberExample") })
    .transform((value) => (value === "" ? undefined : Number(value)));
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value));

const LineForm = z.object({
  declareNameEn: z.string().trim().pipe(declareName()),
  declareNameCn: optionalText.pipe(
    z
      .string()
      .max(100, { error: ruleMessage("atMostCharacters", 100) })
      .optional(),
  ),
  declareValue: numberText(true).refine((value) => value === undefined || value > 0, { error: ruleMessage("moreThanZero") }),
  hsCode: z
    .string()
    .trim()
    .pipe(emptyOrDigits(6, 50))
    .transform((value) => (value === "" ? undefined : value)),
  weight: numberText(false).refine((value) => value === undefined || value > 0, { error: ruleMessage("moreThanZeroGrams") }),
  materialEn: optionalText.pipe(
    z
      .string()
      .max(100, { error: ruleMessage("atMostCharacters", 100) })
      .optional(),
  ),
});

const PackageForm = z.object({
  weight: numberText(true),
  length: numberText(false),
  width: numberText(false),
  height: numberText(false),
  vatCode: optionalText,
  ioss: optionalText.pipe(
    z
      .string()
      .regex(/^IM\d{10}$/, { error: ruleMessage("iossNumber") })
      .optional(),
  ),
  lines: z.array(LineForm),
});

/** What changed, line by line. */
function changesBetween(before: DeclaredCustoms, after: DeclaredCustoms): DeclarationChange[] {
  const changes: DeclarationChange[] = [];
  const written = (value: unknown) => (value === undefined ? "" : String(value));
  const say = (sku: string | null, field: DeclarationChangeField, from: unknown, to: unknown) => {
    if ((from ?? "") !== (to ?? "")) changes.push({ sku, field, from: written(from), to: written(to) });
  };
  say(null, "weight", before.Weight, after.Weight);
  say(null, "length", before.Length, after.Length);
  say(null, "width", before.Width, after.Width);
  say(null, "height", before.Height, after.Height);
  say(null, "vatCode", before.VatCode, after.VatCode);
  say(null, "ioss", before.IOSS, after.IOSS);
  after.Skus.forEach((line, index) => {
    const was = before.Skus[index];
    say(line.Sku, "declareNameEn", was?.DeclareNameEn, line.DeclareNameEn);
    say(line.Sku, "declareNameCn", was?.DeclareNameCn, line.DeclareNameCn);
    say(line.Sku, "declareValue", was?.DeclareValue, line.DeclareValue);
    say(line.Sku, "hsCode", was?.HsCode, line.HsCode);
    say(line.Sku, "unitWeight", was?.Weight, line.Weight);
    say(line.Sku, "materialEn", was?.MaterialEN, line.MaterialEN);
  });
  return changes;
}

/**
 * The form as the provider's request for this package: `base` is what the form started from (its
 * lines give SKU and quantity, and every field the form does not show), `pkg` the package as sent
 * (its address, sender and service). Errors name the form's fields.
 */
export function readDeclaration(
  values: DeclarationValues,
  base: DeclaredCustoms,
  pkg: DropshipPackage,
  facts: { serviceCode: string | null; trackingNumber: string | null },
): DeclarationReading {
  const lines = base.Skus.map((line) => ({ sku: line.Sku }));
  const issueOf = (field: string, message: string): DeclarationFieldError => ({
    field,
    label: declarationFieldLabel(field, lines),
    sku: declarationLineSku(field, lines),
    message,
  });
  if (values.lines.length !== base.Skus.length) {
    return { ok: false, errors: [issueOf("lines", ruleMessage("declarationLines", base.Skus.length))] };
  }
  const form = PackageForm.safeParse(values);
  if (!form.success) return { ok: false, errors: form.error.issues.map((issue) => issueOf(issue.path.join("."), issue.message)) };

  const declared: DeclaredCustoms = {
    Weight: form.data.weight ?? 0,
    ...(form.data.length === undefined ? {} : { Length: form.data.length }),
    ...(form.data.width === undefined ? {} : { Width: form.data.width }),
    ...(form.data.height === undefined ? {} : { Height: form.data.height }),
    ...(form.data.vatCode === undefined ? {} : { VatCode: form.data.vatCode }),
    ...(form.data.ioss === undefined ? {} : { IOSS: form.data.ioss }),
    Skus: base.Skus.map((line, index) => {
      const typed = form.data.lines[index];
      const { DeclareNameCn: _cn, HsCode: _hs, Weight: _w, MaterialEN: _m, ...kept } = line;
      return {
        ...kept,
        DeclareNameEn: typed?.declareNameEn ?? "",
        DeclareValue: typed?.declareValue ?? 0,
        ...(typed?.declareNameCn === undefined ? {} : { DeclareNameCn: typed.declareNameCn }),
        ...(typed?.hsCode === undefined ? {} : { HsCode: typed.hsCode }),
        ...(typed?.weight === undefined ? {} : { Weight: typed.weight }),
        ...(typed?.materialEn === undefined ? {} : { MaterialEN: typed.materialEn }),
      };
    }),
  };
  const request = DeclarePackageRequest.safeParse({
    PackageId: pkg.PackageId,
    ...((facts.serviceCode ?? pkg.ServiceCode) ? { ServiceCode: facts.serviceCode ?? pkg.ServiceCode } : {}),
    ...(facts.trackingNumber === null ? {} : { TrackingNumber: facts.trackingNumber }),
    ...declared,
    ShipToAddress: pkg.ShipToAddress,
    ...(pkg.Sender === undefined ? {} : { Sender: pkg.Sender }),
  } satisfies z.input<typeof DeclarePackageRequest>);
  if (!request.success) {
    return {
      ok: false,
      errors: request.error.issues.map((issue) => {
        const code = issue.path.join(".");
        const field = formFieldOfProviderField(code);
        return field === undefined ? issueOf(code, ruleMessage("packageAsSent", issue.message)) : issueOf(field, issue.message);
      }),
    };
  }
  return { ok: true, request: request.data, declared, changed: changesBetween(base, declared) };
}
