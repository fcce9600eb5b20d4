/**
 * The Products page's rows: every Shopify variant beside the provider's record of its SKU, and the
 * provider's SKUs no variant sells. Each row's state is what a merchant acts on: registered (and
 * the provider's approval), registered but different from what Shopify says now, not registered
 * (and whether it can be, or which fields keep it back), a kit (picked as several of the provider's
 * SKUs, decision 0047), provider only, or no SKU at all.
 */
import type { CatalogueVariant, ProviderSku } from "@prisma/client";
import { differencesFrom, merchantSkuFor, type SkuDifference } from "~/connector/merchant-sku";
import { PRODUCT_STATES, variantLabel, type ProductState } from "~/connector/product-state";
import type { SkuEntry } from "~/connector/settings";
import type { KitComponent } from "~/connector/kits";
import type { Said } from "~/lib/words/reason-said";
import type { PartsSay } from "~/lib/words/parts-said";
import { kitsOf } from "~/stores/catalogue/kits.server";
import {
  countNotRegistered,
  firstVariantWithSku,
  notRegisteredSkus,
  productCounts,
  productListPage,
  type ProductFilter,
} from "~/stores/catalogue/product-list.server";
import { restateVariantsNotWorkedOut, skuDefaultsOf } from "~/stores/catalogue/product-states.server";
import { providerSkuTitle, StoredProviderRecord } from "~/stores/catalogue/provider-sku-record";
import { providerSkusOf } from "~/stores/catalogue/provider-skus.server";
import { lastOutcomes, latestRun } from "~/stores/catalogue/sync-runs.server";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { getShopSettings } from "~/stores/shops/shop.server";

export { PRODUCT_STATES };
export type { ProductFilter, ProductState };

export interface ProductRow {
  /** The variant's id, or "provider:<SKU>" for a SKU only the provider has. */
  key: string;
  title: string;
  sku: string | null;
  /** The SKU the provider knows it by, when it differs from the store's. */
  providerSku: string | null;
  state: ProductState;
  approvalStatus: string | null;
  differences: SkuDifference[];
  /** Why it cannot be registered as things stand (not registered rows): the SKU's checks, said again in the admin's words. */
  problems: Said[];
  /** A kit's components the provider does not know (as last read): the warehouse refuses its orders. */
  missingComponents: string[];
  /** The last registration's outcome for this SKU, when it failed: its English and the sentences it was made from. */
  lastFailure: { message: string; say: PartsSay | null } | null;
  weightGrams: number | null;
  hsCode: string | null;
  origin: string | null;
  /** The SKU's entry on this page (mapping, customs data, size), for the edit form. */
  entry: SkuEntry | null;
  /** The provider's SKUs the warehouse picks for one of this variant, when it is a kit. */
  kit: KitComponent[] | null;
}

export interface ProductsQuery {
  filter: ProductFilter;
  search: string;
  page: number;
}

export const PAGE_SIZE = 50;

