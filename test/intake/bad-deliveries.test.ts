/**
 * A corpus of bad deliveries against the built app over real HTTP, as an attacker or a careless
 * sender would make them: wrong types, missing and duplicated headers, the wrong topic, API
 * versions, huge bodies and arrays, odd unicode, truncated bodies, replays of old deliveries. Each
 * gets a clear answer; a signed one is never lost (it is stored, REJECTED with its reason when it
 * cannot be used, and answered 200 so Shopify does not retry it for hours); an unsigned or
 * malformed one is refused before anything is written; and the app stays up throughout.
 */
import { createHmac, randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { WEBHOOK_BODY_LIMIT_BYTES } from "~/flows/receive-webhooks/signed-body.server";
import { rawPost } from "../support/raw-post";
import { useStack } from "../support/stack";

const METRICS_TOKEN = "bad-deliveries-metrics";
const stack = useStack({ worker: false, env: { METRICS_TOKEN } });

/** A metric's value as the app's /metrics says it (0 when absent). */
async function metric(name: string, labels = ""): Promise<number> {
  const response = await fetch(`${stack().appUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name}${labels} `));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(" ") + 1));
}

beforeEach(async () => {
  const { db } = stack();
  await db.webhookReceipt.deleteMany();
  await db.job.deleteMany();
});

const sign = (body: Buffer | string) => createHmac("sha256", stack().apiSecret).update(body).digest("base64");

const order = (overrides: Record<string, unknown> = {}) => ({
  id: 450789469,
  admin_graphql_api_id: "gid://shopify/Order/450789469",
  customer: null,
  line_items: [],
  ...overrides,
});

/** Shopify's headers for a body, as pairs (so a header can be sent twice), with the topic's route. */
function shopifyHeaders(topic: string, body: Buffer | string, changes: Record<string, string | null> = {}): [string, string][] {
  const headers: Record<string, string | null> = {
    "Content-Type": "application/json",
    "X-Shopify-Topic": topic,
    "X-Shopify-Shop-Domain": stack().shop,
    "X-Shopify-API-Version": "2026-10",
    "X-Shopify-Webhook-Id": randomUUID(),
    "X-Shopify-Event-Id": randomUUID(),
    "X-Shopify-Triggered-At": new Date().toISOString(),
    "X-Shopify-Hmac-Sha256": sign(body),
    ...changes,
  };
  return Object.entries(headers).flatMap(([name, value]): [string, string][] => (value === null ? [] : [[name, value]]));
}

/** POSTs to the stack's app (test/support/raw-post.ts). */
const post = (path: string, headers: [string, string][], body: Parameters<typeof rawPost>[3]) =>
  rawPost(stack().appUrl, path, headers, body);

const deliver = (topic: string, body: Buffer | string, changes: Record<string, string | null> = {}) =>
  post(`/webhooks/${topic}`, shopifyHeaders(topic, body, changes), body);

async function receiptOf(eventId: string) {
  return stack().db.webhookReceipt.findFirst({ where: { eventId } });
}

