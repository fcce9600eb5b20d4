/**
 * The shop's locations change rarely, and every job that reads settings needs them (warehouse
 * countries, drop-ship senders): read once per shop and interval, not once per job, which would
 * spend the shop's Shopify budget on the same answer again and again.
 */
import type { LocationBrief, ShopifyPort } from "./ports";

export type LocationsOf = (shop: string, shopify: ShopifyPort) => Promise<LocationBrief[]>;

export function cachedLocations(ttlMs: number, now: () => number = Date.now): LocationsOf {
  const cache = new Map<string, { at: number; locations: Promise<LocationBrief[]> }>();
  return (shop, shopify) => {
    const cached = cache.get(shop);
    if (cached && now() - cached.at < ttlMs) return cached.locations;
    const locations = shopify.locations();
    cache.set(shop, { at: now(), locations });
    // A failed read is not kept: the next job asks again.
    locations.catch(() => cache.delete(shop));
    return locations;
  };
}
