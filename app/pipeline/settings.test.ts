import { describe, expect, it } from "vitest";
import { ShopSettings } from "~/models/shop-settings";
import { pipelineSettingsOf } from "./settings";

const WAREHOUSE = "gid://shopify/Location/1";
const STUDIO = "gid://shopify/Location/2";
const address = (countryCode: string | null, street: string | null = "1 Main St") => ({
  address1: street,
  address2: null,
  city: "Portland",
  provinceCode: "OR",
  zip: "97210",
  countryCode,
});

const shop = ShopSettings.parse({
  warehouses: [
    { warehouseId: "US01", shopifyLocationId: WAREHOUSE, services: { defaultService: "US01-EXP", byCountry: { US: "US01-STD" } } },
    { warehouseId: "DE01", shopifyLocationId: null },
  ],
  dropShip: { handlingLocation: "SZ-HUB", merchantLocationIds: [STUDIO], services: { defaultService: "DE01-EXP" } },
  customs: { declareNameEn: "Home goods", hsCode: "691200" },
  notifyCustomer: false,
  pushPolicy: "holdForReview",
});

describe("pipelineSettingsOf", () => {
  it("routes each warehouse from its location's country and each drop-ship location with its address as sender", () => {
    const { settings, problems } = pipelineSettingsOf(shop, [
      { id: WAREHOUSE, name: "Fulfilment warehouse US01", address: address("US") },
      { id: STUDIO, name: "Northfield Studio", address: address("US") },
    ]);
    expect(problems).toEqual([]);
    expect(settings).toMatchObject({ notifyCustomer: false, pushPolicy: "holdForReview" });
    expect(settings.connector.routes).toEqual([
      { kind: "OUTBOUND", locationId: WAREHOUSE, warehouseId: "US01", originCountry: "US", services: { default: "US01-EXP", byCountry: { US: "US01-STD" } } },
      {
        kind: "DROPSHIP",
        locationId: STUDIO,
        handlingLocation: "SZ-HUB",
        sender: { name: "Northfield Studio", address1: "1 Main St", city: "Portland", province: "OR", zip: "97210", countryCode: "US" },
        services: { default: "DE01-EXP", byCountry: {} },
      },
    ]);
    expect(settings.connector.customs).toMatchObject({ fallbackDeclaredName: "Home goods", defaultHsCode: "691200" });
  });

  it("leaves out what cannot be a route yet, and says why", () => {
    const { settings, problems } = pipelineSettingsOf(shop, [
      { id: WAREHOUSE, name: "Fulfilment warehouse US01", address: address(null) },
      { id: STUDIO, name: "Northfield Studio", address: address("US", null) },
    ]);
    expect(settings.connector.routes).toEqual([]);
    expect(problems.map((p) => p.message)).toEqual([
      "The Shopify location of warehouse US01 has no country.",
      "The drop-ship location Northfield Studio needs a street, city and country in Shopify: they are the sender's address.",
    ]);
  });
});
