/**
 * Verifies a webhook delivery the way `authenticate.webhook` does (same checks, same answers), minus
 * what the intake does not use and pays for on every delivery: the offline-session lookup and the
 * Admin client built from it. Shopify's HMAC covers the body only, so the headers are parsed before
 * anything is recorded under them. Why: docs/decisions/0006-webhook-intake.md and
 * 0014-hardening-intake-keys-and-addresses.md; measured: docs/benchmarks.md.
 */
import type { VerifiedWebhook } from "./delivery";
import { webhookRefusals } from "~/metrics/metrics.server";
import { isShopDomain } from "~/shopify/shop-domain";
import { topicAsReported } from "~/shopify/webhooks/topics";
import { hmacMatches, readBoundedBody, readJsonPayload } from "./signed-body.server";

/** Shopify's webhook headers, and those of its newer "events" deliveries (no X- prefix, no event id). */
const HEADERS = {
  webhooks: {
    hmac: "X-Shopify-Hmac-Sha256",
    topic: "X-Shopify-Topic",
    domain: "X-Shopify-Shop-Domain",
    apiVersion: "X-Shopify-API-Version",
    webhookId: "X-Shopify-Webhook-Id",
    triggeredAt: "X-Shopify-Triggered-At",
    eventId: "X-Shopify-Event-Id",
  },
  events: {
    hmac: "shopify-hmac-sha256",
    topic: "shopify-topic",
    domain: "shopify-shop-domain",
    apiVersion: "shopify-api-version",
    webhookId: "shopify-webhook-id",
    triggeredAt: "shopify-triggered-at",
    eventId: undefined,
  },
} as const;

const refuse = (status: 400 | 401 | 405, statusText: string) => new Response(undefined, { status, statusText });

/** What Shopify sends: `orders/create`, `app/scopes_update`. */
const TOPIC = /^[a-z_]{1,64}\/[a-z_]{1,64}$/;
/** Webhook and event ids: Shopify's are UUIDs; anything printable and short is taken. */
const ID = /^[\x21-\x7e]{1,255}$/;
/** `2026-10`, or `unstable`. */
const API_VERSION = /^(\d{4}-\d{2}|unstable)$/;

/**
 * `verifyWebhook(request)` for the app's secret: shopify.server.ts makes the app's one.
 *
 * The library's session lookup is a database query, and a token refresh call to Shopify when the
 * token has expired. Beyond the library's checks, the shop, topic and id headers (which anyone can
 * set: DESIGN.md section 8) are parsed, and the body is bounded before the HMAC is checked
 * (signed-body.server.ts). Answers, thrown as Responses as the library throws them:
 * - 405 unless POST;
 * - 413 when the body is longer than WEBHOOK_BODY_LIMIT_BYTES (read no further);
 * - 401 when the HMAC does not match the body;
 * - 400 when the body, the HMAC or a required header is missing, when the shop header is not a
 *   `*.myshopify.com` domain, or when an id, topic or API version header is not one Shopify sends.
 * A signed body that is not JSON (or not UTF-8, or absurdly nested) is returned as `unreadable`
 * with the reason: the intake keeps it REJECTED and answers 200, so Shopify does not retry it for
 * hours (the library throws a SyntaxError there, answered 500).
 */
export function webhookVerifier(apiSecretKey: string): (request: Request) => Promise<VerifiedWebhook> {
  const verify = verifier(apiSecretKey);
  return async function verifyWebhook(request) {
    try {
      return await verify(request);
    } catch (error) {
      // Counted by status alone: a refused delivery's topic and shop are unsigned words.
      if (error instanceof Response) webhookRefusals.inc({ status: String(error.status) });
      throw error;
    }
  };
}

function verifier(apiSecretKey: string): (request: Request) => Promise<VerifiedWebhook> {
  return async function verify(request) {
    if (request.method !== "POST") throw refuse(405, "Method not allowed");
    const body = await readBoundedBody(request);
    const names = request.headers.has(HEADERS.events.hmac) ? HEADERS.events : HEADERS.webhooks;
    const header = (name: string) => request.headers.get(name) || undefined;
    const hmac = header(names.hmac);
    if (body.length === 0 || hmac === undefined) throw refuse(400, "Bad Request");
    if (!hmacMatches(apiSecretKey, body, hmac)) throw refuse(401, "Unauthorized");
    const [topic, shop, apiVersion, webhookId] = [
      header(names.topic),
      header(names.domain),
      header(names.apiVersion),
      header(names.webhookId),
    ];
    if (topic === undefined || shop === undefined || apiVersion === undefined || webhookId === undefined) throw refuse(400, "Bad Request");
    const eventId = names.eventId === undefined ? undefined : header(names.eventId);
    // Unsigned: parsed before anything is recorded under them (a duplicated header arrives joined by ", ").
    if (
      !isShopDomain(shop) ||
      !TOPIC.test(topic) ||
      !API_VERSION.test(apiVersion) ||
      !ID.test(webhookId) ||
      (eventId !== undefined && !ID.test(eventId))
    ) {
      throw refuse(400, "Bad Request");
    }
    const triggeredAt = header(names.triggeredAt);
    const read = readJsonPayload(body);
    return {
      shop,
      topic: topicAsReported(topic),
      webhookId,
      apiVersion,
      body: read.text,
      payload: read.ok ? read.payload : undefined,
      ...(read.ok ? {} : { unreadable: read.reason }),
      ...(triggeredAt === undefined || triggeredAt.length > 64 ? {} : { triggeredAt }),
      ...(eventId === undefined ? {} : { eventId }),
    };
  };
}

/** What the fulfillment-service callback carries once verified: the shop's name and the body. */
export interface VerifiedCallback {
  /** X-Shopify-Shop-Domain (unsigned; a valid domain). */
  shop: string;
  payload: unknown;
  /** Why the signed body cannot be read as JSON. */
  unreadable?: string;
}

/**
 * `authenticate.fulfillmentService`'s checks and answers (405 unless POST; 400 on a missing or bad
 * HMAC), on a body bounded as the webhooks' are (413), with the shop header parsed (400). The
 * library's offline-session lookup (and its token refresh, a call to Shopify) is left to the use
 * case, which needs only to know that one exists.
 */
export function fulfillmentServiceVerifier(apiSecretKey: string): (request: Request) => Promise<VerifiedCallback> {
  return async function verifyFulfillmentServiceRequest(request) {
    if (request.method !== "POST") throw refuse(405, "Method not allowed");
    const body = await readBoundedBody(request);
    const hmac = request.headers.get(HEADERS.webhooks.hmac) || undefined;
    if (body.length === 0 || hmac === undefined || !hmacMatches(apiSecretKey, body, hmac)) throw refuse(400, "Bad Request");
    const shop = request.headers.get(HEADERS.webhooks.domain) ?? "";
    if (!isShopDomain(shop)) throw refuse(400, "Bad Request");
    const read = readJsonPayload(body);
    return read.ok ? { shop, payload: read.payload } : { shop, payload: undefined, unreadable: read.reason };
  };
}
