/**
 * Running it in production, on the stack as deployed (the built app under server/serve.mjs and the
 * worker process, live mode against a sandbox that demands the merchant's token): what an operator
 * reads from the processes while an order goes through. Health and readiness on both, metrics only
 * with the bearer token, JSON log lines with request, shop and job ids, and none of the secrets or
 * the customer's address that passed through them.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { freePort } from "../../dev/stack/ports";
import { adminData } from "../admin/support";
import { waitFor } from "../support/jobs";
import { orderPayload } from "../support/shopify-admin";
import { useStack } from "../support/stack";
import { studioLocationId } from "../support/studio";

const PROVIDER_TOKEN = "live-token-9c4e1a7b3f2d8e60";
const METRICS_TOKEN = "metrics-token-0f9e8d7c6b5a4938";
/** The customer's address line, distinctive enough that finding it in a log can only mean a leak. */
const ADDRESS_LINE = "17 Quiet Lighthouse Quay";
const workerHealthPort = await freePort();

const stack = useStack({
  sandbox: { token: PROVIDER_TOKEN, createDelayMs: 200 },
  env: { LOG_LEVEL: "debug", METRICS_TOKEN, WORKER_HEALTH_PORT: String(workerHealthPort), WORKER_HEALTH_HOST: "127.0.0.1" },
});

const workerUrl = `http://127.0.0.1:${workerHealthPort}`;

async function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; type: string | null }> {
  const response = await fetch(url, { headers });
  return { status: response.status, text: await response.text(), type: response.headers.get("Content-Type") };
}

const withToken = { Authorization: `Bearer ${METRICS_TOKEN}` };

/** The value of one series in Prometheus text, e.g. `jobs_finished_total{kind="noop",outcome="done"}`; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

/** Every sample of a metric whose labels include all of `labels`, summed. */
function total(text: string, metric: string, labels: Record<string, string> = {}): number {
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${metric}{`) || line.startsWith(`${metric} `))
    .filter((line) => Object.entries(labels).every(([name, value]) => line.includes(`${name}="${value}"`)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

async function placeOrderTo(address1: string): Promise<string> {
  const s = stack();
  const payload = orderPayload([{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }]);
  const address = z.looseObject({}).parse(payload.shipping_address);
  const placed = await fetch(`${s.shopifyUrl}/__emulator/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": s.shop },
    body: JSON.stringify({ ...payload, shipping_address: { ...address, address1 } }),
  });
  expect(placed.status).toBe(201);
  return z.object({ order: z.object({ admin_graphql_api_id: z.string() }) }).parse(await placed.json()).order.admin_graphql_api_id;
}

describe("health and readiness", () => {
  it("the app and the worker answer /healthz and /readyz without a session, saying nothing of any shop", async () => {
    const { appUrl, shop } = stack();
    for (const base of [appUrl, workerUrl]) {
      const alive = await get(`${base}/healthz`);
      expect(alive, base).toMatchObject({ status: 200, type: "application/json; charset=utf-8" });
      expect(JSON.parse(alive.text)).toEqual({ status: "alive" });
      const ready = await get(`${base}/readyz`);
      expect(ready.status, `${base}: ${ready.text}`).toBe(200);
      expect(JSON.parse(ready.text)).toEqual({ status: "ready" });
      expect(alive.text + ready.text).not.toContain(shop);
    }
  });

  it("/metrics answers only with the bearer token: 401 without it or with another, Prometheus text with it", async () => {
    const { appUrl } = stack();
    for (const base of [appUrl, workerUrl]) {
      expect((await get(`${base}/metrics`)).status, base).toBe(401);
      expect((await get(`${base}/metrics`, { Authorization: "Bearer not-the-metrics-token" })).status, base).toBe(401);
      const metrics = await get(`${base}/metrics`, withToken);
      expect(metrics.status, base).toBe(200);
      expect(metrics.type).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(metrics.text).toContain("# TYPE jobs_pending gauge");
      expect(metrics.text).toContain("# TYPE provider_call_duration_seconds histogram");
      expect(metrics.text).toContain("process_resident_memory_bytes");
    }
  });
});

