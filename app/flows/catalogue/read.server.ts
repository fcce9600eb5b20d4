/**
 * Reading the catalogue: every Shopify variant (a bulk operation, so a catalogue of any size is one
 * query) and every SKU the provider knows (operation 20, page by page), kept side by side for the
 * Products page, the SKU registration and the stock sync. The run records the bulk operation's id
 * before waiting for it, so a job that dies while Shopify works picks the same operation up again.
 */
import { z } from "zod";
import { RetryLater, type JobContext } from "~/jobs/handler";
import { chunks } from "~/lib/chunks";
import { forgetProviderSkusReadBefore, saveProviderSkus } from "~/stores/catalogue/provider-skus.server";
import { finishRun, latestRun, runOf, startRun, updateRun, type SyncTrigger } from "~/stores/catalogue/sync-runs.server";
import { forgetVariantsNotIn, saveVariants } from "~/stores/catalogue/variants.server";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { recordAlert } from "~/stores/alerts/alerts.server";
import type { PipelineDeps } from "../ports/deps";
import type { ProviderPort } from "../ports/ports";
import { enqueue } from "../queue/jobs.server";
import { queueStockSync } from "../queue/stages.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { runSaid } from "~/lib/words/run-said";

/** What the run remembers between the job's turns. */
const ReadState = z.object({ bulkOperationId: z.string().optional() });

const VARIANTS_PER_TRANSACTION = 200;
/** The provider's SKUs read per page (operation 20 takes any size; 100 as the other list operations). */
const PROVIDER_SKUS_PER_PAGE = 100;

function stateOf(result: string | null): z.infer<typeof ReadState> {
  if (result === null) return {};
  try {
    return ReadState.catch({}).parse(JSON.parse(result));
  } catch {
    return {};
  }
}

/**
 * Starts a read of the catalogue, unless one is under way (then that one). Its progress is the
 * run's: the Products page shows it.
 */
export async function startCatalogueRead(db: DatabaseOrTransaction, shop: string, trigger: SyncTrigger, now = new Date()): Promise<string> {
  const running = await latestRun(db, shop, "CATALOGUE_READ", { status: "RUNNING" });
  if (running) return running.id;
  const run = await startRun(db, { shop, kind: "CATALOGUE_READ", trigger, said: runSaid("askingForCatalogue") }, now);
  await enqueue(db, { kind: "catalogue.read", shop, payload: { runId: run.id }, dedupeKey: `catalogue.read:${shop}` });
  return run.id;
}

/**
 * Every SKU the provider knows for this account, page by page. The run says how far it has got:
 * once a big catalogue's SKUs are registered, this is a couple of hundred pages after the bar is full.
 */
async function readProviderSkus(ctx: JobContext, provider: ProviderPort, shop: string, runId: string, readAt: Date): Promise<number> {
  let count = 0;
  for (let pageIndex = 0; ; pageIndex += 1) {
    const page = await provider.searchSkus({ PageIndex: pageIndex, PageSize: PROVIDER_SKUS_PER_PAGE });
    await saveProviderSkus(ctx.db, shop, page.SkuInfoList, readAt);
    count += page.SkuInfoList.length;
    if (page.SkuInfoList.length < PROVIDER_SKUS_PER_PAGE || count >= page.TotalCount) break;
    await updateRun(ctx.db, runId, { said: runSaid("readingProviderSkus", count, page.TotalCount) });
  }
  return count;
}

export async function readCatalogue(ctx: JobContext, deps: PipelineDeps, shop: string, runId: string): Promise<void> {
  const run = await runOf(ctx.db, shop, runId);
  if (run === null || run.status !== "RUNNING") return;
  const shopify = await deps.shopify(shop);
  const wait = () => new RetryLater(new Date(deps.now().getTime() + deps.policy.bulkReadPollMs), "Shopify is still reading the catalogue");
  const { bulkOperationId } = stateOf(run.result);

  if (bulkOperationId === undefined) {
    const id = await shopify.startVariantsRead();
    await updateRun(ctx.db, runId, { result: { bulkOperationId: id }, said: runSaid("shopifyReadingCatalogue") });
    throw wait();
  }
  const operation = await shopify.bulkOperation(bulkOperationId);
  if (operation === null || operation.status === "EXPIRED" || operation.status === "CANCELED") {
    // Gone or cancelled (by another app of the shop, say): ask again.
    await updateRun(ctx.db, runId, { result: {}, said: runSaid("askingForCatalogueAgain") });
    throw wait();
  }
  if (operation.status === "FAILED") {
    const said = runSaid("catalogueNotRead", operation.errorCode ?? "");
    await ctx.complete(async (tx) => {
      await finishRun(tx, runId, { status: "FAILED", said }, deps.now());
      await recordAlert(
        tx,
        {
          shop,
          key: `catalogue-read:${runId}`,
          kind: "CATALOGUE_READ_FAILED",
          path: "/app/products",
          detail: said.message,
          detailSay: { group: "runSays", parts: [said.say] },
        },
        deps.now(),
      );
    });
    return;
  }
  if (operation.status !== "COMPLETED") {
    await updateRun(ctx.db, runId, {
      processed: operation.objectCount,
      said: runSaid("variantsReadSoFar", operation.objectCount),
    });
    throw wait();
  }

  const { variants, unreadable } = operation.url === null ? { variants: [], unreadable: 0 } : await shopify.variantsOfRead(operation.url);
  await updateRun(ctx.db, runId, { total: variants.length, processed: 0, said: runSaid("savingVariants", variants.length) });
  let saved = 0;
  for (const batch of chunks(variants, VARIANTS_PER_TRANSACTION)) {
    await ctx.db.$transaction(async (tx) => {
      await saveVariants(tx, shop, runId, batch);
      saved += batch.length;
      await updateRun(tx, runId, { processed: saved });
    });
  }
  const readAt = deps.now();
  const providerSkus = await readProviderSkus(ctx, await deps.provider(shop), shop, runId, readAt);
  const withoutSku = variants.filter((variant) => variant.sku === null).length;
  await ctx.complete(async (tx) => {
    await forgetVariantsNotIn(tx, shop, runId);
    await forgetProviderSkusReadBefore(tx, shop, readAt);
    const said = runSaid("catalogueRead", variants.length, withoutSku, unreadable, providerSkus);
    await finishRun(
      tx,
      runId,
      { status: "DONE", said, result: { bulkOperationId, variants: variants.length, withoutSku, providerSkus } },
      deps.now(),
    );
    // The stock follows the catalogue: a variant read now is stocked at the warehouses it is at.
    const settings = await getShopSettings(tx, shop);
    if (settings.warehouses.some((warehouse) => warehouse.enabled && warehouse.shopifyLocationId !== null)) {
      await queueStockSync(tx, shop, deps.now(), "SETUP");
    }
  });
}
