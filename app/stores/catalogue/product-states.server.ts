/**
 * Each variant's state on the Products page, stored with the variant (`CatalogueVariant.state`,
 * `providerSku`, `searchText`) by every write that can change it, in that write's transaction, so
 * the page counts, filters and pages its rows in the database instead of working out 20,000 rows
 * on each load (decision 0051). The writers: the catalogue read's variants (`saveVariants`), the
 * provider's records (`saveProviderSkus`, `forgetProviderSkusReadBefore`), kits (`saveKit`), a
 * SKU's entry (`saveSkuEntryAndRestate`) and the settings the state is built from (`restateAfterSettings`).
 *
 * Reads the provider's records and the kits itself, not through their stores, whose writers call it.
 */
import type { CatalogueVariant } from "@prisma/client";
import type { SkuDefaults, VariantFacts } from "~/connector/merchant-sku";
import { productSearchText, variantLabel, variantStateOf, type VariantState } from "~/connector/product-state";
import type { SkuEntry } from "~/connector/settings";
import type { MerchantSku } from "~/fulfilment";
import { chunks } from "~/lib/chunks";
import { inTransaction, type DatabaseOrTransaction } from "~/stores/database/database.server";
import { getShopSettings, saveSkuEntry } from "~/stores/shops/shop.server";
import type { ShopSettings } from "~/stores/shops/shop-settings";
import { providerSkuTitle, StoredProviderRecord } from "./provider-sku-record";

/** Values per `IN (...)`: well under SQLite's and PostgreSQL's limits on a statement's arguments. */
const IN_CHUNK = 500;
/** Past this many provider SKUs, reading the shop's every record is cheaper than asking for each. */
const READ_ALL_PROVIDER_SKUS_FROM = 2_000;

/** The shop's defaults a SKU is built from when its entry says nothing (Settings > Catalogue and Customs). */
export function skuDefaultsOf(settings: ShopSettings): SkuDefaults {
  return {
    size: settings.skuDefaults.size,
    declaredValueFrom: settings.skuDefaults.declaredValueFrom,
    declareName: settings.customs.declareNameEn === "" ? null : settings.customs.declareNameEn,
  };
}

/** What is stored with a variant for the Products page. */
export interface StoredVariantState {
  state: VariantState;
  providerSku: string | null;
  searchText: string;
}

type StatedVariant = VariantFacts & { variantId: string };

/** The stored fields of each of `variants` (by variantId), from the shop's settings, kits and provider records as they are now. */
export async function variantStatesOf(
  db: DatabaseOrTransaction,
  shop: string,
  variants: readonly StatedVariant[],
): Promise<Map<string, StoredVariantState>> {
  const states = new Map<string, StoredVariantState>();
  if (variants.length === 0) return states;
  const settings = await getShopSettings(db, shop);
  const defaults = skuDefaultsOf(settings);
  const entryOf = (sku: string | null): SkuEntry | undefined => (sku === null ? undefined : settings.skus.bySku[sku]);
  const kitSkus = new Set(
    (await db.kitComponent.findMany({ where: { shop }, select: { kitSku: true }, distinct: ["kitSku"] })).map((row) => row.kitSku),
  );
  const wanted = new Set(
    variants.flatMap((variant) =>
      variant.sku === null || kitSkus.has(variant.sku) ? [] : [entryOf(variant.sku)?.providerSku ?? variant.sku],
    ),
  );
  const records = await providerRecords(db, shop, [...wanted]);
  for (const variant of variants) {
    const { state, providerSku } = variantStateOf(
      variant,
      entryOf(variant.sku),
      variant.sku !== null && kitSkus.has(variant.sku),
      (sku) => records.get(sku),
      defaults,
    );
    states.set(variant.variantId, { state, providerSku, searchText: productSearchText(variantLabel(variant), variant.sku, providerSku) });
  }
  return states;
}

/** The provider's records of `skus`; a record that no longer parses is left out, as the page leaves it out. */
async function providerRecords(db: DatabaseOrTransaction, shop: string, skus: readonly string[]): Promise<Map<string, MerchantSku>> {
  const rows =
    skus.length > READ_ALL_PROVIDER_SKUS_FROM
      ? await db.providerSku.findMany({ where: { shop }, select: { sku: true, record: true } })
      : (
          await Promise.all(
            chunks(skus, IN_CHUNK).map((batch) =>
              db.providerSku.findMany({ where: { shop, sku: { in: batch } }, select: { sku: true, record: true } }),
            ),
          )
        ).flat();
  const records = new Map<string, MerchantSku>();
  for (const row of rows) {
    const parsed = StoredProviderRecord.safeParse(row.record);
    if (parsed.success) records.set(row.sku, parsed.data);
  }
  return records;
}

