/**
 * The settings form, read the same way in the browser (as the merchant types) and on the server
 * (when it is saved): conform (@conform-to/zod) turns the submitted fields into an object by their
 * dotted names ("warehouses.0.byCountry.2.service", "taxIds.ioss"), and the schema below checks it,
 * so a zod issue's path is the field it is about. Rows of tables (services by country) are keyed
 * by their row number, so a blank row left out does not shift the names of the rows after
 * it. No Remix, no Polaris, nothing of the server: the page's script runs it too (decision 0012).
 */
import { z } from "zod";
import { CODE_CHARACTERS, INT32_MAX } from "~/fulfilment/schemas/rules";
import { NUMBER_TEXT, checkbox, optional, rows, saidIn, section, several, text } from "~/lib/form-values";
import { formatNumber } from "~/lib/format";
import { CountryCode } from "~/connector/countries";
import { DIMENSION_DIGITS, positiveDimension, SkuEntry } from "~/connector/settings";
import {
  AfterSendingSettings,
  HandlingDays,
  HandlingLocation,
  ServiceCode,
  ShopifyLocationId,
  StockSyncSettings,
  TaxNumber,
  WarehouseId,
  type ShopSettings,
} from "~/stores/shops/shop-settings";
import type { Words } from "~/lib/words";
import { alertsFields } from "../app.settings.notifications/alerts-form";

export interface FieldError {
  /** The form field's name. */
  field: string;
  /** The field as the merchant reads it on the page: "IOSS number", "Service for CA (warehouse US01)". */
  label: string;
  /** What is wrong: "must be IM followed by 10 digits". */
  message: string;
}

/**
 * Every field of the settings, by the name the forms use, each wrong field said in the admin's
 * words: the same schema checks the form in the browser as the merchant types and on the server
 * when it is saved, so both answer in the language of the page.
 */
