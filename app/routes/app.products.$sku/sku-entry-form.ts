/**
 * A SKU's entry, on its own page under Products: how the provider knows it, its customs data and
 * its size, which its registration uses before Shopify's facts and the shop's defaults. Read the
 * same way in the browser and on the server (conform, decision 0012). The SKU is the page's.
 *
 * Each field says what is wrong in the admin's words (decision 0045): the rules of the domain's
 * `SkuEntry` are said again here, and the value then meets `SkuEntry` itself, which stays the rule.
 */
import { z } from "zod";
import { SkuEntry } from "~/connector/settings";
import { NUMBER_TEXT, optional } from "~/lib/form-values";
import type { Words } from "~/lib/words";

const entry = SkuEntry.shape;

/** The SKU field's limit at the provider, counted in characters as the provider counts them. */
const SKU_CHARACTERS = 100;
const DECLARED_NAME_CHARACTERS = 100;
const DECLARED_NAME_ALPHABET = /^[A-Za-z0-9_\s\-()'&,|]+$/;

/** Grouped digits read the same in English and Chinese ("1,000,000"). */
const grouped = (value: number) => value.toLocaleString("en-US");
const characters = (value: string) => [...value].length;

function skuEntryForm(words: Words) {
  const errors = words.skuPage.errors;
  /** A decimal of `precision` digits, `scale` of them after the point, more than 0 (the domain's `decimal`). */
  const positiveDecimal = (precision: number, scale: number) => {
    const limit = 10 ** (precision - scale);
    return z
      .string()
      .regex(NUMBER_TEXT, { error: errors.notANumber })
      .transform(Number)
      .superRefine((value, context) => {
        const wrong =
          value <= 0
            ? errors.moreThanZero
            : value >= limit
              ? errors.lessThan(grouped(limit), String(precision - scale))
              : Number(value.toFixed(scale)) !== value
                ? errors.decimalPlaces(String(scale))
                : undefined;
        if (wrong !== undefined) context.addIssue({ code: "custom", message: wrong });
      });
  };
  const size = entry.size.unwrap().shape;

  return z
    .object({
      providerSku: optional(
        z
          .string()
          .refine((value) => characters(value) <= SKU_CHARACTERS, { error: errors.atMostCharacters(grouped(SKU_CHARACTERS)) })
          .pipe(entry.providerSku.unwrap()),
      ),
      declaredName: optional(
        z
          .string()
          .superRefine((value, context) => {
            const wrong =
              characters(value) > DECLARED_NAME_CHARACTERS
                ? errors.atMostCharacters(grouped(DECLARED_NAME_CHARACTERS))
                : !DECLARED_NAME_ALPHABET.test(value)
                  ? errors.declaredName
                  : /^[\d\s]+$/.test(value)
                    ? errors.onlyDigits
                    : undefined;
            if (wrong !== undefined) context.addIssue({ code: "custom", message: wrong });
          })
          .pipe(entry.declaredName.unwrap()),
      ),
      hsCode: optional(
        z
          .string()
          .transform((value) => value.replace(/[\s.]/g, ""))
          .pipe(z.string().regex(/^(\d{6,50})?$/, { error: errors.hsCode }))
          .pipe(entry.hsCode.unwrap()),
      ),
      declaredValue: optional(positiveDecimal(18, 2).pipe(entry.declaredValue.unwrap())),
      lengthCm: optional(positiveDecimal(8, 2).pipe(size.lengthCm)),
      widthCm: optional(positiveDecimal(8, 2).pipe(size.widthCm)),
      heightCm: optional(positiveDecimal(8, 2).pipe(size.heightCm)),
    })
    .superRefine((values, context) => {
      const given = [values.lengthCm, values.widthCm, values.heightCm];
      if (given.some((value) => value !== null) && given.some((value) => value === null)) {
        for (const [index, column] of (["lengthCm", "widthCm", "heightCm"] as const).entries()) {
          if (given[index] === null) context.addIssue({ code: "custom", path: [column], message: errors.sizeRequired });
        }
      }
    });
}

type SkuEntryForm = ReturnType<typeof skuEntryForm>;
// Two languages, two schemas, built once each.
const built = new WeakMap<Words, SkuEntryForm>();

/** The entry's form answering in these words (wordsFor(locale) on the server, useWords() in the page). */
export function skuEntryFormIn(words: Words): SkuEntryForm {
  const known = built.get(words);
  if (known !== undefined) return known;
  const form = skuEntryForm(words);
  built.set(words, form);
  return form;
}

/** The checked form as the SKU's entry (undefined: nothing set, the entry is removed). */
export function entryOf(values: z.output<SkuEntryForm>): SkuEntry | undefined {
  const result: SkuEntry = {
    ...(values.providerSku === null ? {} : { providerSku: values.providerSku }),
    ...(values.declaredName === null ? {} : { declaredName: values.declaredName }),
    ...(values.hsCode === null ? {} : { hsCode: values.hsCode }),
    ...(values.declaredValue === null ? {} : { declaredValue: values.declaredValue }),
    ...(values.lengthCm !== null && values.widthCm !== null && values.heightCm !== null
      ? { size: { lengthCm: values.lengthCm, widthCm: values.widthCm, heightCm: values.heightCm } }
      : {}),
  };
  return Object.keys(result).length === 0 ? undefined : result;
}
