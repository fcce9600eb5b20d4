/**
 * The field rules of the provider's reference, as reusable zod builders. Every message names the
 * rule in words a merchant can act on; zod's issue path names the field.
 */
import { z } from "zod";

/**
 * zod's default wording for a missing field is "Invalid input: expected string, received undefined";
 * a merchant reads these messages next to a held order, so a missing field says it is required.
 */
z.config({
  customError: (issue) => (issue.input === undefined ? "is required" : undefined),
});

/** For numbers: "is required" when missing, "must be a number" when it is something else. */
const numberError = (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : "must be a number");

/** A string of at most `max` characters ("length 0-max" in the reference). */
export const text = (max: number) => z.string().max(max, { error: `must be at most ${max} characters` });

/** A string of `min`..`max` characters. */
export const textBetween = (min: number, max: number) =>
  z
    .string()
    .min(min, { error: min === 1 ? "must not be empty" : `must be at least ${min} characters` })
    .max(max, { error: `must be at most ${max} characters` });

const CODE_CHARACTERS = /^[A-Za-z0-9_-]*$/;

/** "only letters, digits, hyphen, underscore" with a length range. */
export const code = (min: number, max: number) =>
  textBetween(min, max).regex(CODE_CHARACTERS, {
    error: "may contain only letters, digits, hyphen (-) and underscore (_)",
  });

/**
 * The provider's package key: letters, digits, hyphen and underscore, 1 to 50 characters.
 * The reference allows length 0 on paper, but an empty key cannot be unique per customer.
 */
export const packageKey = () => code(1, 50);

/** "decimal with P digits and S decimals": at most S decimals and P-S digits before the point. */
export const decimal = (precision: number, scale: number) => {
  const limit = 10 ** (precision - scale);
  return (
    z
      .number({ error: numberError })
      .refine((v) => Number.isFinite(v), { error: "must be a finite number" })
      .refine((v) => v >= 0, { error: "must not be negative" })
      .refine((v) => v < limit, {
        error: `must be less than ${limit} (at most ${precision - scale} digits before the decimal point)`,
      })
      // Exactly: 0.1 + 0.2 would be sent as 0.30000000000000004. Callers round amounts first.
      .refine((v) => Number(v.toFixed(scale)) === v, {
        error: `must have at most ${scale} decimal places`,
      })
      // Refinements have no JSON Schema form; say the same in the OpenAPI document.
      .meta({
        minimum: 0,
        exclusiveMaximum: limit,
        description: `decimal with ${precision} digits and ${scale} decimals`,
      })
  );
};

/** An integer within [min, max]. */
export const integer = (min: number, max: number) =>
  z
    .number({ error: numberError })
    .int({ error: "must be a whole number" })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

export const INT32_MAX = 2147483647;

/** "empty, or 6-50 digits" (HS codes). */
export const emptyOrDigits = (min: number, max: number) =>
  z.string().regex(new RegExp(`^(\\d{${min},${max}})?$`), {
    error: `must be empty or ${min} to ${max} digits`,
  });

/** A weight in grams; the reference says only "number, in grams", and a parcel has weight. */
export const grams = () =>
  z
    .number({ error: numberError })
    .refine((v) => Number.isFinite(v) && v > 0, { error: "must be more than 0 grams" })
    .meta({ exclusiveMinimum: 0, description: "weight in grams" });

const DECLARE_NAME_CHARACTERS = /^[A-Za-z0-9_\s\-()'&,|]+$/;

/**
 * The customs name of a merchant SKU: letters, digits, underscore, whitespace, hyphen, parentheses,
 * apostrophe, ampersand, comma and vertical bar; not only digits and whitespace.
 */
export const declareName = () =>
  z
    .string()
    .min(1, { error: "must not be empty" })
    .max(100, { error: "must be at most 100 characters" })
    .regex(DECLARE_NAME_CHARACTERS, {
      error: "may contain only letters, digits, spaces and _ - ( ) ' & , | (no accents or other symbols)",
    })
    .refine((v) => !/^[\d\s]+$/.test(v), { error: "must not consist only of digits and spaces" })
    .meta({
      not: { pattern: "^[\\d\\s]+$" },
      description: "customs name; must not consist only of digits and whitespace",
    });

/**
 * CustomStorageNo carries two rules at once: length 0-25, and 3-50 ASCII characters.
 * Together: 3 to 25 ASCII characters.
 */
export const customStorageNo = () =>
  z
    .string()
    .min(3, { error: "must be at least 3 characters" })
    .max(25, { error: "must be at most 25 characters" })
    // eslint-disable-next-line no-control-regex
    .regex(/^[\x00-\x7F]*$/, { error: "must contain only ASCII characters" });

/** A date-time text (ISO 8601). */
const isoDateTime = z.iso.datetime({ offset: true, local: true });

export const dateTimeText = () =>
  z
    .string()
    .refine((v) => isoDateTime.safeParse(v).success, {
      error: "must be a date-time such as 2026-11-22T10:00:00Z",
    })
    .meta({ description: "date-time text, e.g. 2026-11-22T10:00:00Z" });

/** A non-empty list of at most `max` items ("req; at most N"). */
export const listOf = <T extends z.ZodType>(item: T, max?: number) => {
  const base = z.array(item).min(1, { error: "must contain at least one item" });
  return max === undefined ? base : base.max(max, { error: `must contain at most ${max} items` });
};

/**
 * An enumeration read from the provider: the known values are typed, and a value we have not seen
 * yet is kept as text rather than failing the whole response (the reference does not list them all).
 */
export const knownOr = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.string()], {
    error: (issue) => (issue.input === undefined ? "is required" : "must be text"),
  });