describe("bad deliveries", () => {
  it("keeps a signed body that is not JSON, or nested 100,000 deep, REJECTED with the reason (not the body), and answers 200", async () => {
    for (const [body, reason] of [
      ["not json", /cannot be read: The body is not JSON/],
      [`{"id": 1, "line_items": [`, /cannot be read: The body is not JSON/],
      [`${"[".repeat(100_000)}${"]".repeat(100_000)}`, /cannot be read: The body nests arrays or objects more than 64 deep/],
      [`{"id":${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}}`, /cannot be read: The body nests/],
    ] as const) {
      const eventId = randomUUID();
      const sent = await deliver("orders/create", body, { "X-Shopify-Event-Id": eventId });
      expect(sent.status, body.slice(0, 40)).toBe(200);
      const receipt = await receiptOf(eventId);
      expect(receipt).toMatchObject({ status: "REJECTED", reason: expect.stringMatching(reason) });
      // Its customer's fields could not be told apart: only its length is kept (decision 0038).
      expect(receipt?.payload).toBe(
        `[${body.length} characters not kept: a body that cannot be read as JSON may hold customer data that cannot be told apart]`,
      );
    }
    expect(await stack().db.job.count()).toBe(0);
  });

  it("refuses a body past the limit with 413 before reading it, declared or streamed, and stores nothing", async () => {
    const limitMb = WEBHOOK_BODY_LIMIT_BYTES / 1024 / 1024;
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const refusedBefore = await metric("http_requests_refused_total", '{reason="body too large"}');
    // The server answers 413 and closes the connection without reading the rest: the client, still
    // sending, reads the 413 or finds the connection cut under it first. Either is the refusal.
    // 50 MB declared: answered at once, before the upload goes on.
    const declared = await post(
      "/webhooks/orders/create",
      [...shopifyHeaders("orders/create", "{}"), ["Content-Length", String(50 * 1024 * 1024)]],
      { stream: chunk, times: 50 },
    );
    expect([413, "cut"]).toContain(declared.status);
    expect(declared.written).toBeLessThan(50 * chunk.length);
    // 50 MB chunked, no length: read up to the limit, then refused.
    const streamed = await post("/webhooks/orders/create", shopifyHeaders("orders/create", "{}"), { stream: chunk, times: 50 });
    expect([413, "cut"]).toContain(streamed.status);
    expect(streamed.written / chunk.length).toBeLessThan(limitMb + 20);
    expect(streamed.ms).toBeLessThan(10_000);
    // Both refused by the server for their size (a cut is not a crash), and nothing was written.
    expect((await metric("http_requests_refused_total", '{reason="body too large"}')) - refusedBefore).toBe(2);
    expect(await stack().db.webhookReceipt.count()).toBe(0);
    expect(await stack().db.job.count()).toBe(0);
    expect(stack().app.hasExited()).toBe(false);
  });

  it("refuses with 400, before any write, a shop header that is not a *.myshopify.com domain, missing or duplicated headers, and malformed ids", async () => {
    const body = JSON.stringify(order());
    const shop = stack().shop;
    const cases: [string, [string, string][]][] = [
      ["shop ../../etc", shopifyHeaders("orders/create", body, { "X-Shopify-Shop-Domain": "../../etc" })],
      ["shop on another domain", shopifyHeaders("orders/create", body, { "X-Shopify-Shop-Domain": `${shop}.evil.example` })],
      ["no shop", shopifyHeaders("orders/create", body, { "X-Shopify-Shop-Domain": null })],
      ["no topic", shopifyHeaders("orders/create", body, { "X-Shopify-Topic": null })],
      ["no API version", shopifyHeaders("orders/create", body, { "X-Shopify-API-Version": null })],
      ["no webhook id", shopifyHeaders("orders/create", body, { "X-Shopify-Webhook-Id": null })],
      ["no HMAC", shopifyHeaders("orders/create", body, { "X-Shopify-Hmac-Sha256": null })],
      ["two shop headers", [...shopifyHeaders("orders/create", body), ["X-Shopify-Shop-Domain", "other-shop.myshopify.com"]]],
      ["two topic headers", [...shopifyHeaders("orders/create", body), ["X-Shopify-Topic", "orders/create"]]],
      ["an API version that is a path", shopifyHeaders("orders/create", body, { "X-Shopify-API-Version": "../../2026-10" })],
      ["an event id of 10,000 characters", shopifyHeaders("orders/create", body, { "X-Shopify-Event-Id": "e".repeat(10_000) })],
    ];
    for (const [name, headers] of cases) expect((await post("/webhooks/orders/create", headers, body)).status, name).toBe(400);
    // Unsigned: a second HMAC header, a signature of another body, a body cut short after signing.
    const unsigned: [string, [string, string][], string][] = [
      ["two HMAC headers", [...shopifyHeaders("orders/create", body), ["X-Shopify-Hmac-Sha256", sign(body)]], body],
      ["a truncated body", shopifyHeaders("orders/create", body), body.slice(0, -10)],
      ["another body's signature", shopifyHeaders("orders/create", "{}"), body],
    ];
    for (const [name, headers, sent] of unsigned) expect((await post("/webhooks/orders/create", headers, sent)).status, name).toBe(401);
    expect(await stack().db.webhookReceipt.count()).toBe(0);
    expect(await stack().db.shop.count({ where: { domain: { not: { endsWith: ".myshopify.com" } } } })).toBe(0);
  });

  it("keeps wrong types and the wrong topic REJECTED with the reason; records another API version as it came", async () => {
    const cases: [string, string, Record<string, string>, RegExp][] = [
      [
        "orders/create",
        JSON.stringify(order({ id: { $gt: "" }, admin_graphql_api_id: undefined })),
        {},
        /orders\/create payload cannot be used[\s\S]*at id/,
      ],
      ["orders/create", JSON.stringify(order({ customer: "everyone" })), {}, /orders\/create payload cannot be used[\s\S]*at customer/],
      ["orders/create", JSON.stringify([order()]), {}, /orders\/create payload cannot be used/],
      ["orders/create", "null", {}, /orders\/create payload cannot be used/],
      [
        "fulfillment_orders/order_routing_complete",
        JSON.stringify({ fulfillment_order: { id: 5 } }),
        {},
        /payload cannot be used[\s\S]*fulfillment_order\.id/,
      ],
      [
        "orders/create",
        JSON.stringify(order()),
        { "X-Shopify-Topic": "orders/updated" },
        /orders\/create route, but Shopify sent it as ORDERS_UPDATED/,
      ],
    ];
    for (const [topic, body, changes, reason] of cases) {
      const eventId = randomUUID();
      expect((await deliver(topic, body, { ...changes, "X-Shopify-Event-Id": eventId })).status, body.slice(0, 60)).toBe(200);
      expect(await receiptOf(eventId), body.slice(0, 60)).toMatchObject({ status: "REJECTED", reason: expect.stringMatching(reason) });
    }
    // An older API version: stored as such, used when its payload has what the app reads.
    const eventId = randomUUID();
    expect(
      (await deliver("orders/cancelled", JSON.stringify(order()), { "X-Shopify-API-Version": "2024-01", "X-Shopify-Event-Id": eventId }))
        .status,
    ).toBe(200);
    expect(await receiptOf(eventId)).toMatchObject({ apiVersion: "2024-01", status: "ENQUEUED" });
    expect(await stack().db.job.count({ where: { kind: "cancel.order" } })).toBe(1);
  });

  it("takes huge arrays and odd unicode as they come, and keeps a body that is not UTF-8 REJECTED", async () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => ({ id: i }));
    const huge = JSON.stringify(order({ line_items: lines }));
    const hugeEvent = randomUUID();
    const sent = await deliver("orders/create", huge, { "X-Shopify-Event-Id": hugeEvent });
    expect(sent.status).toBe(200);
    expect(sent.ms).toBeLessThan(5_000);
    expect((await receiptOf(hugeEvent))?.payload).toBe(huge);

    const odd = `{"id":450789469,"admin_graphql_api_id":"gid://shopify/Order/450789469","tags":"\\u0000 \\ud800 \u202e\u0301 ü 🚚 \\"","customer":null}`;
    const oddEvent = randomUUID();
    expect((await deliver("orders/create", odd, { "X-Shopify-Event-Id": oddEvent })).status).toBe(200);
    expect(await receiptOf(oddEvent)).toMatchObject({ status: "PROCESSED", payload: odd });

    const latin1 = Buffer.concat([Buffer.from('{"id":1,"note":"'), Buffer.from([0xe9, 0xff]), Buffer.from('"}')]);
    const latin1Event = randomUUID();
    expect((await deliver("orders/create", latin1, { "X-Shopify-Event-Id": latin1Event })).status).toBe(200);
    expect(await receiptOf(latin1Event)).toMatchObject({
      status: "REJECTED",
      reason: "The orders/create delivery cannot be read: The body is not UTF-8 text",
    });
  });

  it("answers a replay of an old delivery 200 and records it once; the same body under a new event id is a new receipt that sets nothing going", async () => {
    const body = JSON.stringify(order());
    const headers = shopifyHeaders("orders/create", body, { "X-Shopify-Triggered-At": "2020-01-01T00:00:00Z" });
    for (let i = 0; i < 3; i++) expect((await post("/webhooks/orders/create", headers, body)).status).toBe(200);
    expect(await stack().db.webhookReceipt.count()).toBe(1);
    expect((await deliver("orders/create", body)).status).toBe(200);
    expect(await stack().db.webhookReceipt.count()).toBe(2);
    expect(await stack().db.job.count()).toBe(0);
  });

  it("stays up: after the whole corpus, a good delivery is recorded as usual", async () => {
    const eventId = randomUUID();
    expect((await deliver("orders/cancelled", JSON.stringify(order()), { "X-Shopify-Event-Id": eventId })).status).toBe(200);
    expect(await receiptOf(eventId)).toMatchObject({ status: "ENQUEUED" });
    expect(stack().app.hasExited()).toBe(false);
    expect(stack().logs()).not.toMatch(/uncaught|unhandled/i);
  });
});
