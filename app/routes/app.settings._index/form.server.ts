/**
 * The settings form on the server: read and checked as in the browser (form.ts), then as a whole
 * (ShopSettings: what only all the fields together can say), into the ShopSettings to save.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { ShopSettings, type ShopSettingsInput } from "~/stores/shops/shop-settings";
import { providerAddressRefused } from "~/wiring/provider-address.server";
import { addressRefusalIn } from "~/lib/public-address.server";
import type { z } from "zod";
import type { Words } from "~/lib/words";
import { formsIn, labelledErrors, type FieldError, type SectionForms, type SettingsFormOutput, type SettingsSection } from "./form";

export type FormReading =
  | { ok: true; settings: ShopSettingsInput }
  /** `result` goes back to the page's form (conform's lastResult), which shows each error at its field. */
  | { ok: false; errors: FieldError[]; result: SubmissionResult<string[]> };

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

type SectionValues<S extends SettingsSection> = z.output<SectionForms[S]>;

const byCountry = (rows: SettingsFormOutput["dropShip"]["byCountry"]) =>
  Object.fromEntries(Object.values(rows).map((row) => [row.country, row.service]));
const byShippingMethod = (rows: SettingsFormOutput["dropShip"]["byShippingMethod"]) =>
  Object.fromEntries(Object.values(rows).map((row) => [row.method, row.service]));

/** Each page's fields as the settings they stand for; `stored` supplies what the page does not show. */
const SECTION_SETTINGS: { [S in SettingsSection]: (values: SectionValues<S>, stored: ShopSettings) => ShopSettingsInput } = {
  provider: (values) => ({ mode: values.mode, providerBaseUrl: values.providerBaseUrl }),
  routing: (values, stored) => {
    const known = new Map(stored.warehouses.map((warehouse) => [warehouse.warehouseId, warehouse.shopifyLocationId]));
    return {
      warehouses: Object.values(values.warehouses).map((warehouse) => ({
        warehouseId: warehouse.warehouseId,
        shopifyLocationId: known.get(warehouse.warehouseId) ?? null,
        country: warehouse.country,
        enabled: warehouse.enabled,
        services: {
          defaultService: warehouse.defaultService,
          byCountry: byCountry(warehouse.byCountry),
          byShippingMethod: byShippingMethod(warehouse.byShippingMethod),
        },
        handlingDays: warehouse.handlingDays,
      })),
      dropShip: values.dropShip.enabled
        ? {
            handlingLocation: values.dropShip.handlingLocation,
            merchantLocationIds: values.dropShip.merchantLocationIds,
            services: {
              defaultService: values.dropShip.defaultService,
              byCountry: byCountry(values.dropShip.byCountry),
              byShippingMethod: byShippingMethod(values.dropShip.byShippingMethod),
            },
            maxBoxGrams: values.dropShip.maxBoxKg === null ? null : Math.round(values.dropShip.maxBoxKg * 1000),
          }
        : null,
    };
  },
  customs: (values, stored) => ({
    customs: {
      ...stored.customs,
      declareNameEn: values.customs.declareNameEn ?? "",
      hsCode: values.customs.hsCode ?? "",
      declaredValueCurrency: values.customs.declaredValueCurrency,
    },
    taxIds: values.taxIds,
  }),
  catalogue: (values, stored) => ({
    // The mapping itself is edited SKU by SKU on the Products page: kept as stored.
    skus: { strict: values.skus.strict, bySku: stored.skus.bySku },
    skuDefaults: {
      size:
        values.skuDefaults.lengthCm === null || values.skuDefaults.widthCm === null || values.skuDefaults.heightCm === null
          ? null
          : { lengthCm: values.skuDefaults.lengthCm, widthCm: values.skuDefaults.widthCm, heightCm: values.skuDefaults.heightCm },
      declaredValueFrom: values.skuDefaults.declaredValueFrom,
    },
    stockSync: values.stockSync,
  }),
  orders: (values, stored) => ({
    orders: values.orders,
    afterSending: {
      failedPackages: values.afterSending.failedPackages ?? stored.afterSending.failedPackages,
      noNewsDays: values.afterSending.noNewsDays ?? stored.afterSending.noNewsDays,
    },
    codGatewayNames: values.codGatewayNames,
    pushPolicy: values.pushPolicy,
  }),
  notifications: (values) => ({ notifyCustomer: values.notifyCustomer }),
};

