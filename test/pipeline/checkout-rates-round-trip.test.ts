/**
 * A checkout rate's round trip, on the app as deployed (npm run stack): the carrier-service route
 * answers the provider's prices for a cart; the customer picks one that is not the country's
 * service; the order Shopify then creates carries that rate's code on a shipping line from the
 * app's carrier service; the worker sends the package to the provider with exactly that service.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { saveSettingsAndEnsureServices } from "~/flows/install/fulfillment-services.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { DEMO_SHOP, warehouseStock } from "../emulator/seed";
import { seedCatalogue } from "../support/catalogue";
import { waitFor } from "../support/jobs";
import { rateRequestBody, signedRateRequest } from "../support/rate-requests";
import { orderPayload } from "../support/shopify-admin";
import { useStack } from "../support/stack";

const stack = useStack({ sandbox: { createDelayMs: 200, trackingStepMs: 60_000 } });

const Rates = z.object({ rates: z.array(z.object({ service_name: z.string(), service_code: z.string(), total_price: z.string() })) });

const london = {
  first_name: "Amelia",
  last_name: "Hughes",
  name: "Amelia Hughes",
  company: null,
  address1: "221B Baker Street",
  address2: null,
  city: "London",
  province: null,
  province_code: null,
  zip: "NW1 6XE",
  country: "United Kingdom",
  country_code: "GB",
  phone: "+44 20 7946 0958",
  latitude: null,
  longitude: null,
};

describe("a checkout rate's service code", () => {
  it("comes back on the order and goes to the provider exactly as the carrier-service route answered it", async () => {
    const s = stack();
    await seedCatalogue(s.db, DEMO_SHOP);
    // GB goes by US01's default service, US01-EXP, unless the customer chose otherwise.
    await saveSettingsAndEnsureServices(s.db, DEMO_SHOP, {
      warehouses: [{ warehouseId: "US01", services: { defaultService: "US01-EXP", byCountry: { US: "US01-STD" } } }],
      checkoutRates: { enabled: true, carrierServiceId: "gid://shopify/DeliveryCarrierService/1", flatRates: [], cacheMinutes: 10 },
    });
    const location = await waitFor(async () => (await getShopSettings(s.db, DEMO_SHOP)).warehouses[0]?.shopifyLocationId ?? undefined, {
      timeoutMs: 30_000,
      what: "the warehouse's fulfillment service",
    });
    s.shopify.addProducts(DEMO_SHOP, warehouseStock("US01", location));

    const response = await signedRateRequest(
      s.appUrl,
      s.apiSecret,
      DEMO_SHOP,
      rateRequestBody({ items: [{ sku: "MUG-CER-350-WHT", quantity: 1 }], country: "GB", postcode: "NW1 6XE" }),
    );
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expect(response.headers.get("X-Checkout-Rates-Source")).toBe("provider");
    const chosen = Rates.parse(JSON.parse(text)).rates.find((rate) => rate.service_code !== "US01-EXP");
    if (chosen === undefined) throw new Error(`checkout offered no service but the country's: ${text}`);

    // Shopify writes the chosen rate on the order: its code, its name as title, the carrier service as source.
    const placed = await fetch(`${s.shopifyUrl}/__emulator/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": DEMO_SHOP },
      body: JSON.stringify(
        orderPayload([{ sku: "MUG-CER-350-WHT", quantity: 1 }], {
          shipping_address: london,
          shipping_lines: [
            {
              title: chosen.service_name,
              code: chosen.service_code,
              source: "Warehouse shipping",
              carrier_identifier: "2f0c3b1e9a7d4c5b8e6f1a2b3c4d5e6f",
              price: (Number(chosen.total_price) / 100).toFixed(2),
            },
          ],
        }),
      ),
    });
    expect(placed.status).toBe(201);

    const shipment = await waitFor(
      async () => (await s.db.shipment.findFirst({ where: { shop: DEMO_SHOP, state: { in: ["CREATED", "FULFILLED"] } } })) ?? undefined,
      { timeoutMs: 60_000, intervalMs: 100, what: `a created shipment\n${s.logs().slice(-3_000)}` },
    );
    expect(shipment).toMatchObject({ kind: "OUTBOUND", warehouseCode: "US01", serviceCode: chosen.service_code });
    expect(s.sandbox.state().outbounds.get(shipment.packageId)?.serviceCode).toBe(chosen.service_code);
  }, 120_000);
});
