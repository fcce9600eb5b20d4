/**
 * A SKU's entry, on its own page under Products: how the provider knows it, its customs data and
 * its size, which its registration uses before Shopify's facts and the shop's defaults. Read the
 * same way in the browser and on the server (conform, decision 0012). The SKU is the page's.
 */
import { z } from "zod";
import { positiveDimension, SkuEntry } from "~/connector/settings";
import { decimal } from "~/fulfilment/schemas/rules";
import { decimalText, optional } from "~/lib/form-values";

const entry = SkuEntry.shape;
const size = positiveDimension();

export const SkuEntryForm = z
  .object({
    providerSku: optional(entry.providerSku.unwrap()),
    declaredName: optional(entry.declaredName.unwrap()),
    hsCode: optional(
      z
        .string()
        .transform((value) => value.replace(/[\s.]/g, ""))
        .pipe(entry.hsCode.unwrap()),
    ),
    declaredValue: decimalText(decimal(18, 2, { positive: true })),
    lengthCm: decimalText(size),
    widthCm: decimalText(size),
    heightCm: decimalText(size),
  })
  .superRefine((values, context) => {
    const given = [values.lengthCm, values.widthCm, values.heightCm];
    if (given.some((value) => value !== null) && given.some((value) => value === null)) {
      for (const [index, column] of (["lengthCm", "widthCm", "heightCm"] as const).entries()) {
        if (given[index] === null) context.addIssue({ code: "custom", path: [column], message: "is required with the other two sizes" });
      }
    }
  });

/** The checked form as the SKU's entry (undefined: nothing set, the entry is removed). */
export function entryOf(values: z.output<typeof SkuEntryForm>): SkuEntry | undefined {
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

export const FIELD_LABELS: Readonly<Record<string, string>> = {
  providerSku: "Provider SKU",
  declaredName: "Customs name",
  hsCode: "HS code",
  declaredValue: "Declared value",
  lengthCm: "Length",
  widthCm: "Width",
  heightCm: "Height",
};
