/**
 * The field rules of the provider's reference, as reusable zod builders. Every message names the
 * rule in words a merchant can act on; zod's issue path names the field.
 */
import { z } from "zod";
import { formatNumber } from "../../lib/format";

/**
 * zod's default wording for a missing field is "Invalid input: expected string, received undefined";
 * a merchant reads these messages next to a held order, so a missing field says it is required.
 */
z.config({
  customError: (issue) => (issue.input === undefined ? "is required" : undefined),
});

/** For numbers: "is required" when missing, "must be a number" when it is something else. */
const numberError = (issue: { input?: unknown }) => (issue.input === undefined ? "is required" : "must be a number");

/**
 * A check that runs only while its value has nothing wrong yet, so a field is told one thing at a
 * time. Not `abort`: an aborting issue would also stop the checks of the form around the field
 * (a settings section's "is required to ship through drop-ship"), and those must still be said.
 */
const nothingWrongYet = (payload: { issues: readonly unknown[] }) => payload.issues.length === 0;
// zod runs `when` on every check; its types name it only for refinements, hence the spread.
const first = { when: nothingWrongYet };

/** "must be at most 1,000 characters": every limit a merchant reads has its digits grouped. */
const atMostCharacters = (max: number) => `must be at most ${formatNumber(max)} characters`;

/** A string of at most `max` characters ("length 0-max" in the reference). */
export const text = (max: number) => z.string().max(max, { error: atMostCharacters(max) });

/** A string of `min`..`max` characters. */
export const textBetween = (min: number, max: number) =>
  z
    .string()
    .min(min, { error: min === 1 ? "must not be empty" : `must be at least ${formatNumber(min)} characters` })
    .max(max, { error: atMostCharacters(max) });

/** The characters of a code (a warehouse ID, a service code); also said in the admin's words by the settings form. */
export const CODE_CHARACTERS = /^[A-Za-z0-9_-]*$/;

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

/**
 * "decimal with P digits and S decimals": at most S decimals and P-S digits before the point.
 * `positive`: more than 0 (a size, a declared value), where the reference allows 0.
 */
export const decimal = (precision: number, scale: number, { positive = false }: { positive?: boolean } = {}) => {
  const limit = 10 ** (precision - scale);
  return (
    z
      .number({ error: numberError })
      // One thing wrong at a time: "-4" is told its range, and that is all it is told.
      .refine((v) => Number.isFinite(v), { error: "must be a finite number", when: nothingWrongYet })
      .refine((v) => (positive ? v > 0 : v >= 0), {
        error: positive ? "must be more than 0" : "must not be negative",
        when: nothingWrongYet,
      })
      .refine((v) => v < limit, {
        error: `must be less than ${formatNumber(limit)} (at most ${precision - scale} digits before the decimal point)`,
        when: nothingWrongYet,
      })
      // Exactly: 0.1 + 0.2 would be sent as 0.30000000000000004. Callers round amounts first.
      .refine((v) => Number(v.toFixed(scale)) === v, {
        error: `must have at most ${scale} decimal places`,
        when: nothingWrongYet,
      })
      // Refinements have no JSON Schema form; say the same in the OpenAPI document.
      .meta({
        ...(positive ? { exclusiveMinimum: 0 } : { minimum: 0 }),
        exclusiveMaximum: limit,
        description: `decimal with ${precision} digits and ${scale} decimals`,
      })
  );
};

/** What a whole number counts, so that its limits are said in the field's words. */
export type Counted = "units" | "grams";

const isOne = (value: number) => new Intl.PluralRules("en").select(value) === "one";

/** "must be at least 1 unit": one whole sentence per word and plural form, each for a translator to render whole. */
function atLeast(min: number, counted?: Counted): string {
  const n = formatNumber(min);
  switch (counted) {
    case "units":
      return isOne(min) ? `must be at least ${n} unit` : `must be at least ${n} units`;
    case "grams":
      return isOne(min) ? `must be at least ${n} gram` : `must be at least ${n} grams`;
    default:
      return `must be at least ${n}`;
  }
}

/** "must be at most 2,147,483,647 units". */
function atMost(max: number, counted?: Counted): string {
  const n = formatNumber(max);
  switch (counted) {
    case "units":
      return isOne(max) ? `must be at most ${n} unit` : `must be at most ${n} units`;
    case "grams":
      return isOne(max) ? `must be at most ${n} gram` : `must be at most ${n} grams`;
    default:
      return `must be at most ${n}`;
  }
}

/**
 * An integer within [min, max], `counted` naming what it counts in its messages. The range comes
 * first and ends the checks: a number past the limit is told the limit ("must be at most
 * 2,147,483,647 units"), not that it is no whole number (as zod says of any integer beyond 2^53).
 */
export const integer = (min: number, max: number, counted?: Counted) =>
  z
    .number({ error: numberError })
    .min(min, { error: atLeast(min, counted), ...first })
    .max(max, { error: atMost(max, counted), ...first })
    .int({ error: "must be a whole number", ...first });

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
    .max(100, { error: atMostCharacters(100) })
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
