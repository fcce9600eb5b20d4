/**
 * The rate calculator's form, read the same way in the browser (as the merchant types) and on the
 * server (conform with zod 4, decision 0012). Each field is checked with the rule of the provider's
 * own pricing request (operations 14 and 18: app/fulfilment/schemas/requests.ts), so what the form
 * accepts the provider's schema accepts too; the server checks the request built from it once more.
 * Each wrong field is said in the admin's words (quoteFormsIn(words), one set per language), since
 * zod's own message on a schema wins over any later choice. SKU lines are keyed by a number that
 * never changes (`lines.3.quantity`), as the Settings rows are. No Remix, no Polaris, nothing of the server.
 */
import { z } from "zod";
import { PriceAllServicesRequest, PriceOneServiceRequest, SkuInfo } from "~/fulfilment/schemas";
import { NUMBER_TEXT, saidIn } from "~/lib/form-values";
import { formatNumber } from "~/lib/format";
import type { Words } from "~/lib/words";

const request = PriceAllServicesRequest.shape;

/** A field as typed, trimmed; a field not sent reads as blank. */
const text = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim());

function quoteForms(words: Words) {
  const errors = words.pricing.errors;
  /** What the provider's text and code rules find wrong, in the admin's words (bounds as the rule has them). */
  const textSays = {
    too_small: errors.notEmpty,
    too_big: (issue: z.core.$ZodIssue) => errors.atMostCharacters(formatNumber(Number("maximum" in issue ? issue.maximum : 0))),
    invalid_format: errors.codeCharacters,
  };
  // Functions, not generic arrows: the words check reads this file as TSX, where `<T>(` opens an element.
  function said<T>(rule: z.ZodType<T, T>) {
    return saidIn(rule, textSays);
  }

  /** Blank is "not given" (left out of the request); anything else must pass the provider's rule. */
  const optional = (rule: z.ZodType<string, string>) =>
    text.transform((value) => (value === "" ? undefined : value)).pipe(said(rule).optional());

  /** The provider allows an empty Country ("length 0-100"), but no price can be had for nowhere. */
  function required<T>(rule: z.ZodType<T, string>, message: string = errors.required) {
    return text.pipe(z.string().min(1, { error: message })).pipe(rule);
  }

  /** A count as typed ("24"): text that is no number is told so; a number meets the provider's bounds ("at least 1 unit"). */
  const quantity = required(
    z
      .string()
      .regex(NUMBER_TEXT, { error: errors.wholeNumber })
      .transform(Number)
      .pipe(
        saidIn(SkuInfo.shape.Quantity, {
          too_small: (issue) => {
            const min = Number("minimum" in issue ? issue.minimum : 1);
            return errors.atLeastUnits(min, formatNumber(min));
          },
          too_big: (issue) => {
            const max = Number("maximum" in issue ? issue.maximum : 0);
            return errors.atMostUnits(max, formatNumber(max));
          },
          invalid_type: errors.wholeNumber,
        }),
      ),
  );

  const Line = z.object({ sku: required(said(SkuInfo.shape.Sku)), quantity });

  /** Lines by their number; a line whose SKU is blank is no line. */
  const lines = z.preprocess(
    (value) =>
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? Object.fromEntries(
            Object.entries(value).filter(
              ([, line]) => typeof line === "object" && line !== null && String((line as Record<string, unknown>).sku ?? "").trim() !== "",
            ),
          )
        : {},
    z.record(z.string().regex(/^\d+$/), Line).refine((all) => Object.keys(all).length > 0, { error: errors.addSku }),
  );

  const quote = z.object({
    warehouseId: required(said(request.WarehouseId), errors.chooseWarehouse),
    country: required(said(request.Country), errors.chooseCountry),
    postcode: optional(request.Postcode.unwrap()),
    city: optional(request.City.unwrap()),
    province: optional(request.Province.unwrap()),
    lines,
  });
  return {
    quote,
    /** One service's price (operation 18): the same form and the service chosen. */
    service: quote.extend({ service: required(said(PriceOneServiceRequest.shape.ServiceCode)) }),
  };
}

type QuoteForms = ReturnType<typeof quoteForms>;
// Two languages, two sets of schemas, built once each.
const built = new WeakMap<Words, QuoteForms>();

/** The calculator's forms that answer in these words (wordsFor(locale) on the server, useWords() in the page). */
export function quoteFormsIn(words: Words): QuoteForms {
  const known = built.get(words);
  if (known !== undefined) return known;
  const forms = quoteForms(words);
  built.set(words, forms);
  return forms;
}

export type QuoteFormValues = z.output<QuoteForms["quote"]>;

/** The request fields as the page names them, for errors the provider's schema or the provider itself gives by field. */
export const FIELD_OF_REQUEST: Readonly<Record<string, string>> = {
  WarehouseId: "warehouseId",
  Country: "country",
  Postcode: "postcode",
  City: "city",
  Province: "province",
  ServiceCode: "service",
};
