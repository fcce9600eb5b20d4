/**
 * The webhook intake: a verified delivery is recorded once and turned into durable work, in ONE
 * database transaction, so Shopify's 200 means "it is stored and it will be done". Everything that
 * takes time (Shopify's API, the provider) happens later in a job. Only the body is signed, so a
 * destructive topic is never acted on by the headers' word alone (acceptAppOrCompliance). Why:
 * docs/decisions/0006-webhook-intake.md, 0011 and 0014.
 */
import type { Prisma } from "@prisma/client";
import { unknownShopDeliveries, webhookDeliveries, webhookRejections } from "~/metrics/metrics.server";
import { shopInstallation } from "~/stores/shops/shop.server";
import { isPostgres, writeAtOnce, type Database, type WriteProgram } from "~/stores/database/database.server";
import { recordWebhookReceipt, type WebhookDelivery } from "~/stores/receipts/webhook-receipt.server";
import { eventIdOf, triggeredAtOf, type VerifiedWebhook } from "./delivery";
import { storedBodyOf } from "./stored-body.server";
import { looseReferences, parseTopicPayload, type ParsedDelivery, type PayloadParse } from "~/shopify/webhooks/payloads";
import { topicAsReported, type WebhookTopic } from "~/shopify/webhooks/topics";
import { recordAndQueueAtOnce, recordAndQueueInOneStatement, recordReceiptAtOnce, type RecordedAtOnce } from "./record-at-once.server";
import {
  doAtOnce,
  isAppDelivery,
  isRecordedForConfirmation,
  isRecordOnly,
  isShopEventDelivery,
  jobFor,
  queueComplianceWork,
  type AppDelivery,
  type ComplianceDelivery,
  type ShopEventDelivery,
} from "./work.server";

/**
 * Every outcome is answered 200 (Shopify must not send again what we have):
 * - queued: receipt ENQUEUED and its job written;
 * - processed: database-only work done in the same transaction (shop/update's time zone), receipt PROCESSED;
 * - duplicate: the same event's receipt exists, nothing more done;
 * - rejected: the body is not JSON, the payload cannot be used, or came after the app was
 *   uninstalled: receipt REJECTED with the reason, kept for support (without the customer's fields,
 *   as every receipt: stored-body.server.ts).
 */
export type IntakeOutcome =
  | { status: "queued"; receiptId: string; jobId: string }
  | { status: "processed"; receiptId: string }
  | { status: "duplicate"; receiptId: string }
  | { status: "rejected"; receiptId: string; reason: string }
  /** Unusable, and for a shop the app holds nothing of: nothing written, only counted (a replay under a made-up shop). */
  | { status: "unknown shop" };

/**
 * The route's topic and the X-Shopify-Topic header must agree, and bodies that name a shop
 * (compliance requests, app/uninstalled, shop/update) must name the header's shop: the header is not signed.
 */
function checkDelivery(topic: WebhookTopic, webhook: VerifiedWebhook): PayloadParse {
  if (webhook.unreadable !== undefined) return { ok: false, reason: `The ${topic} delivery cannot be read: ${webhook.unreadable}` };
  if (webhook.topic !== topicAsReported(topic)) {
    return {
      ok: false,
      reason: `Delivered to the ${topic} route, but Shopify sent it as ${webhook.topic}: check the subscriptions in shopify.app.toml`,
    };
  }
  const parsed = parseTopicPayload(topic, webhook.payload);
  if (parsed.ok && "shopDomain" in parsed.delivery.facts && parsed.delivery.facts.shopDomain !== webhook.shop) {
    return {
      ok: false,
      reason: `The ${topic} request names the shop ${parsed.delivery.facts.shopDomain}, but was sent for ${webhook.shop}`,
    };
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
    case "orders/edited":
    case "orders/paid":
    case "orders/risk_assessment_changed":
    case "refunds/create":
      return { customerId: null, orderId: delivery.facts.orderId };
    case "customers/data_request":
    case "customers/redact":
      return { customerId: delivery.facts.customerId, orderId: null };
    default:
      return { customerId: null, orderId: null };
  }
}

