/**
 * Shopify refusing a whole shop: 401 (the app's token was revoked: the shop is disconnected until
 * the app is opened or installed again), 402 (the shop is frozen: an unpaid bill) or 423 (locked).
 * Nothing the app sends for the shop can work then, so retrying each job for two hours and letting
 * it die would only lose work without telling anyone. Instead the shop is marked, its jobs wait, and
 * a check resumes them once Shopify answers (docs/architecture.md, "What keeps it exact").
 */
import { wakeJobs } from "~/jobs/engine/wake.server";
import type { JobContext, JobHandler } from "~/jobs/handler";
import { RetryLater } from "~/jobs/handler";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import {
  markShopifyAvailable,
  markShopifyUnavailable,
  shopifyAccessOf,
  type ShopifyAccess,
  type ShopUnavailable,
} from "~/stores/shops/shopify-access.server";
import { ShopifyShopUnavailableError } from "~/shopify/errors";
import { recordAlert } from "~/stores/alerts/alerts.server";
import { shopInstallation } from "~/stores/shops/shop.server";
import { alertDetails, alertDetailSentences } from "~/lib/words/en/alert-details";
import { saidFrom } from "~/lib/words/reason-said";
import { enqueue } from "../queue/jobs.server";
import { resumeShopPipeline } from "../queue/stages.server";
import type { PipelineDeps } from "../ports/deps";
import type { DepsSource } from "../ports/run";
import type { PipelinePolicy } from "../ports/policy";

/** Written into a waiting job's lastError ("Postponed until …: Paused: …"): how the resume finds them. */
const PAUSED = "Paused: ";

export const accessCheckKey = (shop: string) => `shop-access.check:${shop}`;

/** How Shopify refuses the shop, as a waiting job says it (in English, as a job's reason is kept); the pause's alert says it too. */
export function unavailableWords(unavailable: ShopUnavailable): string {
  return alertDetails.shopUnavailable[unavailable];
}

/** The pause's alert detail, kept by its key so a message says it in its channel's language. */
const detailSaid = saidFrom(alertDetailSentences);

function pausedReason(access: Pick<ShopifyAccess, "unavailable" | "since">): string {
  return `${PAUSED}${unavailableWords(access.unavailable)} since ${access.since.toISOString()}; the job waits until Shopify answers again`;
}

async function queueCheck(db: DatabaseOrTransaction, shop: string, at: Date): Promise<void> {
  await enqueue(db, { kind: "shop-access.check", shop, payload: { shop }, dedupeKey: accessCheckKey(shop), runAt: at });
}

/**
 * The shop's jobs wait while Shopify refuses it; a job that meets the refusal marks the shop and
 * waits too. Around every handler that may call Shopify for a shop.
 */
export function pausedWhileShopifyRefuses<Payload>(
  handler: JobHandler<Payload>,
  policy: () => Promise<PipelinePolicy>,
): JobHandler<Payload> {
  return async (payload, ctx) => {
    const shop = ctx.shop;
    if (shop === null) return handler(payload, ctx);
    const refused = await shopifyAccessOf(ctx.db, shop);
    if (refused) {
      const interval = (await policy()).shopifyAccessCheckMs;
      const checkAt = refused.checkAt ?? new Date();
      throw new RetryLater(new Date(Math.max(Date.now(), checkAt.getTime()) + interval), pausedReason(refused));
    }
    try {
      await handler(payload, ctx);
    } catch (error) {
      if (!(error instanceof ShopifyShopUnavailableError)) throw error;
      throw await pause(ctx, shop, error, (await policy()).shopifyAccessCheckMs);
    }
  };
}

/** Marks the shop refused and queues the check; the RetryLater the failing job waits with. */
async function pause(ctx: JobContext, shop: string, error: ShopifyShopUnavailableError, interval: number): Promise<RetryLater> {
  const now = new Date();
  const checkAt = new Date(now.getTime() + interval);
  await ctx.db.$transaction(async (tx) => {
    // The shop's data erased since the job began (shop/redact, which deleted this job too): nothing
    // to mark, to check later or to tell; a check or an alert written now would outlive the erasure.
    if ((await shopInstallation(tx, shop)) === "unknown") return;
    const newly = await markShopifyUnavailable(tx, shop, { unavailable: error.unavailable, message: error.message, checkAt }, now);
    await queueCheck(tx, shop, checkAt);
    // Told once per pause: the merchant is the one who can settle the bill or open the app again.
    if (newly) {
      const detail = detailSaid("shopPaused", now.toISOString(), error.unavailable);
      await recordAlert(
        tx,
        {
          shop,
          key: `shop-paused:${now.getTime()}`,
          kind: "SHOP_PAUSED",
          path: "/app",
          detail: detail.message,
          detailSay: { group: "alertDetails", parts: [detail.say] },
        },
        now,
      );
      ctx.logger.warn(
        { shop, status: error.status, unavailable: error.unavailable },
        "Shopify refuses the shop: its jobs wait until it answers again",
      );
    }
  });
  return new RetryLater(new Date(checkAt.getTime() + interval), pausedReason({ unavailable: error.unavailable, since: now }));
}

/** Jobs waiting for the shop run at once; the pipeline's stages are queued where they stood. */
export async function resumeAfterRefusal(db: DatabaseOrTransaction, shop: string, now: Date): Promise<void> {
  const paused = { shop, status: "PENDING" as const, lastError: { contains: PAUSED } };
  const waiting = await db.job.findMany({ where: paused, select: { id: true } });
  await db.job.updateMany({ where: { ...paused, id: { in: waiting.map((job) => job.id) } }, data: { runAt: now } });
  await wakeJobs(
    db,
    waiting.map((job) => job.id),
  );
  await resumeShopPipeline(db, shop, now);
}

/** Shopify answers again (an install, a new token): the shop's mark cleared and its work resumed. */
export async function shopifyAnswersAgain(db: DatabaseOrTransaction, shop: string, now: Date): Promise<boolean> {
  const wasRefused = await markShopifyAvailable(db, shop);
  if (wasRefused) await resumeAfterRefusal(db, shop, now);
  return wasRefused;
}

/** shop-access.check: ask Shopify again; resume when it answers, else ask again later. */
export async function checkShopifyAccess(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  const refused = await shopifyAccessOf(ctx.db, shop);
  if (refused === null) return;
  const now = deps.now();
  try {
    await (await deps.shopify(shop)).checkAccess();
  } catch (error) {
    if (!(error instanceof ShopifyShopUnavailableError)) throw error;
    const checkAt = new Date(now.getTime() + deps.policy.shopifyAccessCheckMs);
    await markShopifyUnavailable(ctx.db, shop, { unavailable: error.unavailable, message: error.message, checkAt }, now);
    throw new RetryLater(checkAt, `Shopify still refuses: ${unavailableWords(error.unavailable)}`);
  }
  await ctx.complete(async (tx) => {
    await shopifyAnswersAgain(tx, shop, now);
  });
  ctx.logger.info({ shop, refusedSince: refused.since.toISOString() }, "Shopify answers for the shop again: its jobs resume");
}

export function withShopAccess(deps: DepsSource): <Payload>(handler: JobHandler<Payload>) => JobHandler<Payload> {
  const policy = async () => (await deps()).policy;
  return (handler) => pausedWhileShopifyRefuses(handler, policy);
}
