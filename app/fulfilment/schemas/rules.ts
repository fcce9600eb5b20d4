/**
 * The field rules of the provider's reference, as reusable zod builders. Every message names the
 * rule in words a merchant can act on; zod's issue path names the field. The English messages are
 * made from the sentences of `providerRules` (lib/words/rule-said.ts), so the admin's forms say the
 * same rule in the admin's language.
 */
import { z } from "zod";
import { ruleMessage } from "../../lib/words/rule-said";

/**
 * zod's default wording for a missing field is "Invalid input: expected string, received undefined";
 * a merchant reads these messages next to a held order, so a missing field says it is required.
 */
z.config({
  customError: (issue) => (issue.input === undefined ? ruleMessage("required") : undefined),
});

/** For numbers: "is required" when missing, "must be a number" when it is something else. */
const numberError = (issue: { input?: unknown }) => (issue.input === undefined ? ruleMessage("required") : ruleMessage("number"));

/**
 * A check that runs only while its value has nothing wrong yet, so a field is told one thing at a
 * time. Not `abort`: an aborting issue would also stop the checks of the form around the field
 * (a settings section's "is required to ship through drop-ship"), and those must still be said.
 */
const nothingWrongYet = (payload: { issues: readonly unknown[] }) => payload.issues.length === 0;
// zod runs `when` on every check; its types name it only for refinements, hence the spread.
const first = { when: nothingWrongYet };

/** "must be at most 1,000 characters": every limit a merchant reads has its digits grouped (the sentence groups them). */
const atMostCharacters = (max: number) => ruleMessage("atMostCharacters", max);

/** A string of at most `max` characters ("length 0-max" in the reference). */
export const text = (max: number) => z.string().max(max, { error: atMostCharacters(max) });

/** A string of `min`..`max` characters. */
export const textBetween = (min: number, max: number) =>
  z
    .string()
    .min(min, { error: min === 1 ? ruleMessage("notEmpty") : ruleMessage("atLeastCharacters", min) })
    .max(max, { error: atMostCharacters(max) });

/** The characters of a code (a warehouse ID, a service code); also said in the admin's words by the settings form. */
export const CODE_CHARACTERS = /^[A-Za-z0-9_-]*$/;

/** "only letters, digits, hyphen, underscore" with a length range. */
export const code = (min: number, max: number) =>
  textBetween(min, max).regex(CODE_CHARACTERS, {
    error: ruleMessage("codeCharacters"),
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
      .refine((v) => Number.isFinite(v), { error: ruleMessage("finiteNumber"), when: nothingWrongYet })
      .refine((v) => (positive ? v > 0 : v >= 0), {
        error: positive ? ruleMessage("moreThanZero") : ruleMessage("notNegative"),
        when: nothingWrongYet,
      })
      .refine((v) => v < limit, {
        error: ruleMessage("lessThan", limit, precision - scale),
        when: nothingWrongYet,
      })
      // Exactly: 0.1 + 0.2 would be sent as 0.30000000000000004. Callers round amounts first.
      .refine((v) => Number(v.toFixed(scale)) === v, {
        error: ruleMessage("decimalPlaces", scale),
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

/** "must be at least 1 unit": one whole sentence per word, each language choosing its plural form. */
function atLeast(min: number, counted?: Counted): string {
  switch (counted) {
    case "units":
      return ruleMessage("atLeastUnits", min);
    case "grams":
      return ruleMessage("atLeastGrams", min);
    default:
      return ruleMessage("atLeast", min);
  }
}

/** "must be at most 2,147,483,647 units". */
function atMost(max: number, counted?: Counted): string {
  switch (counted) {
    case "units":
      return ruleMessage("atMostUnits", max);
    case "grams":
      return ruleMessage("atMostGrams", max);
    default:
      return ruleMessage("atMost", max);
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
    .int({ error: ruleMessage("wholeNumber"), ...first });

export const INT32_MAX = 2147483647;

/** "empty, or 6-50 digits" (HS codes). */
export const emptyOrDigits = (min: number, max: number) =>
  z.string().regex(new RegExp(`^(\\d{${min},${max}})?$`), {
    error: ruleMessage("emptyOrDigits", min, max),
  });

/** A weight in grams; the reference says only "number, in grams", and a parcel has weight. */
export const grams = () =>
  z
    .number({ error: numberError })
    .refine((v) => Number.isFinite(v) && v > 0, { error: ruleMessage("moreThanZeroGrams") })
    .meta({ exclusiveMinimum: 0, description: "weight in grams" });

const DECLARE_NAME_CHARACTERS = /^[A-Za-z0-9_\s\-()'&,|]+$/;

/**
 * The customs name of a merchant SKU: letters, digits, underscore, whitespace, hyphen, parentheses,
 * apostrophe, ampersand, comma and vertical bar; not only digits and whitespace.
 */
export const declareName = () =>
  z
    .string()
    .min(1, { error: ruleMessage("notEmpty") })
    .max(100, { error: atMostCharacters(100) })
    .regex(DECLARE_NAME_CHARACTERS, {
      error: ruleMessage("declareNameCharacters"),
    })
    .refine((v) => !/^[\d\s]+$/.test(v), { error: ruleMessage("notOnlyDigits") })
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
    .min(3, { error: ruleMessage("atLeastCharacters", 3) })
    .max(25, { error: atMostCharacters(25) })
    // eslint-disable-next-line no-control-regex
    .regex(/^[\x00-\x7F]*$/, { error: ruleMessage("asciiOnly") });

/** A date-time text (ISO 8601). */
const isoDateTime = z.iso.datetime({ offset: true, local: true });

export const dateTimeText = () =>
  z
    .string()
    .refine((v) => isoDateTime.safeParse(v).success, {
      error: ruleMessage("dateTimeExample"),
    })
    .meta({ description: "date-time text, e.g. 2026-11-22T10:00:00Z" });

/** A non-empty list of at most `max` items ("req; at most N"). */
export const listOf = <T extends z.ZodType>(item: T, max?: number) => {
  const base = z.array(item).min(1, { error: ruleMessage("atLeastOneItem") });
  return max === undefined ? base : base.max(max, { error: ruleMessage("atMostItems", max) });
};

/**
 * An enumeration read from the provider: the known values are typed, and a value we have not seen
 * yet is kept as text rather than failing the whole response (the reference does not list them all).
 */
export const knownOr = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.string()], {
    error: (issue) => (issue.input === undefined ? ruleMessage("required") : ruleMessage("text")),
  });

/** A country as a two-letter code (ISO 3166-1 alpha-2), upper case. */
export const countryCode = () => z.string().regex(/^[A-Z]{2}$/, { error: ruleMessage("countryCode") });

/**
 * A rule's English message from its sentence, for the rules written beside the schemas and in the
 * connector (a country code, a declaration's fields), which reach lib/words only through here.
 */
export { ruleMessage };
