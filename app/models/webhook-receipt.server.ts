/**
 * Webhook receipts: every delivery recorded once per event, so a webhook Shopify sends again (it
 * retries until answered 200, and may deliver twice anyway) is recognised and not acted on twice.
 */
import { randomUUID } from "node:crypto";
import type { WebhookReceiptStatus } from "@prisma/client";
import { z } from "zod";
import { inTransaction, type DatabaseOrTransaction } from "./database.server";

export interface WebhookDelivery {
  shop: string;
  topic: string;
  webhookId: string;
  eventId: string;
  apiVersion: string;
  triggeredAt?: Date | null;
  /** The raw body as received. */
  payload: string;
  /** gid://shopify/Customer/… and gid://shopify/Order/… when the payload names them: what redaction looks for. */
  customerId?: string | null;
  orderId?: string | null;
  /**
   * What the caller already decided about it, written with the row (one statement fewer in the
   * route's transaction): RECORDED when nothing is decided yet. PROCESSED and REJECTED set processedAt.
   */
  status?: WebhookReceiptStatus;
  reason?: string | null;
}

export interface RecordedReceipt {
  receiptId: string;
  /** True when this event was recorded before: the caller answers 200 and does nothing more. */
  duplicate: boolean;
}

const InsertedRows = z.array(z.object({ id: z.string() }));

/**
 * Records the delivery as RECORDED, or finds the receipt of the same event and topic (one event may
 * trigger several topics). Use inside the route's transaction.
 */
export function recordWebhookReceipt(db: DatabaseOrTransaction, delivery: WebhookDelivery, now = new Date()): Promise<RecordedReceipt> {
  const status = delivery.status ?? "RECORDED";
  const processedAt = status === "PROCESSED" || status === "REJECTED" ? now : null;
  return inTransaction(db, async (tx) => {
    // One statement, so two deliveries racing in two processes cannot both be recorded as new.
    const inserted = InsertedRows.parse(
      await tx.$queryRaw`
        INSERT INTO "WebhookReceipt" ("id", "shop", "topic", "webhookId", "eventId", "apiVersion", "triggeredAt", "receivedAt", "processedAt", "status", "reason", "payload", "customerId", "orderId")
        VALUES (${randomUUID()}, ${delivery.shop}, ${delivery.topic}, ${delivery.webhookId}, ${delivery.eventId}, ${delivery.apiVersion},
                ${delivery.triggeredAt ?? null}, ${now}, ${processedAt}, ${status}, ${delivery.reason ?? null}, ${delivery.payload}, ${delivery.customerId ?? null}, ${delivery.orderId ?? null})
        ON CONFLICT ("shop", "topic", "eventId") DO NOTHING
        RETURNING "id"`,
    );
    const [row] = inserted;
    if (row) return { receiptId: row.id, duplicate: false };
    const earlier = await tx.webhookReceipt.findUniqueOrThrow({
      where: { shop_topic_eventId: { shop: delivery.shop, topic: delivery.topic, eventId: delivery.eventId } },
      select: { id: true },
    });
    return { receiptId: earlier.id, duplicate: true };
  });
}

/** ENQUEUED once its job is queued, PROCESSED when the job finished, REJECTED with why. */
export async function setWebhookReceiptStatus(
  db: DatabaseOrTransaction,
  receiptId: string,
  status: Exclude<WebhookReceiptStatus, "RECORDED">,
  reason: string | null = null,
  now = new Date(),
): Promise<void> {
  await db.webhookReceipt.update({
    where: { id: receiptId },
    data: { status, reason, processedAt: status === "ENQUEUED" ? null : now },
  });
}
