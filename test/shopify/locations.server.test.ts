import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ShopifyUserError } from "~/shopify/errors";
import { LocationGid } from "~/shopify/ids";
import { editLocationAddress, listLocations } from "~/shopify/locations.server";
import { setUpWarehouse, startTestShopify, type TestShopify } from "../support/shopify-admin";

let shopify: TestShopify;

beforeAll(async () => {
  shopify = await startTestShopify();
});
afterAll(() => shopify.close());
beforeEach(() => shopify.emulator.reset());

describe("the shop's locations", () => {
  it("lists the merchant's own and the app's warehouse locations, told apart by the service handle", async () => {
    const warehouse = await setUpWarehouse(shopify);
    const page = await listLocations(shopify.admin);
    expect(page.items.map((l) => [l.name, l.isActive, l.fulfillmentServiceHandle, l.address.countryCode])).toEqual([
      ["Northfield Studio", true, null, "US"],
      ["Provider US01", true, "provider-us01", "US"],
    ]);
    expect(page.items[1]?.id).toBe(warehouse);
    expect(page.nextCursor).toBeNull();
  });

  it("moves a location to another country", async () => {
    const warehouse = await setUpWarehouse(shopify);
    const moved = await editLocationAddress(shopify.admin, warehouse, {
      countryCode: "DE",
      city: "Leipzig",
      zip: "04435",
      provinceCode: null,
    });
    expect(moved.address).toMatchObject({ countryCode: "DE", city: "Leipzig", zip: "04435", provinceCode: null });
  });

  it("names the field when the location does not exist", async () => {
    const missing = editLocationAddress(shopify.admin, LocationGid.parse("gid://shopify/Location/999999"), { countryCode: "DE" });
    await expect(missing).rejects.toBeInstanceOf(ShopifyUserError);
    await expect(missing).rejects.toThrow("LocationEdit: id: Location not found. (NOT_FOUND)");
  });
});
