/**
 * The language the provider writes a parcel's checkpoints in, which Shopify then shows the buyer on
 * the order status page: the buyer's, not the merchant's. The tracking queries (operations 3 and 11)
 * take `lang`. The reference names no value but its default, "zh" (Chinese); the app asks only in
 * "zh" and "en", the two the provider and the sandbox are known to write. Pure.
 */

export type TrackingLanguage = "zh" | "en";

/**
 * The provider's language for a buyer who bought in `customerLocale` (Order.customerLocale: "en",
 * "zh-CN", "fr-CA"): any Chinese reads Chinese (a reader of Traditional Chinese follows the
 * Simplified better than English, as the admin's catalogue chooses), anything else English, the
 * language the provider has that most buyers read. No locale (Shopify named none, or the shipment
 * was planned before the app kept it): `fallback`.
 */
export function trackingLanguageOf(customerLocale: string | null | undefined, fallback: TrackingLanguage): TrackingLanguage {
  const locale = customerLocale?.trim().toLowerCase() ?? "";
  if (locale === "") return fallback;
  return locale === "zh" || /^zh[-_]/.test(locale) ? "zh" : "en";
}
