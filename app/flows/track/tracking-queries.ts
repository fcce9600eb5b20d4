/**
 * The tracking queries (operation 3) for parcels whose buyers read different languages: the query
 * takes one `lang` for all its numbers, and what the provider answers (checkpoint messages, the
 * carrier's name) reaches the buyer through Shopify, so each query asks for the buyers of one
 * language only.
 */
import type { Shipment } from "@prisma/client";
import { trackingLanguageOf, type TrackingLanguage } from "~/connector/tracking-language";
import { chunks } from "~/lib/chunks";
import type { PipelinePolicy } from "../ports/policy";

export interface TrackingQuery<T> {
  lang: TrackingLanguage;
  items: T[];
}

/** The language the shipment's buyer reads its tracking in; the policy's default when the order named none. */
export function trackingLanguageOfShipment(policy: Pick<PipelinePolicy, "trackingLanguage">, shipment: Pick<Shipment, "customerLocale">) {
  return trackingLanguageOf(shipment.customerLocale, policy.trackingLanguage);
}

/**
 * `items` grouped by their language (in the order each language first appears), each group in
 * queries of at most `size`: parcels of one language take as many queries as before, and a run
 * with two languages at most one more.
 */
export function trackingQueries<T>(items: readonly T[], languageOf: (item: T) => TrackingLanguage, size: number): TrackingQuery<T>[] {
  const byLanguage = new Map<TrackingLanguage, T[]>();
  for (const item of items) {
    const lang = languageOf(item);
    const group = byLanguage.get(lang);
    if (group) group.push(item);
    else byLanguage.set(lang, [item]);
  }
  return [...byLanguage].flatMap(([lang, group]) => chunks(group, size).map((chunk) => ({ lang, items: chunk })));
}
