/**
 * Checkout rates turned on and off from Settings: on registers the app's carrier service with
 * Shopify (its callback on the app's public address), off deletes it. What Shopify answered is
 * kept in the shop's settings, so the page shows the state after a reload. A shop whose plan lacks
 * carrier-calculated shipping is refused by Shopify: the merchant is told so, and what to do.
 */
import { CARRIER_SERVICE_NAME, FlatRate } from "~/connector/checkout-rates";
import { deleteCarrierService, ensureCarrierService } from "~/shopify/carrier-service.server";
import type { AdminGraphql } from "~/shopify/admin-graphql.server";
import { ShopifyUserError } from "~/shopify/errors";
import { CarrierServiceGid } from "~/shopify/ids";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { CheckoutRatesSettings, type CheckoutRatesRefusal } from "~/stores/shops/shop-settings";
import { getShopSettings, saveCheckoutRatesSettings as saveCheckoutRates } from "~/stores/shops/shop.server";
import type { Words } from "~/lib/words";
import type { z } from "zod";

/** The page's words, in the admin's language (wordsFor(localeOf(request)).settingsCheckoutRates). */
type CheckoutRatesWords = Words["settingsCheckoutRates"];

export function carrierServiceCallbackUrl(appUrl: string): string {
  return `${appUrl.replace(/\/+$/, "")}/carrier-service/rates`;
}

/** Shopify's words when the plan lacks the feature; it has no code of its own (CARRIER_SERVICE_CREATE_FAILED covers all). */
const PLAN_REFUSAL = /plan|carrier[- ]calculated|third[- ]party/i;

/** Shopify's refusal as the page says it, in `words`' language; a sentence stored by an older version as it is. */
export function refusalText(problem: CheckoutRatesSettings["problem"], words: CheckoutRatesWords): string | null {
  return problem === null || typeof problem === "string" ? problem : refusalSaid(problem, words);
}

const refusalSaid = (refusal: CheckoutRatesRefusal, words: CheckoutRatesWords): string =>
  refusal.planRefused ? words.answers.planRefused(refusal.said) : words.answers.refused(refusal.said);

export type TurnOnOutcome =
  | { ok: true; message: string }
  /** `planRefused`: Shopify said the plan does not allow it. */
  | { ok: false; planRefused: boolean; message: string };

export async function turnOnCheckoutRates(
  db: DatabaseOrTransaction,
  admin: AdminGraphql,
  shop: string,
  appUrl: string,
  words: CheckoutRatesWords,
): Promise<TurnOnOutcome> {
  const callbackUrl = carrierServiceCallbackUrl(appUrl);
  try {
    const { service } = await ensureCarrierService(admin, {
      name: CARRIER_SERVICE_NAME,
      callbackUrl,
      active: true,
      supportsServiceDiscovery: true,
    });
    await saveCheckoutRates(db, shop, { enabled: true, carrierServiceId: service.id, problem: null });
    return {
      ok: true,
      message: words.answers.turnedOn(service.formattedName ?? CARRIER_SERVICE_NAME),
    };
  } catch (error) {
    if (!(error instanceof ShopifyUserError)) throw error;
    const said = error.userErrors.map((detail) => detail.message).join("; ");
    const planRefused = PLAN_REFUSAL.test(said);
    // Kept as Shopify said it, so the page shows it after a reload in its reader's language.
    const refusal = { planRefused, said };
    await saveCheckoutRates(db, shop, { enabled: false, carrierServiceId: null, problem: refusal });
    return { ok: false, planRefused, message: refusalSaid(refusal, words) };
  }
}

export async function turnOffCheckoutRates(
  db: DatabaseOrTransaction,
  admin: AdminGraphql,
  shop: string,
  words: CheckoutRatesWords,
): Promise<{ message: string }> {
  const { carrierServiceId } = (await getShopSettings(db, shop)).checkoutRates;
  const id = CarrierServiceGid.safeParse(carrierServiceId);
  if (id.success) await deleteCarrierService(admin, id.data);
  await saveCheckoutRates(db, shop, { enabled: false, carrierServiceId: null, problem: null });
  return { message: words.answers.turnedOff };
}

