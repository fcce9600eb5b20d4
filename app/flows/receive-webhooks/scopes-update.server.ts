/**
 * app/scopes_update: its signed body names no shop (the shop is in an unsigned header), so a body
 * replayed under another shop's header must not set that shop's scopes. The delivery is only
 * recorded; this job reads the scopes Shopify holds for the shop now and stores those.
 */
import type { KindHandler } from "~/flows/queue/job-kinds";
import { PermanentFailure } from "~/jobs/handler";
import type { AdminGraphql } from "~/shopify/admin-graphql.server";
import { readAccessScopes } from "~/shopify/access-scopes.server";
import { markReceiptsProcessed } from "~/stores/receipts/webhook-receipt.server";
import { updateOfflineSessionScopes } from "~/stores/shops/session.server";

export interface ScopesRefreshDependencies {
  adminFor(shop: string): Promise<AdminGraphql>;
}

/**
 * receive-webhooks.scopes-refresh: the shop's app/scopes_update deliveries waiting (ENQUEUED) are
 * settled together, with the offline session's scopes as Shopify grants them now.
 */
export function refreshScopesHandler(deps: ScopesRefreshDependencies): KindHandler<"receive-webhooks.scopes-refresh"> {
  return async (_payload, ctx) => {
    const { shop } = ctx;
    if (shop === null) throw new PermanentFailure("A receive-webhooks.scopes-refresh job must name its shop");
    const waiting = await ctx.db.webhookReceipt.findMany({
      where: { shop, topic: "app/scopes_update", status: "ENQUEUED" },
      select: { id: true },
    });
    if (waiting.length === 0) return;
    const scopes = await readAccessScopes(await deps.adminFor(shop));
    const sessions = await ctx.complete(async (tx) => {
      const updated = await updateOfflineSessionScopes(tx, shop, scopes);
      await markReceiptsProcessed(
        tx,
        waiting.map((receipt) => receipt.id),
        new Date(),
      );
      return updated;
    });
    ctx.logger.info({ deliveries: waiting.length, sessions, scopes }, "Access scopes read from Shopify");
  };
}
