/**
 * Each variant's state on the Products page, stored with the variant (`CatalogueVariant.state`,
 * `providerSku`, `searchText`) by every write that can change it, in that write's transaction, so
 * the page counts, filters and pages its rows in the database instead of working out 20,000 rows
 * on each load (decision 0053). The writers: the catalogue read's variants (`saveVariants`), the
 * provider's records (`saveProviderSkus`, `forgetProviderSkusReadBefore`), kits (`saveKit`), a
 * SKU's entry (`saveSkuEntryAndRestate`) and the settings the state is built from
 * (`restateAfterSettings`). A change of the shop's defaults lets every state go (null) in its
 * transaction instead; the page's next read works out every state left null before it counts.
 *
 * Reads the provider's records and the kits itself, not through their stores, whose writers call it.
 */
import type { CatalogueVariant } from "@prisma/client";
import type { SkuDefaults, VariantFacts } from "~/connector/merchant-sku";
import { productSearchText, variantLabel, variantStateOf, type VariantState } from "~/connector/product-state";
import type { SkuEntry } from "~/connector/settings";
import type { MerchantSku } from "~/fulfilment";
import { chunks } from "~/lib/chunks";
import { inTransaction, sqlFor, type DatabaseOrTransaction } from "~/stores/database/database.server";
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
  const rows: { sku: string; record: string }[] = [];
  // One query after the other: a transaction's queries on PostgreSQL share one connection.
  if (skus.length > READ_ALL_PROVIDER_SKUS_FROM)
    rows.push(...(await db.providerSku.findMany({ where: { shop }, select: { sku: true, record: true } })));
  else
    for (const batch of chunks(skus, IN_CHUNK))
      rows.push(...(await db.providerSku.findMany({ where: { shop, sku: { in: batch } }, select: { sku: true, record: true } })));
  const records = new Map<string, MerchantSku>();
  for (const row of rows) {
    const parsed = StoredProviderRecord.safeParse(row.record);
    if (parsed.success) records.set(row.sku, parsed.data);
  }
  return records;
}

/** Which variants to work out again: those with these ids, store SKUs or provider SKUs, or up to so many not worked out. */
export type VariantsToRestate =
  { variantIds: readonly string[] } | { skus: readonly string[] } | { providerSkus: readonly string[] } | { notWorkedOut: number };

async function variantsToRestate(db: DatabaseOrTransaction, shop: string, which: VariantsToRestate): Promise<CatalogueVariant[]> {
  if ("notWorkedOut" in which) return db.catalogueVariant.findMany({ where: { shop, state: null }, take: which.notWorkedOut });
  const inChunks = async (values: readonly string[], where: (batch: string[]) => object) => {
    const rows: CatalogueVariant[] = [];
    for (const batch of chunks([...new Set(values)], IN_CHUNK))
      rows.push(...(await db.catalogueVariant.findMany({ where: { shop, ...where(batch) } })));
    return rows;
  };
  if ("variantIds" in which) return inChunks(which.variantIds, (batch) => ({ variantId: { in: batch } }));
  if ("skus" in which) return inChunks(which.skus, (batch) => ({ sku: { in: batch } }));
  return inChunks(which.providerSkus, (batch) => ({ providerSku: { in: batch } }));
}

/** Rows per statement of a write of whole states: four arguments each, well under either database's limit. */
const ROWS_PER_WRITE = 200;

/**
 * Writes each row's state, provider SKU and search text in a statement per 200 rows (one update
 * each took 4 s for 20,000 rows on SQLite, past Prisma's 5 s for a transaction on PostgreSQL).
 * `onlyIfNotWorkedOut`: a row another writer worked out meanwhile keeps that writer's answer.
 */
