/**
 * The settings form: a submitted form read into ShopSettings, and what is wrong with it as one
 * message per field, naming the field. A field's name is the dotted path of its value in the form
 * ("warehouses.0.byCountry.2.service", "taxIds.ioss"), so a zod issue's path is the field it is
 * about. Rows of tables (services by country, SKU mapping) are keyed by their row number, so a
 * blank row left out does not shift the names of the rows after it. No Remix, no Polaris.
 */
import { z } from "zod";
import { SkuEntry } from "~/connector/settings";
import { CountryCode, ServiceCode, ShopSettings, ShopifyLocationId, StoreSku, TaxNumber, WarehouseId, type ShopSettingsInput } from "~/models/shop-settings";

export interface FieldError {
  /** The form field's name. */
  field: string;
  /** The field as the merchant reads it on the page: "IOSS number", "Service for CA (warehouse US01)". */
  label: string;
  /** What is wrong: "must be IM followed by 10 digits". */
  message: string;
}

export type FormReading = { ok: true; settings: ShopSettingsInput } | { ok: false; errors: FieldError[] };

/** Blank is "not set" (null); anything else is trimmed and must pass `schema`. */
const optional = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .trim()
    .transform((value) => (value === "" ? null : value))
    .pipe(schema.nullable());

const required = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .trim()
    .pipe(z.string().min(1, { error: "is required" }))
    .pipe(schema);

const countryCode = required(z.string().toUpperCase().pipe(CountryCode));

const CountryRow = z.object({ country: countryCode, service: required(ServiceCode) });
const Rows = <T extends z.ZodType>(row: T) => z.record(z.string(), row);

function noDuplicates(rows: Record<string, Record<string, unknown>>, column: string, path: (string | number)[], context: z.RefinementCtx) {
  const seen = new Set<unknown>();
  for (const [index, row] of Object.entries(rows)) {
    const value = row[column];
    if (seen.has(value)) context.addIssue({ code: "custom", path: [...path, index, column], message: "is listed twice" });
    seen.add(value);
  }
}

const skuEntry = SkuEntry.shape;
const SkuRow = z.object({
  storeSku: required(StoreSku),
  providerSku: optional(skuEntry.providerSku.unwrap()),
  declaredName: optional(skuEntry.declaredName.unwrap()),
  hsCode: optional(skuEntry.hsCode.unwrap()),
});

const FormValues = z
  .object({
    mode: z.enum(["sandbox", "live"], { error: "must be Sandbox or Live" }),
    providerBaseUrl: optional(z.url({ protocol: /^https?$/, error: "must be a web address such as https://api.example.com" })),
    warehouses: Rows(
      z.object({
        warehouseId: required(WarehouseId),
        enabled: z.boolean(),
        defaultService: optional(ServiceCode),
        byCountry: Rows(CountryRow),
      }),
    ),
    dropShip: z.object({
      enabled: z.boolean(),
      handlingLocation: z.string().trim(),
      merchantLocationIds: z.array(ShopifyLocationId),
      defaultService: optional(ServiceCode),
      byCountry: Rows(CountryRow),
    }),
    customs: z.object({
      declareNameEn: optional(skuEntry.declaredName.unwrap()),
      hsCode: optional(skuEntry.hsCode.unwrap()),
      declaredValueCurrency: z.enum(["PRESENTMENT", "SHOP"], { error: "must be the customer's currency or the shop's" }),
    }),
    taxIds: z.object({
      ioss: optional(z.string().toUpperCase().pipe(TaxNumber.ioss)),
      euVatNumber: optional(z.string().toUpperCase().pipe(TaxNumber.euVatNumber)),
      ukVatNumber: optional(z.string().toUpperCase().pipe(TaxNumber.ukVatNumber)),
    }),
    skus: z.object({ strict: z.boolean(), rows: Rows(SkuRow) }),
    codGatewayNames: z.array(z.string()),
    notifyCustomer: z.boolean(),
    pushPolicy: z.enum(["autoPush", "holdForReview"], { error: "must be Send at once or Hold for review" }),
  })
  .superRefine((values, context) => {
    for (const [index, warehouse] of Object.entries(values.warehouses)) noDuplicates(warehouse.byCountry, "country", ["warehouses", index, "byCountry"], context);
    noDuplicates(values.dropShip.byCountry, "country", ["dropShip", "byCountry"], context);
    noDuplicates(values.skus.rows, "storeSku", ["skus", "rows"], context);
    noDuplicates(values.warehouses, "warehouseId", ["warehouses"], context);
    if (values.dropShip.enabled) {
      if (values.dropShip.handlingLocation === "") context.addIssue({ code: "custom", path: ["dropShip", "handlingLocation"], message: "is required to ship through drop-ship" });
      if (values.dropShip.merchantLocationIds.length === 0) context.addIssue({ code: "custom", path: ["dropShip", "merchantLocationIds"], message: "must include at least one location" });
    }
  });
