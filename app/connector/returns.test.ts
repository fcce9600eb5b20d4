import { describe, expect, it } from "vitest";
import { CreateReturnRequest } from "../fulfilment/schemas";
import { planReturns, returnPackageId, type ReturnFacts } from "./returns";
import { ConnectorSettings } from "./settings";

const WAREHOUSE = "gid://shopify/Location/2001";
const STUDIO = "gid://shopify/Location/1001";

const settings = ConnectorSettings.parse({
  routes: [
    {
      kind: "OUTBOUND",
      locationId: WAREHOUSE,
      warehouseId: "US01",
      originCountry: "US",
      services: { byCountry: { US: "US01-STD" }, default: "US01-EXP" },
    },
  ],
  skus: { bySku: { "MUG-1": { providerSku: "MUG-CER-350-WHT" } } },
});

function facts(overrides: Partial<ReturnFacts> = {}): ReturnFacts {
  return {
    id: "gid://shopify/Return/5001",
    name: "#1001-R1",
    email: "ana@example.com",
    customer: {
      name: "Ana Ruiz",
      company: null,
      address1: "1 Main St",
      address2: null,
      city: "Austin",
      province: "Texas",
      provinceCode: "TX",
      countryCodeV2: "US",
      zip: "73301",
      phone: null,
    },
    lines: [
      {
        reverseLineId: "gid://shopify/ReverseFulfillmentOrderLineItem/1",
        sku: "MUG-1",
        title: "Mug",
        quantity: 2,
        disposed: 0,
        shippedFrom: WAREHOUSE,
        weight: { value: 840, unit: "GRAMS" },
      },
      {
        reverseLineId: "gid://shopify/ReverseFulfillmentOrderLineItem/2",
        sku: "TOTE",
        title: "Tote bag",
        quantity: 1,
        disposed: 0,
        shippedFrom: STUDIO,
        weight: { value: 200, unit: "GRAMS" },
      },
    ],
    ...overrides,
  };
}

describe("a Shopify return as the provider's return orders", () => {
  it("sends the warehouse's units from the customer to that warehouse, by the service for the customer's country", () => {
    const [plan, ...others] = planReturns(facts(), settings);
    expect(others).toEqual([]);
    if (!plan || !("request" in plan)) throw new Error(`not sendable: ${JSON.stringify(plan)}`);
    expect(plan).toMatchObject({
      warehouseId: "US01",
      locationId: WAREHOUSE,
      packageId: "RT-5001-US01",
      units: 2,
      serviceCode: "US01-STD",
    });
    expect(plan.request).toMatchObject({
      ReceivingWarehouseCode: "US01",
      Sender: { Contact: "Ana Ruiz", Country: "US", Province: "TX", City: "Austin", Postcode: "73301", Email: "ana@example.com" },
      Weight: 840,
      Skus: [{ Sku: "MUG-CER-350-WHT", Quantity: 2, ProductName: "Mug" }],
    });
    // Every rule of operation 9 holds.
    expect(CreateReturnRequest.safeParse(plan.request).success).toBe(true);
  });

  it("leaves out units already disposed of, and asks nothing when none is left", () => {
    const half = facts({ lines: [{ ...facts().lines[0]!, disposed: 1 }] });
    expect(planReturns(half, settings)[0]).toMatchObject({ units: 1, request: { Weight: 420, Skus: [{ Quantity: 1 }] } });
    expect(planReturns(facts({ lines: [{ ...facts().lines[0]!, disposed: 2 }] }), settings)).toEqual([]);
  });

  it("refuses with a reason the merchant can act on: no address, no service, no weight", () => {
    expect(planReturns(facts({ customer: null }), settings)[0]).toMatchObject({ refusal: { code: "NO_SENDER" } });
    const noDefault = ConnectorSettings.parse({
      ...settings,
      routes: [{ ...settings.routes[0]!, services: { byCountry: { US: "US01-STD" } } }],
    });
    const french = facts({ customer: { ...facts().customer!, countryCodeV2: "FR" } });
    expect(planReturns(french, noDefault)[0]).toMatchObject({
      refusal: {
        code: "NO_SERVICE",
        said: {
          message: expect.stringContaining("Settings > Warehouses and routing"),
          say: { key: "noService", args: ["US01", "FR"] },
        },
      },
    });
    expect(planReturns(facts({ lines: [{ ...facts().lines[0]!, weight: null }] }), settings)[0]).toMatchObject({
      refusal: { code: "NO_WEIGHT", said: { message: expect.stringContaining("MUG-1"), say: { key: "noWeight", args: ["MUG-1"] } } },
    });
  });

  it("names the package after the return and the warehouse, within the provider's rule", () => {
    expect(returnPackageId("gid://shopify/Return/123134564567890", "DE01")).toBe("RT-123134564567890-DE01");
    expect(returnPackageId("gid://shopify/Return/1", "WH 1/é")).toMatch(/^[A-Za-z0-9_-]{1,50}$/);
  });
});
