/**
 * Registering SKUs with the provider (operation 16): each SKU of the run built from its variant, its
 * entry on the Products page and the shop's defaults, checked with the provider's rules first. A
 * SKU that cannot be registered is FAILED with every field and what to do; the others go on. Each
 * row's outcome is written as it is known, so the progress bar moves while the merchant watches,
 * and a job that dies resumes with the rows still PENDING: the provider answers a SKU sent twice
 * with "200, nothing changed".
 */
import { merchantSkuFor } from "~/connector/merchant-sku";
import { ProviderValidationError } from "~/fulfilment";
import type { JobContext } from "~/jobs/handler";
import { skuDefaultsOf } from "~/stores/catalogue/product-states.server";
import { saveProviderSkus } from "~/stores/catalogue/provider-skus.server";
import {
  finishRun,
  itemsAfter,
  pendingItems,
  recordItem,
  runOf,
  startRun,
  updateRun,
  type ItemSaid,
  type SyncTrigger,
} from "~/stores/catalogue/sync-runs.server";
import type { Said } from "~/lib/words/reason-said";
import { variantsWithSkus } from "~/stores/catalogue/variants.server";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import type { PipelineDeps } from "../ports/deps";
import { enqueue } from "../queue/jobs.server";
import { runSaid } from "~/lib/words/run-said";

/** Rounds one run of the job does before it queues itself again, so other shops get a turn. */
const ROUNDS_PER_RUN = 10;

/** Starts registering `skus` (store SKUs) as one run, its progress on the Products page. */
export async function startRegistration(
  db: DatabaseOrTransaction,
  shop: string,
  skus: readonly string[],
  trigger: SyncTrigger,
  now = new Date(),
): Promise<string> {
  const run = await startRun(
    db,
    { shop, kind: "SKU_REGISTER", trigger, items: skus, said: runSaid("registering", new Set(skus).size) },
    now,
  );
  await enqueue(db, { kind: "catalogue.register", shop, payload: { runId: run.id }, dedupeKey: `catalogue.register:${run.id}` });
  return run.id;
}

/** The provider's refusal of one SKU, its own words quoted; none given, the app's sentence for that, never the client's English. */
export function describeRefusal(error: ProviderValidationError): Said {
  const fields = error.errors.map((detail) => `${detail.code}: ${detail.message}`).join("; ");
  return fields === "" ? runSaid("skuRefusedUnnamed") : runSaid("skuRefused", fields);
}

/** A row's answer as one sentence of the run's words. */
const oneSentence = (said: Said): ItemSaid => ({ message: said.message, say: { group: "runSays", parts: [said.say] } });

export async function registerSkus(ctx: JobContext, deps: PipelineDeps, shop: string, runId: string): Promise<void> {
  const run = await runOf(ctx.db, shop, runId);
  if (run === null || run.status !== "RUNNING") return;
  const settings = await getShopSettings(ctx.db, shop);
  const defaults = skuDefaultsOf(settings);
  const provider = await deps.provider(shop);

  for (let round = 0; round < ROUNDS_PER_RUN; round += 1) {
    const items = await pendingItems(ctx.db, runId, deps.policy.skusPerRegistrationRound);
    if (items.length === 0) break;
    const variants = new Map(
      (
        await variantsWithSkus(
          ctx.db,
          shop,
          items.map((item) => item.key),
        )
      ).map((variant) => [variant.sku, variant]),
    );
    for (const item of items) {
      const variant = variants.get(item.key);
      if (variant === undefined) {
        await recordItem(ctx.db, runId, item.key, "FAILED", oneSentence(runSaid("skuGone")));
        continue;
      }
      const plan = merchantSkuFor(variant, settings.skus.bySku[item.key], defaults);
      if (!plan.ok) {
        // The SKU's checks run together, each kept by its sentence, as Products says them.
        await recordItem(ctx.db, runId, item.key, "FAILED", {
          message: plan.problems.map((problem) => problem.message).join(" "),
          say: { group: "skuChecks", parts: plan.problems.map((problem) => problem.say) },
        });
        continue;
      }
      try {
        const { outcome } = await provider.createMerchantSku(plan.request);
        const providerSku = plan.request.Sku === item.key ? "" : plan.request.Sku;
        await recordItem(
          ctx.db,
          runId,
          item.key,
          "DONE",
          oneSentence(outcome === "unchanged" ? runSaid("skuAlreadyRegistered", providerSku) : runSaid("skuRegistered", providerSku)),
        );
      } catch (error) {
        // The provider's "no" to this SKU is the row's outcome; anything else (network, 5xx, 429)
        // fails the job, and the row is sent again on the next attempt.
        if (!(error instanceof ProviderValidationError)) throw error;
        await recordItem(ctx.db, runId, item.key, "FAILED", oneSentence(describeRefusal(error)));
      }
    }
  }

  if ((await pendingItems(ctx.db, runId, 1)).length > 0) {
    await ctx.complete((tx) =>
      enqueue(tx, { kind: "catalogue.register", shop, payload: { runId }, dedupeKey: `catalogue.register:${runId}` }),
    );
    return;
  }
  const finished = await runOf(ctx.db, shop, runId);
  const failed = finished?.failed ?? 0;
  const registered = (finished?.processed ?? 0) - failed;
  // The approval status of every SKU registered, as the provider reports it now: it is what tells
  // Products they are registered. The run's rows are read page by page (a big catalogue's run holds
  // tens of thousands), and the run says how far it has got, so the page does not stand still.
  const pageSize = deps.policy.skusPerReadBack;
  let readBack = 0;
  for (let afterKey: string | null = null; ;) {
    const done = await itemsAfter(ctx.db, runId, "DONE", afterKey, pageSize);
    const last = done.at(-1);
    if (last === undefined) break;
    const providerSkus = done.map((item) => settings.skus.bySku[item.key]?.providerSku ?? item.key);
    const page = await provider.searchSkus({ SkuList: providerSkus, PageSize: providerSkus.length, PageIndex: 0 });
    await saveProviderSkus(ctx.db, shop, page.SkuInfoList, deps.now());
    readBack += done.length;
    await updateRun(ctx.db, runId, { said: runSaid("readingApproval", readBack, registered) });
    if (done.length < pageSize) break;
    afterKey = last.key;
  }
  const said = failed === 0 ? runSaid("registered", registered) : runSaid("registeredSomeFailed", registered, failed);
  await ctx.complete((tx) => finishRun(tx, runId, { status: "DONE", said }, deps.now()));
}
