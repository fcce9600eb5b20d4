/**
 * A warehouse's stock by age for the Inventory age page and its export: what the stock sync last
 * read (WarehouseStock, queried page by page in the database), or, until the sync has read that
 * warehouse, operation 19 read live, so a merchant who has just connected the provider sees the
 * stock it holds now (readStockByAge; the export's rows: readAllStockByAge).
 */
import prisma from "~/db.server";
import {
  inventoryAgeView,
  stockAgeRowOf,
  type InventoryAgePage,
  type InventoryAgeQuery,
  type ShownStockRow,
  type StockAgeRow,
} from "~/connector/inventory-age";
import { providerProblem } from "~/connector/provider-problem";
import type { Words } from "~/lib/words";
import { textIn } from "~/lib/words/reason-said";
import { PermanentFailure } from "~/jobs/handler";
import { workDueSoon } from "~/jobs/admin.server";
import { ProviderError } from "~/fulfilment/errors";
import { MAX_PAGE_SIZE } from "~/fulfilment/schemas/requests";
import type { ProviderPort } from "~/flows/ports/ports";
import { latestRun } from "~/stores/catalogue/sync-runs.server";
import { parseStockSyncResult } from "~/stores/stock/stock-sync-result";
import { stockByAgePage, stockByAgeRows, storedStockOf } from "~/stores/stock/stock-by-age.server";
import { appPipelineDeps } from "~/wiring/pipeline-deps.server";
import { log } from "~/lib/log.server";

/** A live read stops after this many pages (of 100 SKUs) and says so; the sync reads them all. */
export const LIVE_READ_MAX_PAGES = 20;

type Query = Pick<InventoryAgeQuery, "search" | "olderThanDays" | "sort" | "page">;
type ProblemWords = Pick<Words, "providerProblems" | "jobErrors">;

export type StockReading =
  | {
      kind: "stock";
      /** The query's page of rows, how many match and their totals. */
      shown: InventoryAgePage;
      /** SKUs the warehouse holds (read), whatever the query. */
      skus: number;
      /** ISO time the provider was read. */
      readAt: string;
      /** "sync": the stock sync's last read; "live": read from the provider for this page. */
      source: "sync" | "live";
      /** A live read that stopped at LIVE_READ_MAX_PAGES pages. */
      truncated: boolean;
    }
  | { kind: "unreachable"; message: string };

/** The last finished stock sync's time, if it read `warehouseId` (a warehouse that had no stock leaves no rows). */
async function lastSyncOf(shop: string, warehouseId: string): Promise<Date | null> {
  const run = await latestRun(prisma, shop, "STOCK_SYNC", { status: "DONE" });
  const read = parseStockSyncResult(run?.result ?? null)?.warehouses.find((warehouse) => warehouse.warehouseId === warehouseId);
  return run && read && read.problem === null ? (run.finishedAt ?? run.startedAt) : null;
}

async function readLive(
  provider: Pick<ProviderPort, "inventoryAge">,
  warehouseId: string,
): Promise<{ rows: StockAgeRow[]; truncated: boolean }> {
  const rows = new Map<string, StockAgeRow>();
  for (let pageIndex = 0; pageIndex < LIVE_READ_MAX_PAGES; pageIndex += 1) {
    const page = await provider.inventoryAge({ WarehouseId: warehouseId, PageIndex: pageIndex, PageSize: MAX_PAGE_SIZE });
    for (const info of page.InventoryAges) rows.set(info.Sku, stockAgeRowOf(info));
    if (page.InventoryAges.length < MAX_PAGE_SIZE || pageIndex + 1 >= page.TotalPage) return { rows: [...rows.values()], truncated: false };
  }
  return { rows: [...rows.values()], truncated: true };
}

/** Where the warehouse's stock is read from: the stock sync's rows, or the provider now. */
type Source =
  | { kind: "stored"; skus: number; readAt: Date }
  | { kind: "live"; rows: StockAgeRow[]; truncated: boolean; readAt: Date }
  | { kind: "unreachable"; message: string };

