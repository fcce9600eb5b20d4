import { describe, expect, it } from "vitest";
import { provinceCodeFor, unitPriceOf } from "./fulfillment-order-facts";

const bag = (amount: string, currencyCode = "USD", presentment = amount, presentmentCurrency = currencyCode) => ({
  shopMoney: { amount, currencyCode },
  presentmentMoney: { amount: presentment, currencyCode: presentmentCurrency },
});

describe("the unit price customs declares", () => {
  it("is the discounted unit price Shopify reports", () => {
    expect(unitPriceOf([{ quantity: 2, approximateDiscountedUnitPriceSet: bag("17.00") }], bag("18.00"))).toEqual(bag("17.00"));
  });

  it("is the mean over units discounted differently (buy one, get one half price)", () => {
    const summaries = [
      { quantity: 1, approximateDiscountedUnitPriceSet: bag("40.00", "USD", "5800", "JPY") },
      { quantity: 1, approximateDiscountedUnitPriceSet: bag("20.00", "USD", "2900", "JPY") },
      { quantity: 1, approximateDiscountedUnitPriceSet: bag("20.00", "USD", "2900", "JPY") },
    ];
    expect(unitPriceOf(summaries, bag("40.00"))).toEqual(bag("26.67", "USD", "3867", "JPY"));
  });

  it("falls back to the original unit price when Shopify gives no summary", () => {
    expect(unitPriceOf([], bag("18.00"))).toEqual(bag("18.00"));
  });
});

describe("the destination's province code", () => {
  const destination = {
    firstName: "Steve",
    lastName: "Shipper",
    company: null,
    address1: "123 Shipping Street",
    address2: null,
    city: "Shippington",
    province: "Kentucky",
    zip: "40003",
    countryCode: "US",
    phone: null,
    email: null,
  };
  const shipping = {
    address1: "123 Shipping Street",
    city: "Shippington",
    province: "Kentucky",
    provinceCode: "KY",
    zip: "40003",
    countryCodeV2: "US",
  };

  it("comes from the order's shipping address when that is where the parcel goes", () => {
    expect(provinceCodeFor(destination, shipping)).toBe("KY");
    expect(provinceCodeFor({ ...destination, city: " shippington " }, shipping)).toBe("KY");
  });

  it("is unknown when the merchant changed the destination, or the order has no shipping address", () => {
    expect(provinceCodeFor({ ...destination, province: "Ohio", city: "Columbus", zip: "43004" }, shipping)).toBeNull();
    expect(provinceCodeFor(destination, null)).toBeNull();
  });
});
