/**
 * The stock sync: each enabled warehouse's stock at the provider (operation 19, TotalStockQty by
 * SKU) becomes on_hand at the warehouse's Shopify location, for the variants whose SKU the provider
 * knows (and for kits, what their components make), and never anywhere else. Reads first, then compare-and-set writes keyed by the run and the
 * change, so a fulfilment meanwhile or a retried job never applies a level twice. Why on_hand, and
 * why created but unfulfilled packages are added back: docs/decisions/0013-stock-sync-writes-on-hand.md.
 */
import { recordAlert, type NewAlert } from "~/stores/alerts/alerts.server";
import { createHash } from "node:crypto";
import type { CatalogueVariant } from "@prisma/client";
import { RetryLater, type JobContext } from "~/jobs/handler";
import { isRunningBehindAnother } from "~/jobs/one-at-a-time.server";
import { chunks } from "~/lib/chunks";
import { ShopifyUserError } from "~/shopify/errors";
import { InventoryItemGid, LocationGid } from "~/shopify/ids";
import type { StockLevel } from "~/shopify/inventory.server";
import { kitsAvailable, kitsUsing, type Kits } from "~/connector/kits";
import { kitsOf } from "~/stores/catalogue/kits.server";
import { providerSkusOf } from "~/stores/catalogue/provider-skus.server";
import { finishRun, latestRun, startRun, updateRun, type SyncTrigger } from "~/stores/catalogue/sync-runs.server";
import { allVariants, variantLabel } from "~/stores/catalogue/variants.server";
import { unitsCreatedNotFulfilled } from "~/stores/shipments/shipments-in-state.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import type { ShopSettings } from "~/stores/shops/shop-settings";
import { parseStockSyncResult, type StockSyncResult } from "~/stores/stock/stock-sync-result";
import { AGE_BANDS, type AgeBands } from "~/connector/inventory-age";
import { replaceWarehouseStock } from "~/stores/stock/warehouse-stock.server";
import type { PipelineDeps } from "../ports/deps";
import type { ProviderPort, ShopifyPort } from "../ports/ports";
import { startCatalogueRead } from "../catalogue/read.server";
import { queueStockSync } from "../queue/stages.server";
import { runSaid } from "~/lib/words/run-said";
import type { Said } from "~/lib/words/reason-said";

/** Shopify's limit on input arrays. */
const QUANTITIES_PER_SET = 250;
const ACTIVATIONS_PER_CALL = 25;
/** inventoryAge's largest page. */
const STOCK_ROWS_PER_PAGE = 100;
/** A chunk refused as stale is read and tried again this often before its items are reported. */
const STALE_ATTEMPTS = 3;
const MAX_CHANGES_KEPT = 500;

interface ProviderStock {
  total: number;
  storageNo: string | null;
  bands: AgeBands;
}

/** A warehouse's whole stock at the provider, page by page. */
async function providerStockOf(provider: ProviderPort, warehouseId: string): Promise<Map<string, ProviderStock>> {
  const stock = new Map<string, ProviderStock>();
  for (let pageIndex = 0; ; pageIndex += 1) {
    const page = await provider.inventoryAge({ WarehouseId: warehouseId, PageIndex: pageIndex, PageSize: STOCK_ROWS_PER_PAGE });
    for (const row of page.InventoryAges) {
      const bands = Object.fromEntries(AGE_BANDS.map((band) => [band, row[band] ?? 0])) as AgeBands;
      stock.set(row.Sku, { total: Math.max(0, Math.trunc(row.TotalStockQty)), storageNo: row.StorageNo ?? null, bands });
    }
    if (page.InventoryAges.length < STOCK_ROWS_PER_PAGE || pageIndex + 1 >= page.TotalPage) break;
  }
  return stock;
}

/** The provider's SKU a variant is sold as: its entry on the Products page, or its own SKU. */
const providerSkuOf = (settings: ShopSettings, sku: string) => settings.skus.bySku[sku]?.providerSku ?? sku;

/**
 * The kits' variants at a warehouse: on hand, what their components make there (decision 0047).
 * A component's units are counted as its own variant's are (decision 0013: the provider's stock
 * plus what it created that Shopify has not fulfilled), so a kit ordered and not yet fulfilled is
 * still on hand, and Shopify's committed count takes it off what it may sell.
 */