function settingsFields(words: Words) {
  const errors = words.settings.errors;
  const routing = words.settingsRouting.errors;
  /** Blank is "is required", in the admin's words; anything else must pass `schema`. */
  const required = <T extends z.ZodType<unknown, string>>(schema: T) =>
    text.pipe(z.string().min(1, { error: routing.required })).pipe(schema);
  /** A number as typed ("12.5"), for `schema`; text that is no number at all is said to be none. */
  const numberText = <T extends z.ZodType<unknown, number>>(notANumber: string, schema: T) =>
    z.string().regex(NUMBER_TEXT, { error: notANumber }).transform(Number).pipe(schema);
  /**
   * A provider code (a warehouse ID, a service code) held to its stored schema's length and
   * characters, said in the admin's words; the stored schema checks it again after.
   */
  const code = (schema: z.ZodString) =>
    z
      .string()
      .max(schema.maxLength ?? INT32_MAX, { error: errors.atMostCharacters(String(schema.maxLength)) })
      .regex(CODE_CHARACTERS, { error: routing.codeCharacters })
      .pipe(schema);
  const country = z
    .string()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: routing.countryCode })
    .pipe(CountryCode);
  const countryCode = required(country);
  const serviceCode = code(ServiceCode);
  /**
   * A whole number typed as text: `notWhole` when it is no number at all; a number ("-4", "2.5")
   * is held to the bounds of the stored setting's own schema, said in the admin's words.
   */
  const wholeNumber = (notWhole: string, bounds: z.ZodNumber) => {
    let number = z.number().int({ error: errors.wholeNumber });
    if (bounds.minValue !== null) number = number.min(bounds.minValue, { error: errors.atLeast(String(bounds.minValue)) });
    if (bounds.maxValue !== null) number = number.max(bounds.maxValue, { error: errors.atMost(String(bounds.maxValue)) });
    return z.string().regex(NUMBER_TEXT, { error: notWhole }).transform(Number).pipe(number);
  };
  const CountryRows = rows(z.object({ country: countryCode, service: required(serviceCode) }), ["country", "service"]);
  const shippingMethod = required(
    z
      .string()
      .trim()
      .max(100, { error: errors.atMostCharacters("100") }),
  );
  const MethodRows = rows(z.object({ method: shippingMethod, service: required(serviceCode) }), ["method", "service"]);
  const sizes = words.settingsCatalogue.errors;
  const { precision, scale } = DIMENSION_DIGITS;
  const sizeLimit = 10 ** (precision - scale);
  // One thing wrong at a time, as the stored rule says it (fulfilment/schemas/rules.ts, decimal).
  const once = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };
  const sizeDefault = z
    .number()
    .refine((value) => value > 0, { error: sizes.moreThanZero, ...once })
    .refine((value) => value < sizeLimit, { error: sizes.lessThan(formatNumber(sizeLimit), String(precision - scale)), ...once })
    .refine((value) => Number(value.toFixed(scale)) === value, { error: sizes.decimalPlaces(String(scale)), ...once })
    .pipe(positiveDimension());
  const skuEntry = SkuEntry.shape;
  const declaredName = skuEntry.declaredName.unwrap();
  const customs = words.settingsCustoms.errors;

  return z.object({
    mode: z.enum(["sandbox", "live"], { error: errors.mode }),
    providerBaseUrl: optional(z.url({ protocol: /^https?$/, error: errors.providerBaseUrl })),
    warehouses: rows(
      z.object({
        warehouseId: required(code(WarehouseId)),
        country: optional(country),
        enabled: checkbox,
        defaultService: optional(serviceCode),
        byCountry: CountryRows,
        byShippingMethod: MethodRows,
        handlingDays: optional(wholeNumber(errors.wholeWorkingDays, HandlingDays)),
      }),
      // A row with anything typed in it is the merchant's, checked in full: a warehouse ID left
      // blank beside a country is "required", not a row silently dropped.
      ["warehouseId", "country", "defaultService", "handlingDays"],
    ),
    dropShip: section(
      z.object({
        enabled: checkbox,
        handlingLocation: text.pipe(
          z.string().max(HandlingLocation.maxLength ?? INT32_MAX, { error: errors.atMostCharacters(String(HandlingLocation.maxLength)) }),
        ),
        merchantLocationIds: several.pipe(z.array(ShopifyLocationId)),
        defaultService: optional(serviceCode),
        byCountry: CountryRows,
        byShippingMethod: MethodRows,
        // Kilograms as the merchant thinks of a box; stored in grams (decision 0017).
        maxBoxKg: optional(
          numberText(
            routing.number,
            z
              .number()
              .min(0.001, { error: errors.moreThanZeroKg })
              .max(INT32_MAX / 1000, { error: errors.sensibleKg }),
          ),
        ),
      }),
    ),
    orders: section(
      z.object({
        shipUnpaid: checkbox,
        shipHighRisk: checkbox,
        shipOnTerms: section(z.object({ FULFILLMENT: checkbox, NET: checkbox, FIXED: checkbox, RECEIPT: checkbox })),
      }),
    ),
    customs: z.object({
      declareNameEn: optional(
        saidIn(declaredName, {
          too_big: customs.atMostCharacters(String(declaredName.maxLength)),
          invalid_format: customs.declareNameCharacters,
          custom: customs.declareNameNotOnlyDigits,
        }),
      ),
      hsCode: optional(saidIn(skuEntry.hsCode.unwrap(), { invalid_format: customs.hsCode })),
      declaredValueCurrency: z.enum(["PRESENTMENT", "SHOP"], { error: errors.declaredValueCurrency }),
    }),
    taxIds: section(
      z.object({
        ioss: optional(
          z
            .string()
            .toUpperCase()
            .pipe(saidIn(TaxNumber.ioss, { invalid_format: customs.ioss })),
        ),
        euVatNumber: optional(
          z
            .string()
            .toUpperCase()
            .pipe(saidIn(TaxNumber.euVatNumber, { invalid_format: customs.euVatNumber })),
        ),
        ukVatNumber: optional(
          z
            .string()
            .toUpperCase()
            .pipe(saidIn(TaxNumber.ukVatNumber, { invalid_format: customs.ukVatNumber })),
        ),
      }),
    ),
    skus: section(z.object({ strict: checkbox })),
    skuDefaults: section(
      z.object({
        lengthCm: optional(numberText(sizes.number, sizeDefault)),
        widthCm: optional(numberText(sizes.number, sizeDefault)),
        heightCm: optional(numberText(sizes.number, sizeDefault)),
        declaredValueFrom: z.enum(["PRICE", "COST"], { error: errors.declaredValueFrom }),
      }),
    ),
    stockSync: section(
      z.object({
        enabled: checkbox,
        intervalMinutes: text.pipe(wholeNumber(errors.wholeMinutes, StockSyncSettings.shape.intervalMinutes.unwrap())),
      }),
    ),
    afterSending: section(
      z.object({
        // Left out (a page from before these settings): the stored ones are kept.
        failedPackages: optional(z.enum(["hold", "handBack"], { error: errors.failedPackages })),
        noNewsDays: optional(wholeNumber(errors.wholeDays, AfterSendingSettings.shape.noNewsDays.unwrap())),
      }),
    ),
    codGatewayNames: text.transform((value) =>
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    ),
    notifyCustomer: checkbox,
    pushPolicy: z.enum(["autoPush", "holdForReview"], { error: errors.pushPolicy }),
  });
}

