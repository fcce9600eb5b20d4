import { describe, expect, it } from "vitest";
import { reasonOfField, rejectionForHold, rejectionForProviderFailure } from "./rejection-reasons";

describe("reasonOfField", () => {
  it.each([
    ["ShipToAddress.Street1", "INCORRECT_ADDRESS"],
    ["ShipToAddress.Postcode", "INCORRECT_ADDRESS"],
    ["ShipToAddress.HouseNumber", "INCORRECT_ADDRESS"],
    ["ShipToAddress.Phone", "INVALID_CONTACT_INFORMATION"],
    ["ShipToAddress.Country", "UNDELIVERABLE_DESTINATION"],
    ["ServiceCode", "UNDELIVERABLE_DESTINATION"],
    ["Skus.Sku", "INVALID_SKU"],
    ["Skus.DeclareNameEn", "MISSING_CUSTOMS_INFO"],
    ["Skus.HsCode", "MISSING_CUSTOMS_INFO"],
    ["Skus.Weight", "INCORRECT_PRODUCT_INFO"],
    ["TaxId", "MISSING_CUSTOMS_INFO"],
    ["IDNumber", "MISSING_CUSTOMS_INFO"],
    ["Packages[3].ShipToAddress.City", "INCORRECT_ADDRESS"],
    ["Package.Skus[0].Sku", "INVALID_SKU"],
    ["CodAmount", "OTHER"],
    ["Review", "OTHER"],
  ] as const)("%s → %s", (field, reason) => {
    expect(reasonOfField(field)).toBe(reason);
  });
});

describe("rejectionForHold", () => {
  it("names the first reason to fix, every message, and each line at fault once", () => {
    const rejection = rejectionForHold([
      { field: "Skus.DeclareNameEn", lineItemId: "gid://shopify/FulfillmentOrderLineItem/2", message: "Mug has no customs name." },
      {
        field: "ShipToAddress.Street1",
        value: "x".repeat(120),
        limit: 100,
        message: "Street 1 is 120 characters; the carrier accepts at most 100.",
      },
      { field: "Skus.Sku", lineItemId: "gid://shopify/FulfillmentOrderLineItem/3", message: "Gift wrap has no SKU." },
      { field: "Skus.HsCode", lineItemId: "gid://shopify/FulfillmentOrderLineItem/2", message: "Mug has no HS code." },
    ]);
    expect(rejection).toEqual({
      reason: "INVALID_SKU",
      message:
        "Mug has no customs name. Street 1 is 120 characters; the carrier accepts at most 100. Gift wrap has no SKU. Mug has no HS code.",
      lineItems: [
        { fulfillmentOrderLineItemId: "gid://shopify/FulfillmentOrderLineItem/2", message: "Mug has no customs name. Mug has no HS code." },
        { fulfillmentOrderLineItemId: "gid://shopify/FulfillmentOrderLineItem/3", message: "Gift wrap has no SKU." },
      ],
    });
  });

  it("refuses the whole package for an address, and keeps Shopify's message short", () => {
    const long = rejectionForHold([{ field: "ShipToAddress.Postcode", message: "The postcode is not a postcode of Germany. ".repeat(10) }]);
    expect(long.reason).toBe("INCORRECT_ADDRESS");
    expect(long.lineItems).toEqual([]);
    expect(long.message).toHaveLength(250);
    expect(long.message.endsWith("…")).toBe(true);
    expect(rejectionForHold([])).toMatchObject({ reason: "OTHER", lineItems: [] });
  });
});

describe("rejectionForProviderFailure", () => {
  const lines = [
    { fulfillmentOrderLineItemId: "gid://shopify/FulfillmentOrderLineItem/1", sku: "LAMP-LED-DESK-WHT" },
    { fulfillmentOrderLineItemId: "gid://shopify/FulfillmentOrderLineItem/2", sku: "LAMP-LED" },
    { fulfillmentOrderLineItemId: "gid://shopify/FulfillmentOrderLineItem/3", sku: null },
  ];

  it("maps the provider's reason code, with the lines its text names", () => {
    const stock = rejectionForProviderFailure(
      {
        code: "InsufficientStock",
        message: "The provider could not create the package: SKU LAMP-LED-DESK-WHT: 1 wanted, 0 in stock at DE01.",
        providerText: "SKU LAMP-LED-DESK-WHT: 1 wanted, 0 in stock at DE01",
      },
      lines,
    );
    expect(stock.reason).toBe("INVENTORY_OUT_OF_STOCK");
    expect(stock.lineItems.map((line) => line.fulfillmentOrderLineItemId)).toEqual(["gid://shopify/FulfillmentOrderLineItem/1"]);
    expect(rejectionForProviderFailure({ code: "DestinationNotServed", message: "No service delivers to CA." }, lines)).toMatchObject({
      reason: "UNDELIVERABLE_DESTINATION",
      lineItems: [],
    });
    expect(rejectionForProviderFailure({ code: "SkuNotFound", message: "SKU LAMP-LED is not registered." }, lines).lineItems).toHaveLength(
      1,
    );
  });

  it("reads a field an InvalidField answer names, and falls back to OTHER", () => {
    expect(rejectionForProviderFailure({ code: "Packages[0].ShipToAddress.Postcode", message: "Postcode: too long" }).reason).toBe(
      "INCORRECT_ADDRESS",
    );
    expect(rejectionForProviderFailure({ code: "ServiceNotFound", message: "Service NOPE does not exist." }).reason).toBe("OTHER");
    expect(rejectionForProviderFailure({ code: "CreateFailed", message: "The provider did not say why." }).reason).toBe("OTHER");
  });
});
