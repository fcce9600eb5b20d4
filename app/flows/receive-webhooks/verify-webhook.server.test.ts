/**
 * verifyWebhook must answer every delivery Shopify could send as the library's `authenticate.webhook`
 * does: each case goes through both, and their answers are compared. Where it answers otherwise on
 * purpose (a bounded body, the unsigned headers parsed, a signed body that is not JSON kept rather
 * than thrown), the cases below the comparison say what it answers instead.
 */
import { createHmac } from "node:crypto";
import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, LogSeverity, shopifyApp } from "@shopify/shopify-app-remix/server";
import type { SessionStorage } from "@shopify/shopify-app-session-storage";
import { describe, expect, it } from "vitest";
import type { VerifiedWebhook } from "./delivery";
import { WEBHOOK_BODY_LIMIT_BYTES } from "./signed-body.server";
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

const without = (headers: Record<string, string>, ...names: string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));

const cases: Record<string, Case> = {
  "a signed delivery": { body, headers: webhookHeaders(body) },
  "header names in lower case": {
    body,
    headers: Object.fromEntries(Object.entries(webhookHeaders(body)).map(([name, value]) => [name.toLowerCase(), value])),
  },
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
  "no topic and a bad signature": {
    body,
    headers: { ...without(webhookHeaders(body), "X-Shopify-Topic"), "X-Shopify-Hmac-Sha256": sign(body, "x") },
  },
  "a GET": { method: "GET", headers: webhookHeaders(body) },
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
async function answer(
  verify: (request: Request) => Promise<Partial<VerifiedWebhook>>,
  { method = "POST", body: text, headers }: Case,
): Promise<unknown> {
  const request = new Request("https://app.example.com/webhooks/orders/create", {
    method,
    headers,
    ...(text === undefined ? {} : { body: text }),
  });
  return settle(verify, request);
}

async function settle(verify: (request: Request) => Promise<Partial<VerifiedWebhook>>, request: Request): Promise<unknown> {
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
    expect(await answer(verifyWebhook, cases["a signed delivery"]!)).toMatchObject({
      shop: "a.myshopify.com",
      topic: "ORDERS_CREATE",
      payload: JSON.parse(body),
    });
    expect(await answer(verifyWebhook, cases["a tampered body"]!)).toEqual({ status: 401, statusText: "Unauthorized" });
    expect(await answer(verifyWebhook, cases["no webhook id"]!)).toEqual({ status: 400, statusText: "Bad Request" });
    expect(await answer(verifyWebhook, cases["a GET"]!)).toEqual({ status: 405, statusText: "Method not allowed" });
  });
});

describe("verifyWebhook, where it answers otherwise than the library on purpose", () => {
  const withHeaders = (changes: Record<string, string>) => ({ body, headers: { ...webhookHeaders(body), ...changes } });

  it("keeps a signed body that is not JSON, not UTF-8 or nested absurdly deep as unreadable, with the reason (the library throws: a 500)", async () => {
    for (const [text, reason] of [
      ["not json", /^The body is not JSON \(/],
      [`${"[".repeat(100_000)}${"]".repeat(100_000)}`, /nests arrays or objects more than 64 deep/],
      [`{"a":${'{"a":'.repeat(70)}1${"}".repeat(71)}`, /nests arrays or objects more than 64 deep/],
    ] as const) {
      const verified = await verifyWebhook(
        new Request("https://app.example.com/webhooks/orders/create", { method: "POST", headers: webhookHeaders(text), body: text }),
      );
      expect(verified).toMatchObject({
        shop: "a.myshopify.com",
        payload: undefined,
        unreadable: expect.stringMatching(reason),
        body: text,
      });
    }
    const bytes = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const headers = { ...webhookHeaders(""), "X-Shopify-Hmac-Sha256": createHmac("sha256", SECRET).update(bytes).digest("base64") };
    const verified = await verifyWebhook(
      new Request("https://app.example.com/webhooks/orders/create", { method: "POST", headers, body: bytes }),
    );
    expect(verified).toMatchObject({ unreadable: "The body is not UTF-8 text" });
  });

  it("keeps the body as sent, and reads JSON nested as deep as Shopify's", async () => {
    const deep = JSON.stringify({ a: { b: [{ c: [{ d: { e: [1] } }] }] } });
    const verified = await verifyWebhook(
      new Request("https://app.example.com/webhooks/orders/create", { method: "POST", headers: webhookHeaders(deep), body: deep }),
    );
    expect(verified).toMatchObject({ body: deep, payload: JSON.parse(deep) });
    expect(verified.unreadable).toBeUndefined();
  });

  it("refuses with 400 a shop header that is not a *.myshopify.com domain, and ids, topics and versions Shopify never sends", async () => {
    for (const changes of <Record<string, string>[]>[
      { "X-Shopify-Shop-Domain": "../../etc" },
      { "X-Shopify-Shop-Domain": "a.myshopify.com.evil.example" },
      { "X-Shopify-Shop-Domain": "A.MYSHOPIFY.COM" },
      { "X-Shopify-Shop-Domain": "a.myshopify.com, b.myshopify.com" },
      { "X-Shopify-Topic": "orders/create, orders/create" },
      { "X-Shopify-API-Version": "../2026-10" },
      { "X-Shopify-Webhook-Id": "w".repeat(300) },
      { "X-Shopify-Event-Id": "has spaces" },
    ]) {
      expect(await answer(verifyWebhook, withHeaders(changes)), JSON.stringify(changes)).toEqual({
        status: 400,
        statusText: "Bad Request",
      });
    }
  });

  it("refuses with 413 a body past the limit, declared or streamed, before reading it whole or checking its HMAC", async () => {
    const huge = "x".repeat(WEBHOOK_BODY_LIMIT_BYTES + 1);
    expect(await answer(verifyWebhook, { body: huge, headers: webhookHeaders(huge) })).toEqual({
      status: 413,
      statusText: "Payload Too Large",
    });

    // Streamed without a length: reading stops at the limit, the rest is never pulled.
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("https://app.example.com/webhooks/orders/create", {
      method: "POST",
      headers: webhookHeaders(body),
      body: endless,
      duplex: "half",
    } as RequestInit);
    expect(await settle(verifyWebhook, request)).toEqual({ status: 413, statusText: "Payload Too Large" });
    expect(pulled).toBeLessThan(WEBHOOK_BODY_LIMIT_BYTES + 4 * chunk.length);
  });
});