/** The Settings pages, each the fields a merchant sets up together. */
export const SECTIONS = {
  provider: ["mode", "providerBaseUrl"],
  routing: ["warehouses", "dropShip"],
  customs: ["customs", "taxIds"],
  catalogue: ["skus", "skuDefaults", "stockSync"],
  orders: ["orders", "pushPolicy", "afterSending", "codGatewayNames"],
  notifications: ["notifyCustomer"],
} as const satisfies Record<string, readonly (keyof ReturnType<typeof settingsFields>["shape"])[]>;
export type SettingsSection = keyof typeof SECTIONS;

type Values = z.output<ReturnType<typeof settingsFields>>;

function noDuplicates(
  rowsById: Record<string, Record<string, unknown>>,
  column: string,
  path: (string | number)[],
  context: z.RefinementCtx,
  message: string,
) {
  const seen = new Set<unknown>();
  for (const [index, row] of Object.entries(rowsById)) {
    const value = row[column];
    if (seen.has(value)) context.addIssue({ code: "custom", path: [...path, index, column], message });
    seen.add(value);
  }
}

/** Shipping methods are matched without regard to case: "Express" and "express" are one. */
const lowerCased = (rowsById: Record<string, { method: string }>) =>
  Object.fromEntries(Object.entries(rowsById).map(([id, row]) => [id, { method: row.method.toLowerCase() }]));

/** What only several fields of the routing page together can say. */
const routingChecks =
  (errors: Words["settings"]["errors"]) => (values: Pick<Values, "warehouses" | "dropShip">, context: z.RefinementCtx) => {
    const twice = errors.listedTwice;
    for (const [index, warehouse] of Object.entries(values.warehouses)) {
      noDuplicates(warehouse.byCountry, "country", ["warehouses", index, "byCountry"], context, twice);
      noDuplicates(lowerCased(warehouse.byShippingMethod), "method", ["warehouses", index, "byShippingMethod"], context, twice);
    }
    noDuplicates(values.dropShip.byCountry, "country", ["dropShip", "byCountry"], context, twice);
    noDuplicates(lowerCased(values.dropShip.byShippingMethod), "method", ["dropShip", "byShippingMethod"], context, twice);
    noDuplicates(values.warehouses, "warehouseId", ["warehouses"], context, twice);
    if (values.dropShip.enabled) {
      if (values.dropShip.handlingLocation === "")
        context.addIssue({ code: "custom", path: ["dropShip", "handlingLocation"], message: errors.handlingLocationRequired });
      if (values.dropShip.merchantLocationIds.length === 0)
        context.addIssue({ code: "custom", path: ["dropShip", "merchantLocationIds"], message: errors.atLeastOneLocation });
    }
  };

