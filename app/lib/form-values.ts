/**
 * Reading a submitted form's values with zod, for conform (`parseWithZod(..., {
 * disableAutoCoercion: true })`), which hands over strings by field name: what a text field, a
 * checkbox, a number or a table of rows means, the same in the browser and on the server
 * (docs/decisions/0012). Nothing of the product here.
 */
import { z } from "zod";

/** A text field as typed, trimmed; a field the form did not send reads as blank. */
export const text = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim());

/** Blank is "not set" (null); anything else must pass `schema`. */
export const optional = <T extends z.ZodType<unknown, string>>(schema: T) =>
  text.transform((value) => (value === "" ? null : value)).pipe(schema.nullable());

export const required = <T extends z.ZodType<unknown, string>>(schema: T) =>
  text.pipe(z.string().min(1, { error: "is required" })).pipe(schema);

/** A checkbox: sent when ticked (its value, "on" by default), absent when not. */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value !== undefined && value !== "");

/** A section whose fields all went unsent reads as all blank. */
export const section = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

/** A field sent once per ticked box: conform reads one value as a string, several as a list. */
export const several = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/**
 * A number as typed: digits, a minus sign, a decimal point. "-4" is a number, so it meets the rule
 * of its schema ("must be more than 0 kg"); only text that is no number at all gets `notANumber`.
 */
export const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** A field's text as a number for `schema` ("12.5"); anything else is `notANumber`. */
const numberOf = <T extends z.ZodType<unknown, number>>(schema: T, notANumber: string) =>
  z.string().regex(NUMBER_TEXT, { error: notANumber }).transform(Number).pipe(schema);

/** A decimal number as typed, such as "12.5"; pipe it after `required` or `optional`. */
export const decimalNumber = <T extends z.ZodType<unknown, number>>(schema: T) => numberOf(schema, "must be a number such as 12.5");

/**
 * A count as typed, such as "24"; pipe it after `required` or `optional`. "2.5" and "-4" are
 * numbers, so they meet the schema's own words ("must be a whole number", "must be at least 1
 * unit"), and so does a number too large to count ("must be at most 2,147,483,647 units").
 */
export const wholeNumber = <T extends z.ZodType<unknown, number>>(schema: T) => numberOf(schema, "must be a whole number");

/** A decimal number as typed ("12.5"); blank is "not set" (null). */
export const decimalText = <T extends z.ZodType<unknown, number>>(schema: T) => optional(decimalNumber(schema));

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The rows of a table, keyed by row number; a row whose `columns` are all blank is no row at all. */
export function rows<T extends z.ZodType>(row: T, columns: readonly string[]) {
  const isBlank = (value: unknown) => value === undefined || (typeof value === "string" && value.trim() === "");
  return z.preprocess(
    (value) =>
      isRecord(value)
        ? Object.fromEntries(
            Object.entries(value).filter(([, cells]) => isRecord(cells) && columns.some((column) => !isBlank(cells[column]))),
          )
        : value === undefined
          ? {}
          : value,
    z.record(z.string().regex(/^\d+$/), row),
  );
}

/** `required`, a blank field told in the page's own words (a form in the admin's language). */
export const requiredSaying =
  (isRequired: string) =>
  <T extends z.ZodType<unknown, string>>(schema: T) =>
    text.pipe(z.string().min(1, { error: isRequired })).pipe(schema);

/** `decimalNumber` and `wholeNumber`, text that is no number told in the page's own words. */
export const numberSaying =
  (notANumber: string) =>
  <T extends z.ZodType<unknown, number>>(schema: T) =>
    numberOf(schema, notANumber);
/**
 * A rule of the domain's (the provider's customs name, a tax number's shape, a quantity's bounds)
 * said in the admin's words: the rule stays written once, where the domain keeps it; each kind of
 * issue it finds is named by `says` (a sentence, or one of the issue's bounds), and an issue of a
 * kind not named keeps the domain's own words. For rules that check, not transform: the value
 * goes on as it came. A refinement, not a transform, so the checks of the form around it (what
 * several fields together say) still run when this field is wrong.
 */
export function saidIn<T>(
  rule: z.ZodType<T, T>,
  says: Partial<Record<z.core.$ZodIssue["code"], string | ((issue: z.core.$ZodIssue) => string)>>,
) {
  // z.custom: what comes in is what the rule reads (its own input), checked by the rule alone.
  return z.custom<T>().superRefine((value, context) => {
    const checked = rule.safeParse(value);
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      const said = says[issue.code];
      context.addIssue({ code: "custom", message: said === undefined ? issue.message : typeof said === "string" ? said : said(issue) });
    }
  });
}