/** The whole checked form as the settings it stands for; `stored` supplies what the form does not show. */
function settingsOf(values: SettingsFormOutput, stored: ShopSettings): ShopSettingsInput {
  return {
    ...SECTION_SETTINGS.provider(values, stored),
    ...SECTION_SETTINGS.routing(values, stored),
    ...SECTION_SETTINGS.customs(values, stored),
    ...SECTION_SETTINGS.catalogue(values, stored),
    ...SECTION_SETTINGS.orders(values, stored),
    ...SECTION_SETTINGS.notifications(values, stored),
    // Saved by its own page's buttons (checkout-rates-card.tsx): kept as stored.
    checkoutRates: stored.checkoutRates,
  };
}

/** A ShopSettings issue of the whole, as errors at the form's fields. */
function issuesAtFields(issues: readonly z.core.$ZodIssue[], warehouseRows: readonly string[]): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = fieldOfSettingsPath(issue.path, warehouseRows);
    fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
  }
  return fieldErrors;
}

/**
 * The submitted settings, checked field by field, as the ShopSettings to save; `stored` supplies
 * what the form does not show (warehouse locations the fulfillment-services job records, the
 * customs currency and origin kept for compatibility). Errors are said in `words`.
 */
export function readSettingsForm(form: FormData | URLSearchParams, stored: ShopSettings, words: Words): FormReading {
  const text = (name: string) => String(form.get(name) ?? "");
  const submission = parseWithZod(form, { schema: formsIn(words).whole, disableAutoCoercion: true });
  if (submission.status !== "success") {
    const result = submission.reply();
    return { ok: false, errors: labelledErrors(result.error ?? {}, words, text), result };
  }
  const settings = settingsOf(submission.value, stored);
  // What only the whole can say (a drop-ship location that is a warehouse's, limits of the stored form).
  const checked = ShopSettings.safeParse(settings);
  if (!checked.success) {
    const fieldErrors = issuesAtFields(checked.error.issues, Object.keys(submission.value.warehouses));
    return { ok: false, errors: labelledErrors(fieldErrors, words, text), result: submission.reply({ fieldErrors }) };
  }
  return { ok: true, settings };
}

/**
 * One Settings page's form, checked as its page checks it, into the whole settings to save: its
 * fields as submitted, every other as stored. What only the whole can say is checked too, and put at
 * the page's fields.
 */
export function readSectionForm<S extends SettingsSection>(
  section: S,
  form: FormData | URLSearchParams,
  stored: ShopSettings,
  words: Words,
): FormReading {
  const text = (name: string) => String(form.get(name) ?? "");
  const submission = parseWithZod(form, { schema: formsIn(words).sections[section], disableAutoCoercion: true });
  if (submission.status !== "success") {
    const result = submission.reply();
    return { ok: false, errors: labelledErrors(result.error ?? {}, words, text), result };
  }
  const values = submission.value as SectionValues<S>;
  const settings: ShopSettingsInput = { ...stored, ...SECTION_SETTINGS[section](values, stored) };
  const checked = ShopSettings.safeParse(settings);
  if (!checked.success) {
    const warehouseRows = "warehouses" in values && typeof values.warehouses === "object" ? Object.keys(values.warehouses) : [];
    const fieldErrors = issuesAtFields(checked.error.issues, warehouseRows);
    return { ok: false, errors: labelledErrors(fieldErrors, words, text), result: submission.reply({ fieldErrors }) };
  }
  return { ok: true, settings };
}

/** A form read well, refused all the same at some of its fields (what only the provider can say). */
export function refuseAtFields(
  section: SettingsSection,
  form: FormData | URLSearchParams,
  fieldErrors: Record<string, string[]>,
  words: Words,
): FormReading {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    ok: false,
    errors: labelledErrors(fieldErrors, words, text),
    result: parseWithZod(form, { schema: formsIn(words).sections[section], disableAutoCoercion: true }).reply({ fieldErrors }),
  };
}

/**
 * readSettingsForm, and then the provider address the merchant typed checked as the app will
 * check it when it connects (https in live mode, public addresses only: wiring/provider-address.server.ts).
 */
export async function readSettingsFormAndAddress(
  form: FormData | URLSearchParams,
  stored: ShopSettings,
  words: Words,
  section?: SettingsSection,
): Promise<FormReading> {
  const reading = section === undefined ? readSettingsForm(form, stored, words) : readSectionForm(section, form, stored, words);
  if (!reading.ok || reading.settings.providerBaseUrl == null) return reading;
  const refusal = await providerAddressRefused(reading.settings.providerBaseUrl, reading.settings.mode ?? "sandbox");
  if (refusal === null) return reading;
  const fieldErrors = { providerBaseUrl: [addressRefusalIn(words, refusal)] };
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    ok: false,
    errors: labelledErrors(fieldErrors, words, text),
    result: parseWithZod(form, {
      schema: section === undefined ? formsIn(words).whole : formsIn(words).sections[section],
      disableAutoCoercion: true,
    }).reply({
      fieldErrors,
    }),
  };
}