/** The default size is all three measures or none. */
const catalogueChecks = (errors: Words["settings"]["errors"]) => (values: Pick<Values, "skuDefaults">, context: z.RefinementCtx) => {
  const size = [values.skuDefaults.lengthCm, values.skuDefaults.widthCm, values.skuDefaults.heightCm];
  if (size.some((value) => value !== null) && size.some((value) => value === null)) {
    for (const [index, column] of (["lengthCm", "widthCm", "heightCm"] as const).entries()) {
      if (size[index] === null) context.addIssue({ code: "custom", path: ["skuDefaults", column], message: errors.sizeRequired });
    }
  }
};

function settingsForms(words: Words) {
  const fields = settingsFields(words);
  const errors = words.settings.errors;
  return {
    /** Each Settings page's form: its fields, and what they can only say together. */
    sections: {
      provider: fields.pick({ mode: true, providerBaseUrl: true }),
      routing: fields.pick({ warehouses: true, dropShip: true }).superRefine(routingChecks(errors)),
      customs: fields.pick({ customs: true, taxIds: true }),
      catalogue: fields.pick({ skus: true, skuDefaults: true, stockSync: true }).superRefine(catalogueChecks(errors)),
      orders: fields.pick({ orders: true, pushPolicy: true, afterSending: true, codGatewayNames: true }),
      // The alert channels are saved beside the shop's settings, in their own store (decision 0044).
      notifications: fields.pick({ notifyCustomer: true }).extend({ alerts: alertsFields(words) }),
    } as const satisfies Record<SettingsSection, z.ZodType>,
    /** Every field at once: what the pages save, put together (the section's fields, the others as stored). */
    whole: fields.superRefine((values, context) => {
      routingChecks(errors)(values, context);
      catalogueChecks(errors)(values, context);
    }),
  };
}

type SettingsForms = ReturnType<typeof settingsForms>;
// Two languages, two sets of schemas, built once each.
const built = new WeakMap<Words, SettingsForms>();

/** The Settings forms that answer in these words (wordsFor(locale) on the server, useWords() in the page). */
export function formsIn(words: Words): SettingsForms {
  const known = built.get(words);
  if (known !== undefined) return known;
  const forms = settingsForms(words);
  built.set(words, forms);
  return forms;
}

export type SectionForms = SettingsForms["sections"];
export type SettingsFormOutput = z.output<SettingsForms["whole"]>;

/** The field as the page labels it, with the warehouse or country it belongs to. */
export function fieldLabel(field: string, words: Words, text: (name: string) => string = () => ""): string {
  const fixed =
    (words.settings.labels as Readonly<Record<string, string>>)[field] ??
    (words.notifications.labels as Readonly<Record<string, string>>)[field];
  if (fixed !== undefined) return fixed;
  const says = words.settings.rowLabels;
  const row = (index: string) => says.row(String(Number(index) + 1));
  const warehouse = /^warehouses\.(\d+)\.(.+)$/.exec(field);
  const owner = warehouse
    ? says.warehouse(text(`warehouses.${warehouse[1]}.warehouseId`).trim() || row(warehouse[1] ?? "0"))
    : says.dropShip;
  const rest = warehouse ? (warehouse[2] ?? "") : field.replace(/^dropShip\./, "");
  if (rest === "warehouseId") return says.warehouseId(owner);
  if (rest === "defaultService") return says.defaultService(owner);
  if (rest === "country") return says.country(owner);
  const method = /^byShippingMethod\.(\d+)\.(method|service)$/.exec(rest);
  if (method) {
    const [, index = "0", column] = method;
    const name = text(`${field.slice(0, field.length - (column ?? "").length)}method`).trim();
    return column === "method" ? says.shippingMethod(row(index), owner) : says.serviceFor(name ? says.quoted(name) : row(index), owner);
  }
  if (rest === "handlingDays") return says.handlingDays(owner);
  const country = /^byCountry\.(\d+)\.(country|service)$/.exec(rest);
  if (country) {
    const [, index = "0", column] = country;
    const code = text(`${field.slice(0, field.length - (column ?? "").length)}country`)
      .trim()
      .toUpperCase();
    return column === "country" ? says.countryRow(row(index), owner) : says.serviceFor(code || row(index), owner);
  }
  return field;
}

