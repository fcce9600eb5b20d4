/**
 * shop/update: the merchant changed the shop's settings in Shopify. Of them the app keeps the time
 * zone that the admin and alerts write dates in. It is stored in the intake's transaction (one row,
 * no call to Shopify), so the next page shows the new zone at once, not after the daily read
 * (flows/install/time-zone.server.ts). Why not a job: docs/decisions/0045 (the time-zone bullet).
 */
import type { Prisma } from "@prisma/client";
import type { TopicFacts } from "~/shopify/webhooks/payloads";
import { setWebhookReceiptStatus } from "~/stores/receipts/webhook-receipt.server";
import { saveTimeZone, storedTimeZone } from "~/stores/shops/shop-time-zone.server";

export interface ShopUpdateReceived {
  shop: string;
  receiptId: string;
  /** X-Shopify-Triggered-At: unsigned, so only when the signed body has no `updated_at`. */
  triggeredAt: Date | null;
  now: Date;
}

/**
 * Deliveries arrive in any order, and Shopify retries for hours: the zone is stored as of the shop's
 * `updated_at`, and one older than the zone the app holds changes nothing; its receipt says why. A
 * body replayed under a new event id is older too, so it cannot bring back a zone the merchant left.
 */
export async function takeShopUpdate(
  tx: Prisma.TransactionClient,
  { shop, receiptId, triggeredAt, now }: ShopUpdateReceived,
  facts: TopicFacts<"shop/update">,
): Promise<void> {
  const asOf = facts.updatedAt ?? triggeredAt ?? now;
  if (await saveTimeZone(tx, shop, facts.timeZone, asOf)) return;
  const held = await storedTimeZone(tx, shop);
  const reason =
    held.readAt === null
      ? `The app holds no settings of ${shop} yet: the time zone ${facts.timeZone} is read from Shopify when the admin next opens`
      : `Older than the time zone the app holds (${held.timeZone ?? "none"}, as of ${held.readAt.toISOString()}): ${facts.timeZone}, as of ${asOf.toISOString()}, was not stored`;
  await setWebhookReceiptStatus(tx, receiptId, "PROCESSED", reason, now);
}
