/** Helpers of the intake's integration tests: sending a delivery again, waiting for the worker, uninstalling in Shopify. */
import type { DeliveryRecord } from "../emulator/webhooks";
import { hmacBase64 } from "../emulator/webhooks";
import type { TestStack } from "../support/stack";

/** POSTs a delivery again exactly as the emulator sent it (same headers, same signed body), or with changes. */
export async function resend(delivery: DeliveryRecord, change: { body?: string; headers?: Record<string, string> } = {}): Promise<number> {
  const response = await fetch(delivery.url, {
    method: "POST",
    headers: { ...delivery.headers, ...change.headers },
    body: change.body ?? delivery.body,
  });
  await response.body?.cancel();
  return response.status;
}

/** A webhook signed with `secret` the way Shopify signs it, for deliveries the emulator would not make. */
export async function postSignedWebhook(
  stack: TestStack,
  topic: string,
  payload: unknown,
  ids: { eventId: string; webhookId: string },
): Promise<number> {
  const body = JSON.stringify(payload);
  const response = await fetch(`${stack.appUrl}/webhooks/${topic}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": topic,
      "X-Shopify-Shop-Domain": stack.shop,
      "X-Shopify-API-Version": "2026-10",
      "X-Shopify-Webhook-Id": ids.webhookId,
      "X-Shopify-Event-Id": ids.eventId,
      "X-Shopify-Triggered-At": new Date().toISOString(),
      "X-Shopify-Hmac-Sha256": hmacBase64(stack.apiSecret, body),
    },
    body,
  });
  await response.body?.cancel();
  return response.status;
}

/** Polls `check` until it returns a value (not undefined, null or false). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The attempts' statuses of a delivery, as Shopify's delivery log would show them. */
export function statuses(delivery: DeliveryRecord | undefined): (number | null)[] {
  return delivery?.attempts.map((attempt) => attempt.status) ?? [];
}

/**
 * What Shopify does to the app's token when the merchant uninstalls the app: it stops accepting
 * it (the emulator answers 401 with "Invalid API key or access token"). Returns the undo.
 */
export function revokeAppToken(stack: TestStack, shop = stack.shop): () => void {
  const record = stack.shopify.state.shop(shop);
  if (!record) throw new Error(`The emulator has no shop ${shop}`);
  const token = record.accessToken;
  record.accessToken = `revoked-${token}`;
  return () => {
    record.accessToken = token;
  };
}