/**
 * Each field's errors (conform's `error`, or the form's errors in the browser) as the list the page
 * shows above the form, labelled as the page labels each field; `text` reads a field's current value.
 */
export function labelledErrors(
  errors: Readonly<Record<string, readonly string[] | null | undefined>>,
  words: Words,
  text: (name: string) => string,
): FieldError[] {
  return Object.entries(errors).flatMap(([field, messages]) =>
    (messages ?? []).map((message) => ({ field, label: fieldLabel(field, words, text), message })),
  );
}

/** The stored settings as the form's initial values, with the same names readSettingsForm reads. */
export function formValuesOf(settings: ShopSettings) {
  const countryRows = (rules: Record<string, string>) => Object.entries(rules).map(([country, service]) => ({ country, service }));
  const methodRows = (rules: Record<string, string>) => Object.entries(rules).map(([method, service]) => ({ method, service }));
  return {
    mode: settings.mode,
    providerBaseUrl: settings.providerBaseUrl ?? "",
    warehouses: settings.warehouses.map((warehouse) => ({
      warehouseId: warehouse.warehouseId,
      shopifyLocationId: warehouse.shopifyLocationId,
      country: warehouse.country ?? "",
      enabled: warehouse.enabled,
      defaultService: warehouse.services.defaultService ?? "",
      byCountry: countryRows(warehouse.services.byCountry),
      byShippingMethod: methodRows(warehouse.services.byShippingMethod),
      handlingDays: warehouse.handlingDays === null ? "" : String(warehouse.handlingDays),
    })),
    dropShip: {
      enabled: settings.dropShip !== null,
      handlingLocation: settings.dropShip?.handlingLocation ?? "",
      merchantLocationIds: settings.dropShip?.merchantLocationIds ?? [],
      defaultService: settings.dropShip?.services.defaultService ?? "",
      byCountry: countryRows(settings.dropShip?.services.byCountry ?? {}),
      byShippingMethod: methodRows(settings.dropShip?.services.byShippingMethod ?? {}),
      maxBoxKg: settings.dropShip?.maxBoxGrams == null ? "" : String(settings.dropShip.maxBoxGrams / 1000),
    },
    orders: {
      shipUnpaid: settings.orders.shipUnpaid,
      shipHighRisk: settings.orders.shipHighRisk,
      shipOnTerms: { ...settings.orders.shipOnTerms },
    },
    customs: {
      declareNameEn: settings.customs.declareNameEn,
      hsCode: settings.customs.hsCode,
      declaredValueCurrency: settings.customs.declaredValueCurrency,
    },
    taxIds: {
      ioss: settings.taxIds.ioss ?? "",
      euVatNumber: settings.taxIds.euVatNumber ?? "",
      ukVatNumber: settings.taxIds.ukVatNumber ?? "",
    },
    skus: { strict: settings.skus.strict },
    skuDefaults: {
      lengthCm: settings.skuDefaults.size === null ? "" : String(settings.skuDefaults.size.lengthCm),
      widthCm: settings.skuDefaults.size === null ? "" : String(settings.skuDefaults.size.widthCm),
      heightCm: settings.skuDefaults.size === null ? "" : String(settings.skuDefaults.size.heightCm),
      declaredValueFrom: settings.skuDefaults.declaredValueFrom,
    },
    stockSync: { enabled: settings.stockSync.enabled, intervalMinutes: String(settings.stockSync.intervalMinutes) },
    afterSending: { failedPackages: settings.afterSending.failedPackages, noNewsDays: String(settings.afterSending.noNewsDays) },
    codGatewayNames: settings.codGatewayNames.join("\n"),
    notifyCustomer: settings.notifyCustomer,
    pushPolicy: settings.pushPolicy,
  };
}
export type SettingsFormValues = ReturnType<typeof formValuesOf>;
