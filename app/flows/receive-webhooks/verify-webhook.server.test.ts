/**
 * verifyWebhook must answer every delivery as the library's `authenticate.webhook` does: each case
 * goes through both, and their answers are compared.
 */
import { createHmac } from "node:crypto";
import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, LogSeverity, shopifyApp } from "@shopify/shopify-app-remix/server";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import { describe, expect, it } from "vitest";
import type { VerifiedWebhook } from "./delivery";
import { webhookVerifier } from "./verify-webhook.server";

const SECRET = "the-app-secret";
const verifyWebhook = webhookVerifier(SECRET);

/** No sessions: the library then verifies and answers without an Admin client. */
const noSessions = {
  storeSession: () => Promise.resolve(true),
  loadSession: () => Promise.resolve(undefined),
  deleteSession: () => Promise.resolve(true),
  deleteSessions: () => Promise.resolve(true),
  findSessionsByShop: () => Promise.resolve([]),
} satisfies SessionStorage;

const library = shopifyApp({
  apiKey: "key",
  apiSecretKey: SECRET,
  appUrl: "https://app.example.com",
  apiVersion: ApiVersion.October26,
  sessionStorage: noSessions,
  logger: { level: LogSeverity.Error },
  future: { unstable_newEmbeddedAuthStrategy: true },
});

const body = JSON.stringify({ id: 820982911946154500, admin_graphql_api_id: "gid://shopify/Order/820982911946154508", note: "ünïcödé" });
const sign = (text: string, secret = SECRET) => createHmac("sha256", secret).update(text, "utf8").digest("base64");

const webhookHeaders = (text: string): Record<string, string> => ({
  "Content-Type": "application/json",
  "X-Shopify-Topic": "orders/create",
  "X-Shopify-Shop-Domain": "a.myshopify.com",
  "X-Shopify-API-Version": "2026-10",
  "X-Shopify-Webhook-Id": "b54557e4-bdd9-4b37-8a5f-bf7d70bcd043",
  "X-Shopify-Event-Id": "98880550-7158-44d4-b7cd-2c97c8a091b5",
  "X-Shopify-Triggered-At": "2026-11-22T06:00:00.000Z",
  "X-Shopify-Hmac-Sha256": sign(text),
});

interface Case {
  method?: string;
  body?: string;
  headers: Record<string, string>;
}

const without = (headers: Record<string, string>, ...names: string[]) => Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));

const cases: Record<string, Case> = {
  "a signed delivery": { body, headers: webhookHeaders(body) },
  "header names in lower case": { body, headers: Object.fromEntries(Object.entries(webhookHeaders(body)).map(([name, value]) => [name.toLowerCase(), value])) },
  "no event id or trigger time": { body, headers: without(webhookHeaders(body), "X-Shopify-Event-Id", "X-Shopify-Triggered-At") },
  "a tampered body": { body: body.replace("ünïcödé", "attacker"), headers: webhookHeaders(body) },
  "another secret's signature": { body, headers: { ...webhookHeaders(body), "X-Shopify-Hmac-Sha256": sign(body, "not-the-secret") } },
  "a signature that is not base64": { body, headers: { ...webhookHeaders(body), "X-Shopify-Hmac-Sha256": "not base64 at all" } },
  "no signature": { body, headers: without(webhookHeaders(body), "X-Shopify-Hmac-Sha256") },
  "an empty body": { body: "", headers: webhookHeaders("") },
  "no topic": { body, headers: without(webhookHeaders(body), "X-Shopify-Topic") },
  "no shop": { body, headers: without(webhookHeaders(body), "X-Shopify-Shop-Domain") },
  "no API version": { body, headers: without(webhookHeaders(body), "X-Shopify-API-Version") },
  "no webhook id": { body, headers: without(webhookHeaders(body), "X-Shopify-Webhook-Id") },
  "no topic and a bad signature": { body, headers: { ...without(webhookHeaders(body), "X-Shopify-Topic"), "X-Shopify-Hmac-Sha256": sign(body, "x") } },
  "a GET": { method: "GET", headers: webhookHeaders(body) },
  "a signed body that is not JSON": { body: "not json", headers: webhookHeaders("not json") },
  "an events delivery (shopify-* headers)": {
    body,
    headers: {
      "shopify-topic": "orders/create",
      "shopify-shop-domain": "a.myshopify.com",
      "shopify-api-version": "2026-10",
      "shopify-webhook-id": "w-1",
      "shopify-triggered-at": "2026-11-22T06:00:00.000Z",
      "shopify-hmac-sha256": sign(body),
    },
  },
};

/** What a verifier did with the request: the fields the intake reads, the status it answered, or the error it threw. */
async function answer(verify: (request: Request) => Promise<Partial<VerifiedWebhook>>, { method = "POST", body: text, headers }: Case): Promise<unknown> {
  const request = new Request("https://app.example.com/webhooks/orders/create", { method, headers, ...(text === undefined ? {} : { body: text }) });
  try {
    const { shop, topic, webhookId, eventId, triggeredAt, apiVersion, payload } = await verify(request);
    return { shop, topic, webhookId, eventId, triggeredAt, apiVersion, payload };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, statusText: thrown.statusText };
    return { error: thrown instanceof Error ? thrown.name : String(thrown) };
  }
}

describe("verifyWebhook answers as authenticate.webhook does", () => {
  it.each(Object.entries(cases))("%s", async (_name, delivery) => {
    const ours = await answer(verifyWebhook, delivery);
    expect(ours).toEqual(await answer(library.authenticate.webhook, delivery));
  });

  it("accepts what Shopify signs, rejects what it does not (the cases above are not all alike)", async () => {
    expect(await answer(verifyWebhook, cases["a signed delivery"]!)).toMatchObject({ shop: "a.myshopify.com", topic: "ORDERS_CREATE", payload: JSON.parse(body) });
    expect(await answer(verifyWebhook, cases["a tampered body"]!)).toEqual({ status: 401, statusText: "Unauthorized" });
    expect(await answer(verifyWebhook, cases["no webhook id"]!)).toEqual({ status: 400, statusText: "Bad Request" });
    expect(await answer(verifyWebhook, cases["a GET"]!)).toEqual({ status: 405, statusText: "Method not allowed" });
  });
});