/**
 * Records a verified delivery and its work. A failure of the database (locked past its busy
 * timeout, disk full) is thrown: the route answers 500 and Shopify tries again later.
 */
export async function recordAndEnqueue(
  db: Database,
  topic: WebhookTopic,
  webhook: VerifiedWebhook,
  now = new Date(),
): Promise<IntakeOutcome> {
  const outcome = await recordDelivery(db, topic, webhook, now);
  // Labelled by the route's topic, a fixed set: never by the unsigned headers' words.
  if (outcome.status === "unknown shop") {
    unknownShopDeliveries.inc({ route: topic });
    return outcome;
  }
  webhookDeliveries.inc({ topic });
  if (outcome.status === "rejected") webhookRejections.inc({ topic });
  return outcome;
}

/**
 * On SQLite the transaction holds the database's write lock, and in this process every other
 * statement (sqlite-adapter.server.ts); on PostgreSQL it takes no lock of ours but holds a pool
 * connection (postgres-adapter.server.ts, writeByOwnRules). So everything that can be done before
 * it is: parsing, serialising, and the receipt's status, which is decided first and written with
 * the row. Order and fulfillment-order events, nearly all of the traffic, are
 * written synchronously (record-at-once.server.ts); app/*, shop/update and compliance topics through Prisma's models.
 */
async function recordDelivery(db: Database, topic: WebhookTopic, webhook: VerifiedWebhook, now: Date): Promise<IntakeOutcome> {
  const checked = checkDelivery(topic, webhook);
  const receipt: WebhookDelivery = {
    shop: webhook.shop,
    topic,
    webhookId: webhook.webhookId,
    eventId: eventIdOf(webhook),
    apiVersion: webhook.apiVersion,
    triggeredAt: triggeredAtOf(webhook),
    ...storedBodyOf(topic, webhook),
    ...(checked.ok ? referencesOf(checked.delivery) : webhook.unreadable === undefined ? looseReferences(topic, webhook.payload) : {}),
  };
  try {
    if (!checked.ok) {
      // A signed body is the same under any shop's name (the fulfillment-service callback's is the
      // same for every shop): under a shop the app never knew, nothing is kept (issue 25). Known is
      // any trace of the shop: its Shop row (installed, or uninstalled until shop/redact erases it)
      // or an offline session without one (shopInstallation); a usable body is recorded either way.
      if ((await shopInstallation(db, webhook.shop)) === "unknown") return { status: "unknown shop" };
      return await writeAtOnce(db, () => reject(receipt, checked.reason, now));
    }
    const delivery = checked.delivery;
    if (isShopEventDelivery(delivery)) return await acceptShopEvent(db, receipt, delivery, now);
    return await db.$transaction((tx) => acceptAppOrCompliance(tx, receipt, delivery, now));
  } catch (error) {
    // Said with the delivery's names, so the log of a 500 tells which shop's event Shopify will resend.
    throw new Error(
      `Could not record ${topic} from ${webhook.shop} (event ${receipt.eventId}); answering 500 so that Shopify sends it again`,
      { cause: error },
    );
  }
}

function* reject(receipt: WebhookDelivery, reason: string, now: Date): WriteProgram<IntakeOutcome> {
  const { receiptId, duplicate } = yield* recordReceiptAtOnce({ ...receipt, status: "REJECTED", reason }, now);
  return duplicate ? { status: "duplicate", receiptId } : { status: "rejected", receiptId, reason };
}

/**
 * Order and fulfillment-order events need the shop's token, revoked on uninstall: one that arrives
 * afterwards (late, or out of order) is kept for support but sets nothing going. On PostgreSQL the
 * receipt and its job are written by one statement (recordAndQueueInOneStatement, decision 0064);
 * on SQLite by the write program, synchronously.
 */
