/**
 * app/uninstalled: the shop's tokens are revoked by the time it arrives, so nothing can be asked of
 * Shopify any more. Database work only, done in the intake's transaction: the shop marked
 * uninstalled (its settings stay for a reinstall; shop/redact erases them 48 hours later), its
 * sessions deleted, and its waiting jobs stopped with a reason the admin shows.
 */
import type { JobKind } from "~/flows/queue/kinds";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { deleteSessionsOfShop } from "~/stores/shops/session.server";
import { recordUninstall } from "~/stores/shops/shop.server";

/** Compliance work needs no token and must be done whether or not the app is installed. */
export const KINDS_THAT_OUTLIVE_UNINSTALL: readonly JobKind[] = ["compliance.customer-data-request", "compliance.customer-redact", "compliance.shop-redact"];

export interface Uninstalled {
  sessionsDeleted: number;
  jobsStopped: number;
}

export async function uninstallShop(tx: DatabaseOrTransaction, shop: string, now: Date): Promise<Uninstalled> {
  await recordUninstall(tx, shop, now);
  const sessionsDeleted = await deleteSessionsOfShop(tx, shop);
  // DEAD, not deleted: the admin shows them after a reinstall, and "retry" queues them again. A job
  // RUNNING now finishes or fails on its own; it cannot be stopped from here.
  const { count: jobsStopped } = await tx.job.updateMany({
    where: { shop, status: "PENDING", kind: { notIn: [...KINDS_THAT_OUTLIVE_UNINSTALL] } },
    data: {
      status: "DEAD",
      lastError: `Stopped: the app was uninstalled from ${shop} on ${now.toISOString()}`,
      finishedAt: now,
      updatedAt: now,
    },
  });
  return { sessionsDeleted, jobsStopped };
}