function kitTargets(
  kits: Kits,
  kitVariants: ReadonlyMap<string, (CatalogueVariant & { sku: string })[]>,
  here: {
    stock: ReadonlyMap<string, ProviderStock>;
    created: ReadonlyMap<string, number>;
    registered: ReadonlyMap<string, unknown>;
    levelsByItem: ReadonlyMap<string, StockLevel>;
  },
): Target[] {
  const made = kitsAvailable(kits, (sku) => (here.stock.get(sku)?.total ?? 0) + (here.created.get(sku) ?? 0));
  const targets: Target[] = [];
  for (const [kitSku, sharing] of kitVariants) {
    const variant = sharing[0];
    const components = kits[kitSku] ?? [];
    if (variant === undefined || sharing.length > 1 || !variant.tracked) continue;
    const known = components.some((component) => here.stock.has(component.sku) || here.registered.has(component.sku));
    if (!known && !here.levelsByItem.has(variant.inventoryItemId)) continue;
    targets.push({ variant, providerSku: kitSku, onHand: made.get(kitSku) ?? 0 });
  }
  return targets;
}

/** What one item at the location should hold. */
interface Target {
  variant: CatalogueVariant & { sku: string };
  providerSku: string;
  onHand: number;
}

function keyOf(runId: string, what: string, input: unknown): string {
  return `${what}-${runId}-${createHash("sha256").update(JSON.stringify(input)).digest("hex").slice(0, 24)}`;
}

const isStale = (error: unknown) => error instanceof ShopifyUserError && error.hasCode("CHANGE_FROM_QUANTITY_STALE");

interface WarehouseOutcome {
  changed: StockSyncResult["changes"];
  unchanged: number;
  activated: number;
  refused: StockSyncResult["refused"];
}

/**
 * Sets the targets whose on_hand differs, a chunk at a time; a stale chunk is read again. The
 * levels were read first (Shopify's at the location, then our created packages, then the provider);
 * a level that changed meanwhile (a fulfilment) makes the write stale, and the chunk is read and
 * computed again rather than overwritten. Idempotency keys name the run and the exact change, so a
 * job retried after a crash replays Shopify's answer instead of applying it twice.
 */
async function writeLevels(
  shopify: ShopifyPort,
  runId: string,
  warehouseId: string,
  locationId: LocationGid,
  targets: readonly Target[],
  levelsAtStart: ReadonlyMap<string, StockLevel>,
): Promise<WarehouseOutcome> {
  const outcome: WarehouseOutcome = { changed: [], unchanged: 0, activated: 0, refused: [] };
  const stocked = targets.filter((target) => levelsAtStart.has(target.variant.inventoryItemId));
  const unstocked = targets.filter((target) => !levelsAtStart.has(target.variant.inventoryItemId) && target.onHand > 0);
  outcome.unchanged += targets.length - stocked.length - unstocked.length;

  for (const chunk of chunks(stocked, QUANTITIES_PER_SET)) {
    let levels = levelsAtStart;
    for (let attempt = 1; ; attempt += 1) {
      const changes = chunk.flatMap((target) => {
        const before = levels.get(target.variant.inventoryItemId)?.onHand ?? 0;
        return before === target.onHand ? [] : [{ target, before }];
      });
      if (attempt === 1) outcome.unchanged += chunk.length - changes.length;
      if (changes.length === 0) break;
      const quantities = changes.map(({ target, before }) => ({
        inventoryItemId: InventoryItemGid.parse(target.variant.inventoryItemId),
        locationId,
        quantity: target.onHand,
        changeFromQuantity: before,
      }));
      try {
        await shopify.setOnHand({
          idempotencyKey: keyOf(runId, "stock", quantities),
          referenceDocumentUri: `gid://fulfilment-connector/StockSync/${runId}`,
          quantities,
        });
        for (const { target, before } of changes) {
          outcome.changed.push({
            warehouseId,
            sku: target.variant.sku,
            variant: variantLabel(target.variant),
            before,
            after: target.onHand,
          });
        }
        break;
      } catch (error) {
        if (!isStale(error)) throw error;
        if (attempt >= STALE_ATTEMPTS) {
          for (const { target } of changes) {
            outcome.refused.push({ warehouseId, sku: target.variant.sku, ...runSaid("countKeptChanging") });
          }
          break;
        }
        // A fulfilment (or a person) changed a count since it was read: read again, compute again.
        levels = new Map<string, StockLevel>(((await shopify.stockAt(locationId)) ?? []).map((level) => [level.inventoryItemId, level]));
      }
    }
  }

  for (const chunk of chunks(unstocked, ACTIVATIONS_PER_CALL)) {
    const activations = chunk.map((target) => ({
      inventoryItemId: InventoryItemGid.parse(target.variant.inventoryItemId),
      locationId,
      onHand: target.onHand,
      idempotencyKey: keyOf(runId, "stock-activate", [target.variant.inventoryItemId, locationId, target.onHand]),
    }));
    const { refused } = await shopify.activateStock(activations);
    const refusedItems = new Map(refused.map((entry) => [entry.inventoryItemId, entry.message]));
    for (const target of chunk) {
      const message = refusedItems.get(target.variant.inventoryItemId);
      if (message !== undefined) {
        outcome.refused.push({ warehouseId, sku: target.variant.sku, ...runSaid("notStockedAtLocation", message) });
        continue;
      }
      outcome.activated += 1;
      outcome.changed.push({
        warehouseId,
        sku: target.variant.sku,
        variant: variantLabel(target.variant),
        before: null,
        after: target.onHand,
      });
    }
  }
  return outcome;
}

