/** The Checkout rates section's fields in the merchant's words, for the page and the server's answer alike. */
import type { Words } from "~/lib/words";

type CheckoutRatesWords = Words["settingsCheckoutRates"];

/** The flat rates table's columns, by the form's names. */
export const FLAT_RATE_KEYS = ["serviceName", "amount", "currency"] as const;

export const flatRateColumns = (words: CheckoutRatesWords) =>
  FLAT_RATE_KEYS.map((key) => ({ key, label: words.columns[key].label, placeholder: words.columns[key].placeholder }));

/** "Flat rate 2: amount" for `flatRates.1.amount`. */
export function checkoutRatesFieldLabel(field: string, words: CheckoutRatesWords): string {
  const row = /^flatRates\.(\d+)\.(serviceName|amount|currency)$/.exec(field);
  if (row) {
    const column = row[2] as (typeof FLAT_RATE_KEYS)[number];
    return words.labels.flatRate(String(Number(row[1]) + 1), words.labels.columns[column]);
  }
  if (field === "cacheMinutes") return words.labels.cacheMinutes;
  return words.labels.flatRates;
}
