/**
 * The Products page's query, run in the database on the states stored with the variants (decision
 * 0053): how many rows each tab has for a search, and one page of rows (the shop's variants by
 * name, then the provider's SKUs no variant is sold as, by SKU), so the page never reads or works
 * out the whole catalogue (20,000 variants at a big merchant).
 *
 * SQL rather than Prisma's `contains`: that is LIKE, where "_" and "%" in a search would match any
 * character, and SQLite's LIKE has no escape unless the statement names one. The search looks in
 * the stored lower-cased text (`productSearchText`), lower-cased the same way.
 */
import type { CatalogueVariant, ProviderSku } from "@prisma/client";
import { z } from "zod";
import { PRODUCT_STATES, productSearchNeedle, type ProductState } from "~/connector/product-state";
import { isPostgres, sqlFor, type DatabaseOrTransaction } from "~/stores/database/database.server";

export type ProductFilter = ProductState | "ALL";

/** Counts come back as BigInt on PostgreSQL, numbers on SQLite. */
const count = z.coerce.number();
const StateCounts = z.array(z.object({ state: z.string().nullable(), rows: count }));
const Count = z.array(z.object({ rows: count }));
const Ids = z.array(z.object({ id: z.string() }));

interface Where {
  sql: string;
  args: unknown[];
}

/** The search's condition on `column` (nothing for no search; never true for a search that can match nothing). */
function searchOf(db: DatabaseOrTransaction, column: string, search: string): Where {
  if (search === "") return { sql: "", args: [] };
  const needle = productSearchNeedle(search);
  if (needle === null) return { sql: " AND 1 = 0", args: [] };
  return { sql: ` AND ${isPostgres(db) ? "strpos" : "instr"}(${column}, ?) > 0`, args: [needle] };
}

/** A provider's SKU that no variant is sold as and no kit of the store picks (the row `p`). */
const PROVIDER_ONLY = `NOT EXISTS (SELECT 1 FROM "CatalogueVariant" v WHERE v."shop" = p."shop" AND v."providerSku" = p."sku")
  AND NOT EXISTS (SELECT 1 FROM "KitComponent" k JOIN "CatalogueVariant" kv ON kv."shop" = k."shop" AND kv."sku" = k."kitSku"
                  WHERE k."shop" = p."shop" AND k."componentSku" = p."sku")`;

function providerOnlyWhere(db: DatabaseOrTransaction, shop: string, search: string): Where {
  const searched = searchOf(db, `p."searchText"`, search);
  return { sql: `p."shop" = ?${searched.sql} AND ${PROVIDER_ONLY}`, args: [shop, ...searched.args] };
}

function variantsWhere(db: DatabaseOrTransaction, shop: string, search: string, state: ProductState | null): Where {
  const searched = searchOf(db, `"searchText"`, search);
  return {
    sql: `"shop" = ?${state === null ? "" : ` AND "state" = ?`}${searched.sql}`,
    args: [shop, ...(state === null ? [] : [state]), ...searched.args],
  };
}

/** How many rows match `search`, per state. */
export async function productCounts(db: DatabaseOrTransaction, shop: string, search: string): Promise<Record<ProductState, number>> {
  const variants = variantsWhere(db, shop, search, null);
  const byState = StateCounts.parse(
    await db.$queryRawUnsafe(
      sqlFor(db, `SELECT "state", COUNT(*) AS "rows" FROM "CatalogueVariant" WHERE ${variants.sql} GROUP BY "state"`),
      ...variants.args,
    ),
  );
  const providerOnly = providerOnlyWhere(db, shop, search);
  const [only] = Count.parse(
    await db.$queryRawUnsafe(sqlFor(db, `SELECT COUNT(*) AS "rows" FROM "ProviderSku" p WHERE ${providerOnly.sql}`), ...providerOnly.args),
  );
  const counts = Object.fromEntries(PRODUCT_STATES.map((state) => [state, 0])) as Record<ProductState, number>;
  for (const row of byState) if (row.state !== null && row.state in counts) counts[row.state as ProductState] += row.rows;
  counts.PROVIDER_ONLY = only?.rows ?? 0;
  return counts;
}