/** The shop's run to resume (its job died while syncing), or a new one. */
async function runToUse(ctx: JobContext, shop: string, trigger: SyncTrigger, now: Date): Promise<string> {
  const running = await latestRun(ctx.db, shop, "STOCK_SYNC", { status: "RUNNING" });
  if (running) return running.id;
  return (await startRun(ctx.db, { shop, kind: "STOCK_SYNC", trigger, said: runSaid("readingStock") }, now)).id;
}

/**
 * Why a sync gave no variant any stock although the provider holds some: in words that say what to
 * do, since Shopify then sends no order to the warehouses.
 */
function nothingWrittenBecause(result: StockSyncResult, variantsWithSku: number): Said {
  const skus = new Set(result.providerOnly.map((row) => row.sku)).size;
  if (variantsWithSku === 0) return runSaid("nothingWrittenNoSkus");
  if (result.notTracked.length > 0 && skus === 0) return runSaid("nothingWrittenNotTracked", result.notTracked.length);
  return runSaid("nothingWrittenNoMatch", skus);
}

/** How soon a sync that found another of the shop's running looks again. */
const WAIT_FOR_RUNNING_SYNC_MS = 1_000;

/**
 * Whether the catalogue can be synced from: "read" when its last read is done; "failed" when it
 * could never be read; otherwise the job waits (RetryLater) for the read under way, starting one
 * when none was ever asked for. The catalogue read queues a stock sync when it is done.
 */
async function catalogueToSyncFrom(ctx: JobContext, deps: PipelineDeps, shop: string, runId: string): Promise<"read" | "failed"> {
  const latest = await latestRun(ctx.db, shop, "CATALOGUE_READ");
  if (latest === null) await startCatalogueRead(ctx.db, shop, "SETUP", deps.now());
  else if (latest.status === "DONE") return "read";
  // A read that failed after an earlier one succeeded: that catalogue is still the best known.
  else if (latest.status === "FAILED")
    return (await latestRun(ctx.db, shop, "CATALOGUE_READ", { status: "DONE" })) === null ? "failed" : "read";
  await updateRun(ctx.db, runId, { said: runSaid("waitingForCatalogue") });
  throw new RetryLater(new Date(deps.now().getTime() + deps.policy.bulkReadPollMs), "Waiting for the shop's catalogue to be read");
}

