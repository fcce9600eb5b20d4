/**
 * Verifies a webhook delivery the way `authenticate.webhook` does (same checks, same answers), minus
 * what the intake does not use and pays for on every delivery: the offline-session lookup (a
 * database query, and a token refresh call to Shopify when the token has expired) and the Admin
 * client built from it. See docs/decisions/0006-webhook-intake.md for the measurements.
 *
 * Answers, thrown as Responses as the library throws them:
 * - 405 unless POST;
 * - 401 when the HMAC does not match the body;
 * - 400 when the body, the HMAC or a required header is missing.
 * A body that is not JSON throws the SyntaxError (answered 500), as the library's JSON.parse does.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { VerifiedWebhook } from "./delivery";
import { topicAsReported } from "~/shopify/webhooks/topics";

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

/** Constant-time, so the comparison does not tell an attacker how much of a forged HMAC was right. */
function hmacMatches(secret: string, rawBody: string, hmac: string): boolean {
  const expected = Buffer.from(createHmac("sha256", secret).update(rawBody, "utf8").digest("base64"));
  const given = Buffer.from(hmac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `verifyWebhook(request)` for the app's secret: shopify.server.ts makes the app's one. */
export function webhookVerifier(apiSecretKey: string): (request: Request) => Promise<VerifiedWebhook> {
  return async function verifyWebhook(request) {
    if (request.method !== "POST") throw refuse(405, "Method not allowed");
    const rawBody = await request.text();
    const names = request.headers.has(HEADERS.events.hmac) ? HEADERS.events : HEADERS.webhooks;
    const header = (name: string) => request.headers.get(name) || undefined;
    const hmac = header(names.hmac);
    if (rawBody.length === 0 || hmac === undefined) throw refuse(400, "Bad Request");
    if (!hmacMatches(apiSecretKey, rawBody, hmac)) throw refuse(401, "Unauthorized");
    const [topic, shop, apiVersion, webhookId] = [header(names.topic), header(names.domain), header(names.apiVersion), header(names.webhookId)];
    if (topic === undefined || shop === undefined || apiVersion === undefined || webhookId === undefined) throw refuse(400, "Bad Request");
    const triggeredAt = header(names.triggeredAt);
    const eventId = names.eventId === undefined ? undefined : header(names.eventId);
    const payload: unknown = JSON.parse(rawBody);
    return {
      shop,
      topic: topicAsReported(topic),
      webhookId,
      apiVersion,
      payload,
      ...(triggeredAt === undefined ? {} : { triggeredAt }),
      ...(eventId === undefined ? {} : { eventId }),
    };
  };
}