describe("an order through the live pipeline, as an operator sees it", () => {
  it("is counted and timed in the metrics, and logged as JSON lines with no token, session or address", { timeout: 120_000 }, async () => {
    const s = stack();
    const studio = { id: await studioLocationId(s) };
    await saveShopSettings(s.db, s.shop, {
      mode: "live",
      dropShip: { handlingLocation: "SZ-HUB", merchantLocationIds: [studio.id], services: { defaultService: "US01-EXP" } },
    });
    // The merchant saves the provider's token on the Settings page, through the app.
    const saved = await adminData(s, "/app/settings/provider", "routes/app.settings.provider", {
      form: { intent: "saveToken", token: PROVIDER_TOKEN },
    });
    expect(saved.status, s.logs().slice(-3_000)).toBe(200);

    const orderId = await placeOrderTo(ADDRESS_LINE);
    await waitFor(async () => (await s.db.shipment.findFirst({ where: { shop: s.shop, orderId, state: "FULFILLED" } })) ?? undefined, {
      timeoutMs: 90_000,
      intervalMs: 100,
      what: `the order fulfilled with tracking in Shopify\n${s.logs().slice(-3_000)}`,
    });
    // The address really went through the app to the provider.
    expect(JSON.stringify([...s.sandbox.state().dropships.values()])).toContain(ADDRESS_LINE);

    const app = (await get(`${s.appUrl}/metrics`, withToken)).text;
    expect(sample(app, 'webhook_deliveries_received_total{topic="orders/create"}')).toBeGreaterThanOrEqual(1);
    expect(sample(app, 'webhook_deliveries_received_total{topic="fulfillment_orders/order_routing_complete"}')).toBeGreaterThanOrEqual(1);
    expect(app).toMatch(/^jobs_pending\{kind="housekeeping\.purge"\} 1$/m);
    // A delivery signed with another secret is refused and counted, by its status alone.
    const forged = await fetch(`${s.appUrl}/webhooks/orders/create`, {
      method: "POST",
      headers: { "X-Shopify-Hmac-Sha256": "Zm9yZ2Vk", "X-Shopify-Shop-Domain": s.shop, "X-Shopify-Topic": "orders/create" },
      body: "{}",
    });
    expect(forged.status).toBe(401);
    expect(sample((await get(`${s.appUrl}/metrics`, withToken)).text, 'webhook_deliveries_refused_total{status="401"}')).toBe(1);

    const worker = (await get(`${workerUrl}/metrics`, withToken)).text;
    expect(sample(worker, 'jobs_finished_total{kind="push.batch",outcome="done"}')).toBeGreaterThanOrEqual(1);
    expect(sample(worker, 'jobs_finished_total{kind="housekeeping.purge",outcome="done"}')).toBe(1);
    expect(total(worker, "job_duration_seconds_count", { kind: "write-back.fulfil" })).toBeGreaterThanOrEqual(1);
    expect(
      total(worker, "provider_call_duration_seconds_count", { operation: "createDropshipBatch", outcome: "ok" }),
    ).toBeGreaterThanOrEqual(1);
    expect(total(worker, "shopify_call_duration_seconds_count", { outcome: "ok" })).toBeGreaterThanOrEqual(3);
    // The fulfilment with tracking: one document for one, another for several at once.
    expect(
      total(worker, "shopify_call_duration_seconds_count", { operation: "FulfillmentCreate" }) +
        total(worker, "shopify_call_duration_seconds_count", { operation: "FulfillmentsCreate" }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(worker, "order_received_to_provider_accepted_seconds_count")).toBe(1);
    expect(sample(worker, "order_tracking_known_to_fulfilled_seconds_count")).toBe(1);
    // No shop in any label: a series per shop would grow with every install.
    expect(worker).not.toContain(s.shop);
    expect(app).not.toContain(s.shop);

    // The logs: JSON lines from both processes, with the fields support needs...
    const lines = s
      .logs()
      .split("\n")
      .filter((line) => /^\[(app|worker)\] \{/.test(line))
      .map((line) => z.looseObject({ level: z.string(), msg: z.string() }).parse(JSON.parse(line.slice(line.indexOf("{")))));
    const requests = lines.filter((line) => line.msg === "request");
    expect(requests.find((line) => line.path === "/webhooks/orders/create")).toMatchObject({
      requestId: expect.any(String),
      status: 200,
      shop: s.shop,
      durationMs: expect.any(Number),
    });
    expect(lines.find((line) => line.msg === "Job run" && line.kind === "push.batch")).toMatchObject({
      process: "worker",
      jobId: expect.any(String),
      shop: s.shop,
      outcome: "done",
      durationMs: expect.any(Number),
    });
    // ...and none of what must never be written down.
    const logs = s.logs();
    expect(logs).not.toContain(PROVIDER_TOKEN);
    expect(logs).not.toContain(s.accessToken);
    expect(logs).not.toContain(ADDRESS_LINE);
    expect(logs).not.toContain("id_token");
  });
});
