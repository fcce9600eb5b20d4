/**
 * The Products page's rows: every Shopify variant beside the provider's record of its SKU, and the
 * provider's SKUs no variant sells. Each row's state is what a merchant acts on: registered (and
 * the provider's approval), registered but different from what Shopify says now, not registered
 * (and whether it can be, or which fields keep it back), a kit (picked as several of the provider's
 * SKUs, decision 0047), provider only, or no SKU at all.
 */
import type { CatalogueVariant } from "@prisma/client";
import { differencesFrom, merchantSkuFor, type SkuDifference } from "~/connector/merchant-sku";
import type { SkuEntry } from "~/connector/settings";
import type { KitComponent } from "~/connector/kits";
import type { Said } from "~/lib/words/reason-said";
import type { PartsSay } from "~/lib/words/parts-said";
import { skuDefaultsOf } from "~/flows/catalogue/register.server";
import { kitsOf } from "~/stores/catalogue/kits.server";
import { providerSkusOf } from "~/stores/catalogue/provider-skus.server";
import { lastOutcomes, latestRun } from "~/stores/catalogue/sync-runs.server";
import { allVariants, variantLabel } from "~/stores/catalogue/variants.server";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { getShopSettings } from "~/stores/shops/shop.server";

export const PRODUCT_STATES = ["NOT_REGISTERED", "DIFFERS", "REGISTERED", "KIT", "PROVIDER_ONLY", "NO_SKU"] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];
export type ProductFilter = ProductState | "ALL";

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

/**
 * A variant's row. `detailed` false leaves a row not registered without its problems and last
 * failure: the list needs every row's state to count its tabs, but those words only for the rows
 * it shows (working them out is most of a row's cost, decision 0048).
 */
function rowOfVariant(variant: CatalogueVariant, context: Awaited<ReturnType<typeof contextOf>>, detailed = true): ProductRow {
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
  if (known === undefined && !detailed) return { ...row, state: "NOT_REGISTERED" };
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

async function contextOf(db: DatabaseOrTransaction, shop: string) {
  const settings = await getShopSettings(db, shop);
  return {
    settings,
    defaults: skuDefaultsOf(settings),
    providerSkus: await providerSkusOf(db, shop),
    outcomes: await lastOutcomes(db, shop, "SKU_REGISTER"),
    kits: await kitsOf(db, shop),
  };
}

/** Every row, in the page's order: the shop's variants by name, then the provider's other SKUs. */
export async function productRows(db: DatabaseOrTransaction, shop: string): Promise<ProductRow[]> {
  return (await readRows(db, shop, true)).rows;
}

async function readRows(db: DatabaseOrTransaction, shop: string, detailed: boolean) {
  const context = await contextOf(db, shop);
  const variants = await allVariants(db, shop);
  const rows = variants.map((variant) => rowOfVariant(variant, context, detailed));
  const sold = new Set(
    rows.flatMap((row) =>
      row.kit !== null ? row.kit.map((component) => component.sku) : row.sku === null ? [] : [row.providerSku ?? row.sku],
    ),
  );
  for (const [sku, known] of context.providerSkus) {
    if (sold.has(sku)) continue;
    rows.push({
      key: `provider:${sku}`,
      title: known.record.DeclareName ?? sku,
      sku,
      providerSku: null,
      state: "PROVIDER_ONLY",
      approvalStatus: known.approvalStatus,
      differences: [],
      problems: [],
      missingComponents: [],
      lastFailure: null,
      weightGrams: known.record.Weight ?? null,
      hsCode: known.record.HsCode ?? null,
      origin: null,
      entry: null,
      kit: null,
    });
  }
  /** A row of the page in full (its problems and last failure), from the row counted. */
  const detail = (row: ProductRow, index: number) => {
    const variant = variants[index];
    return row.state === "NOT_REGISTERED" && !detailed && variant !== undefined ? rowOfVariant(variant, context, true) : row;
  };
  return { rows, detail };
}

/** The row of the store's variant with this SKU (the first, when variants share it), or null when no variant has it. */
export async function productRowOfSku(db: DatabaseOrTransaction, shop: string, sku: string): Promise<ProductRow | null> {
  const rows = await productRows(db, shop);
  return rows.find((row) => row.sku === sku && row.state !== "PROVIDER_ONLY") ?? null;
}

const matches = (row: ProductRow, search: string) => {
  if (search === "") return true;
  const needle = search.toLowerCase();
  return [row.title, row.sku ?? "", row.providerSku ?? ""].some((text) => text.toLowerCase().includes(needle));
};

export async function productsPage(db: DatabaseOrTransaction, shop: string, query: ProductsQuery) {
  const { rows, detail } = await readRows(db, shop, false);
  // Each row with its place among the variants, to work out in full the ones the page shows.
  const searched = rows.map((row, index) => ({ row, index })).filter(({ row }) => matches(row, query.search));
  const counts = Object.fromEntries(
    PRODUCT_STATES.map((state) => [state, searched.filter(({ row }) => row.state === state).length]),
  ) as Record<ProductState, number>;
  const filtered = query.filter === "ALL" ? searched : searched.filter(({ row }) => row.state === query.filter);
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const catalogueRead = await latestRun(db, shop, "CATALOGUE_READ", { status: "DONE" });
  return {
    rows: filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(({ row, index }) => detail(row, index)),
    counts: { ALL: searched.length, ...counts },
    page,
    pages,
    total: filtered.length,
    /** Every store SKU not registered yet: what "Register all missing" sends. */
    missing: rows.filter((row) => row.state === "NOT_REGISTERED" && row.sku !== null).map((row) => row.sku ?? ""),
    catalogueReadAt: catalogueRead?.finishedAt?.toISOString() ?? null,
  };
}
