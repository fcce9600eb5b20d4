/**
 * A Shopify variant's state on the Products page, worked out from the variant, its SKU's entry,
 * the shop's kits and defaults and the provider's record of its SKU: what the merchant acts on and
 * what the page's tabs count. Stored with the variant when any of them is written (decision 0053),
 * so the page counts and pages its rows in the database. Pure.
 */
import type { MerchantSku } from "../fulfilment/schemas/responses";
import { differencesFrom, merchantSkuFor, type SkuDefaults, type VariantFacts } from "./merchant-sku";
import type { SkuEntry } from "./settings";

export const PRODUCT_STATES = ["NOT_REGISTERED", "DIFFERS", "REGISTERED", "KIT", "PROVIDER_ONLY", "NO_SKU"] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];
/** A variant's own states: PROVIDER_ONLY is a provider's SKU that no variant sells. */
export type VariantState = Exclude<ProductState, "PROVIDER_ONLY">;

export interface VariantStateOf {
  state: VariantState;
  /**
   * The provider's SKU the variant is sold as (its entry's, else its own); null for a kit (its
   * components are) and a variant without a SKU. A provider's SKU no variant is sold as, and no
   * kit's component, is PROVIDER_ONLY.
   */
  providerSku: string | null;
}

/** `isKit`: the variant's SKU is a kit's; `known` is the provider's record of the variant's provider SKU, when it has one. */
export function variantStateOf(
  variant: VariantFacts,
  entry: SkuEntry | undefined,
  isKit: boolean,
  known: (sku: string) => MerchantSku | undefined,
  defaults: SkuDefaults,
): VariantStateOf {
  if (variant.sku === null) return { state: "NO_SKU", providerSku: null };
  // A kit is never registered itself: its components are the provider's SKUs.
  if (isKit) return { state: "KIT", providerSku: null };
  const providerSku = entry?.providerSku ?? variant.sku;
  const record = known(providerSku);
  if (record === undefined) return { state: "NOT_REGISTERED", providerSku };
  const plan = merchantSkuFor(variant, entry, defaults);
  const differs = plan.ok && differencesFrom(plan.request, record).length > 0;
  return { state: differs ? "DIFFERS" : "REGISTERED", providerSku };
}

/** A variant as a merchant names it: Shopify calls a product's only variant "Default Title", which says nothing. */
export function variantLabel(variant: { productTitle: string; variantTitle: string; displayName: string }): string {
  return variant.variantTitle === "Default Title" ? variant.productTitle : variant.displayName;
}

/**
 * What the page's search looks in, lower-cased as JavaScript does (the database's lower() knows
 * only ASCII letters on SQLite): the row's name, SKU and provider SKU. The search matches a row
 * whose text contains it; the separator (a control character no one types) keeps a search from
 * matching across two of them.
 */
export function productSearchText(title: string, sku: string | null, providerSku: string | null): string {
  return [title, sku ?? "", providerSku ?? ""].map((text) => text.toLowerCase()).join(SEARCH_SEPARATOR);
}

export const SEARCH_SEPARATOR = "\u001f";

/** The search as the stored text is searched: lower-cased the same way; null when it can match nothing. */
export function productSearchNeedle(search: string): string | null {
  return search.includes(SEARCH_SEPARATOR) ? null : search.toLowerCase();
}
