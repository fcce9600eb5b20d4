/**
 * Settings > Checkout rates in the built app, over HTTP as the embedded admin reaches it, against the
 * Shopify emulator: turning on registers the app's carrier service (its callback on the app's
 * address), after which Shopify's rate requests get the provider's prices; a plan without
 * carrier-calculated shipping is refused and the merchant told what to do; turning off deletes the
 * service; flat rates are refused field by field and saved whole.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getShopSettings, saveShopSettings } from "~/stores/shops/shop.server";
import { seedCatalogue } from "../support/catalogue";
import { rateRequestBody, signedRateRequest } from "../support/rate-requests";
import { useStack } from "../support/stack";
import { adminData } from "./support";

const stack = useStack({ worker: false });
const ROUTE = "routes/app.settings.checkout-rates";

const CheckoutRates = z.object({
  enabled: z.boolean(),
  carrierServiceId: z.string().nullable(),
  problem: z.string().nullable(),
  flatRates: z.array(z.object({ serviceName: z.string(), amount: z.number(), currency: z.string() })),
  cacheMinutes: z.number(),
  callbackUrl: z.string(),
});
const Answer = z.object({
  intent: z.string(),
  ok: z.boolean(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), label: z.string(), message: z.string() })).optional(),
});

async function loaded(locale = "en") {
  const response = await adminData(stack(), `/app/settings/checkout-rates?locale=${locale}`, ROUTE);
  return z.object({ checkoutRates: CheckoutRates }).parse(await response.json()).checkoutRates;
}

async function act(form: Record<string, string>) {
  const response = await adminData(stack(), "/app/settings/checkout-rates", ROUTE, { form });
  return { status: response.status, answer: Answer.parse(await response.json()) };
}

const carrierServices = () => [...stack().shopify.state.carrierServices.values()].filter((service) => service.shop === stack().shop);

const setPlan = (carrierCalculatedShipping: boolean) =>
  fetch(`${stack().shopifyUrl}/__emulator/shops/${stack().shop}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ carrierCalculatedShipping }),
  });

describe("Settings > Checkout rates", () => {
  it("turned on, registers the carrier service with Shopify, and Shopify's rate requests get the provider's prices", async () => {
    const s = stack();
    await seedCatalogue(s.db, s.shop);
    await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01", services: { defaultService: "US01-INT" } }] });
    expect(await loaded()).toMatchObject({
      enabled: false,
      carrierServiceId: null,
      problem: null,
      callbackUrl: `${s.appUrl}/carrier-service/rates`,
    });

    const on = await act({ intent: "checkoutRatesOn" });
    expect(on, s.logs().slice(-2_000)).toMatchObject({
      status: 200,
      answer: {
        ok: true,
        message: 'Checkout rates are on: Shopify asks the app for rates as "Warehouse shipping (Rates provided by app)".',
      },
    });
    expect(carrierServices()).toEqual([
      expect.objectContaining({
        name: "Warehouse shipping",
        callbackUrl: `${s.appUrl}/carrier-service/rates`,
        active: true,
        supportsServiceDiscovery: true,
      }),
    ]);
    const state = await loaded();
    expect(state).toMatchObject({ enabled: true, carrierServiceId: `gid://shopify/DeliveryCarrierService/${carrierServices()[0]?.id}` });

    // Turning on again finds the service instead of creating a second one.
    expect((await act({ intent: "checkoutRatesOn" })).answer.ok).toBe(true);
    expect(carrierServices()).toHaveLength(1);

    const response = await signedRateRequest(
      s.appUrl,
      s.apiSecret,
      s.shop,
      rateRequestBody({ items: [{ sku: "MUG-CER-350-WHT", quantity: 1 }] }),
    );
    expect(response.status).toBe(200);
    const { rates } = z
      .object({ rates: z.array(z.object({ service_code: z.string(), currency: z.string() })) })
      .parse(await response.json());
    expect(rates.map((rate) => rate.service_code)).toEqual(expect.arrayContaining(["US01-INT", "US01-EXP"]));
  });

  it("turned off, deletes the carrier service: Shopify asks no more, and the callback answers no rates", async () => {
    const s = stack();
    const off = await act({ intent: "checkoutRatesOff" });
    expect(off.answer).toMatchObject({ ok: true, message: expect.stringMatching(/^Checkout rates are off/) });
    expect(carrierServices()).toEqual([]);
    expect(await loaded()).toMatchObject({ enabled: false, carrierServiceId: null });
    const response = await signedRateRequest(
      s.appUrl,
      s.apiSecret,
      s.shop,
      rateRequestBody({ items: [{ sku: "MUG-CER-350-WHT", quantity: 1 }] }),
    );
    expect(await response.json()).toEqual({ rates: [] });
    // Off again, with nothing left to delete: still fine.
    expect((await act({ intent: "checkoutRatesOff" })).answer.ok).toBe(true);
  });

  it("on a plan without carrier-calculated shipping, says so and what the merchant can do, and registers nothing", async () => {
    expect((await setPlan(false)).status).toBe(200);
    const refused = await act({ intent: "checkoutRatesOn" });
    expect(refused.status).toBe(400);
    expect(refused.answer.message).toMatch(
      /^Your Shopify plan does not include carrier-calculated shipping, which checkout rates from an app need\. It comes with the Advanced and Plus plans/,
    );
    expect(refused.answer.message).toContain("Shopify said: Carrier calculated shipping is not available on this shop's plan");
    expect(carrierServices()).toEqual([]);
    // The state stays on the page after a reload.
    expect(await loaded()).toMatchObject({ enabled: false, carrierServiceId: null, problem: refused.answer.message });
    // Kept as Shopify said it: a Chinese-speaking colleague reads the same refusal in Chinese.
    const inChinese = await loaded("zh-CN");
    expect(inChinese.problem).toMatch(/^您的 Shopify 套餐不包含/);
    expect(inChinese.problem).toContain("Carrier calculated shipping is not available on this shop's plan");

    await setPlan(true);
    expect((await act({ intent: "checkoutRatesOn" })).answer.ok).toBe(true);
    expect(await loaded()).toMatchObject({ enabled: true, problem: null });
    expect(carrierServices()).toHaveLength(1);
  });

  it("refuses flat rates field by field and saves nothing, then saves valid ones whole", async () => {
    const s = stack();
    const wrong = await act({
      intent: "checkoutRatesSave",
      "flatRates.0.serviceName": "Standard",
      "flatRates.0.amount": "nine",
      "flatRates.0.currency": "USD",
      "flatRates.3.serviceName": "",
      "flatRates.3.amount": "5.999",
      "flatRates.3.currency": "dollars",
      "flatRates.4.serviceName": "",
      "flatRates.4.amount": "",
      "flatRates.4.currency": "",
      cacheMinutes: "90",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.answer.errors).toEqual([
      { field: "flatRates.0.amount", label: "Flat rate 1: amount", message: "must be an amount such as 9.95" },
      { field: "flatRates.3.serviceName", label: "Flat rate 4: rate name at checkout", message: "must not be empty" },
      { field: "flatRates.3.amount", label: "Flat rate 4: amount", message: "must have at most 2 decimals" },
      { field: "flatRates.3.currency", label: "Flat rate 4: currency", message: "must be a three-letter currency code such as USD" },
      { field: "cacheMinutes", label: "Minutes to reuse a price", message: "must be at most 60" },
    ]);
    expect((await getShopSettings(s.db, s.shop)).checkoutRates).toMatchObject({ flatRates: [], cacheMinutes: 10 });

    const saved = await act({
      intent: "checkoutRatesSave",
      "flatRates.0.serviceName": "Standard shipping",
      "flatRates.0.amount": "7.50",
      "flatRates.0.currency": "usd",
      "flatRates.2.serviceName": "Express shipping",
      "flatRates.2.amount": "19",
      "flatRates.2.currency": "USD",
      cacheMinutes: "5",
    });
    expect(saved.answer).toMatchObject({ ok: true, message: "Checkout rates saved." });
    expect(await loaded()).toMatchObject({
      enabled: true,
      flatRates: [
        { serviceName: "Standard shipping", amount: 7.5, currency: "USD" },
        { serviceName: "Express shipping", amount: 19, currency: "USD" },
      ],
      cacheMinutes: 5,
    });
  });
});