export function productsQueryOf(params: URLSearchParams): ProductsQuery {
  const filter = params.get("state");
  const page = Number(params.get("page") ?? "1");
  return {
    filter: filter !== null && (PRODUCT_STATES as readonly string[]).includes(filter) ? (filter as ProductState) : "ALL",
    search: (params.get("q") ?? "").trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

interface RowContext {
  settings: Awaited<ReturnType<typeof getShopSettings>>;
  defaults: ReturnType<typeof skuDefaultsOf>;
  providerSkus: Awaited<ReturnType<typeof providerSkusOf>>;
  outcomes: Awaited<ReturnType<typeof lastOutcomes>>;
  kits: Awaited<ReturnType<typeof kitsOf>>;
}

/**
 * A variant's row in full: its state (as stored, worked out by the same rules: decision 0053),
 * and for the rows shown, what differs, what keeps it back and the last attempt's refusal.
 */
function rowOfVariant(variant: CatalogueVariant, context: RowContext): ProductRow {
  const base = {
    key: variant.variantId,
    title: variantLabel(variant),
    sku: variant.sku,
    weightGrams: variant.weightGrams,
    hsCode: variant.hsCode,
    origin: variant.countryOfOrigin,
    lastFailure: null,
    differences: [],
    problems: [],
    missingComponents: [],
    approvalStatus: null,
    providerSku: null,
    entry: null,
    kit: null,
  };
  // What a row without a SKU is told is the page's words (product-state.tsx).
  if (variant.sku === null) return { ...base, state: "NO_SKU" };
  const entry = context.settings.skus.bySku[variant.sku] ?? null;
  // A kit is never registered itself: its components are the provider's SKUs.
  const kit = context.kits[variant.sku];
  if (kit !== undefined) {
    const gone = kit.filter((component) => !context.providerSkus.has(component.sku));
    return { ...base, entry, kit, state: "KIT", missingComponents: gone.map((component) => component.sku) };
  }
  const providerSku = entry?.providerSku ?? variant.sku;
  const known = context.providerSkus.get(providerSku);
  const row = { ...base, entry, providerSku: providerSku === variant.sku ? null : providerSku };
  const plan = merchantSkuFor(variant, entry ?? undefined, context.defaults);
  const failure = context.outcomes.get(variant.sku);
  if (known === undefined) {
    const problems = plan.ok ? [] : plan.problems.map(({ message, say }) => ({ message, say }));
    return {
      ...row,
      state: "NOT_REGISTERED",
      problems,
      // The last attempt's reason, unless it is what the row says anyway.
      lastFailure:
        failure?.status === "FAILED" && failure.message !== null && failure.message !== problems.map((problem) => problem.message).join(" ")
          ? { message: failure.message, say: failure.say ?? null }
          : null,
    };
  }
  const differences = plan.ok ? differencesFrom(plan.request, known.record) : [];
  return { ...row, state: differences.length > 0 ? "DIFFERS" : "REGISTERED", approvalStatus: known.approvalStatus, differences };
}

/** A provider's SKU that no variant sells, as its row. */
function rowOfProviderSku(row: ProviderSku): ProductRow | null {
  const parsed = StoredProviderRecord.safeParse(row.record);
  if (!parsed.success) return null;
  const record = parsed.data;
  return {
    key: `provider:${row.sku}`,
    title: providerSkuTitle(record),
    sku: row.sku,
    providerSku: null,
    state: "PROVIDER_ONLY",
    approvalStatus: row.approvalStatus,
    differences: [],
    problems: [],
    missingComponents: [],
    lastFailure: null,
    weightGrams: record.Weight ?? null,
    hsCode: record.HsCode ?? null,
    origin: null,
    entry: null,
    kit: null,
  };
}

/** What the rows of `variants` are worked out from: the provider's records and last outcomes of their SKUs only. */
async function contextOf(db: DatabaseOrTransaction, shop: string, variants: readonly CatalogueVariant[]): Promise<RowContext> {
  const settings = await getShopSettings(db, shop);
  const kits = await kitsOf(db, shop);
  const skus = variants.flatMap((variant) => (variant.sku === null ? [] : [variant.sku]));
  const providerSkus = skus.flatMap((sku) => [settings.skus.bySku[sku]?.providerSku ?? sku, ...(kits[sku] ?? []).map((c) => c.sku)]);
  return {
    settings,
    defaults: skuDefaultsOf(settings),
    providerSkus: await providerSkusOf(db, shop, providerSkus),
    outcomes: await lastOutcomes(db, shop, "SKU_REGISTER", skus),
    kits,
  };
}

/** The row of the store's variant with this SKU (the first, when variants share it), or null when no variant has it. */
export async function productRowOfSku(db: DatabaseOrTransaction, shop: string, sku: string): Promise<ProductRow | null> {
  const variant = await firstVariantWithSku(db, shop, sku);
  return variant === null ? null : rowOfVariant(variant, await contextOf(db, shop, [variant]));
}

/** Every store SKU not registered yet: what "Register all missing" sends. */
export async function missingSkus(db: DatabaseOrTransaction, shop: string): Promise<string[]> {
  await restateVariantsNotWorkedOut(db, shop);
  return notRegisteredSkus(db, shop);
}

/** One page of the list, the tabs' counts for the search, and how many SKUs are not registered yet. */
export async function productsPage(db: DatabaseOrTransaction, shop: string, query: ProductsQuery) {
  // Variants stored before their state was (decision 0053) are worked out once, on the first read.
  await restateVariantsNotWorkedOut(db, shop);
  const counts = await productCounts(db, shop, query.search);
  const variantRows = PRODUCT_STATES.reduce((sum, state) => sum + (state === "PROVIDER_ONLY" ? 0 : counts[state]), 0);
  const all = variantRows + counts.PROVIDER_ONLY;
  const total = query.filter === "ALL" ? all : counts[query.filter];
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const listed = await productListPage(db, shop, query, variantRows, { skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE });
  const context = await contextOf(db, shop, listed.variants);
  const catalogueRead = await latestRun(db, shop, "CATALOGUE_READ", { status: "DONE" });
  // The count of the page's button is of the whole catalogue, whatever the search.
  const missingCount = query.search === "" ? counts.NOT_REGISTERED : await countNotRegistered(db, shop);
  return {
    rows: [
      ...listed.variants.map((variant) => rowOfVariant(variant, context)),
      ...listed.providerOnly.flatMap((row) => rowOfProviderSku(row) ?? []),
    ],
    counts: { ALL: all, ...counts },
    page,
    pages,
    total,
    missingCount,
    catalogueReadAt: catalogueRead?.finishedAt?.toISOString() ?? null,
  };
}
