/**
 * What a field breaks of the provider's request rules (app/fulfilment/schemas/rules.ts) and of a
 * customs declaration's (app/connector/declaration.ts), said after the field's label. The rules
 * make their English message from these sentences (`ruleMessage`, lib/words/rule-said.ts), so the
 * form and the page can say the same rule again in the admin's language. Each a function, one kept by
 * key and arguments as the stored sentences are (reason-said.ts). Numbers come as numbers:
 * each language writes them its own way.
 */
import { formatNumber } from "../../format";

/** A bound as English writes it ("2,147,483,647"); a text stays as it came. */
const n = (value: number | string) => (typeof value === "number" ? formatNumber(value) : value);
const isOne = (value: number) => new Intl.PluralRules("en").select(value) === "one";

export const providerRules = {
  required: () => "is required",
  number: () => "must be a number",
  numberExample: () => "must be a number such as 12.5",
  finiteNumber: () => "must be a finite number",
  text: () => "must be text",
  notEmpty: () => "must not be empty",
  atLeastCharacters: (min: number) => `must be at least ${n(min)} characters`,
  atMostCharacters: (max: number) => `must be at most ${n(max)} characters`,
  codeCharacters: () => "may contain only letters, digits, hyphen (-) and underscore (_)",
  moreThanZero: () => "must be more than 0",
  notNegative: () => "must not be negative",
  lessThan: (limit: number, digits: number) => `must be less than ${n(limit)} (at most ${n(digits)} digits before the decimal point)`,
  decimalPlaces: (scale: number) => `must have at most ${n(scale)} decimal places`,
  atLeast: (min: number) => `must be at least ${n(min)}`,
  atMost: (max: number) => `must be at most ${n(max)}`,
  atLeastUnits: (min: number) => (isOne(min) ? `must be at least ${n(min)} unit` : `must be at least ${n(min)} units`),
  atMostUnits: (max: number) => (isOne(max) ? `must be at most ${n(max)} unit` : `must be at most ${n(max)} units`),
  atLeastGrams: (min: number) => (isOne(min) ? `must be at least ${n(min)} gram` : `must be at least ${n(min)} grams`),
  atMostGrams: (max: number) => (isOne(max) ? `must be at most ${n(max)} gram` : `must be at most ${n(max)} grams`),
  wholeNumber: () => "must be a whole number",
  emptyOrDigits: (min: number, max: number) => `must be empty or ${n(min)} to ${n(max)} digits`,
  moreThanZeroGrams: () => "must be more than 0 grams",
  declareNameCharacters: () => "may contain only letters, digits, spaces and _ - ( ) ' & , | (no accents or other symbols)",
  notOnlyDigits: () => "must not consist only of digits and spaces",
  asciiOnly: () => "must contain only ASCII characters",
  dateTimeExample: () => "must be a date-time such as 2026-11-22T10:00:00Z",
  atLeastOneItem: () => "must contain at least one item",
  atMostItems: (max: number) => `must contain at most ${n(max)} items`,
  countryCode: () => "must be a two-letter country code such as US",
  iossNumber: () => "must be IM followed by 10 digits",
  // A customs declaration (the shipment page).
  declarationLines: (count: number) => `must have the package's ${n(count)} lines; reload the page`,
  /** A rule the package as sent breaks, in a field the declaration does not show (its address). */
  packageAsSent: (said: string) => `${said} (the package as sent: retry the order if its address is wrong)`,
  /** A declaration's field, as the page labels it in a list of what is wrong: "HS code (line 1, MUG-CER-350-WHT)". */
  lineField: (label: string, line: number, sku: string) => `${label} (line ${n(line)}, ${sku})`,
};
