import { describe, expect, it } from "vitest";
import { testSettings } from "../fixtures/orders";
import { ConnectorSettings } from "~/connector/settings";

const warehouse = {
  kind: "OUTBOUND",
  locationId: "gid://shopify/Location/1001",
  warehouseId: "US01",
  originCountry: "US",
  services: { byCountry: { US: "US01-STD" } },
};

const issuesOf = (input: unknown) => {
  const result = ConnectorSettings.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("ConnectorSettings", () => {
  it("fills defaults: identity SKU mapping, declared values as paid, Shopify as sales platform, unpaid and high-risk orders wait, company orders due on fulfilment, on net or fixed-date terms ship, no kits", () => {
    expect(ConnectorSettings.parse({})).toEqual({
      orders: { shipUnpaid: false, shipHighRisk: false, shipOnTerms: { FULFILLMENT: true, NET: true, FIXED: true, RECEIPT: false } },
      routes: [],
      checkoutWarehouses: [],
      skus: { strict: false, bySku: {} },
      kits: {},
      customs: { declaredValueCurrency: "PRESENTMENT" },
      taxIds: {},
      codGatewayNames: [],
      salesPlatform: "Shopify",
    });
  });

  it("accepts the test shop", () => {
    expect(testSettings().routes).toHaveLength(3);
  });

  it("refuses two routes for one Shopify location", () => {
    expect(issuesOf({ routes: [warehouse, { ...warehouse, warehouseId: "DE01" }] })).toEqual([
      "routes: each Shopify location may have one route only",
    ]);
  });

  it("refuses a service code the provider would not accept", () => {
    expect(issuesOf({ routes: [{ ...warehouse, services: { byCountry: { US: "US01 STD" } } }] })).toHaveLength(1);
    expect(issuesOf({ routes: [{ ...warehouse, services: { byCountry: { usa: "US01-STD" } } }] })).toHaveLength(1);
  });

  it("refuses a handling location over the reference's 20 characters", () => {
    const dropship = {
      kind: "DROPSHIP",
      locationId: "gid://shopify/Location/2001",
      handlingLocation: "Shenzhen Nanshan Handling Centre",
      sender: { name: "Li Wei", address1: "Keyuan Road 18", city: "Shenzhen", countryCode: "CN" },
      services: { default: "US01-EXP" },
    };
    expect(issuesOf({ routes: [dropship] })).toEqual([
      "routes.0.handlingLocation: Drop-ship handling location may be at most 20 characters",
    ]);
  });

  it("refuses malformed tax numbers and customs names", () => {
    expect(issuesOf({ taxIds: { ioss: "IM123" } })).toEqual(["taxIds.ioss: must be IM followed by 10 digits"]);
    expect(issuesOf({ customs: { fallbackDeclaredName: "Vêtements" } })).toHaveLength(1);
    expect(issuesOf({ skus: { bySku: { A: { hsCode: "12" } } } })).toHaveLength(1);
  });
});