type FormValues = z.output<typeof FormValues>;

/** The submitted form as the values FormValues reads: strings, checkboxes as booleans, rows by number. */
function rawValues(entries: Iterable<[string, unknown]>) {
  const values = new Map<string, string[]>();
  for (const [name, value] of entries) {
    if (typeof value !== "string") continue;
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  const text = (name: string) => values.get(name)?.[0] ?? "";
  const checked = (name: string) => values.has(name);
  /** Row numbers of `prefix.N.*` fields whose `columns` are not all blank. */
  const rows = (prefix: string, columns: readonly string[]) => {
    const pattern = new RegExp(`^${prefix.replace(/\./g, "\\.")}\\.(\\d+)\\.`);
    const numbers = new Set<string>();
    for (const name of values.keys()) {
      const index = pattern.exec(name)?.[1];
      if (index !== undefined && columns.some((column) => text(`${prefix}.${index}.${column}`).trim() !== "")) numbers.add(index);
    }
    return [...numbers].sort((a, b) => Number(a) - Number(b));
  };
  const countryRows = (prefix: string) =>
    Object.fromEntries(rows(prefix, ["country", "service"]).map((i) => [i, { country: text(`${prefix}.${i}.country`), service: text(`${prefix}.${i}.service`) }]));

  return {
    text,
    raw: {
      mode: text("mode"),
      providerBaseUrl: text("providerBaseUrl"),
      warehouses: Object.fromEntries(
        rows("warehouses", ["warehouseId"]).map((i) => [
          i,
          {
            warehouseId: text(`warehouses.${i}.warehouseId`),
            enabled: checked(`warehouses.${i}.enabled`),
            defaultService: text(`warehouses.${i}.defaultService`),
            byCountry: countryRows(`warehouses.${i}.byCountry`),
          },
        ]),
      ),
      dropShip: {
        enabled: checked("dropShip.enabled"),
        handlingLocation: text("dropShip.handlingLocation"),
        merchantLocationIds: values.get("dropShip.merchantLocationIds") ?? [],
        defaultService: text("dropShip.defaultService"),
        byCountry: countryRows("dropShip.byCountry"),
      },
      customs: {
        declareNameEn: text("customs.declareNameEn"),
        hsCode: text("customs.hsCode"),
        declaredValueCurrency: text("customs.declaredValueCurrency"),
      },
      taxIds: { ioss: text("taxIds.ioss"), euVatNumber: text("taxIds.euVatNumber"), ukVatNumber: text("taxIds.ukVatNumber") },
      skus: {
        strict: checked("skus.strict"),
        rows: Object.fromEntries(
          rows("skus.rows", ["storeSku", "providerSku", "declaredName", "hsCode"]).map((i) => [
            i,
            {
              storeSku: text(`skus.rows.${i}.storeSku`),
              providerSku: text(`skus.rows.${i}.providerSku`),
              declaredName: text(`skus.rows.${i}.declaredName`),
              hsCode: text(`skus.rows.${i}.hsCode`),
            },
          ]),
        ),
      },
      codGatewayNames: text("codGatewayNames")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== ""),
      notifyCustomer: checked("notifyCustomer"),
      pushPolicy: text("pushPolicy"),
    },
  };
}