export async function syncStock(ctx: JobContext, deps: PipelineDeps, shop: string, trigger: SyncTrigger): Promise<void> {
  const now = deps.now();
  // Two at once would read and write the same counts; the second waits (it still runs after).
  if (await isRunningBehindAnother(ctx.db, ctx.jobId, now)) {
    throw new RetryLater(new Date(now.getTime() + WAIT_FOR_RUNNING_SYNC_MS), "Another stock sync of this shop is running");
  }
  const settings = await getShopSettings(ctx.db, shop);
  const runId = await runToUse(ctx, shop, trigger, now);
  const next = () => (settings.stockSync.enabled ? new Date(deps.now().getTime() + settings.stockSync.intervalMinutes * 60_000) : null);
  const warehouses = settings.warehouses.filter((warehouse) => warehouse.enabled);
  const result: StockSyncResult = {
    warehouses: [],
    changes: [],
    changesLeftOut: 0,
    providerOnly: [],
    unknownToProvider: [],
    notTracked: [],
    sharedSkus: [],
    refused: [],
    mismatches: [],
    problemsFound: null,
  };

  if (warehouses.length === 0) {
    await ctx.complete(async (tx) => {
      await finishRun(tx, runId, { status: "DONE", said: runSaid("noWarehouseEnabled"), result }, deps.now());
      const at = next();
      if (at !== null) await queueStockSync(tx, shop, at, "SCHEDULE");
    });
    return;
  }

  // The variants the sync writes for are the catalogue's as last read: never one missing, or one
  // being read right now (a first warehouse saved starts both: the read goes first).
  const catalogue = await catalogueToSyncFrom(ctx, deps, shop, runId);
  if (catalogue === "failed") {
    await ctx.complete(async (tx) => {
      await finishRun(tx, runId, { status: "DONE", said: runSaid("catalogueUnreadable"), result }, deps.now());
    });
    return;
  }

  const shopify = await deps.shopify(shop);
  const provider = await deps.provider(shop);
  const registered = await providerSkusOf(ctx.db, shop);
  const variants = (await allVariants(ctx.db, shop)).filter(
    (variant): variant is CatalogueVariant & { sku: string } => variant.sku !== null,
  );
  const kits = await kitsOf(ctx.db, shop);
  const components = kitsUsing(kits);
  // A kit's variant is stocked from its components (below), never as a SKU of the provider's.
  const kitVariants = new Map<string, (CatalogueVariant & { sku: string })[]>();
  const byProviderSku = new Map<string, (CatalogueVariant & { sku: string })[]>();
  for (const variant of variants) {
    if (kits[variant.sku] !== undefined) {
      kitVariants.set(variant.sku, [...(kitVariants.get(variant.sku) ?? []), variant]);
      continue;
    }
    const sku = providerSkuOf(settings, variant.sku);
    byProviderSku.set(sku, [...(byProviderSku.get(sku) ?? []), variant]);
  }
  for (const [sku, sharing] of [...byProviderSku, ...kitVariants]) {
    if (sharing.length > 1) result.sharedSkus.push({ sku, variants: sharing.map(variantLabel) });
  }
  await updateRun(ctx.db, runId, { total: warehouses.length * variants.length, processed: 0 });

  let processed = 0;
  /** Variants given a quantity above 0 at some warehouse: what Shopify can now sell there. */
  let stockedVariants = 0;
  const notTracked = new Set<string>();
  for (const warehouse of warehouses) {
    const summary = {
      warehouseId: warehouse.warehouseId,
      providerSkus: 0,
      changed: 0,
      unchanged: 0,
      activated: 0,
      problem: null as string | null,
      problemSay: null as Said["say"] | null,
      providerUnits: 0,
      stocked: 0,
      checked: 0,
      mismatched: 0,
    };
    result.warehouses.push(summary);
    if (warehouse.shopifyLocationId === null) {
      ({ message: summary.problem, say: summary.problemSay } = runSaid("locationNotCreated"));
      continue;
    }
    const locationId = LocationGid.parse(warehouse.shopifyLocationId);
    // Order matters (decision 0013): Shopify's counts first, so that any fulfilment after this
    // read makes the write stale instead of being counted twice.
    const levels = await shopify.stockAt(locationId);
    if (levels === null) {
      ({ message: summary.problem, say: summary.problemSay } = runSaid("locationGone"));
      continue;
    }
    const levelsByItem = new Map<string, StockLevel>(levels.map((level) => [level.inventoryItemId, level]));
    const created = await unitsCreatedNotFulfilled(ctx.db, shop, warehouse.warehouseId);
    const stock = await providerStockOf(provider, warehouse.warehouseId);
    summary.providerSkus = stock.size;
    await replaceWarehouseStock(
      ctx.db,
      shop,
      warehouse.warehouseId,
      [...stock].map(([sku, row]) => ({ sku, ...row })),
      deps.now(),
    );

    const targets: Target[] = [];
    for (const [providerSku, sharing] of byProviderSku) {
      const variant = sharing[0];
      if (variant === undefined) continue;
      const known = stock.has(providerSku) || registered.has(providerSku);
      const stockedHere = levelsByItem.has(variant.inventoryItemId);
      if (sharing.length > 1 || (!known && !stockedHere)) continue;
      if (!variant.tracked) {
        if (known && !notTracked.has(variant.sku)) {
          notTracked.add(variant.sku);
          result.notTracked.push({ sku: variant.sku, variant: variantLabel(variant) });
        }
        continue;
      }
      if (!known) result.unknownToProvider.push({ warehouseId: warehouse.warehouseId, sku: variant.sku, variant: variantLabel(variant) });
      targets.push({ variant, providerSku, onHand: (stock.get(providerSku)?.total ?? 0) + (created.get(providerSku) ?? 0) });
    }
    targets.push(...kitTargets(kits, kitVariants, { stock, created, registered, levelsByItem }));
    for (const [sku, row] of stock) {
      // A kit's component is sold, as part of the kit.
      if (!byProviderSku.has(sku) && !components.has(sku) && row.total > 0)
        result.providerOnly.push({ warehouseId: warehouse.warehouseId, sku, total: row.total });
    }

    summary.stocked = targets.filter((target) => target.onHand > 0).length;
    stockedVariants += summary.stocked;
    const outcome = await writeLevels(shopify, runId, warehouse.warehouseId, locationId, targets, levelsByItem);
    summary.changed = outcome.changed.length;
    summary.unchanged = outcome.unchanged;
    summary.activated = outcome.activated;
    summary.providerUnits = [...stock.values()].reduce((units, row) => units + row.total, 0);
    // Read back, not assumed: what Shopify now holds at the location for each variant written for.
    const written = new Map<string, StockLevel>(((await shopify.stockAt(locationId)) ?? []).map((level) => [level.inventoryItemId, level]));
    for (const target of targets) {
      const now = written.get(target.variant.inventoryItemId)?.onHand ?? null;
      summary.checked += 1;
      if ((now ?? 0) === target.onHand) continue;
      summary.mismatched += 1;
      if (result.mismatches.length < 50) {
        result.mismatches.push({ warehouseId: warehouse.warehouseId, sku: target.variant.sku, shopify: now, provider: target.onHand });
      }
    }
    result.changes.push(...outcome.changed);
    result.refused.push(...outcome.refused);
    processed += variants.length;
    await updateRun(ctx.db, runId, { processed, said: runSaid("warehouseSynced", warehouse.warehouseId) });
  }

  result.changesLeftOut = Math.max(0, result.changes.length - MAX_CHANGES_KEPT);
  result.changes = result.changes.slice(0, MAX_CHANGES_KEPT);
  const changed = result.warehouses.reduce((total, w) => total + w.changed, 0);
  const unchanged = result.warehouses.reduce((total, w) => total + w.unchanged, 0);
  const problems =
    result.warehouses.filter((w) => w.problem !== null).length + (result.refused.length > 0 || result.mismatches.length > 0 ? 1 : 0);
  const providerUnits = result.warehouses.reduce((total, w) => total + w.providerUnits, 0);
  const said =
    stockedVariants === 0 && providerUnits > 0
      ? nothingWrittenBecause(result, variants.length)
      : runSaid("stockSynced", changed, unchanged, result.warehouses.length, problems);
  const nothingWritten = stockedVariants === 0 && providerUnits > 0;
  await ctx.complete(async (tx) => {
    if (problems > 0 || nothingWritten) {
      const previous = await latestRun(tx, shop, "STOCK_SYNC", { status: "DONE" });
      result.problemsFound = problemsFound(result, nothingWritten, runId, parseStockSyncResult(previous?.result ?? null));
      await recordAlert(tx, stockProblemsAlert(shop, result.problemsFound, said), deps.now());
    }
    await finishRun(tx, runId, { status: "DONE", said, result }, deps.now());
    const at = next();
    if (at !== null) await queueStockSync(tx, shop, at, "SCHEDULE");
  });
}

