/**
 * The lading order's form, read the same way in the browser as the merchant types and on the
 * server (conform with zod 4, decision 0012). Each field is checked with the rule of the provider's
 * own request (operation 13: app/fulfilment/schemas), and the address with the connector's limits
 * (app/connector/limits.ts), so what the form accepts the provider's schema accepts too. Packages
 * and their lines are keyed by numbers that never change (`packages.2.lines.5.quantity`). No Remix,
 * no Polaris, nothing of the server.
 */
import { z } from "zod";
import { CountryCode } from "~/connector/countries";
import { characters, FIELD_LIMITS, type LimitedField } from "~/connector/limits";
import { CreateLadingRequest, OutboundSkuLine } from "~/fulfilment/schemas";
import { numberSaying, optional, requiredSaying, rows, text } from "~/lib/form-values";
import type { Words } from "~/lib/words";
import { ruleSaidIn } from "~/lib/words/rule-said";

const request = CreateLadingRequest.shape;

/** Today as the browser's date field writes it, in UTC, the same on the server and in the browser. */
export const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The forms, each wrong field said in the admin's words (`words.lading.errors`): the same schema
 * checks the form in the browser as the merchant types and on the server when it is sent. What the
 * provider's own rules and the country codes say (app/fulfilment/schemas, connector) is said in the
 * admin's words too (`providerRules`).
 */
function ladingForms(words: Words) {
  const errors = words.lading.errors;
  const required = requiredSaying(errors.required);
  const wholeNumber = numberSaying(errors.wholeNumber);
  const said = ruleSaidIn(words.providerRules);

  /** A line of the address, within the limit the connector holds every address to. */
  const limited = (field: LimitedField) => {
    const { max } = FIELD_LIMITS[field];
    return z.string().refine((value) => characters(value) <= max, { error: errors.atMostCharacters(String(max)) });
  };

  const Line = z.object({
    sku: required(said(OutboundSkuLine.shape.Sku)),
    quantity: required(wholeNumber(said(OutboundSkuLine.shape.Quantity))),
  });

  const Package = z.object({
    lines: rows(Line, ["sku"]).refine((lines) => Object.keys(lines).length > 0, { error: errors.atLeastOneSku }),
  });

  const PackagesForm = z.object({
    // Every package on the form is one the merchant added (the last one cannot be removed).
    packages: z
      .preprocess((value) => value ?? {}, z.record(z.string().regex(/^\d+$/), Package))
      .refine((packages) => Object.keys(packages).length > 0, { error: errors.atLeastOnePackage }),
  });

  /** A calendar day, today or later; the provider gets it as that day's midnight UTC. */
  const reservationDay = required(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: errors.dateExample, abort: true })
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: errors.notADate, abort: true })
      .refine((value) => value >= todayUtc(new Date()), { error: errors.todayOrLater }),
  );

  const email = z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: errors.email });

  const LadingForm = PackagesForm.extend({
    reference: required(said(request.OrderNo)),
    shipmentId: text.pipe(said(request.ShipmentId)),
    warehouseId: required(said(request.WarehouseId)),
    serviceCode: required(said(request.ServiceCode)),
    reservationDate: reservationDay,
    contact: required(limited("ShipToAddress.Contact")),
    company: optional(limited("ShipToAddress.Street2")),
    phone: optional(limited("ShipToAddress.Phone")),
    email: optional(limited("ShipToAddress.Email").pipe(email)),
    street1: required(limited("ShipToAddress.Street1")),
    street2: optional(limited("ShipToAddress.Street2")),
    city: required(limited("ShipToAddress.City")),
    province: optional(limited("ShipToAddress.Province")),
    postcode: optional(limited("ShipToAddress.Postcode")),
    country: required(
      z
        .string()
        .transform((value) => value.toUpperCase())
        .pipe(said(CountryCode)),
    ),
  });
  return { PackagesForm, LadingForm };
}

type LadingForms = ReturnType<typeof ladingForms>;
// Two languages, two sets of schemas, built once each.
const built = new WeakMap<Words, LadingForms>();

/** The lading forms that answer in these words (wordsFor(locale) on the server, useWords() in the page). */
export function ladingFormsIn(words: Words): LadingForms {
  const known = built.get(words);
  if (known !== undefined) return known;
  const forms = ladingForms(words);
  built.set(words, forms);
  return forms;
}

export type PackagesFormValues = z.output<LadingForms["PackagesForm"]>;
export type LadingFormValues = z.output<LadingForms["LadingForm"]>;

/** Numbers in the order the merchant added them. */
export const idsOf = (record: Record<string, unknown>) => Object.keys(record).sort((a, b) => Number(a) - Number(b));

const FIELD_OF_REQUEST: Readonly<Record<string, string>> = {
  OrderNo: "reference",
  ShipmentId: "shipmentId",
  ReservationDate: "reservationDate",
  WarehouseId: "warehouseId",
  ServiceCode: "serviceCode",
  PackageItems: "packages",
  "ShipToAddress.Contact": "contact",
  "ShipToAddress.Phone": "phone",
  "ShipToAddress.Email": "email",
  "ShipToAddress.Street1": "street1",
  "ShipToAddress.Street2": "street2",
  "ShipToAddress.City": "city",
  "ShipToAddress.Province": "province",
  "ShipToAddress.Postcode": "postcode",
  "ShipToAddress.Country": "country",
};

/** The form's field for a path of the provider's request (`PackageItems[1].Skus[0].Sku`), or null when none. */
export function fieldOfRequestPath(path: string, packages: PackagesFormValues["packages"]): string | null {
  const inPackage = /^PackageItems\[(\d+)\](?:\.(\w+)(?:\[(\d+)\](?:\.(\w+))?)?)?$/.exec(path);
  if (inPackage) {
    const packageId = idsOf(packages)[Number(inPackage[1])];
    if (packageId === undefined) return "packages";
    const [, , field, lineIndex, lineField] = inPackage;
    if (field !== "Skus") return `packages.${packageId}.lines`;
    const lineId = lineIndex === undefined ? undefined : idsOf(packages[packageId]?.lines ?? {})[Number(lineIndex)];
    if (lineId === undefined) return `packages.${packageId}.lines`;
    return lineField === "Quantity" ? `packages.${packageId}.lines.${lineId}.quantity` : `packages.${packageId}.lines.${lineId}.sku`;
  }
  return FIELD_OF_REQUEST[path] ?? null;
}

/** Errors by request path as conform's field errors; what names no field is returned apart. */
export function errorsByField(
  errors: readonly { path: string; message: string }[],
  packages: PackagesFormValues["packages"],
): { fieldErrors: Record<string, string[]>; other: string[] } {
  const fieldErrors: Record<string, string[]> = {};
  const other: string[] = [];
  for (const { path, message } of errors) {
    const field = fieldOfRequestPath(path, packages);
    if (field === null) other.push(path === "" ? message : `${path} ${message}`);
    else fieldErrors[field] = [...(fieldErrors[field] ?? []), message];
  }
  return { fieldErrors, other };
}
