/**
 * The carrier-service callback over HTTP, in the built app against the sandbox, as Shopify calls it
 * at checkout: the provider's prices for the cart (operation 14) from the warehouse the routing
 * picks, store SKUs sent as provider SKUs; the same cart again from memory with no provider call;
 * the merchant's flat rates within the budget when the provider is slow or down or does not know a
 * SKU; unsigned or wrongly signed requests 401; a malformed body 400 naming the field; an unknown
 * shop 404; never a 5xx.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { seedCatalogue } from "../../support/catalogue";
import { rateRequestBody, signedRateRequest, type CartItem } from "../../support/rate-requests";
import { useStack } from "../../support/stack";

const pricingCalls: string[] = [];
const stack = useStack({ worker: false, sandbox: { log: (line) => void (line.includes("/v1/pricing/") && pricingCalls.push(line)) } });

const Rate = z.object({
  service_name: z.string(),
  service_code: z.string(),
  total_price: z.string().regex(/^\d+$/),
  currency: z.string(),
  description: z.string(),
  min_delivery_date: z.string().optional(),
  max_delivery_date: z.string().optional(),
});
const Rates = z.object({ rates: z.array(Rate) });

const FLAT_RATES = [
  { serviceName: "Standard shipping", amount: 7.5, currency: "USD" },
  { serviceName: "Express shipping", amount: 19, currency: "USD" },
];

async function setUp() {
  const s = stack();
  await seedCatalogue(s.db, s.shop, [
    { sku: "SHOP-MUG", name: "Mug as the shop sells it" },
    { sku: "NOT-AT-PROVIDER", name: "A product the provider never registered" },
  ]);
  await saveShopSettings(s.db, s.shop, {
    warehouses: [
      { warehouseId: "US01", services: { defaultService: "US01-INT" } },
      { warehouseId: "DE01", services: { byCountry: { DE: "DE01-STD", FR: "DE01-STD" } } },
    ],
    skus: { bySku: { "SHOP-MUG": { providerSku: "MUG-CER-350-WHT" } } },
    checkoutRates: { enabled: true, carrierServiceId: "gid://shopify/DeliveryCarrierService/1", flatRates: FLAT_RATES, cacheMinutes: 10 },
  });
}

async function rates(items: readonly CartItem[], destination: { country?: string; postcode?: string; locale?: string } = {}) {
  const s = stack();
  const started = performance.now();
  const response = await signedRateRequest(s.appUrl, s.apiSecret, s.shop, rateRequestBody({ items, ...destination }));
  const ms = performance.now() - started;
  const text = await response.text();
  expect(response.status, `${text}\n${s.logs().slice(-2_000)}`).toBe(200);
  return { ms, source: response.headers.get("X-Checkout-Rates-Source"), rates: Rates.parse(JSON.parse(text)).rates };
}

/** What the provider itself answers for the same parcel (operation 14, straight to the sandbox). */
async function providerPrices(body: object) {
  const response = await fetch(`${stack().sandboxUrl}/v1/pricing/all/outbound/skus`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer sandbox" },
    body: JSON.stringify(body),
  });
  return z
    .array(
      z.object({
        ServiceCode: z.string(),
        Success: z.boolean(),
        ChargeInfo: z.object({ Summary: z.array(z.object({ Amount: z.number(), Currency: z.string() })) }).nullable(),
      }),
    )
    .parse(await response.json());
}