async function variantsPage(
  db: DatabaseOrTransaction,
  shop: string,
  search: string,
  state: ProductState | null,
  page: { skip: number; take: number },
): Promise<CatalogueVariant[]> {
  if (page.take <= 0) return [];
  const where = variantsWhere(db, shop, search, state);
  const ids = Ids.parse(
    await db.$queryRawUnsafe(
      sqlFor(db, `SELECT "id" FROM "CatalogueVariant" WHERE ${where.sql} ORDER BY "displayName" ASC, "variantId" ASC LIMIT ? OFFSET ?`),
      ...where.args,
      page.take,
      page.skip,
    ),
  ).map((row) => row.id);
  const rows = new Map((await db.catalogueVariant.findMany({ where: { id: { in: ids } } })).map((row) => [row.id, row]));
  return ids.flatMap((id) => rows.get(id) ?? []);
}

async function providerOnlyPage(
  db: DatabaseOrTransaction,
  shop: string,
  search: string,
  page: { skip: number; take: number },
): Promise<ProviderSku[]> {
  if (page.take <= 0) return [];
  const where = providerOnlyWhere(db, shop, search);
  const ids = Ids.parse(
    await db.$queryRawUnsafe(
      sqlFor(db, `SELECT p."id" FROM "ProviderSku" p WHERE ${where.sql} ORDER BY p."sku" ASC LIMIT ? OFFSET ?`),
      ...where.args,
      page.take,
      page.skip,
    ),
  ).map((row) => row.id);
  const rows = new Map((await db.providerSku.findMany({ where: { id: { in: ids } } })).map((row) => [row.id, row]));
  return ids.flatMap((id) => rows.get(id) ?? []);
}

/**
 * The rows `skip` to `skip + take` of the list `filter` and `search` make: the variants first,
 * then the provider's SKUs only it has. `variantRows` is how many variants that list holds.
 */
export async function productListPage(
  db: DatabaseOrTransaction,
  shop: string,
  query: { filter: ProductFilter; search: string },
  variantRows: number,
  page: { skip: number; take: number },
): Promise<{ variants: CatalogueVariant[]; providerOnly: ProviderSku[] }> {
  if (query.filter === "PROVIDER_ONLY") return { variants: [], providerOnly: await providerOnlyPage(db, shop, query.search, page) };
  const variants = await variantsPage(db, shop, query.search, query.filter === "ALL" ? null : query.filter, page);
  if (query.filter !== "ALL") return { variants, providerOnly: [] };
  // The provider's rows follow the variants: the page takes up where the variants end.
  const skip = Math.max(0, page.skip - variantRows);
  return { variants, providerOnly: await providerOnlyPage(db, shop, query.search, { skip, take: page.take - variants.length }) };
}

/** The store SKUs of the variants not registered yet, in the page's order: what "Register all missing" sends. */
export async function notRegisteredSkus(db: DatabaseOrTransaction, shop: string): Promise<string[]> {
  const rows = await db.catalogueVariant.findMany({
    where: { shop, state: "NOT_REGISTERED", sku: { not: null } },
    orderBy: [{ displayName: "asc" }, { variantId: "asc" }],
    select: { sku: true },
  });
  return rows.flatMap((row) => (row.sku === null ? [] : [row.sku]));
}

/** How many variants are not registered yet, whatever the search: what "Register all missing" says on its button. */
export function countNotRegistered(db: DatabaseOrTransaction, shop: string): Promise<number> {
  return db.catalogueVariant.count({ where: { shop, state: "NOT_REGISTERED" } });
}

/** The first variant (in the page's order) with this store SKU, or null. */
export function firstVariantWithSku(db: DatabaseOrTransaction, shop: string, sku: string): Promise<CatalogueVariant | null> {
  return db.catalogueVariant.findFirst({ where: { shop, sku }, orderBy: [{ displayName: "asc" }, { variantId: "asc" }] });
}
