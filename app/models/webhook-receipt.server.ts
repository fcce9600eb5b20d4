/**
 * Webhook receipts: every delivery recorded once per event, so a webhook Shopify sends again (it
 * retries until answered 200, and may deliver twice anyway) is recognised and not acted on twice.
 */
import { randomUUID } from "node:crypto";
import { Prisma, type WebhookReceiptStatus } from "@prisma/client";
import { z } from "zod";
import { inTransaction, type DatabaseOrTransaction } from "./database.server";
import { shopUninstalledAt } from "./shop.server";

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

/** The receipt's row, as the SELECT list of an INSERT (so the insert can be made conditional). */
function receiptRow(delivery: WebhookDelivery, now: Date): Prisma.Sql {
  const status = delivery.status ?? "RECORDED";
  const processedAt = status === "PROCESSED" || status === "REJECTED" ? now : null;
  return Prisma.sql`SELECT ${randomUUID()}, ${delivery.shop}, ${delivery.topic}, ${delivery.webhookId}, ${delivery.eventId}, ${delivery.apiVersion},
    ${delivery.triggeredAt ?? null}, ${now}, ${processedAt}, ${status}, ${delivery.reason ?? null}, ${delivery.payload}, ${delivery.customerId ?? null}, ${delivery.orderId ?? null}`;
}

/**
 * INSERT … ON CONFLICT DO NOTHING, one statement, so two deliveries racing in two processes cannot
 * both be recorded as new; the row only `when` the condition holds. The id of the row, or null.
 */
async function insertReceipt(tx: Prisma.TransactionClient, delivery: WebhookDelivery, now: Date, when: Prisma.Sql): Promise<string | null> {
  const [row] = InsertedRows.parse(
    await tx.$queryRaw`
      INSERT INTO "WebhookReceipt" ("id", "shop", "topic", "webhookId", "eventId", "apiVersion", "triggeredAt", "receivedAt", "processedAt", "status", "reason", "payload", "customerId", "orderId")
      ${receiptRow(delivery, now)}
      WHERE ${when}
      ON CONFLICT ("shop", "topic", "eventId") DO NOTHING
      RETURNING "id"`,
  );
  return row?.id ?? null;
}

async function earlierReceipt(tx: Prisma.TransactionClient, delivery: WebhookDelivery): Promise<RecordedReceipt> {
  const earlier = await tx.webhookReceipt.findUniqueOrThrow({
    where: { shop_topic_eventId: { shop: delivery.shop, topic: delivery.topic, eventId: delivery.eventId } },
    select: { id: true },
  });
  return { receiptId: earlier.id, duplicate: true };
}

/**
 * Records the delivery as RECORDED, or finds the receipt of the same event and topic (one event may
 * trigger several topics). Use inside the route's transaction.
 */
export function recordWebhookReceipt(db: DatabaseOrTransaction, delivery: WebhookDelivery, now = new Date()): Promise<RecordedReceipt> {
  return inTransaction(db, async (tx) => {
    const receiptId = await insertReceipt(tx, delivery, now, Prisma.sql`true`);
    return receiptId === null ? earlierReceipt(tx, delivery) : { receiptId, duplicate: false };
  });
}

/**
 * As recordWebhookReceipt, unless the app was uninstalled from the shop: then nothing is recorded
 * and the caller learns since when (to record it rejected). The intake's usual case, a new event of
 * an installed shop, is one statement: the check is the insert's condition.
 */
export function recordWebhookReceiptUnlessUninstalled(
  db: DatabaseOrTransaction,
  delivery: WebhookDelivery,
  now = new Date(),
): Promise<RecordedReceipt | { uninstalledAt: Date }> {
  return inTransaction(db, async (tx) => {
    const installed = Prisma.sql`NOT EXISTS (SELECT 1 FROM "Shop" WHERE "domain" = ${delivery.shop} AND "uninstalledAt" IS NOT NULL)`;
    const receiptId = await insertReceipt(tx, delivery, now, installed);
    if (receiptId !== null) return { receiptId, duplicate: false };
    // Uninstalled, or recorded before: only now worth a second statement to tell which.
    const uninstalledAt = await shopUninstalledAt(tx, delivery.shop);
    return uninstalledAt === null ? earlierReceipt(tx, delivery) : { uninstalledAt };
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