/**
 * The problems a sync left for the merchant, as one event: the same set found by the sync before
 * (the next scheduled one, a merchant's "sync now") is the same event, told once; a set that was
 * gone and comes back, or a different one, is a new event.
 */
function problemsFound(
  result: StockSyncResult,
  nothingWritten: boolean,
  runId: string,
  previous: StockSyncResult | null,
): NonNullable<StockSyncResult["problemsFound"]> {
  const problems = [
    ...(nothingWritten ? ["nothing-written"] : []),
    ...result.warehouses.flatMap((w) => (w.problem === null ? [] : [`w ${w.warehouseId} ${w.problem}`])),
    ...result.refused.map((r) => `r ${r.warehouseId} ${r.sku}`),
    ...result.mismatches.map((m) => `m ${m.warehouseId} ${m.sku}`),
  ].sort();
  const digest = createHash("sha256").update(problems.join("\n")).digest("hex").slice(0, 24);
  const since = previous?.problemsFound?.digest === digest ? previous.problemsFound.since : runId;
  return { digest, since };
}

function stockProblemsAlert(shop: string, found: NonNullable<StockSyncResult["problemsFound"]>, said: Said): NewAlert {
  return {
    shop,
    key: `stock-sync:${found.digest}:${found.since}`,
    kind: "STOCK_SYNC_PROBLEMS",
    path: "/app/stock",
    detail: said.message,
    detailSay: { group: "runSays", parts: [said.say] },
  };
}
