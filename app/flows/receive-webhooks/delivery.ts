/**
 * What a verified delivery says about itself, read from what `verifyWebhook` (or the library's
 * `authenticate.webhook`) returns: it has read the body and the X-Shopify-* headers already, and the
 * body cannot be read twice. Only the body is signed: the shop, topic and ids are headers anyone
 * holding one signed body can set (DESIGN.md section 8), so nothing destructive is done on their word alone.
 */
import { z } from "zod";

/** What `verifyWebhook(request)` returns: the fields of `authenticate.webhook(request)`'s result the intake uses. */
export interface VerifiedWebhook {
  /** "example.myshopify.com", from the X-Shopify-Shop-Domain header (unsigned; a valid domain, verifyWebhook checks). */
  shop: string;
  /** X-Shopify-Topic (unsigned) as the library reports it: ORDERS_CREATE. */
  topic: string;
  /** X-Shopify-Webhook-Id (unsigned). */
  webhookId: string;
  /** X-Shopify-Event-Id (unsigned): the same for every delivery of one event. */
  eventId?: string;
  /** X-Shopify-Triggered-At (unsigned, only informative). */
  triggeredAt?: string;
  apiVersion: string;
  /** The body, JSON-parsed (undefined when `unreadable`). */
  payload: unknown;
  /** The body as received, stored as it is; absent when a caller built the delivery from `payload` alone. */
  body?: string;
  /** Why the signed body cannot be read as JSON: kept REJECTED with this reason. */
  unreadable?: string;
}

const TriggeredAt = z.iso.datetime({ offset: true }).transform((text) => new Date(text));

/** When Shopify says the event happened; null when the header is missing or unreadable (it is only informative). */
export function triggeredAtOf(webhook: Pick<VerifiedWebhook, "triggeredAt">): Date | null {
  const parsed = TriggeredAt.safeParse(webhook.triggeredAt);
  return parsed.success ? parsed.data : null;
}

/**
 * The deduplication key. Shopify sends the event id with every webhook today; without one, the
 * webhook id (kept across Shopify's retries of one delivery) is the next best thing.
 */
export function eventIdOf(webhook: Pick<VerifiedWebhook, "eventId" | "webhookId">): string {
  return webhook.eventId && webhook.eventId.length > 0 ? webhook.eventId : webhook.webhookId;
}
