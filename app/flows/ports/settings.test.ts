import { describe, expect, it } from "vitest";
import { ShopSettings } from "~/stores/shops/shop-settings";
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
      {
        kind: "OUTBOUND",
        locationId: WAREHOUSE,
        warehouseId: "US01",
        originCountry: "US",
        services: { default: "US01-EXP", byCountry: { US: "US01-STD" }, byShippingMethod: {} },
      },
      {
        kind: "DROPSHIP",
        locationId: STUDIO,
        handlingLocation: "SZ-HUB",
        sender: { name: "Northfield Studio", address1: "1 Main St", city: "Portland", province: "OR", zip: "97210", countryCode: "US" },
        services: { default: "DE01-EXP", byCountry: {}, byShippingMethod: {} },
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

  it("passes the SKU mapping, customs choices, tax numbers and cash-on-delivery gateways through to the mapping", () => {
    const configured = ShopSettings.parse({
      skus: { strict: true, bySku: { "CHAWAN-01": { providerSku: "CHW-01", declaredName: "Tea bowl (ceramic)", hsCode: "691200" } } },
      customs: { declaredValueCurrency: "SHOP" },
      taxIds: { ioss: "IM2760000001", euVatNumber: "DE123456789", ukVatNumber: null },
      codGatewayNames: ["Pay at the door"],
    });
    const { connector } = pipelineSettingsOf(configured, []).settings;
    expect(connector.skus).toEqual({
      strict: true,
      bySku: { "CHAWAN-01": { providerSku: "CHW-01", declaredName: "Tea bowl (ceramic)", hsCode: "691200" } },
    });
    expect(connector.customs.declaredValueCurrency).toBe("SHOP");
    expect(connector.taxIds).toEqual({ ioss: "IM2760000001", euVatNumber: "DE123456789" });
    expect(connector.codGatewayNames).toEqual(["Pay at the door"]);
  });

  it("reads settings stored before SKU mapping and tax numbers existed with their defaults", () => {
    const stored = ShopSettings.parse(
      JSON.parse('{"mode":"sandbox","warehouses":[],"customs":{"currency":"USD","hsCode":"","declareNameEn":"","originCountry":null}}'),
    );
    expect(stored).toMatchObject({
      skus: { strict: false, bySku: {} },
      taxIds: { ioss: null, euVatNumber: null, ukVatNumber: null },
      codGatewayNames: [],
      customs: { declaredValueCurrency: "PRESENTMENT" },
    });
    const { connector } = pipelineSettingsOf(stored, []).settings;
    expect(connector).toMatchObject({
      skus: { strict: false, bySku: {} },
      taxIds: {},
      codGatewayNames: [],
      customs: { declaredValueCurrency: "PRESENTMENT" },
    });
  });
});
