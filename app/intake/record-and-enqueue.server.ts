/**
 * The webhook intake: a verified delivery is recorded once and turned into durable work, in ONE
 * database transaction, so Shopify's 200 means "it is stored and it will be done". Everything that
 * takes time (Shopify's API, the provider) happens later in a job.
 *
 * Outcomes, all answered 200 (Shopify must not send again what we have):
 * - queued: receipt ENQUEUED and its job written;
 * - processed: database-only work done in the same transaction (app/*), receipt PROCESSED;
 * - duplicate: the same event's receipt exists, nothing more done;
 * - rejected: the payload cannot be used, or came after the app was uninstalled: receipt REJECTED
 *   with the reason, kept with its payload for support.
 * A failure of the database (locked past its busy timeout, disk full) is thrown: the route answers
 * 500 and Shopify tries again later.
 *
 * The transaction holds SQLite's write lock (and, in this process, every other statement: see
 * sqlite-adapter.server.ts), so everything that can be done before it is: parsing, serialising,
 * and the receipt's status, which is decided first and written with the row.
 */
import type { Prisma } from "@prisma/client";
import { inTransaction, type DatabaseOrTransaction } from "~/models/database.server";
import { recordWebhookReceipt, recordWebhookReceiptUnlessUninstalled, type WebhookDelivery } from "~/models/webhook-receipt.server";
import { eventIdOf, triggeredAtOf, type VerifiedWebhook } from "./delivery";
import { looseReferences, parseTopicPayload, type ParsedDelivery, type PayloadParse } from "./payloads";
import { topicAsReported, type WebhookTopic } from "./topics";
import { doAtOnce, isDoneAtOnce, needsTheShopInstalled, queueWork } from "./work.server";

export type IntakeOutcome =
  | { status: "queued"; receiptId: string; jobId: string }
  | { status: "processed"; receiptId: string }
  | { status: "duplicate"; receiptId: string }
  | { status: "rejected"; receiptId: string; reason: string };

/** The route's topic and the signed X-Shopify-Topic must agree, and compliance bodies must name the signing shop. */
function checkDelivery(topic: WebhookTopic, webhook: VerifiedWebhook): PayloadParse {
  if (webhook.topic !== topicAsReported(topic)) {
    return { ok: false, reason: `Delivered to the ${topic} route, but Shopify sent it as ${webhook.topic}: check the subscriptions in shopify.app.toml` };
  }
  const parsed = parseTopicPayload(topic, webhook.payload);
  if (parsed.ok && "shopDomain" in parsed.delivery.facts && parsed.delivery.facts.shopDomain !== webhook.shop) {
    return { ok: false, reason: `The ${topic} request names the shop ${parsed.delivery.facts.shopDomain}, but was sent for ${webhook.shop}` };
  }
  return parsed;
}

/** The customer and order a receipt holds data of: what customers/redact looks them up by. */
function referencesOf(delivery: ParsedDelivery): { customerId: string | null; orderId: string | null } {
  switch (delivery.topic) {
    case "orders/create":
    case "orders/updated":
    case "orders/cancelled":
      return { customerId: delivery.facts.customerId, orderId: delivery.facts.orderId };
    case "customers/data_request":
    case "customers/redact":
      return { customerId: delivery.facts.customerId, orderId: null };
    default:
      return { customerId: null, orderId: null };
  }
}

export async function recordAndEnqueue(db: DatabaseOrTransaction, topic: WebhookTopic, webhook: VerifiedWebhook, now = new Date()): Promise<IntakeOutcome> {
  const checked = checkDelivery(topic, webhook);
  const receipt: WebhookDelivery = {
    shop: webhook.shop,
    topic,
    webhookId: webhook.webhookId,
    eventId: eventIdOf(webhook),
    apiVersion: webhook.apiVersion,
    triggeredAt: triggeredAtOf(webhook),
    payload: JSON.stringify(webhook.payload),
    ...(checked.ok ? referencesOf(checked.delivery) : looseReferences(topic, webhook.payload)),
  };
  try {
    return await inTransaction(db, (tx) => (checked.ok ? accept(tx, receipt, checked.delivery, now) : reject(tx, receipt, checked.reason, now)));
  } catch (error) {
    // Said with the delivery's names, so the log of a 500 tells which shop's event Shopify will resend.
    throw new Error(`Could not record ${topic} from ${webhook.shop} (event ${receipt.eventId}); answering 500 so that Shopify sends it again`, { cause: error });
  }
}

async function reject(tx: Prisma.TransactionClient, receipt: WebhookDelivery, reason: string, now: Date): Promise<IntakeOutcome> {
  const { receiptId, duplicate } = await recordWebhookReceipt(tx, { ...receipt, status: "REJECTED", reason }, now);
  return duplicate ? { status: "duplicate", receiptId } : { status: "rejected", receiptId, reason };
}

async function accept(tx: Prisma.TransactionClient, receipt: WebhookDelivery, delivery: ParsedDelivery, now: Date): Promise<IntakeOutcome> {
  const atOnce = isDoneAtOnce(delivery);
  // ENQUEUED before its job is written is fine: both commit together, or neither does.
  const recorded: WebhookDelivery = { ...receipt, status: atOnce ? "PROCESSED" : "ENQUEUED" };
  // Order and fulfillment-order events need the shop's token, revoked on uninstall: one that arrives
  // afterwards (late, or out of order) is kept for support but sets nothing going.
  const outcome = needsTheShopInstalled(delivery.topic) ? await recordWebhookReceiptUnlessUninstalled(tx, recorded, now) : await recordWebhookReceipt(tx, recorded, now);
  if ("uninstalledAt" in outcome) {
    return reject(tx, receipt, `The app was uninstalled from this shop on ${outcome.uninstalledAt.toISOString()}: nothing was queued`, now);
  }
  const { receiptId, duplicate } = outcome;
  if (duplicate) return { status: "duplicate", receiptId };
  if (isDoneAtOnce(delivery)) {
    await doAtOnce(tx, receipt.shop, delivery, now);
    return { status: "processed", receiptId };
  }
  const job = await queueWork(tx, { shop: receipt.shop, receiptId, eventId: receipt.eventId, now }, delivery);
  return { status: "queued", receiptId, jobId: job.jobId };
}