const FIXED_LABELS: Readonly<Record<string, string>> = {
  mode: "Mode",
  providerBaseUrl: "Provider address",
  "dropShip.handlingLocation": "Handling location",
  "dropShip.merchantLocationIds": "Locations shipped through drop-ship",
  "dropShip.defaultService": "Default service (drop-ship)",
  "customs.declareNameEn": "Default customs name",
  "customs.hsCode": "Default HS code",
  "customs.declaredValueCurrency": "Declared value currency",
  "taxIds.ioss": "IOSS number",
  "taxIds.euVatNumber": "EU VAT number",
  "taxIds.ukVatNumber": "UK VAT number",
  codGatewayNames: "Cash on delivery payment names",
  pushPolicy: "Push policy",
};

const COLUMN_LABELS: Readonly<Record<string, string>> = {
  storeSku: "Store SKU",
  providerSku: "Provider SKU",
  declaredName: "Customs name",
  hsCode: "HS code",
};

/** The field as the page labels it, with the warehouse, country or SKU it belongs to. */
export function fieldLabel(field: string, text: (name: string) => string = () => ""): string {
  const fixed = FIXED_LABELS[field];
  if (fixed !== undefined) return fixed;
  const row = (index: string) => `row ${Number(index) + 1}`;
  const warehouse = /^warehouses\.(\d+)\.(.+)$/.exec(field);
  const owner = warehouse ? `warehouse ${text(`warehouses.${warehouse[1]}.warehouseId`).trim() || row(warehouse[1] ?? "0")}` : "drop-ship";
  const rest = warehouse ? (warehouse[2] ?? "") : field.replace(/^dropShip\./, "");
  if (rest === "warehouseId") return `Warehouse ID (${owner})`;
  if (rest === "defaultService") return `Default service (${owner})`;
  const country = /^byCountry\.(\d+)\.(country|service)$/.exec(rest);
  if (country) {
    const [, index = "0", column] = country;
    const code = text(`${field.slice(0, field.length - (column ?? "").length)}country`).trim().toUpperCase();
    return column === "country" ? `Country, ${row(index)} (${owner})` : `Service for ${code || row(index)} (${owner})`;
  }
  const sku = /^skus\.rows\.(\d+)\.(\w+)$/.exec(field);
  if (sku) {
    const [, index = "0", column = ""] = sku;
    const storeSku = text(`skus.rows.${index}.storeSku`).trim();
    return `${COLUMN_LABELS[column] ?? column} (SKU ${storeSku || row(index)})`;
  }
  return field;
}

/** A ShopSettings issue's path as the form field it is about. */
function fieldOfSettingsPath(path: readonly PropertyKey[], warehouseRows: readonly string[]): string {
  const [first, second, ...rest] = path.map(String);
  if (first === "warehouses" && second !== undefined) {
    const row = warehouseRows[Number(second)] ?? second;
    const tail = rest[0] === "services" ? rest.slice(1) : rest;
    return ["warehouses", row, ...tail].join(".");
  }
  if (first === "dropShip" && second === "merchantLocationIds") return "dropShip.merchantLocationIds";
  if (first === "dropShip" && second === "services") return ["dropShip", ...rest].join(".");
  return [first, second, ...rest].filter((part) => part !== undefined).join(".");
}

/**
 * The submitted settings, checked field by field, as the ShopSettings to save; `stored` supplies
 * what the form does not show (warehouse locations the fulfillment-services job records, the
 * customs currency and origin kept for compatibility).
 */
