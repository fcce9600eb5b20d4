/**
 * What a Chinese page still says in English: every Latin word the merchant can see in the page
 * (visible text only), less the names that are the same in every language (Shopify, SKU, UTC and GMT, ...)
 * and the data the test put there (order names, customers, codes), which stay as they were written.
 */
import type { Page } from "playwright-core";

/** Names and codes a Chinese page writes as they are. */
const SAME_IN_CHINESE = ["Shopify", "SKU", "UTC", "GMT", "CSV", "API", "ID", "Webhook"];

export async function englishLeftOn(page: Page, data: readonly string[] = []): Promise<string[]> {
  const text = await page.locator("body").innerText();
  const allowed = new Set([...SAME_IN_CHINESE, ...data]);
  // A word of letters only: "US01" and "PKG-1001" are codes, not English.
  return [...new Set(text.match(/(?<![\w-])[A-Za-z]{2,}(?![\w-])/g) ?? [])].filter((word) => !allowed.has(word));
}