const planFault = (kind: "500" | "timeout", count: number) =>
  fetch(`${stack().sandboxUrl}/__sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ operation: "priceAllServices", kind, count }),
  });

const FLAT_ANSWER = [
  { service_name: "Standard shipping", service_code: "FLAT-1", total_price: "750", currency: "USD", description: "Flat rate" },
  { service_name: "Express shipping", service_code: "FLAT-2", total_price: "1900", currency: "USD", description: "Flat rate" },
];

describe("checkout rates at Shopify's callback", () => {
  it("answers the provider's prices for the cart, cheapest first, store SKUs sent as the provider's", async () => {
    await setUp();
    const answer = await rates([
      { sku: "SHOP-MUG", quantity: 2 },
      { sku: "TEA-GREEN-100G", quantity: 1 },
    ]);
    expect(answer.source).toBe("provider");

    const expected = (
      await providerPrices({
        WarehouseId: "US01",
        Country: "GB",
        Skus: [
          { Sku: "MUG-CER-350-WHT", Quantity: 2 },
          { Sku: "TEA-GREEN-100G", Quantity: 1 },
        ],
      })
    )
      .filter((price) => price.Success)
      .map((price) => ({ code: price.ServiceCode, cents: String(Math.round((price.ChargeInfo?.Summary[0]?.Amount ?? 0) * 100)) }))
      .sort((a, b) => Number(a.cents) - Number(b.cents));
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.rates.map((rate) => ({ code: rate.service_code, cents: rate.total_price }))).toEqual(expected);
    expect(answer.rates[0]).toMatchObject({
      currency: "USD",
      description: expect.stringMatching(/^Delivered in \d+( to \d+)? days?$/),
      min_delivery_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 00:00:00 \+0000$/),
    });
  });

  it("answers the same cart to a nearby postcode from memory, without asking the provider", async () => {
    const cart = [{ sku: "TSHIRT-ORG-M-BLK", quantity: 1 }];
    const first = await rates(cart, { postcode: "EC1A 1BB" });
    expect(first.source).toBe("provider");
    const callsBefore = pricingCalls.length;
    const again = await rates(cart, { postcode: "EC1A 9ZZ" });
    expect(again.source).toBe("cache");
    expect(again.rates).toEqual(first.rates);
    expect(pricingCalls.length).toBe(callsBefore);
    // A buyer on a Chinese storefront gets the same quote from memory, described in Chinese.
    const chinese = await rates(cart, { postcode: "EC1A 5AA", locale: "zh-CN" });
    expect(chinese.source).toBe("cache");
    expect(chinese.rates.map((rate) => rate.total_price)).toEqual(first.rates.map((rate) => rate.total_price));
    expect(chinese.rates[0]?.description).toMatch(/^预计 \d+(–\d+)? 天送达$/);
    expect(pricingCalls.length).toBe(callsBefore);
  });

  it("answers the flat rates, without asking the provider, for a SKU not in the catalogue or one without a SKU", async () => {
    const callsBefore = pricingCalls.length;
    expect(await rates([{ sku: "NOBODY-SELLS-THIS", quantity: 1 }])).toMatchObject({ source: "fallback", rates: FLAT_ANSWER });
    expect(await rates([{ sku: null, quantity: 1 }])).toMatchObject({ source: "fallback", rates: FLAT_ANSWER });
    expect(pricingCalls.length).toBe(callsBefore);
    // In the catalogue but unknown to the provider: it refuses to price it, and the flat rates answer.
    expect(await rates([{ sku: "NOT-AT-PROVIDER", quantity: 1 }])).toMatchObject({ source: "fallback", rates: FLAT_ANSWER });
  });

  it("answers the flat rates within the budget when the provider is slow, then at once while it rests", async () => {
    await planFault("timeout", 5);
    const slow = await rates([{ sku: "YOGA-MAT-6MM-PUR", quantity: 1 }], { country: "DE", postcode: "10115" });
    expect(slow).toMatchObject({ source: "fallback", rates: FLAT_ANSWER });
    expect(slow.ms).toBeGreaterThan(1_900);
    // The 2 s budget, and what a busy test machine adds to a request's round trip.
    expect(slow.ms).toBeLessThan(3_000);
    const next = await rates([{ sku: "BOTTLE-SS-750-SLV", quantity: 3 }], { country: "FR", postcode: "75001" });
    expect(next).toMatchObject({ source: "fallback", rates: FLAT_ANSWER });
    // While the provider rests it is not asked (asked, it would time out again): well within the budget.
    expect(next.ms).toBeLessThan(1_000);
  });

  it("answers the flat rates within the budget when the provider is down", async () => {
    await planFault("500", 50);
    const down = await rates([{ sku: "TSHIRT-ORG-L-BLK", quantity: 2 }]);
    expect(down).toMatchObject({ source: "fallback", rates: FLAT_ANSWER });
    expect(down.ms).toBeLessThan(3_000);
    await fetch(`${stack().sandboxUrl}/__sandbox/faults`, { method: "DELETE" });
  });

  it("answers no rates when checkout rates are off", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, {
      warehouses: [{ warehouseId: "US01", services: { defaultService: "US01-INT" } }],
      checkoutRates: { enabled: false, flatRates: FLAT_RATES },
    });
    expect(await rates([{ sku: "MUG-CER-350-WHT", quantity: 1 }])).toMatchObject({ source: "off", rates: [] });
  });

  it("refuses unsigned and wrongly signed requests (401), a malformed body naming the field (400), an unknown shop (404)", async () => {
    const s = stack();
    const body = rateRequestBody({ items: [{ sku: "MUG-CER-350-WHT", quantity: 1 }] });
    const unsigned = await fetch(new URL("/carrier-service/rates", s.appUrl), {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": s.shop },
      body,
    });
    expect(unsigned.status).toBe(401);
    const forged = await signedRateRequest(s.appUrl, "not-the-app-secret", s.shop, body);
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: "The signature (X-Shopify-Hmac-Sha256) does not match the body" });

    const noCountry = JSON.parse(body) as { rate: { destination: Record<string, unknown> } };
    delete noCountry.rate.destination.country;
    const missing = await signedRateRequest(s.appUrl, s.apiSecret, s.shop, JSON.stringify(noCountry));
    expect([missing.status, await missing.json()]).toEqual([400, { error: "rate.destination.country: is required" }]);
    const zero = await signedRateRequest(
      s.appUrl,
      s.apiSecret,
      s.shop,
      rateRequestBody({ items: [{ sku: "MUG-CER-350-WHT", quantity: 0 }] }),
    );
    expect([zero.status, await zero.json()]).toEqual([400, { error: "rate.items[0].quantity: must be at least 1" }]);
    const notJson = await signedRateRequest(s.appUrl, s.apiSecret, s.shop, "{rate:");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: expect.stringMatching(/^The body is not JSON/) });

    const stranger = await signedRateRequest(s.appUrl, s.apiSecret, "never-installed.myshopify.com", body);
    expect([stranger.status, await stranger.json()]).toEqual([404, { error: "The app is not installed on never-installed.myshopify.com" }]);
    const notADomain = await signedRateRequest(s.appUrl, s.apiSecret, "../../etc", body);
    expect(notADomain.status).toBe(400);
  });
});