async function writeStates(
  db: DatabaseOrTransaction,
  rows: readonly ({ id: string } & StoredVariantState)[],
  onlyIfNotWorkedOut: boolean,
): Promise<void> {
  for (const batch of chunks(rows, ROWS_PER_WRITE)) {
    const values = batch.map(() => `SELECT ? AS "id", ? AS "state", ? AS "providerSku", ? AS "searchText"`).join(" UNION ALL ");
    const sql = `UPDATE "CatalogueVariant" SET "state" = x."state", "providerSku" = x."providerSku", "searchText" = x."searchText"
      FROM (${values}) AS x WHERE "CatalogueVariant"."id" = x."id"${onlyIfNotWorkedOut ? ` AND "CatalogueVariant"."state" IS NULL` : ""}`;
    await db.$executeRawUnsafe(sqlFor(db, sql), ...batch.flatMap((row) => [row.id, row.state, row.providerSku, row.searchText]));
  }
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
  const stateOnly = new Map<string, { state: VariantState; notWorkedOut: boolean; ids: string[] }>();
  const whole: { notWorkedOut: boolean; row: { id: string } & StoredVariantState }[] = [];
  for (const variant of variants) {
    const next = states.get(variant.variantId);
    if (next === undefined) continue;
    if (variant.state === next.state && variant.providerSku === next.providerSku && variant.searchText === next.searchText) continue;
    const notWorkedOut = variant.state === null;
    if (variant.providerSku === next.providerSku && variant.searchText === next.searchText) {
      const key = `${next.state}:${notWorkedOut}`;
      const group = stateOnly.get(key) ?? { state: next.state, notWorkedOut, ids: [] };
      group.ids.push(variant.id);
      stateOnly.set(key, group);
    } else whole.push({ notWorkedOut, row: { id: variant.id, ...next } });
  }
  for (const group of stateOnly.values())
    for (const batch of chunks(group.ids, IN_CHUNK))
      await db.catalogueVariant.updateMany({
        where: { id: { in: batch }, ...(group.notWorkedOut ? { state: null } : {}) },
        data: { state: group.state },
      });
  for (const notWorkedOut of [false, true])
    await writeStates(
      db,
      whole.filter((change) => change.notWorkedOut === notWorkedOut).map((change) => change.row),
      notWorkedOut,
    );
  return whole.length + [...stateOnly.values()].reduce((sum, group) => sum + group.ids.length, 0);
}

/** Variants worked out per transaction when the page works out those not worked out: each well within Prisma's 5 s. */
const NOT_WORKED_OUT_PER_TRANSACTION = 2_000;

/**
 * Works out the variants not worked out (stored before the state was: the migration adds it empty;
 * or let go by a change of the shop's defaults), and the search text of the provider's records
 * stored before it, a transaction per 2,000; two reads of nothing when none is left.
 */
export async function restateVariantsNotWorkedOut(db: DatabaseOrTransaction, shop: string): Promise<number> {
  // Asked first outside a transaction: nearly always there is nothing left, and a read is all it
  // takes. One after the other: given a transaction, its queries on PostgreSQL share one connection.
  const variant = await db.catalogueVariant.findFirst({ where: { shop, state: null }, select: { id: true } });
  const record = await db.providerSku.findFirst({ where: { shop, searchText: null }, select: { id: true } });
  if (record !== null) {
    // Each row on its own: the search text is the record's alone, and a writer's wins.
    const records = await db.providerSku.findMany({ where: { shop, searchText: null }, select: { id: true, sku: true, record: true } });
    for (const batch of chunks(records, ROWS_PER_WRITE)) {
      const texts = batch.map((row) => {
        const parsed = StoredProviderRecord.safeParse(row.record);
        return [row.id, productSearchText(parsed.success ? providerSkuTitle(parsed.data) : row.sku, row.sku, null)];
      });
      const values = texts.map(() => `SELECT ? AS "id", ? AS "searchText"`).join(" UNION ALL ");
      await db.$executeRawUnsafe(
        sqlFor(
          db,
          `UPDATE "ProviderSku" SET "searchText" = x."searchText" FROM (${values}) AS x WHERE "ProviderSku"."id" = x."id" AND "ProviderSku"."searchText" IS NULL`,
        ),
        ...texts.flat(),
      );
    }
  }
  if (variant === null) return 0;
  let changed = 0;
  // Bounded: each round works out up to its number of rows, or a writer did.
  const rounds = Math.ceil((await db.catalogueVariant.count({ where: { shop, state: null } })) / NOT_WORKED_OUT_PER_TRANSACTION);
  for (let round = 0; round < rounds; round += 1) {
    const done = await inTransaction(db, (tx) => restateVariants(tx, shop, { notWorkedOut: NOT_WORKED_OUT_PER_TRANSACTION }));
    if (done === 0) break;
    changed += done;
  }
  return changed;
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
    // Every variant with a SKU is let go, in one statement, and worked out by the page's next read:
    // working out 20,000 here would hold the save's transaction for seconds. Its provider SKU and
    // search text do not depend on the defaults and stay.
    await db.catalogueVariant.updateMany({ where: { shop, sku: { not: null } }, data: { state: null } });
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
