/**
 * The settings form, read the same way in the browser (as the merchant types) and on the server
 * (when it is saved): conform (@conform-to/zod) turns the submitted fields into an object by their
 * dotted names ("warehouses.0.byCountry.2.service", "taxIds.ioss"), and the schema below checks it,
 * so a zod issue's path is the field it is about. Rows of tables (services by country) are keyed
 * by their row number, so a blank row left out does not shift the names of the rows after
 * it. No Remix, no Polaris, nothing of the server: the page's script runs it too (decision 0012).
 */
import { z } from "zod";
import { INT32_MAX } from "~/fulfilment/schemas/rules";
import { NUMBER_TEXT, checkbox, decimalText, optional, required, rows, section, several, text } from "~/lib/form-values";
import { CountryCode } from "~/connector/countries";
import { positiveDimension, SkuEntry } from "~/connector/settings";
import {
  AfterSendingSettings,
  HandlingDays,
  ServiceCode,
  ShopifyLocationId,
  StockSyncSettings,
  TaxNumber,
  WarehouseId,
  type ShopSettings,
} from "~/stores/shops/shop-settings";
import { AlertsFields } from "../app.settings.notifications/alerts-form";
import { ALERTS_WORDS } from "../app.settings.notifications/words";

export const NOT_SAVED = "The settings were not saved: correct the fields below.";

export interface FieldError {
  /** The form field's name. */
  field: string;
  /** The field as the merchant reads it on the page: "IOSS number", "Service for CA (warehouse US01)". */
  label: string;
  /** What is wrong: "must be IM followed by 10 digits". */
  message: string;
}

const countryCode = required(z.string().toUpperCase().pipe(CountryCode));
/**
 * A whole number typed as text: "must be a whole number of <unit>" when it is no number at all; a
 * number ("-4", "2.5") meets the schema piped after it, which names the range it breaks.
 */
const wholeNumber = (unit: string) =>
  z
    .string()
    .regex(NUMBER_TEXT, { error: `must be a whole number of ${unit}` })
    .transform(Number);
const CountryRows = rows(z.object({ country: countryCode, service: required(ServiceCode) }), ["country", "service"]);
const shippingMethod = required(z.string().trim().max(100, { error: "must be at most 100 characters" }));
const MethodRows = rows(z.object({ method: shippingMethod, service: required(ServiceCode) }), ["method", "service"]);

const sizeDefault = positiveDimension();
const skuEntry = SkuEntry.shape;

function noDuplicates(
  rowsById: Record<string, Record<string, unknown>>,
  column: string,
  path: (string | number)[],
  context: z.RefinementCtx,
) {
  const seen = new Set<unknown>();
  for (const [index, row] of Object.entries(rowsById)) {
    const value = row[column];
    if (seen.has(value)) context.addIssue({ code: "custom", path: [...path, index, column], message: "is listed twice" });
    seen.add(value);
  }
}

/** Shipping methods are matched without regard to case: "Express" and "express" are one. */
const lowerCased = (rowsById: Record<string, { method: string }>) =>
  Object.fromEntries(Object.entries(rowsById).map(([id, row]) => [id, { method: row.method.toLowerCase() }]));