/** The flat rates and cache minutes from the section's form, with errors by field name. */
export type FlatRatesReading =
  { ok: true; flatRates: FlatRate[]; cacheMinutes: number } | { ok: false; errors: { field: string; message: string }[] };

/** As many flat rates as CheckoutRatesSettings keeps. */
const MOST_FLAT_RATES = 10;

type IssueCode = z.core.$ZodIssue["code"];

/**
 * What the domain's rules (FlatRate, the cache's bounds) find wrong, said in the admin's words: the
 * rules stay written once, in the domain; each kind of issue they raise has its sentence here.
 */
function flatRateIssue(column: string, code: IssueCode, words: CheckoutRatesWords): string | undefined {
  const says = words.errors;
  const bounds = FlatRate.shape;
  const byColumn: Record<string, Partial<Record<IssueCode, string>>> = {
    serviceName: { too_small: says.notEmpty, too_big: says.atMostCharacters(String(bounds.serviceName.maxLength)) },
    amount: {
      invalid_type: says.amount,
      too_small: says.notNegative,
      too_big: says.atMost(String(bounds.amount.maxValue)),
      custom: says.twoDecimals,
    },
    currency: { invalid_format: says.currency },
  };
  return byColumn[column]?.[code];
}

/** Reads `flatRates.<row>.serviceName|amount|currency` rows (empty rows skipped) and `cacheMinutes`, each error in `words`. */
export function readFlatRatesForm(form: FormData, words: CheckoutRatesWords): FlatRatesReading {
  const rows = new Map<string, Record<string, string>>();
  for (const [name, value] of form.entries()) {
    const match = /^flatRates\.(\d+)\.(serviceName|amount|currency)$/.exec(name);
    if (match === null || typeof value !== "string") continue;
    const [, row = "", column = ""] = match;
    rows.set(row, { ...rows.get(row), [column]: value.trim() });
  }
  const errors: { field: string; message: string }[] = [];
  const flatRates: FlatRate[] = [];
  const ordered = [...rows].sort(([a], [b]) => Number(a) - Number(b));
  for (const [row, fields] of ordered) {
    if (!fields.serviceName && !fields.amount && !fields.currency) continue;
    const amount = fields.amount ?? "";
    const parsed = FlatRate.safeParse({
      serviceName: fields.serviceName ?? "",
      amount: /^\d+(\.\d+)?$/.test(amount) ? Number(amount) : amount === "" ? undefined : Number.NaN,
      currency: (fields.currency ?? "").toUpperCase(),
    });
    if (parsed.success) flatRates.push(parsed.data);
    else
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0]);
        errors.push({ field: `flatRates.${row}.${column}`, message: flatRateIssue(column, issue.code, words) ?? issue.message });
      }
  }
  const minutes = String(form.get("cacheMinutes") ?? "").trim();
  const minutesRule = CheckoutRatesSettings.shape.cacheMinutes.unwrap();
  const cacheMinutes = minutesRule.safeParse(/^\d+$/.test(minutes) ? Number(minutes) : Number.NaN);
  if (!cacheMinutes.success) {
    const code = /^\d+$/.test(minutes) ? cacheMinutes.error.issues[0]?.code : undefined;
    errors.push({
      field: "cacheMinutes",
      message:
        code === "too_small"
          ? words.errors.atLeast(String(minutesRule.minValue))
          : code === "too_big"
            ? words.errors.atMost(String(minutesRule.maxValue))
            : words.errors.wholeMinutes,
    });
  }
  if (flatRates.length > MOST_FLAT_RATES) errors.push({ field: "flatRates", message: words.errors.atMostRates(String(MOST_FLAT_RATES)) });
  if (errors.length > 0 || !cacheMinutes.success) return { ok: false, errors };
  return { ok: true, flatRates, cacheMinutes: cacheMinutes.data };
}

export async function saveFlatRates(
  db: DatabaseOrTransaction,
  shop: string,
  reading: { flatRates: FlatRate[]; cacheMinutes: number },
): Promise<void> {
  await saveCheckoutRates(db, shop, reading);
}