/** Which variants to work out again: those with these ids, store SKUs or provider SKUs, all of the shop's, or those never worked out. */
export type VariantsToRestate =
  { variantIds: readonly string[] } | { skus: readonly string[] } | { providerSkus: readonly string[] } | "all" | "notWorkedOut";

async function variantsToRestate(db: DatabaseOrTransaction, shop: string, which: VariantsToRestate): Promise<CatalogueVariant[]> {
  if (which === "all") return db.catalogueVariant.findMany({ where: { shop } });
  if (which === "notWorkedOut") return db.catalogueVariant.findMany({ where: { shop, state: null } });
  const inChunks = async (values: readonly string[], where: (batch: string[]) => object) =>
    (
      await Promise.all(
        chunks([...new Set(values)], IN_CHUNK).map((batch) => db.catalogueVariant.findMany({ where: { shop, ...where(batch) } })),
      )
    ).flat();
  if ("variantIds" in which) return inChunks(which.variantIds, (batch) => ({ variantId: { in: batch } }));
  if ("skus" in which) return inChunks(which.skus, (batch) => ({ sku: { in: batch } }));
  return inChunks(which.providerSkus, (batch) => ({ providerSku: { in: batch } }));
}

/**
 * Works out the state of the variants `which` selects again and stores what changed. Call it in
 * the transaction of the write that may have changed it. Returns how many changed.
 */
export async function restateVariants(db: DatabaseOrTransaction, shop: string, which: VariantsToRestate): Promise<number> {
  const variants = await variantsToRestate(db, shop, which);
  if (variants.length === 0) return 0;
  const states = await variantStatesOf(db, shop, variants);
  // Most changes are of the state alone (a record read, a default changed): one statement per state.
  const stateOnly = new Map<VariantState, string[]>();
  let changed = 0;
  for (const variant of variants) {
    const next = states.get(variant.variantId);
    if (next === undefined) continue;
    if (variant.state === next.state && variant.providerSku === next.providerSku && variant.searchText === next.searchText) continue;
    changed += 1;
    if (variant.state !== null && variant.providerSku === next.providerSku && variant.searchText === next.searchText) {
      const ids = stateOnly.get(next.state) ?? [];
      ids.push(variant.id);
      stateOnly.set(next.state, ids);
      continue;
    }
    // `state` as read: a variant worked out meanwhile by another writer keeps that writer's answer.
    await db.catalogueVariant.updateMany({ where: { id: variant.id, state: variant.state }, data: next });
  }
  for (const [state, ids] of stateOnly)
    for (const batch of chunks(ids, IN_CHUNK)) await db.catalogueVariant.updateMany({ where: { id: { in: batch } }, data: { state } });
  return changed;
}

/**
 * Works out the variants stored before their state was (the migration adds it empty), and the
 * search text of the provider's records stored before it; two reads of nothing when none is left.
 */
export function restateVariantsNotWorkedOut(db: DatabaseOrTransaction, shop: string): Promise<number> {
  return inTransaction(db, async (tx) => {
    const records = await tx.providerSku.findMany({ where: { shop, searchText: null }, select: { id: true, sku: true, record: true } });
    for (const row of records) {
      const parsed = StoredProviderRecord.safeParse(row.record);
      const title = parsed.success ? providerSkuTitle(parsed.data) : row.sku;
      await tx.providerSku.updateMany({
        where: { id: row.id, searchText: null },
        data: { searchText: productSearchText(title, row.sku, null) },
      });
    }
    return restateVariants(tx, shop, "notWorkedOut");
  });
}

/**
 * After the settings were saved: a SKU's state depends on its entry and on the shop's defaults.
 * A changed default can change every variant; a changed entry only its SKU's.
 */
export async function restateAfterSettings(
  db: DatabaseOrTransaction,
  shop: string,
  before: ShopSettings,
  after: ShopSettings,
): Promise<void> {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(skuDefaultsOf(before), skuDefaultsOf(after))) {
    await restateVariants(db, shop, "all");
    return;
  }
  const skus = [...new Set([...Object.keys(before.skus.bySku), ...Object.keys(after.skus.bySku)])].filter(
    (sku) => !same(before.skus.bySku[sku], after.skus.bySku[sku]),
  );
  if (skus.length > 0) await restateVariants(db, shop, { skus });
}

/** Sets (or, with undefined, removes) one store SKU's entry, and the state of its variants with it. */
export function saveSkuEntryAndRestate(
  db: DatabaseOrTransaction,
  shop: string,
  storeSku: string,
  entry: SkuEntry | undefined,
): Promise<ShopSettings> {
  return inTransaction(db, async (tx) => {
    const saved = await saveSkuEntry(tx, shop, storeSku, entry);
    await restateVariants(tx, shop, { skus: [storeSku] });
    return saved;
  });
}