export function readSettingsForm(entries: Iterable<[string, unknown]>, stored: ShopSettings): FormReading {
  const { raw, text } = rawValues(entries);
  const errorOf = (path: readonly PropertyKey[], message: string): FieldError => {
    const field = path.map(String).join(".");
    return { field, label: fieldLabel(field, text), message };
  };
  const parsed = FormValues.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((issue) => errorOf(issue.path, issue.message)) };

  const values: FormValues = parsed.data;
  const warehouseRows = Object.keys(values.warehouses);
  const byCountry = (rows: FormValues["dropShip"]["byCountry"]) => Object.fromEntries(Object.values(rows).map((row) => [row.country, row.service]));
  const known = new Map(stored.warehouses.map((warehouse) => [warehouse.warehouseId, warehouse.shopifyLocationId]));
  const settings: ShopSettingsInput = {
    mode: values.mode,
    providerBaseUrl: values.providerBaseUrl,
    warehouses: Object.values(values.warehouses).map((warehouse) => ({
      warehouseId: warehouse.warehouseId,
      shopifyLocationId: known.get(warehouse.warehouseId) ?? null,
      enabled: warehouse.enabled,
      services: { defaultService: warehouse.defaultService, byCountry: byCountry(warehouse.byCountry) },
    })),
    dropShip: values.dropShip.enabled
      ? {
          handlingLocation: values.dropShip.handlingLocation,
          merchantLocationIds: values.dropShip.merchantLocationIds,
          services: { defaultService: values.dropShip.defaultService, byCountry: byCountry(values.dropShip.byCountry) },
        }
      : null,
    customs: {
      ...stored.customs,
      declareNameEn: values.customs.declareNameEn ?? "",
      hsCode: values.customs.hsCode ?? "",
      declaredValueCurrency: values.customs.declaredValueCurrency,
    },
    taxIds: values.taxIds,
    skus: {
      strict: values.skus.strict,
      bySku: Object.fromEntries(
        Object.values(values.skus.rows).map(({ storeSku, providerSku, declaredName, hsCode }) => [
          storeSku,
          { ...(providerSku === null ? {} : { providerSku }), ...(declaredName === null ? {} : { declaredName }), ...(hsCode === null ? {} : { hsCode }) },
        ]),
      ),
    },
    codGatewayNames: values.codGatewayNames,
    notifyCustomer: values.notifyCustomer,
    pushPolicy: values.pushPolicy,
  };

  // What only the whole can say (a drop-ship location that is a warehouse's, limits of the stored form).
  const checked = ShopSettings.safeParse(settings);
  if (!checked.success) {
    return { ok: false, errors: checked.error.issues.map((issue) => errorOf(fieldOfSettingsPath(issue.path, warehouseRows).split("."), issue.message)) };
  }
  return { ok: true, settings };
}

/** The stored settings as the form's initial values, with the same names readSettingsForm reads. */
export function formValuesOf(settings: ShopSettings) {
  const countryRows = (rules: Record<string, string>) => Object.entries(rules).map(([country, service]) => ({ country, service }));
  return {
    mode: settings.mode,
    providerBaseUrl: settings.providerBaseUrl ?? "",
    warehouses: settings.warehouses.map((warehouse) => ({
      warehouseId: warehouse.warehouseId,
      shopifyLocationId: warehouse.shopifyLocationId,
      enabled: warehouse.enabled,
      defaultService: warehouse.services.defaultService ?? "",
      byCountry: countryRows(warehouse.services.byCountry),
    })),
    dropShip: {
      enabled: settings.dropShip !== null,
      handlingLocation: settings.dropShip?.handlingLocation ?? "",
      merchantLocationIds: settings.dropShip?.merchantLocationIds ?? [],
      defaultService: settings.dropShip?.services.defaultService ?? "",
      byCountry: countryRows(settings.dropShip?.services.byCountry ?? {}),
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
    skus: {
      strict: settings.skus.strict,
      rows: Object.entries(settings.skus.bySku).map(([storeSku, entry]) => ({
        storeSku,
        providerSku: entry.providerSku ?? "",
        declaredName: entry.declaredName ?? "",
        hsCode: entry.hsCode ?? "",
      })),
    },
    codGatewayNames: settings.codGatewayNames.join("\n"),
    notifyCustomer: settings.notifyCustomer,
    pushPolicy: settings.pushPolicy,
  };
}
export type SettingsFormValues = ReturnType<typeof formValuesOf>;
