/**
 * app/uninstalled: the shop's tokens are revoked by the time it arrives, so what it does is database
 * work: the shop marked uninstalled (its settings stay for a reinstall; shop/redact erases them 48
 * hours later), its sessions deleted, its waiting jobs stopped with a reason the admin shows. Its
 * shop header is not signed, so the intake only records it, and the shop's confirmation job acts once
 * Shopify itself refuses the shop's token. Why: docs/decisions/0014-hardening-intake-keys-and-addresses.md.
 */
import type { JobKind, KindHandler } from "~/flows/queue/job-kinds";
import { PermanentFailure } from "~/jobs/handler";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { markReceiptsProcessed, markReceiptsRejected } from "~/stores/receipts/webhook-receipt.server";
import { deleteSessionsOfShop } from "~/stores/shops/session.server";
import { forgetCarrierService, recordUninstall } from "~/stores/shops/shop.server";
import { stopAlerts } from "~/stores/alerts/outbox.server";
import { jobErrorSaid } from "~/lib/words/job-error-said";

/**
 * Compliance work needs no token and must be done whether or not the app is installed; a
 * confirmation queued behind the running one still has deliveries to settle.
 */
export const KINDS_THAT_OUTLIVE_UNINSTALL: readonly JobKind[] = [
  "compliance.customer-data-request",
  "compliance.customer-redact",
  "compliance.shop-redact",
  "receive-webhooks.uninstall-confirm",
];

/**
 * What Shopify says of the shop's stored offline token: refused (401, or no such shop), accepted,
 * or there is no token to ask with (never installed, or the sessions are gone already).
 */
export type TokenVerdict = "refused" | "accepted" | "no-token";

export interface UninstallConfirmationDependencies {
  tokenVerdict(shop: string): Promise<TokenVerdict>;
}

export const UNINSTALL_NOT_CONFIRMED =
  "Shopify still accepts the app's token for this shop, so the app is installed there: the delivery was kept and nothing was changed";

export interface Uninstalled {
  sessionsDeleted: number;
  jobsStopped: number;
}

export async function uninstallShop(tx: DatabaseOrTransaction, shop: string, now: Date): Promise<Uninstalled> {
  await recordUninstall(tx, shop, now);
  await forgetCarrierService(tx, shop);
  const sessionsDeleted = await deleteSessionsOfShop(tx, shop);
  // The merchant is told nothing more: what waits to be sent is dropped (recordAlerts records no more).
  await stopAlerts(tx, shop);
  // DEAD, not deleted: the admin shows them after a reinstall, and "retry" queues them again. A job
  // RUNNING now finishes or fails on its own; it cannot be stopped from here.
  const stopped = jobErrorSaid("stoppedByUninstall", shop, now.toISOString());
  const { count: jobsStopped } = await tx.job.updateMany({
    where: { shop, status: "PENDING", kind: { notIn: [...KINDS_THAT_OUTLIVE_UNINSTALL] } },
    data: {
      status: "DEAD",
      // Said as a sentence: the stopped jobs list says it in the merchant's language.
      lastError: stopped.message,
      lastErrorSay: JSON.stringify(stopped.say),
      finishedAt: now,
      updatedAt: now,
    },
  });
  return { sessionsDeleted, jobsStopped };
}

/**
 * receive-webhooks.uninstall-confirm: the shop's app/uninstalled deliveries waiting (ENQUEUED) are settled
 * together. Refused, or no token: the shop is uninstalled and they are PROCESSED. Accepted: they
 * are REJECTED with the reason. A failure to ask (network, Shopify's 5xx) retries the job.
 */
export function confirmUninstallHandler(deps: UninstallConfirmationDependencies): KindHandler<"receive-webhooks.uninstall-confirm"> {
  return async (_payload, ctx) => {
    const { shop } = ctx;
    if (shop === null) throw new PermanentFailure("A receive-webhooks.uninstall-confirm job must name its shop");
    const waiting = await ctx.db.webhookReceipt.findMany({
      where: { shop, topic: "app/uninstalled", status: "ENQUEUED" },
      select: { id: true },
    });
    if (waiting.length === 0) return;
    const ids = waiting.map((receipt) => receipt.id);
    const verdict = await deps.tokenVerdict(shop);
    const now = new Date();
    if (verdict === "accepted") {
      await ctx.complete((tx) => markReceiptsRejected(tx, ids, UNINSTALL_NOT_CONFIRMED, now));
      ctx.logger.warn({ deliveries: ids.length }, "app/uninstalled not confirmed: Shopify accepts the shop's token; nothing was changed");
      return;
    }
    const done = await ctx.complete(async (tx) => {
      const uninstalled = await uninstallShop(tx, shop, now);
      await markReceiptsProcessed(tx, ids, now);
      return uninstalled;
    });
    ctx.logger.info({ verdict, deliveries: ids.length, ...done }, "Uninstalled: Shopify refuses the shop's token");
  };
}