/** Every field of the settings, by the name the forms use; each Settings page shows some (SECTIONS). */
const SettingsFields = z.object({
  mode: z.enum(["sandbox", "live"], { error: "must be Sandbox or Live" }),
  providerBaseUrl: optional(z.url({ protocol: /^https?$/, error: "must be a web address such as https://api.example.com" })),
  warehouses: rows(
    z.object({
      warehouseId: required(WarehouseId),
      country: optional(z.string().toUpperCase().pipe(CountryCode)),
      enabled: checkbox,
      defaultService: optional(ServiceCode),
      byCountry: CountryRows,
      byShippingMethod: MethodRows,
      handlingDays: optional(wholeNumber("working days").pipe(HandlingDays)),
    }),
    // A row with anything typed in it is the merchant's, checked in full: a warehouse ID left
    // blank beside a country is "required", not a row silently dropped.
    ["warehouseId", "country", "defaultService", "handlingDays"],
  ),
  dropShip: section(
    z.object({
      enabled: checkbox,
      handlingLocation: text,
      merchantLocationIds: several.pipe(z.array(ShopifyLocationId)),
      defaultService: optional(ServiceCode),
      byCountry: CountryRows,
      byShippingMethod: MethodRows,
      // Kilograms as the merchant thinks of a box; stored in grams (decision 0017).
      maxBoxKg: decimalText(
        z
          .number()
          .min(0.001, { error: "must be more than 0 kg" })
          .max(INT32_MAX / 1000, { error: "must be a sensible weight in kg" }),
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
    declareNameEn: optional(skuEntry.declaredName.unwrap()),
    hsCode: optional(skuEntry.hsCode.unwrap()),
    declaredValueCurrency: z.enum(["PRESENTMENT", "SHOP"], { error: "must be the customer's currency or the shop's" }),
  }),
  taxIds: section(
    z.object({
      ioss: optional(z.string().toUpperCase().pipe(TaxNumber.ioss)),
      euVatNumber: optional(z.string().toUpperCase().pipe(TaxNumber.euVatNumber)),
      ukVatNumber: optional(z.string().toUpperCase().pipe(TaxNumber.ukVatNumber)),
    }),
  ),
  skus: section(z.object({ strict: checkbox })),
  skuDefaults: section(
    z.object({
      lengthCm: decimalText(sizeDefault),
      widthCm: decimalText(sizeDefault),
      heightCm: decimalText(sizeDefault),
      declaredValueFrom: z.enum(["PRICE", "COST"], { error: "must be the price or the cost" }),
    }),
  ),
  stockSync: section(
    z.object({
      enabled: checkbox,
      intervalMinutes: text
        .pipe(z.string().regex(NUMBER_TEXT, { error: "must be a whole number of minutes" }))
        .transform(Number)
        .pipe(StockSyncSettings.shape.intervalMinutes.unwrap()),
    }),
  ),
  afterSending: section(
    z.object({
      // Left out (a page from before these settings): the stored ones are kept.
      failedPackages: optional(z.enum(["hold", "handBack"], { error: "must be Keep it here or Hand it back to Shopify" })),
      noNewsDays: optional(wholeNumber("days").pipe(AfterSendingSettings.shape.noNewsDays.unwrap())),
    }),
  ),
  codGatewayNames: text.transform((value) =>
    value
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ""),
  ),
  notifyCustomer: checkbox,
  pushPolicy: z.enum(["autoPush", "holdForReview"], { error: "must be Send at once or Hold for review" }),
});

/** The Settings pages, each the fields a merchant sets up together. */
export const SECTIONS = {
  provider: ["mode", "providerBaseUrl"],
  routing: ["warehouses", "dropShip"],
  customs: ["customs", "taxIds"],
  catalogue: ["skus", "skuDefaults", "stockSync"],
  orders: ["orders", "pushPolicy", "afterSending", "codGatewayNames"],
  notifications: ["notifyCustomer"],
} as const satisfies Record<string, readonly (keyof typeof SettingsFields.shape)[]>;
export type SettingsSection = keyof typeof SECTIONS;

type Values = z.output<typeof SettingsFields>;

/** What only several fields of the routing page together can say. */
function routingChecks(values: Pick<Values, "warehouses" | "dropShip">, context: z.RefinementCtx) {
  for (const [index, warehouse] of Object.entries(values.warehouses)) {
    noDuplicates(warehouse.byCountry, "country", ["warehouses", index, "byCountry"], context);
    noDuplicates(lowerCased(warehouse.byShippingMethod), "method", ["warehouses", index, "byShippingMethod"], context);
  }
  noDuplicates(values.dropShip.byCountry, "country", ["dropShip", "byCountry"], context);
  noDuplicates(lowerCased(values.dropShip.byShippingMethod), "method", ["dropShip", "byShippingMethod"], context);
  noDuplicates(values.warehouses, "warehouseId", ["warehouses"], context);
  if (values.dropShip.enabled) {
    if (values.dropShip.handlingLocation === "")
      context.addIssue({ code: "custom", path: ["dropShip", "handlingLocation"], message: "is required to ship through drop-ship" });
    if (values.dropShip.merchantLocationIds.length === 0)
      context.addIssue({ code: "custom", path: ["dropShip", "merchantLocationIds"], message: "must include at least one location" });
  }
}

/** The default size is all three measures or none. */
function catalogueChecks(values: Pick<Values, "skuDefaults">, context: z.RefinementCtx) {
  const size = [values.skuDefaults.lengthCm, values.skuDefaults.widthCm, values.skuDefaults.heightCm];
  if (size.some((value) => value !== null) && size.some((value) => value === null)) {
    for (const [index, column] of (["lengthCm", "widthCm", "heightCm"] as const).entries()) {
      if (size[index] === null)
        context.addIssue({ code: "custom", path: ["skuDefaults", column], message: "is required with the other two sizes" });
    }
  }
}

/** Each Settings page's form: its fields, and what they can only say together. */
export const SECTION_FORMS = {
  provider: SettingsFields.pick({ mode: true, providerBaseUrl: true }),
  routing: SettingsFields.pick({ warehouses: true, dropShip: true }).superRefine(routingChecks),
  customs: SettingsFields.pick({ customs: true, taxIds: true }),
  catalogue: SettingsFields.pick({ skus: true, skuDefaults: true, stockSync: true }).superRefine(catalogueChecks),
  orders: SettingsFields.pick({ orders: true, pushPolicy: true, afterSending: true, codGatewayNames: true }),
  // The alert channels are saved beside the shop's settings, in their own store (decision 0044).
  notifications: SettingsFields.pick({ notifyCustomer: true }).extend({ alerts: AlertsFields }),
} as const satisfies Record<SettingsSection, z.ZodType>;

/** Every field at once: what the pages save, put together (the section's fields, the others as stored). */
export const SettingsForm = SettingsFields.superRefine((values, context) => {
  routingChecks(values, context);
  catalogueChecks(values, context);
});
export type SettingsFormOutput = z.output<typeof SettingsForm>;

const FIXED_LABELS: Readonly<Record<string, string>> = {
  mode: "Mode",
  providerBaseUrl: "Provider address",
  "dropShip.handlingLocation": "Handling location",
  "dropShip.merchantLocationIds": "Locations shipped through drop-ship",
  "dropShip.defaultService": "Default service (drop-ship)",
  "dropShip.maxBoxKg": "Pack in boxes of at most (kg)",
  "customs.declareNameEn": "Default customs name",
  "customs.hsCode": "Default HS code",
  "customs.declaredValueCurrency": "Declared value currency",
  "taxIds.ioss": "IOSS number",
  "taxIds.euVatNumber": "EU VAT number",
  "taxIds.ukVatNumber": "UK VAT number",
  codGatewayNames: "Cash on delivery payment names",
  "skuDefaults.lengthCm": "Default length",
  "skuDefaults.widthCm": "Default width",
  "skuDefaults.heightCm": "Default height",
  "skuDefaults.declaredValueFrom": "Declared value",
  "stockSync.intervalMinutes": "Sync every (minutes)",
  "afterSending.failedPackages": "A package the provider cannot create",
  "afterSending.noNewsDays": "Stop following a parcel after (days without news)",
  pushPolicy: "Push policy",
  ...ALERTS_WORDS.labels,
};

/** The field as the page labels it, with the warehouse or country it belongs to. */
export function fieldLabel(field: string, text: (name: string) => string = () => ""): string {
  const fixed = FIXED_LABELS[field];
  if (fixed !== undefined) return fixed;
  const row = (index: string) => `row ${Number(index) + 1}`;
  const warehouse = /^warehouses\.(\d+)\.(.+)$/.exec(field);
  const owner = warehouse ? `warehouse ${text(`warehouses.${warehouse[1]}.warehouseId`).trim() || row(warehouse[1] ?? "0")}` : "drop-ship";
  const rest = warehouse ? (warehouse[2] ?? "") : field.replace(/^dropShip\./, "");
  if (rest === "warehouseId") return `Warehouse ID (${owner})`;
  if (rest === "defaultService") return `Default service (${owner})`;
  if (rest === "country") return `Country (${owner})`;
  const method = /^byShippingMethod\.(\d+)\.(method|service)$/.exec(rest);
  if (method) {
    const [, index = "0", column] = method;
    const name = text(`${field.slice(0, field.length - (column ?? "").length)}method`).trim();
    return column === "method" ? `Shipping method, ${row(index)} (${owner})` : `Service for ${name ? `“${name}”` : row(index)} (${owner})`;
  }
  if (rest === "handlingDays") return `Handling time in working days (${owner})`;
  const country = /^byCountry\.(\d+)\.(country|service)$/.exec(rest);
  if (country) {
    const [, index = "0", column] = country;
    const code = text(`${field.slice(0, field.length - (column ?? "").length)}country`)
      .trim()
      .toUpperCase();
    return column === "country" ? `Country, ${row(index)} (${owner})` : `Service for ${code || row(index)} (${owner})`;
  }
  return field;
}

/**
 * Each field's errors (conform's `error`, or the form's errors in the browser) as the list the page
 * shows above the form, labelled as the page labels each field; `text` reads a field's current value.
 */
export function labelledErrors(
  errors: Readonly<Record<string, readonly string[] | null | undefined>>,
  text: (name: string) => string,
): FieldError[] {
  return Object.entries(errors).flatMap(([field, messages]) =>
    (messages ?? []).map((message) => ({ field, label: fieldLabel(field, text), message })),
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
