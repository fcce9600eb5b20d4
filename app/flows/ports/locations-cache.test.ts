import { describe, expect, it } from "vitest";
import { cachedLocations } from "./locations-cache";
import type { LocationBrief, ShopifyPort } from "./ports";

const location = (id: string): LocationBrief => ({
  id,
  name: id,
  address: { address1: null, address2: null, city: null, provinceCode: null, zip: null, countryCode: "US" },
});

/** A Shopify whose locations are what the test says now, counting the reads. */
function shopifyWith(current: () => LocationBrief[]) {
  let reads = 0;
  const shopify = {
    locations: () => {
      reads += 1;
      return Promise.resolve(current());
    },
  } as unknown as ShopifyPort;
  return { shopify, reads: () => reads };
}

describe("the cached locations", () => {
  it("reads once per interval, and again at once when the settings name a location the list lacks", async () => {
    let clock = 0;
    let locations = [location("gid://shopify/Location/1")];
    const { shopify, reads } = shopifyWith(() => locations);
    const locationsOf = cachedLocations(60_000, () => clock);
    await locationsOf("a.myshopify.com", shopify, ["gid://shopify/Location/1"]);
    clock = 10_000;
    await locationsOf("a.myshopify.com", shopify, ["gid://shopify/Location/1"]);
    expect(reads()).toBe(1);

    // The app just created a warehouse's location: it is there at once, not a minute later.
    locations = [...locations, location("gid://shopify/Location/2")];
    const fresh = await locationsOf("a.myshopify.com", shopify, ["gid://shopify/Location/1", "gid://shopify/Location/2"]);
    expect(fresh.map((l) => l.id)).toContain("gid://shopify/Location/2");
    expect(reads()).toBe(2);

    // A location deleted in Shopify stays missing: looked for at most every two seconds.
    clock = 10_500;
    await locationsOf("a.myshopify.com", shopify, ["gid://shopify/Location/9"]);
    expect(reads()).toBe(2);
    clock = 13_000;
    await locationsOf("a.myshopify.com", shopify, ["gid://shopify/Location/9"]);
    expect(reads()).toBe(3);
  });
});
