/**
 * The details the app writes itself for an alert that quotes no other sentence: the provider not
 * answering or refusing the app's credentials, and Shopify refusing the shop (decision 0045). Kept
 * by their key (`Alert.detailSay`), so a message says them in its channel's language. `since` is an
 * instant as ISO: the recorded English keeps it so; a message writes it in its channel's language
 * and the shop's time zone (app/flows/alerts/compose.ts).
 */

/** How Shopify refuses a whole shop (`ShopUnavailable`), as Home's notice and a waiting job say it too. */
const shopUnavailable = {
  REVOKED: "Shopify refuses the app's access token (401): the app is disconnected from the store",
  FROZEN: "the store is frozen (402: Shopify awaits the payment of a bill)",
  LOCKED: "Shopify has locked the store (423)",
};

/** A code the sentence knows by name, else the code as it came (an alert recorded by a later version). */
const named = (names: Record<string, string>, code: string) => (Object.hasOwn(names, code) ? names[code] : undefined) ?? String(code);

/** The sentences alone, each a function of what it says: what an alert's detail is said by (`saidFrom`). */
export const alertDetailSentences = {
  /** `operation` is the provider's operation as the client names it; `outcome` how its call failed ("network", "server", "auth"). */
  providerFailing: (since: string, operation: string, outcome: string) =>
    `Since ${since}; the latest call that failed: ${operation} (${outcome}).`,
  /** `unavailable` is how Shopify refuses the shop: REVOKED, FROZEN or LOCKED. */
  shopPaused: (since: string, unavailable: string) => `Since ${since}: ${named(shopUnavailable, unavailable)}.`,
};

export const alertDetails = { shopUnavailable, ...alertDetailSentences };
