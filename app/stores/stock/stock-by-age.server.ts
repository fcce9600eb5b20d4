/**
 * The Inventory age page's query of a warehouse's stored stock (the stock sync's read), run in the
 * database: the SKUs matching the search and "older than", one page of them in the chosen order,
 * and the totals of all of them, so the page never reads or sends the whole warehouse (5,000 SKUs
 * at a big merchant). The order and the filter are `inventoryAgeView`'s (app/connector/inventory-age.ts),
 * which a live read goes through, so the page reads the same either way.
 *
 * SQL rather than Prisma's `contains`: that is LIKE, where a SKU's "_" and "%" would match any
 * character ("MUG_1" finding "MUG-1"), and SQLite's LIKE has no escape unless the statement names one.
 */
import { z } from "zod";
import {
  AGE_BANDS,
  bandsOlderThan,
  OLDEST_BAND_FIRST,
  pageAmong,
  ROWS_PER_PAGE,
  shownRow,
  totalOlderThan,
  type AgeBands,
  type InventoryAgePage,
  type InventoryAgeQuery,
  type InventoryAgeSort,
  type ShownStockRow,
} from "~/connector/inventory-age";
import { isPostgres, sqlFor, type DatabaseOrTransaction } from "~/stores/database/database.server";
import { bandColumn, stockAgeRowOfStored } from "./warehouse-stock.server";

type StockQuery = Pick<InventoryAgeQuery, "search" | "olderThanDays" | "sort">;

/** Counts and sums come back as BigInt on PostgreSQL, numbers on SQLite. */
const count = z.coerce.number();
const bandsShape = Object.fromEntries(AGE_BANDS.map((band) => [bandColumn(band), count])) as Record<
  ReturnType<typeof bandColumn>,
  typeof count
>;
const StockRows = z.array(z.object({ sku: z.string(), storageNo: z.string().nullable(), total: count, ...bandsShape }));
const Totals = z.array(z.object({ skus: count, total: count.nullable(), ...bandsShape }));

const BAND_COLUMNS = AGE_BANDS.map((band) => `"${bandColumn(band)}"`).join(", ");

/**
 * The SKU contains the search, in either case (the database's lower(): ASCII letters on SQLite), and
 * "older than" keeps SKUs with a unit in a band wholly older.
 */
function whereOf(db: DatabaseOrTransaction, shop: string, warehouseId: string, query: StockQuery): { sql: string; args: unknown[] } {
  const parts = [`"shop" = ?`, `"warehouseId" = ?`];
  const args: unknown[] = [shop, warehouseId];
  if (query.search !== "") {
    parts.push(`${isPostgres(db) ? "strpos" : "instr"}(lower("sku"), lower(?)) > 0`);
    args.push(query.search);
  }
  if (query.olderThanDays !== null) {
    const older = bandsOlderThan(query.olderThanDays).map((band) => `"${bandColumn(band)}" > 0`);
    parts.push(`(${older.length === 0 ? "1 = 0" : older.join(" OR ")})`);
  }
  return { sql: parts.join(" AND "), args };
}

/** By code point, as the page's rules compare SKUs, whatever collation a PostgreSQL server was made with. */
const skuOrder = (db: DatabaseOrTransaction, direction: "ASC" | "DESC") => `"sku"${isPostgres(db) ? ` COLLATE "C"` : ""} ${direction}`;

function orderOf(db: DatabaseOrTransaction, sort: InventoryAgeSort): string {
  switch (sort) {
    case "sku":
      return skuOrder(db, "ASC");
    case "sku-desc":
      return skuOrder(db, "DESC");
    case "total":
      return `"total" DESC, ${skuOrder(db, "ASC")}`;
    case "total-asc":
      return `"total" ASC, ${skuOrder(db, "ASC")}`;
    case "oldest":
      return [...OLDEST_BAND_FIRST.map((band) => `"${bandColumn(band)}" DESC`), skuOrder(db, "ASC")].join(", ");
  }
}

/** The rows `query` matches, in its order; `page` cuts out one page of them. */
async function rowsOf(
  db: DatabaseOrTransaction,
  shop: string,
  warehouseId: string,
  query: StockQuery,
  page?: { skip: number; take: number },
): Promise<ShownStockRow[]> {
  const where = whereOf(db, shop, warehouseId, query);
  const sql = `SELECT "sku", "storageNo", "total", ${BAND_COLUMNS} FROM "WarehouseStock" WHERE ${where.sql} ORDER BY ${orderOf(db, query.sort)}`;
  const rows = StockRows.parse(
    page === undefined
      ? await db.$queryRawUnsafe(sqlFor(db, sql), ...where.args)
      : await db.$queryRawUnsafe(sqlFor(db, `${sql} LIMIT ? OFFSET ?`), ...where.args, page.take, page.skip),
  );
  return rows.map((row) => shownRow(stockAgeRowOfStored(row), query.olderThanDays));
}

/** How many SKUs `query` matches, and their totals, added up by the database. */
async function totalsOf(db: DatabaseOrTransaction, shop: string, warehouseId: string, query: StockQuery) {
  const where = whereOf(db, shop, warehouseId, query);
  const sums = AGE_BANDS.map((band) => `SUM("${bandColumn(band)}") AS "${bandColumn(band)}"`).join(", ");
  const sql = `SELECT COUNT(*) AS "skus", SUM("total") AS "total", ${sums} FROM "WarehouseStock" WHERE ${where.sql}`;
  const [row] = Totals.parse(await db.$queryRawUnsafe(sqlFor(db, sql), ...where.args));
  // SUM of no rows is NULL: z.coerce makes it 0.
  const bands = Object.fromEntries(AGE_BANDS.map((band) => [band, row?.[bandColumn(band)] ?? 0])) as AgeBands;
  return {
    matching: row?.skus ?? 0,
    totals: { bands, total: row?.total ?? 0, olderThan: totalOlderThan(bands, query.olderThanDays) },
  };
}

/** The page of `warehouseId`'s stored stock that `query` asks for, with how many SKUs match and their totals. */
export async function stockByAgePage(
  db: DatabaseOrTransaction,
  shop: string,
  warehouseId: string,
  query: StockQuery & Pick<InventoryAgeQuery, "page">,
): Promise<InventoryAgePage> {
  const { matching, totals } = await totalsOf(db, shop, warehouseId, query);
  const { page, pages, skip } = pageAmong(matching, query.page);
  const pageRows = matching === 0 ? [] : await rowsOf(db, shop, warehouseId, query, { skip, take: ROWS_PER_PAGE });
  return { pageRows, matching, totals, page, pages };
}

/** Every SKU of `warehouseId`'s stored stock that `query` matches, in its order: what the CSV export writes. */
export function stockByAgeRows(db: DatabaseOrTransaction, shop: string, warehouseId: string, query: StockQuery): Promise<ShownStockRow[]> {
  return rowsOf(db, shop, warehouseId, query);
}

/** How many SKUs the stock sync stored for `warehouseId`, and when it read them (null: none stored). */
export async function storedStockOf(
  db: DatabaseOrTransaction,
  shop: string,
  warehouseId: string,
): Promise<{ skus: number; readAt: Date | null }> {
  const stored = await db.warehouseStock.aggregate({ where: { shop, warehouseId }, _count: { _all: true }, _max: { readAt: true } });
  return { skus: stored._count._all, readAt: stored._max.readAt };
}