async function acceptShopEvent(db: Database, receipt: WebhookDelivery, delivery: ShopEventDelivery, now: Date): Promise<IntakeOutcome> {
  // ENQUEUED before its job is written is fine: both commit together, or neither does.
  const recorded: WebhookDelivery = { ...receipt, status: isRecordOnly(delivery) ? "PROCESSED" : "ENQUEUED" };
  const options = { unlessUninstalled: true };
  const jobOf = (receiptId: string) => jobFor({ shop: receipt.shop, receiptId, eventId: receipt.eventId }, delivery);
  if (isPostgres(db)) {
    const outcome = await recordAndQueueInOneStatement(db, recorded, options, jobOf, now);
    if ("uninstalledAt" in outcome) return await writeAtOnce(db, () => rejectAsUninstalled(receipt, outcome.uninstalledAt, now));
    return acceptedShopEvent(outcome);
  }
  return writeAtOnce(db, function* () {
    const outcome = yield* recordAndQueueAtOnce(recorded, options, jobOf, now);
    if ("uninstalledAt" in outcome) return yield* rejectAsUninstalled(receipt, outcome.uninstalledAt, now);
    return acceptedShopEvent(outcome);
  });
}

function rejectAsUninstalled(receipt: WebhookDelivery, uninstalledAt: Date, now: Date): WriteProgram<IntakeOutcome> {
  return reject(receipt, `The app was uninstalled from this shop on ${uninstalledAt.toISOString()}: nothing was queued`, now);
}

function acceptedShopEvent(outcome: Exclude<RecordedAtOnce, { uninstalledAt: Date }>): IntakeOutcome {
  if (outcome.duplicate) return { status: "duplicate", receiptId: outcome.receiptId };
  return outcome.job === null
    ? { status: "processed", receiptId: outcome.receiptId }
    : { status: "queued", receiptId: outcome.receiptId, jobId: outcome.job.jobId };
}

/** Why a destructive topic is not accepted for this shop now, or null when it may go on. */
async function refusalOf(tx: Prisma.TransactionClient, shop: string, delivery: AppDelivery | ComplianceDelivery): Promise<string | null> {
  if (delivery.topic !== "shop/redact") return null;
  // Shopify sends it 48 hours after an uninstall; the same body replayed while the app is
  // installed (or again after a reinstall) must not erase the shop.
  const installation = await shopInstallation(tx, shop);
  return installation === "installed"
    ? `The app is installed in ${shop}: shop/redact is acted on only after an uninstall, and nothing was erased`
    : null;
}

/**
 * app/*, shop/update and compliance topics: rare, and their database work goes through the models.
 *
 * Only the body is signed. The shop, topic and event id are the headers' word (verifyWebhook has
 * checked their form), so a body signed for one shop can arrive under another's name, and an old
 * one again under a new event id. Hence: compliance, app/uninstalled and shop/update bodies must
 * name the header's shop (checkDelivery); an older shop/update changes nothing (shop-update.server.ts);
 * app/uninstalled changes nothing until a job has seen Shopify refuse the shop's token; shop/redact
 * is accepted only for a shop the app is uninstalled from (DESIGN.md section 8).
 */
async function acceptAppOrCompliance(
  tx: Prisma.TransactionClient,
  receipt: WebhookDelivery,
  delivery: AppDelivery | ComplianceDelivery,
  now: Date,
): Promise<IntakeOutcome> {
  const refusal = await refusalOf(tx, receipt.shop, delivery);
  if (refusal !== null) {
    const { receiptId, duplicate } = await recordWebhookReceipt(tx, { ...receipt, status: "REJECTED", reason: refusal }, now);
    return duplicate ? { status: "duplicate", receiptId } : { status: "rejected", receiptId, reason: refusal };
  }
  const processedAtOnce = isAppDelivery(delivery) && !isRecordedForConfirmation(delivery);
  const { receiptId, duplicate } = await recordWebhookReceipt(tx, { ...receipt, status: processedAtOnce ? "PROCESSED" : "ENQUEUED" }, now);
  if (duplicate) return { status: "duplicate", receiptId };
  if (isAppDelivery(delivery)) {
    const job = await doAtOnce(tx, { shop: receipt.shop, receiptId, triggeredAt: receipt.triggeredAt ?? null, now }, delivery);
    return job === null ? { status: "processed", receiptId } : { status: "queued", receiptId, jobId: job.jobId };
  }
  const job = await queueComplianceWork(tx, { shop: receipt.shop, receiptId, eventId: receipt.eventId, now }, delivery);
  return { status: "queued", receiptId, jobId: job.jobId };
}
