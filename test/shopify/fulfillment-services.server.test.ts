import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { runGraphql } from "~/shopify/admin-graphql.server";
import { ShopifyUserError } from "~/shopify/errors";
import { createFulfillmentService, ensureFulfillmentService, listFulfillmentServices } from "~/shopify/fulfillment-services.server";
import { listLocations } from "~/shopify/locations.server";
import { emulatorState, startTestShopify, type TestShopify } from "../support/shopify-admin";

let shopify: TestShopify;

beforeAll(async () => {
  shopify = await startTestShopify();
});
afterAll(() => shopify.close());
beforeEach(() => shopify.emulator.reset());

const de01 = () => ({
  name: "Provider DE01",
  callbackUrl: `${shopify.app.url}/fulfillment_service`,
  address: { countryCode: "DE", address1: "Am Logistikpark 4", city: "Leipzig", zip: "04435" },
});

describe("a fulfillment service per provider warehouse", () => {
  it("is created once, however often setup runs, and its location moved to the warehouse's country", async () => {
    const first = await ensureFulfillmentService(shopify.admin, de01());
    const again = await ensureFulfillmentService(shopify.admin, de01());
    expect([first.created, again.created]).toEqual([true, false]);
    expect(again.service.id).toBe(first.service.id);
    expect(first.service).toMatchObject({
      serviceName: "Provider DE01",
      handle: "provider-de01",
      type: "THIRD_PARTY",
      callbackUrl: `${shopify.app.url}/fulfillment_service`,
      // Stock and tracking go through the Admin API: nothing is promised at the callback URL (decision 0015).
      inventoryManagement: false,
      trackingSupport: false,
      requiresShippingMethod: true,
      locationCountryCode: "DE",
    });
    expect((await emulatorState(shopify.emulator)).fulfillmentServices).toHaveLength(1);

    const locations = await listLocations(shopify.admin);
    expect(locations.items.find((l) => l.id === first.service.locationId)).toMatchObject({
      name: "Provider DE01",
      isActive: true,
      fulfillmentServiceHandle: "provider-de01",
      address: { countryCode: "DE", city: "Leipzig", zip: "04435", address1: "Am Logistikpark 4" },
    });
  });

  it("registered before with stock and tracking promises, or another callback URL, is registered again as the app works now", async () => {
    const { data } = await runGraphql(
      shopify.admin,
      `mutation OldRegistration($callbackUrl: URL) {
        fulfillmentServiceCreate(name: "Provider DE01", callbackUrl: $callbackUrl, inventoryManagement: true, trackingSupport: true) { fulfillmentService { id } userErrors { field message } }
      }`,
      { callbackUrl: "https://old-app.example/fulfillment_service" },
      z.object({ fulfillmentServiceCreate: z.object({ fulfillmentService: z.object({ id: z.string() }) }) }),
    );
    const { service, created } = await ensureFulfillmentService(shopify.admin, de01());
    expect(created).toBe(false);
    expect(service).toMatchObject({
      id: data.fulfillmentServiceCreate.fulfillmentService.id,
      inventoryManagement: false,
      trackingSupport: false,
      callbackUrl: de01().callbackUrl,
    });
    expect(await listFulfillmentServices(shopify.admin)).toEqual([
      expect.objectContaining({ serviceName: "Provider DE01", inventoryManagement: false, trackingSupport: false }),
    ]);
  });

  it("is created once when two setups run at the same time", async () => {
    const results = await Promise.all([ensureFulfillmentService(shopify.admin, de01()), ensureFulfillmentService(shopify.admin, de01())]);
    expect(new Set(results.map((r) => r.service.id)).size).toBe(1);
    expect((await listFulfillmentServices(shopify.admin)).filter((s) => s.serviceName === "Provider DE01")).toHaveLength(1);
  });

  it("names the field when Shopify refuses a name already taken", async () => {
    await createFulfillmentService(shopify.admin, { name: "Provider US01", callbackUrl: `${shopify.app.url}/fulfillment_service` });
    const twice = createFulfillmentService(shopify.admin, { name: "Provider US01", callbackUrl: `${shopify.app.url}/fulfillment_service` });
    await expect(twice).rejects.toBeInstanceOf(ShopifyUserError);
    await expect(twice).rejects.toThrow("FulfillmentServiceCreate: name: Name has already been taken");
  });
});