/**
 * Why live before the first sync: a merchant who has just connected the provider opens this page to
 * see the stock the provider holds, and the provider can say it now. The sync reads only enabled
 * warehouses whose Shopify location exists, on a schedule (15 minutes by default); a page that said
 * "nothing yet" meanwhile, or forever for a warehouse that is not shipping yet, would hide stock the
 * merchant pays storage for. Once the sync has read the warehouse its read is shown instead: it is
 * what Shopify's quantities were set from, and it costs no provider call on each visit.
 */
async function sourceOf(shop: string, warehouseId: string, words: ProblemWords, now: Date): Promise<Source> {
  const stored = await storedStockOf(prisma, shop, warehouseId);
  if (stored.readAt !== null) return { kind: "stored", skus: stored.skus, readAt: stored.readAt };
  const synced = await lastSyncOf(shop, warehouseId);
  if (synced !== null) return { kind: "stored", skus: 0, readAt: synced };
  try {
    return { kind: "live", ...(await readLive(await appPipelineDeps().provider(shop), warehouseId)), readAt: now };
  } catch (error) {
    // Live mode without a connection: the provider port says what to do.
    if (error instanceof PermanentFailure)
      return { kind: "unreachable", message: textIn(words.jobErrors, { message: error.message, say: error.said?.say }) };
    if (!(error instanceof ProviderError)) throw error;
    const message = providerProblem(error, words.providerProblems);
    log.warn({ shop, warehouseId, err: error }, "Inventory age: the provider could not be read");
    return { kind: "unreachable", message };
  }
}

/** The page of `warehouseId`'s stock by age that `query` asks for; the caller has checked the warehouse is the shop's. */
export async function readStockByAge(
  shop: string,
  warehouseId: string,
  query: Query,
  words: ProblemWords,
  now = new Date(),
): Promise<StockReading> {
  const source = await sourceOf(shop, warehouseId, words, now);
  if (source.kind === "unreachable") return source;
  const readAt = source.readAt.toISOString();
  if (source.kind === "live") {
    // Held in memory (at most LIVE_READ_MAX_PAGES pages): only its page goes to the browser.
    const { pageRows, matching, totals, page, pages } = inventoryAgeView(source.rows, query);
    const shown = { pageRows, matching, totals, page, pages };
    return { kind: "stock", shown, skus: source.rows.length, readAt, source: "live", truncated: source.truncated };
  }
  const shown = await stockByAgePage(prisma, shop, warehouseId, query);
  return { kind: "stock", shown, skus: source.skus, readAt, source: "sync", truncated: false };
}

/** Every row of `warehouseId`'s stock that `query` matches, in its order (the CSV export's), and when it was read. */
export async function readAllStockByAge(
  shop: string,
  warehouseId: string,
  query: Omit<Query, "page">,
  words: ProblemWords,
  now = new Date(),
): Promise<{ kind: "stock"; rows: ShownStockRow[]; readAt: string } | { kind: "unreachable"; message: string }> {
  const source = await sourceOf(shop, warehouseId, words, now);
  if (source.kind === "unreachable") return source;
  const rows =
    source.kind === "live"
      ? inventoryAgeView(source.rows, { ...query, page: 1 }).rows
      : await stockByAgeRows(prisma, shop, warehouseId, query);
  return { kind: "stock", rows, readAt: source.readAt.toISOString() };
}

/** A stock sync reading now, or asked for and about to (a merchant's "Read the stock again"): the page watches for its read. */
export async function stockSyncUnderWay(shop: string): Promise<boolean> {
  const [running, due] = await Promise.all([
    latestRun(prisma, shop, "STOCK_SYNC", { status: "RUNNING" }),
    // A sync never works from a catalogue not read yet: it asks for the read, which queues it again.
    workDueSoon(prisma, shop, ["stock.sync", "catalogue.read"], { withinMs: SYNC_DUE_SOON_MS }),
  ]);
  return running !== null || due;
}

/** A sync queued within this is one the merchant is waiting for, not the next on the schedule. */
const SYNC_DUE_SOON_MS = 60_000;
