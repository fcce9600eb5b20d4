/**
 * The fulfillment-service callback: Shopify POSTs `{callbackUrl}/fulfillment_order_notification`
 * with `{"kind": "FULFILLMENT_REQUEST" | "CANCELLATION_REQUEST"}` when a merchant asks one of the
 * app's warehouses to fulfil, or to cancel. The body names no fulfillment order: the job reads every
 * request assigned to the app's locations, so one waiting job per shop answers any number of these.
 *
 * Recorded like a webhook (topic "fulfillment_order_notification"), in one transaction with its job.
 * A duplicate is recognised before the payload is judged: a retry of a rejected one stays one receipt.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { JobKind } from "~/flows/queue/kinds";
import { writeAtOnce, type Database } from "~/stores/database/database.server";
import type { WebhookDelivery } from "~/stores/receipts/webhook-receipt.server";
import { recordAndQueueAtOnce, recordReceiptAtOnce } from "./record-at-once.server";

export const NOTIFICATION_TOPIC = "fulfillment_order_notification";

const Notification = z.object({ kind: z.enum(["FULFILLMENT_REQUEST", "CANCELLATION_REQUEST"]) });

const JOB_FOR: Record<z.infer<typeof Notification>["kind"], Extract<JobKind, "fulfillment-requests.fetch" | "cancellation-requests.fetch">> = {
  FULFILLMENT_REQUEST: "fulfillment-requests.fetch",
  CANCELLATION_REQUEST: "cancellation-requests.fetch",
};

export interface VerifiedNotification {
  /** The offline session's shop: `authenticate.fulfillmentService` found it for the signed request. */
  shop: string;
  payload: unknown;
  /** X-Shopify-Webhook-Id when Shopify sends one; the deduplication key of this callback. */
  webhookId: string | null;
  apiVersion: string | null;
}

export type NotificationOutcome =
  | { status: "queued"; receiptId: string; jobId: string }
  | { status: "duplicate"; receiptId: string }
  | { status: "rejected"; receiptId: string; reason: string };

export async function recordFulfillmentServiceNotification(
  db: Database,
  notification: VerifiedNotification,
  now = new Date(),
  newId: () => string = randomUUID,
): Promise<NotificationOutcome> {
  const parsed = Notification.safeParse(notification.payload);
  // Without a webhook id nothing can tell a retry from a new request; the per-shop job absorbs both.
  const deliveryId = notification.webhookId ?? `no-webhook-id:${newId()}`;
  try {
    return await record(db, notification, parsed, deliveryId, now);
  } catch (error) {
    throw new Error(`Could not record the fulfillment-service notification from ${notification.shop}; answering 500 so that Shopify sends it again`, { cause: error });
  }
}

function record(
  db: Database,
  notification: VerifiedNotification,
  parsed: z.ZodSafeParseResult<z.infer<typeof Notification>>,
  deliveryId: string,
  now: Date,
): Promise<NotificationOutcome> {
  const receipt: WebhookDelivery = {
    shop: notification.shop,
    topic: NOTIFICATION_TOPIC,
    webhookId: deliveryId,
    eventId: deliveryId,
    apiVersion: notification.apiVersion ?? "unknown",
    payload: JSON.stringify(notification.payload),
  };
  // One of these comes with every fulfillment request of a sale: written at once, like the order
  // and fulfillment-order webhooks (record-at-once.server.ts).
  return writeAtOnce(db, (sqlite): NotificationOutcome => {
    if (!parsed.success) {
      const reason = `The fulfillment-service notification cannot be used:\n${z.prettifyError(parsed.error)}`;
      const { receiptId, duplicate } = recordReceiptAtOnce(sqlite, { ...receipt, status: "REJECTED", reason }, now);
      return duplicate ? { status: "duplicate", receiptId } : { status: "rejected", receiptId, reason };
    }
    const wake = { coalesced: { kind: JOB_FOR[parsed.data.kind], payload: {}, shop: notification.shop, triggerId: deliveryId } };
    const outcome = recordAndQueueAtOnce(sqlite, { ...receipt, status: "ENQUEUED" }, { unlessUninstalled: false }, () => wake, now);
    if ("uninstalledAt" in outcome) throw new Error("unreachable: the uninstall is not checked for the callback");
    if (outcome.duplicate) return { status: "duplicate", receiptId: outcome.receiptId };
    if (outcome.job === null) throw new Error("unreachable: the callback always wakes its job");
    return { status: "queued", receiptId: outcome.receiptId, jobId: outcome.job.jobId };
  });
}
