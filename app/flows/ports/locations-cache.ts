/**
 * The shop's locations change rarely, and every job that reads settings needs them (warehouse
 * countries, drop-ship senders): read once per shop and interval, not once per job, which would
 * spend the shop's Shopify budget on the same answer again and again.
 */
import type { LocationBrief, ShopifyPort } from "./ports";

/** `expected`: locations the shop's settings name; one the cached list lacks was created since, and the list is read again. */
export type LocationsOf = (shop: string, shopify: ShopifyPort, expected?: readonly string[]) => Promise<LocationBrief[]>;

/** A location missing from the list is looked for at most this often (a deleted one stays missing). */
const MISSING_REREAD_MS = 2_000;

export function cachedLocations(ttlMs: number, now: () => number = Date.now): LocationsOf {
  const cache = new Map<string, { at: number; locations: Promise<LocationBrief[]> }>();
  return async (shop, shopify, expected = []) => {
    const cached = cache.get(shop);
    if (cached && now() - cached.at < ttlMs) {
      const known = new Set((await cached.locations).map((location) => location.id));
      // A warehouse's location the app created a moment ago must not read as missing for a minute.
      if (expected.every((id) => known.has(id)) || now() - cached.at < MISSING_REREAD_MS) return cached.locations;
    }
    const locations = shopify.locations();
    cache.set(shop, { at: now(), locations });
    // A failed read is not kept: the next job asks again.
    locations.catch(() => cache.delete(shop));
    return locations;
  };
}
