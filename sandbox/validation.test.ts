import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProviderErrorBody } from "../app/fulfilment/schemas";
import { dropshipPackage, startTestSandbox, type Answer, type TestSandbox } from "./test-support";

let sb: TestSandbox;
beforeEach(async () => {
  sb = await startTestSandbox();
});
afterEach(() => sb.close());

function errorsOf(answer: Answer): Record<string, string> {
  expect(answer.status).toBe(400);
  return Object.fromEntries(ProviderErrorBody.parse(answer.json).Errors.map((e) => [e.Code ?? "", e.Message ?? ""]));
}

const sku = {
  Sku: "NEW-SKU-1",
  ProductName: "Enamel pin",
  ProductDescription: "Hard enamel pin, 25 mm",
  Weight: 12,
  Length: 4,
  Width: 4,
  Height: 1,
  DeclareName: "Enamel pin",
  DeclareValue: 1.2,
  ProductFlag: "Simple",
  ProductAttribute: "GeneralCargo",
};

describe("a request breaking a rule of the reference is a 400 naming the field", () => {
  it("merchant SKU: weight, customs name and HS code", async () => {
    const errors = errorsOf(await sb.post("/v1/merchantSkus", { ...sku, Weight: 0, DeclareName: "Épingle", HsCode: "12AB" }));
    expect(Object.keys(errors).sort()).toEqual(["DeclareName", "HsCode", "Weight"]);
    expect(errors.Weight).toBe("must be at least 1 gram");
  });

  it("a missing required field says it is required", async () => {
    const { ProductName: _omitted, ...withoutName } = sku;
    expect(errorsOf(await sb.post("/v1/merchantSkus", withoutName))).toEqual({ ProductName: "is required" });
  });

  it("nested fields are named with the reference's spelling", async () => {
    const pkg = dropshipPackage("P-1", { Skus: [{ Sku: "MUG-CER-350-WHT", Quantity: 0 }], ShipToAddress: { Country: 7 } });
    const errors = errorsOf(await sb.post("/v1/directExpressOrders", { Package: pkg }));
    expect(Object.keys(errors).sort()).toEqual(["Package.ShipToAddress.Country", "Package.Skus[0].Quantity"]);
  });

  it("a package the provider cannot route (no country, no service) is refused", async () => {
    const pkg = dropshipPackage("P-1", { ServiceCode: undefined, ShipToAddress: { City: "Paris" } });
    const errors = errorsOf(await sb.post("/v1/directExpressOrders", { Package: pkg }));
    expect(Object.keys(errors).sort()).toEqual(["Package.ServiceCode", "Package.ShipToAddress.Country"]);
  });

  it("batch limits: more than 20 tracking numbers, PageSize over 100", async () => {
    const numbers = Array.from({ length: 21 }, (_, i) => `T${i}`);
    expect(Object.keys(errorsOf(await sb.post("/v1/trackings", { TrackingNumbers: numbers })))).toEqual(["TrackingNumbers"]);
    expect(Object.keys(errorsOf(await sb.post("/v1/inventoryAge", { WarehouseId: "US01", PageSize: 101 })))).toEqual(["PageSize"]);
  });

  it("path parameters and query are validated too", async () => {
    expect(errorsOf(await sb.post("/v1/outboundOrders/OrderNo", { Ids: ["A"] }))).toEqual({
      idType: "must be PackageId or SvcPackageId",
    });
    expect(Object.keys(errorsOf(await sb.post("/v1/trackings?lang=", { TrackingNumbers: ["A"] })))).toEqual(["lang"]);
  });

  it("malformed JSON is a 400 on Body; no body at all says the body is required", async () => {
    const malformed = await sb.call("/v1/merchantSkus", { body: "{ not json" });
    expect(Object.keys(errorsOf(malformed))).toEqual(["Body"]);
    const empty = await sb.call("/v1/merchantSkus", { method: "POST" });
    expect(errorsOf(empty)).toEqual({ Body: "is required" });
  });

  it("an unknown warehouse is a 400 on WarehouseId", async () => {
    const answer = await sb.post("/v1/pricing/all/outbound/skus", {
      WarehouseId: "XX01",
      Country: "US",
      Skus: [{ Sku: "MUG-CER-350-WHT", Quantity: 1 }],
    });
    expect(Object.keys(errorsOf(answer))).toEqual(["WarehouseId"]);
  });
});

describe("routes", () => {
  it("an unknown route is a 404 with the error body", async () => {
    for (const [path, method] of [
      ["/v1/nothingHere", "POST"],
      ["/v1/directExpressOrders/multiple", "GET"],
      ["/elsewhere", "GET"],
    ] as const) {
      const answer = await sb.call(path, { method });
      expect(answer.status).toBe(404);
      expect(ProviderErrorBody.parse(answer.json).Errors[0]?.Code).toBe("Route");
    }
  });

  it("literal paths win over path parameters", async () => {
    const answer = await sb.post("/v1/directExpressOrders/multiple", { Packages: [dropshipPackage("P-1")] });
    expect(answer.status).toBe(200);
  });
});
