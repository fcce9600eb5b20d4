/**
 * Webhook receipts: every delivery recorded once per event, so a webhook Shopify sends again (it
 * retries until answered 200, and may deliver twice anyway) is recognised and not acted on twice.
 */
import { randomUUID } from "node:crypto";
import type { Prisma, WebhookReceiptStatus } from "@prisma/client";
import { z } from "zod";
import { inTransaction, sqlFor, type DatabaseOrTransaction } from "../database/database.server";
import { shopUninstalledAt } from "../shops/shop.server";

export interface WebhookDelivery {
  shop: string;
  topic: string;
  webhookId: string;
  eventId: string;
  apiVersion: string;
  triggeredAt?: Date | null;
  /**
   * The body without the customer's fields (app/shopify/webhooks/customer-fields.ts), as received
   * when it had none: the intake removes them before the receipt is written (decision 0038).
   */
  payload: string;
  /** gid://shopify/Customer/… and gid://shopify/Order/… when the payload names them: what redaction looks for. */
  customerId?: string | null;
  orderId?: string | null;
  /** orders/create and orders/updated: the keyed digest of the shipping address, or NO_SHIPPING_ADDRESS. */
  shippingAddressDigest?: string | null;
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
 * INSERT … ON CONFLICT DO NOTHING, one statement, so two deliveries racing in two processes cannot
 * both be recorded as new; the row only when the condition holds. Returns the new row's id, or no
 * row. The SQL is shared with the intake's synchronous path (app/flows/receive-webhooks/record-at-once.server.ts).
 */
const insertReceiptWhere = (condition: string) => `
  INSERT INTO "WebhookReceipt" ("id", "shop", "topic", "webhookId", "eventId", "apiVersion", "triggeredAt", "receivedAt", "processedAt", "status", "reason", "payload", "customerId", "orderId", "shippingAddressDigest")
  SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
  WHERE ${condition}
  ON CONFLICT ("shop", "topic", "eventId") DO NOTHING
  RETURNING "id"`;

export const RECEIPT_SQL = {
  /** Arguments: receiptArgs. */
  insert: insertReceiptWhere("true"),
  /** Arguments: receiptArgs, then the shop again. */
  insertUnlessUninstalled: insertReceiptWhere(`NOT EXISTS (SELECT 1 FROM "Shop" WHERE "domain" = ? AND "uninstalledAt" IS NOT NULL)`),
  /** Arguments: shop, topic, event id. */
  earlier: `SELECT "id" FROM "WebhookReceipt" WHERE "shop" = ? AND "topic" = ? AND "eventId" = ?`,
} as const;

/** The receipt's row, in RECEIPT_SQL.insert's order. */
export function receiptArgs(delivery: WebhookDelivery, now: Date): unknown[] {
  const status = delivery.status ?? "RECORDED";
  const processedAt = status === "PROCESSED" || status === "REJECTED" ? now : null;
  return [
    randomUUID(),
    delivery.shop,
    delivery.topic,
    delivery.webhookId,
    delivery.eventId,
    delivery.apiVersion,
    delivery.triggeredAt ?? null,
    now,
    processedAt,
    status,
    delivery.reason ?? null,
    delivery.payload,
    delivery.customerId ?? null,
    delivery.orderId ?? null,
    delivery.shippingAddressDigest ?? null,
  ];
}

async function insertReceipt(tx: Prisma.TransactionClient, sql: string, args: unknown[]): Promise<string | null> {
  const [row] = InsertedRows.parse(await tx.$queryRawUnsafe(sqlFor(tx, sql), ...args));
  return row?.id ?? null;
}

async function earlierReceipt(tx: Prisma.TransactionClient, delivery: WebhookDelivery): Promise<RecordedReceipt> {
  const [row] = InsertedRows.parse(
    await tx.$queryRawUnsafe(sqlFor(tx, RECEIPT_SQL.earlier), delivery.shop, delivery.topic, delivery.eventId),
  );
  if (row === undefined) throw new Error(`The receipt of ${delivery.topic} event ${delivery.eventId} was neither inserted nor found`);
  return { receiptId: row.id, duplicate: true };
}

/**
 * Records the delivery as RECORDED, or finds the receipt of the same event and topic (one event may
 * trigger several topics). Use inside the route's transaction.
 */
export function recordWebhookReceipt(db: DatabaseOrTransaction, delivery: WebhookDelivery, now = new Date()): Promise<RecordedReceipt> {
  return inTransaction(db, async (tx) => {
    const receiptId = await insertReceipt(tx, RECEIPT_SQL.insert, receiptArgs(delivery, now));
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
    const receiptId = await insertReceipt(tx, RECEIPT_SQL.insertUnlessUninstalled, [...receiptArgs(delivery, now), delivery.shop]);
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

/** A receipt whose work a per-shop job does in batches (routing events, order updates). */
export interface WaitingReceipt {
  id: string;
  topic: string;
  /** The raw body; null once erased by a compliance request. */
  payload: string | null;
  orderId: string | null;
  /** When Shopify says the event happened (X-Shopify-Triggered-At); null if it did not say. */
  triggeredAt: Date | null;
  /** orders/updated: the keyed digest of the order's shipping address, or NO_SHIPPING_ADDRESS; null when it cannot say. */
  shippingAddressDigest: string | null;
}

/** The shop's receipts of these topics still ENQUEUED (their work not yet done), the oldest first. */
export function waitingReceipts(
  db: DatabaseOrTransaction,
  shop: string,
  topics: readonly string[],
  limit: number,
): Promise<WaitingReceipt[]> {
  return db.webhookReceipt.findMany({
    where: { shop, topic: { in: [...topics] }, status: "ENQUEUED" },
    orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true, topic: true, payload: true, orderId: true, triggeredAt: true, shippingAddressDigest: true },
  });
}

/** The topics whose payload is the whole order as it stood. */
const ORDER_TOPICS = ["orders/create", "orders/updated"];

/** shippingAddressDigest of an order that has no shipping address. */
export const NO_SHIPPING_ADDRESS = "none";

/** An order and a moment: the address as the app knew it then is asked for. */
export interface OrderAsOf {
  orderId: string;
  at: Date;
}

/**
 * The shipping address digest of each order's last orders/create or orders/updated received at or
 * before its moment: the address as the app knew it then. Null when none is kept (none received,
 * received before digests were kept, or erased by a compliance request). One read for them all, on
 * the (shop, orderId, receivedAt) index: the orders' few receipts, newest first.
 */
export async function orderAddressDigestsAsOf(
  db: DatabaseOrTransaction,
  shop: string,
  asked: readonly OrderAsOf[],
): Promise<(asked: OrderAsOf) => string | null> {
  const latest = Math.max(...asked.map(({ at }) => at.getTime()));
  const rows =
    asked.length === 0
      ? []
      : await db.webhookReceipt.findMany({
          where: {
            shop,
            orderId: { in: [...new Set(asked.map(({ orderId }) => orderId))] },
            topic: { in: ORDER_TOPICS },
            receivedAt: { lte: new Date(latest) },
            shippingAddressDigest: { not: null },
          },
          orderBy: { receivedAt: "desc" },
          select: { orderId: true, receivedAt: true, shippingAddressDigest: true },
        });
  return ({ orderId, at }) =>
    rows.find((row) => row.orderId === orderId && row.receivedAt.getTime() <= at.getTime())?.shippingAddressDigest ?? null;
}

/**
 * How long after Shopify triggered an event a receipt of it may have been recorded by our clock,
 * and before it: deliveries are retried for hours, and the two clocks differ by a little. Only
 * bounds the index range read by receiptsTriggeredSince; the exact test is on triggeredAt.
 */
const RECEIVED_AROUND_TRIGGER_MS = 10 * 60_000;

/** Every status a receipt can have: named, so that the (shop, topic, status, receivedAt) index reads a range per status. */
const ANY_STATUS: WebhookReceiptStatus[] = ["RECORDED", "ENQUEUED", "PROCESSED", "REJECTED"];

/** The shop's receipts of a topic that Shopify triggered at or after `since`, in any status: their payloads and times. */
export async function receiptsTriggeredSince(
  db: DatabaseOrTransaction,
  shop: string,
  topic: string,
  since: Date,
): Promise<{ payload: string | null; triggeredAt: Date; receivedAt: Date }[]> {
  const rows = await db.webhookReceipt.findMany({
    where: {
      shop,
      topic,
      status: { in: ANY_STATUS },
      receivedAt: { gte: new Date(since.getTime() - RECEIVED_AROUND_TRIGGER_MS) },
      triggeredAt: { gte: since },
    },
    select: { payload: true, triggeredAt: true, receivedAt: true },
  });
  return rows.flatMap((row) =>
    row.triggeredAt === null ? [] : [{ payload: row.payload, triggeredAt: row.triggeredAt, receivedAt: row.receivedAt }],
  );
}

/** Their work is done: PROCESSED, in the transaction that records what it did. */
/** A receipt's job is done: PROCESSED (a receipt erased meanwhile, by shop/redact, is fine). */
export async function markReceiptProcessed(db: DatabaseOrTransaction, receiptId: string, now: Date): Promise<void> {
  await db.webhookReceipt.updateMany({ where: { id: receiptId }, data: { status: "PROCESSED", reason: null, processedAt: now } });
}

export async function markReceiptsProcessed(db: DatabaseOrTransaction, receiptIds: readonly string[], now: Date): Promise<void> {
  if (receiptIds.length === 0) return;
  await db.webhookReceipt.updateMany({
    where: { id: { in: [...receiptIds] }, status: "ENQUEUED" },
    data: { status: "PROCESSED", reason: null, processedAt: now },
  });
}

/**
 * Announcements of requests (a fulfillment or cancellation request submitted, by webhook or by the
 * fulfillment-service callback) name no work of their own: a run that read every open request after
 * they arrived answered them. Marked PROCESSED when such a run ends, so none waits forever.
 */
export async function markAnnouncementsProcessed(
  db: DatabaseOrTransaction,
  shop: string,
  announcement: { topic: string; callbackKind: string },
  receivedBefore: Date,
  now: Date,
): Promise<void> {
  await db.webhookReceipt.updateMany({
    where: {
      shop,
      status: "ENQUEUED",
      receivedAt: { lte: receivedBefore },
      OR: [
        { topic: announcement.topic },
        { topic: "fulfillment_order_notification", payload: { contains: `"${announcement.callbackKind}"` } },
      ],
    },
    data: { status: "PROCESSED", reason: null, processedAt: now },
  });
}

/** Their stored payload can no longer be used: REJECTED with the reason, kept for support. */
export async function markReceiptsRejected(
  db: DatabaseOrTransaction,
  receiptIds: readonly string[],
  reason: string,
  now: Date,
): Promise<void> {
  if (receiptIds.length === 0) return;
  await db.webhookReceipt.updateMany({
    where: { id: { in: [...receiptIds] }, status: "ENQUEUED" },
    data: { status: "REJECTED", reason, processedAt: now },
  });
}

/**
 * Deletes receipts processed (or rejected) before the cutoff, in batches; the number deleted.
 * Receipts still waiting (RECORDED, ENQUEUED) stay whatever their age: a job has yet to read them.
 */
export async function purgeProcessedReceipts(
  db: DatabaseOrTransaction,
  { processedBefore, batchSize, signal }: { processedBefore: Date; batchSize: number; signal?: AbortSignal },
): Promise<number> {
  const done: Prisma.WebhookReceiptWhereInput = { status: { in: ["PROCESSED", "REJECTED"] }, processedAt: { lt: processedBefore } };
  let purged = 0;
  for (;;) {
    if (signal?.aborted) return purged;
    const batch = await db.webhookReceipt.findMany({ where: done, select: { id: true }, take: batchSize });
    if (batch.length === 0) return purged;
    const { count } = await db.webhookReceipt.deleteMany({ where: { ...done, id: { in: batch.map((receipt) => receipt.id) } } });
    purged += count;
    if (batch.length < batchSize) return purged;
  }
}
