/**
 * Outbound pricing end to end: every service of a warehouse (14) and one service (18). A merchant
 * compares these to choose a service, so the tests check which services are offered for a
 * destination and that the total is the sum of its charges.
 */
import { describe, expect, it } from "vitest";
import { ProviderValidationError, type PricingResult } from "../../app/fulfilment";
import * as example from "./examples";
import { failureOf, fieldsNamed, startWorld } from "./support";

function total(result: PricingResult | undefined): number | null | undefined {
  return result?.ChargeInfo?.Summary[0]?.Amount;
}

function sumOfCharges(result: PricingResult | undefined): number {
  const cents = (result?.ChargeInfo?.Detail ?? []).reduce((sum, charge) => sum + Math.round((charge.Amount ?? 0) * 100), 0);
  return cents / 100;
}

describe("prices of every service of a warehouse (14)", () => {
  it("lists the services that deliver to the country, each with its total, charges and delivery days", async () => {
    const world = await startWorld();

    const results = await world.client.priceAllServices(example.priceAllServices());

    // US01-INT (DHL eCommerce International) does not deliver within the US.
    expect(results.map((r) => [r.ServiceCode, r.Success])).toEqual([
      ["US01-STD", true],
      ["US01-EXP", true],
      ["US01-ECO", true],
    ]);
    for (const result of results) {
      expect(result.ChargeInfo?.Summary[0]?.Currency).toBe("USD");
      expect(total(result)).toBe(sumOfCharges(result));
      expect(result.LogisticsTimes?.Min).toBeLessThanOrEqual(result.LogisticsTimes?.Max ?? 0);
    }
    // 2 mugs, 840 g: 4.20 + 2 started half kilos × 1.55 = 7.30 freight, 0.88 fuel, 0.90 pick and pack.
    const [standard] = results;
    expect(standard).toMatchObject({ ServiceName: "USPS Ground Advantage", LogisticsTimes: { Min: 2, Max: 5 } });
    expect(standard?.ChargeInfo?.Detail.map((d) => [d.ChargeName, d.Amount])).toEqual([
      ["Freight", 7.3],
      ["Fuel surcharge", 0.88],
      ["Pick and pack", 0.9],
    ]);
    expect(total(standard)).toBe(9.08);
  });

  it("also lists the services that do not deliver there, unsuccessful with a reason, when asked", async () => {
    const world = await startWorld();

    const results = await world.client.priceAllServices({ ...example.priceAllServices(), IncludeUnsuccessful: true });

    expect(results).toHaveLength(4);
    expect(results.find((r) => r.ServiceCode === "US01-INT")).toMatchObject({
      Success: false,
      Message: "DHL eCommerce International does not deliver to US",
      ChargeInfo: null,
    });
  });

  it("prices only the service named, and nothing for a service the warehouse does not offer", async () => {
    const world = await startWorld();

    const express = await world.client.priceAllServices({ ...example.priceAllServices(), ServiceCode: "US01-EXP" });
    const foreign = await world.client.priceAllServices({ ...example.priceAllServices(), ServiceCode: "DE01-EXP" });

    expect(express.map((r) => r.ServiceCode)).toEqual(["US01-EXP"]);
    expect(foreign).toEqual([]);
  });

  it("costs more the farther the parcel goes", async () => {
    const world = await startWorld();
    const request = { ...example.priceAllServices(), ServiceCode: "US01-EXP" };

    const [domestic] = await world.client.priceAllServices(request);
    const [abroad] = await world.client.priceAllServices({ ...request, Country: "JP", Postcode: "131-0045", City: "Tokyo" });

    expect(total(abroad)).toBeGreaterThan(total(domestic) ?? Infinity);
  });

  it("surfaces an unknown SKU and an unknown warehouse as validation errors naming the field", async () => {
    const world = await startWorld();

    const sku = await failureOf(
      world.client.priceAllServices({ ...example.priceAllServices(), Skus: [{ Sku: "NOT-A-SKU", Quantity: 1 }] }),
    );
    const warehouse = await failureOf(world.client.priceAllServices({ ...example.priceAllServices(), WarehouseId: "XX01" }));

    expect(sku).toMatchObject({ kind: "validation", sent: true, status: 400 });
    expect(fieldsNamed(sku)).toEqual(["Skus[0].Sku"]);
    expect(fieldsNamed(warehouse)).toEqual(["WarehouseId"]);
  });

  it("is refused before sending when the query breaks the reference's rules", async () => {
    const world = await startWorld();

    const error = await failureOf(
      world.client.priceAllServices({ ...example.priceAllServices(), WarehouseId: "US 01", Skus: [{ Sku: example.MUG, Quantity: 0 }] }),
    );

    expect(error).toBeInstanceOf(ProviderValidationError);
    expect(fieldsNamed(error).sort()).toEqual(["Skus[0].Quantity", "WarehouseId"]);
    expect(world.operationCalls()).toEqual([]);
  });
});

describe("the price of one service (18)", () => {
  it("prices a service for a destination it serves, in the warehouse's currency", async () => {
    const world = await startWorld();

    const result = await world.client.priceOneService(example.priceOneService());

    // One pack of socks, 210 g: 3.90 + 1 started half kilo × 0.60 = 4.50, fuel 0.54, pick and pack 0.45.
    expect(result).toMatchObject({ ServiceCode: "DE01-STD", ServiceName: "DHL Paket", Success: true, LogisticsTimes: { Min: 1, Max: 3 } });
    expect(result.ChargeInfo?.Summary).toEqual([{ Currency: "EUR", Amount: 5.49 }]);
  });

  it("is unsuccessful, saying why, for a country the service does not deliver to", async () => {
    const world = await startWorld();

    const result = await world.client.priceOneService({
      ...example.priceOneService(),
      Country: "CA",
      City: "Toronto",
      Postcode: "M5V 2T6",
    });

    expect(result).toMatchObject({ ServiceCode: "DE01-STD", Success: false, ChargeInfo: null });
    expect(result.Message).toContain("does not deliver to CA");
  });

  it("is unsuccessful, listing the warehouse's services, for a service of another warehouse", async () => {
    const world = await startWorld();

    const result = await world.client.priceOneService({ ...example.priceOneService(), ServiceCode: "US01-STD" });

    expect(result).toMatchObject({ ServiceCode: "US01-STD", Success: false });
    expect(result.Message).toContain("DE01-STD, DE01-EXP, DE01-ECO, DE01-INT");
  });

  it("is refused before sending without a service", async () => {
    const world = await startWorld();
    const request = example.priceOneService();

    const error = await failureOf(world.client.priceOneService({ ...request, ServiceCode: "" }));

    expect(error).toMatchObject({ kind: "validation", sent: false });
    expect(fieldsNamed(error)).toEqual(["ServiceCode"]);
    expect(world.operationCalls()).toEqual([]);
  });
});
