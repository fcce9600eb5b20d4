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
import { CheckoutRatesSettings } from "~/stores/shops/shop-settings";
import { getShopSettings, saveCheckoutRatesSettings as saveCheckoutRates } from "~/stores/shops/shop.server";

export function carrierServiceCallbackUrl(appUrl: string): string {
  return `${appUrl.replace(/\/+$/, "")}/carrier-service/rates`;
}

/** Shopify's words when the plan lacks the feature; it has no code of its own (CARRIER_SERVICE_CREATE_FAILED covers all). */
const PLAN_REFUSAL = /plan|carrier[- ]calculated|third[- ]party/i;

export const PLAN_ADVICE =
  "Your Shopify plan does not include carrier-calculated shipping, which checkout rates from an app need. " +
  "It comes with the Advanced and Plus plans, with the Shopify plan billed yearly, or as a monthly add-on that Shopify Support can turn on. " +
  "Until then checkout shows the rates set in Shopify's Settings > Shipping and delivery; turn checkout rates on here again once the plan allows it.";

export type TurnOnOutcome =
  | { ok: true; message: string }
  /** `planRefused`: Shopify said the plan does not allow it. */
  | { ok: false; planRefused: boolean; message: string };

export async function turnOnCheckoutRates(
  db: DatabaseOrTransaction,
  admin: AdminGraphql,
  shop: string,
  appUrl: string,
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
      message: `Checkout rates are on: Shopify asks the app for rates as "${service.formattedName ?? CARRIER_SERVICE_NAME}".`,
    };
  } catch (error) {
    if (!(error instanceof ShopifyUserError)) throw error;
    const said = error.userErrors.map((detail) => detail.message).join("; ");
    const planRefused = PLAN_REFUSAL.test(said);
    const problem = planRefused ? `${PLAN_ADVICE} (Shopify said: ${said}.)` : `Shopify refused to add the app's rates: ${said}.`;
    await saveCheckoutRates(db, shop, { enabled: false, carrierServiceId: null, problem });
    return { ok: false, planRefused, message: problem };
  }
}

export async function turnOffCheckoutRates(db: DatabaseOrTransaction, admin: AdminGraphql, shop: string): Promise<{ message: string }> {
  const { carrierServiceId } = (await getShopSettings(db, shop)).checkoutRates;
  const id = CarrierServiceGid.safeParse(carrierServiceId);
  if (id.success) await deleteCarrierService(admin, id.data);
  await saveCheckoutRates(db, shop, { enabled: false, carrierServiceId: null, problem: null });
  return { message: "Checkout rates are off: the app's carrier service was removed from Shopify, and checkout shows only your own rates." };
}

/** The flat rates and cache minutes from the section's form, with errors by field name. */
export type FlatRatesReading =
  { ok: true; flatRates: FlatRate[]; cacheMinutes: number } | { ok: false; errors: { field: string; message: string }[] };

/** Reads `flatRates.<row>.serviceName|amount|currency` rows (empty rows skipped) and `cacheMinutes`. */
export function readFlatRatesForm(form: FormData): FlatRatesReading {
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
      for (const issue of parsed.error.issues) errors.push({ field: `flatRates.${row}.${String(issue.path[0])}`, message: issue.message });
  }
  const minutes = String(form.get("cacheMinutes") ?? "").trim();
  const cacheMinutes = CheckoutRatesSettings.shape.cacheMinutes.safeParse(/^\d+$/.test(minutes) ? Number(minutes) : Number.NaN);
  if (!cacheMinutes.success)
    errors.push({
      field: "cacheMinutes",
      message: /^\d+$/.test(minutes) ? (cacheMinutes.error.issues[0]?.message ?? "is not valid") : "must be a whole number of minutes",
    });
  if (flatRates.length > 10) errors.push({ field: "flatRates", message: "must be at most 10 rates" });
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
