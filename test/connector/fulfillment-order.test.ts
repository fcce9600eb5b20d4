import { describe, expect, it } from "vitest";
import { exampleCase } from "../fixtures/orders";
import { FulfillmentOrderFacts, legacyIdOf, OrderFacts } from "~/connector/fulfillment-order";

describe("facts", () => {
  const { fo, order } = exampleCase();

  it("reads legacy ids from gids, without the rounding JSON numbers suffer", () => {
    expect(legacyIdOf("gid://shopify/Order/820982911946154508")).toBe("820982911946154508");
    expect(legacyIdOf("gid://shopify/Order/")).toBeUndefined();
  });

  it("refuses a legacy id that is not the gid's own", () => {
    expect(FulfillmentOrderFacts.safeParse({ ...fo, legacyId: "1" }).success).toBe(false);
    expect(OrderFacts.safeParse({ ...order, legacyId: "1" }).success).toBe(false);
  });

  it("refuses a gid of the wrong resource", () => {
    expect(FulfillmentOrderFacts.safeParse({ ...fo, assignedLocationId: "gid://shopify/FulfillmentService/1" }).success).toBe(false);
  });

  it("refuses a weight unit Shopify does not have", () => {
    const line = fo.lineItems[0];
    const bad = { ...fo, lineItems: [{ ...line, variant: { ...line?.variant, weight: { unit: "STONES", value: 1 } } }] };
    expect(FulfillmentOrderFacts.safeParse(bad).success).toBe(false);
  });
});
