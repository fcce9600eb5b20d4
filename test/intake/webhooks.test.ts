/**
 * The webhook intake over real HTTP: the emulator signs and delivers as Shopify does, the built app
 * (its own process, real `authenticate.webhook`) records and queues. No worker: what the intake
 * leaves behind stays as it left it (compliance-and-services.test.ts runs the jobs). Assertions are
 * what an operator would look at: Shopify's delivery log (the attempts' statuses) and the app's tables.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { WEBHOOK_TOPICS, type WebhookTopic } from "~/shopify/webhooks/topics";
import { recordInstall, recordUninstall } from "~/stores/shops/shop.server";
import { holdDatabaseWrites } from "../support/database";
import { useStack } from "../support/stack";
import { postSignedWebhook, resend, statuses } from "./support";

const stack = useStack({ worker: false });

beforeEach(async () => {
  const { db } = stack();
  await stack().installOfflineSession();
  await db.shop.deleteMany();
  await db.webhookReceipt.deleteMany();
  await db.job.deleteMany();
  await db.complianceRequest.deleteMany();
});

/** What each topic leaves behind while the shop is installed: the receipt's status once the intake answered, and the job it queued. */
const EXPECTED: Record<WebhookTopic, { status: "ENQUEUED" | "PROCESSED" | "REJECTED"; job: string | null }> = {
  "orders/create": { status: "PROCESSED", job: null },
  "orders/updated": { status: "ENQUEUED", job: "change.orders" },
  "orders/edited": { status: "ENQUEUED", job: "change.orders" },
  "orders/paid": { status: "ENQUEUED", job: "change.orders" },
  "orders/risk_assessment_changed": { status: "ENQUEUED", job: "change.orders" },
  "refunds/create": { status: "ENQUEUED", job: "change.orders" },
  "fulfillment_orders/placed_on_hold": { status: "ENQUEUED", job: "change.orders" },
  "fulfillment_orders/hold_released": { status: "ENQUEUED", job: "change.orders" },
  "fulfillment_holds/added": { status: "ENQUEUED", job: "change.orders" },
  "fulfillment_holds/released": { status: "ENQUEUED", job: "change.orders" },
  "fulfillment_orders/scheduled_fulfillment_order_ready": { status: "ENQUEUED", job: "change.orders" },
  "fulfillment_orders/rescheduled": { status: "ENQUEUED", job: "change.orders" },
  "fulfillment_orders/split": { status: "ENQUEUED", job: "change.orders" },
  "fulfillment_orders/merged": { status: "ENQUEUED", job: "change.orders" },
  "fulfillment_orders/moved": { status: "ENQUEUED", job: "change.orders" },
  "orders/cancelled": { status: "ENQUEUED", job: "cancel.order" },
  "fulfillment_orders/order_routing_complete": { status: "ENQUEUED", job: "plan.routed" },
  "fulfillment_orders/fulfillment_request_submitted": { status: "ENQUEUED", job: "plan.requests" },
  "fulfillment_orders/cancellation_request_submitted": { status: "ENQUEUED", job: "cancel.requests" },
  "fulfillment_orders/cancelled": { status: "ENQUEUED", job: "cancel.fulfillment-order" },
  "returns/approve": { status: "ENQUEUED", job: "returns.open" },
  // Its body names no shop: its job reads the scopes from Shopify (test/intake/replayed-deliveries.test.ts).
  "app/scopes_update": { status: "ENQUEUED", job: "receive-webhooks.scopes-refresh" },
  // Acted on once its job has seen Shopify refuse the shop's token (test/intake/replayed-deliveries.test.ts).
  "app/uninstalled": { status: "ENQUEUED", job: "receive-webhooks.uninstall-confirm" },
  // The shop's time zone, taken at once (test/admin/time-zone.test.ts).
  "shop/update": { status: "PROCESSED", job: null },
  "customers/data_request": { status: "ENQUEUED", job: "compliance.customer-data-request" },
  "customers/redact": { status: "ENQUEUED", job: "compliance.customer-redact" },
  // Only for a shop the app is uninstalled from (compliance-and-services.test.ts); this one is installed.
  "shop/redact": { status: "REJECTED", job: null },
};

/**
 * Explicit payloads where the emulator's would name no customer (the demo shop has no orders yet),
 * or where Shopify's example names its order with an id too large for JSON to carry exactly (or none).
 */
function payloadFor(topic: WebhookTopic, shop: string): unknown {
  const customer = { id: 191167, email: "john@example.com", phone: "555-625-1199" };
  if (topic === "customers/data_request")
    return { shop_id: 1, shop_domain: shop, customer, orders_requested: [299938], data_request: { id: 9999 } };
  if (topic === "customers/redact") return { shop_id: 1, shop_domain: shop, customer, orders_to_redact: [299938] };
  if (topic === "shop/redact") return { shop_id: 1, shop_domain: shop };
  if (topic === "orders/edited") return { order_edit: { id: 78912, order_id: 299938, line_items: { additions: [], removals: [] } } };
  if (topic === "orders/risk_assessment_changed")
    return { risk_level: "high", order_id: 299938, admin_graphql_api_order_id: "gid://shopify/Order/299938" };
  if (topic === "refunds/create") return { id: 890088, order_id: 299938, admin_graphql_api_id: "gid://shopify/Refund/890088" };
  return undefined; // the emulator's: built from its state, or Shopify's own example
}

describe("webhook intake", () => {
  it("accepts a signed delivery of every subscribed topic with 200, records it once and queues its work", async () => {
    const { db, shop, appUrl } = stack();
    const deliver = async (topic: WebhookTopic) => {
      const [delivery, ...more] = await stack().deliverWebhook(topic, { payload: payloadFor(topic, shop) });
      expect(more).toEqual([]);
      expect(delivery?.url).toBe(`${appUrl}/webhooks/${topic}`);
      expect(statuses(delivery), topic).toEqual([200]);
    };
    /** Per topic: its receipts' statuses and the statuses of the jobs of its kind. */
    const seen = async () => {
      const receipts = await db.webhookReceipt.findMany({ where: { shop } });
      const jobs = await db.job.findMany({ where: { shop } });
      return Object.fromEntries(
        WEBHOOK_TOPICS.map((topic) => {
          const kind = EXPECTED[topic].job;
          return [
            topic,
            {
              receipts: receipts.filter((r) => r.topic === topic).map((r) => r.status),
              jobs: jobs.filter((j) => j.kind === kind).map((j) => j.status),
            },
          ];
        }),
      );
    };
    const expected = (topic: WebhookTopic, jobStatus = "PENDING") => ({
      receipts: [EXPECTED[topic].status],
      jobs: EXPECTED[topic].job ? [jobStatus] : [],
    });

    for (const topic of WEBHOOK_TOPICS) await deliver(topic);
    // app/uninstalled waits for its confirmation: nothing is stopped on the delivery's word alone.
    expect(await seen()).toEqual(Object.fromEntries(WEBHOOK_TOPICS.map((topic) => [topic, expected(topic)])));
    expect(await db.session.count({ where: { shop } })).toBe(1);
  }, 60_000);

  it("answers 401 to a tampered delivery and records nothing of it", async () => {
    const { db } = stack();
    const [delivery] = await stack().deliverWebhook("orders/cancelled");
    if (!delivery) throw new Error("no delivery");
    const before = await db.webhookReceipt.count();

    expect(await resend(delivery, { body: delivery.body.replace(/"email":"[^"]*"/, '"email":"attacker@example.com"') })).toBe(401);
    expect(await resend(delivery, { headers: { "X-Shopify-Hmac-Sha256": "c2lnbmVkIGJ5IHNvbWVvbmUgZWxzZQ==" } })).toBe(401);
    expect(await db.webhookReceipt.count()).toBe(before);
    expect(await db.job.count()).toBe(1);
  });

  it("records the same delivery three times as one receipt and one job", async () => {
    const { db } = stack();
    // Shopify's duplicate: the same event again with a new webhook id...
    const [first, duplicate] = await stack().deliverWebhook("orders/updated", { duplicate: true });
    if (!first || !duplicate) throw new Error("expected two deliveries");
    expect(duplicate.headers["X-Shopify-Event-Id"]).toBe(first.headers["X-Shopify-Event-Id"]);
    // ...and a retry of the first, byte for byte.
    expect(await resend(first)).toBe(200);

    expect([statuses(first), statuses(duplicate)]).toEqual([[200], [200]]);
    const receipts = await db.webhookReceipt.findMany({ where: { topic: "orders/updated" } });
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ eventId: first.headers["X-Shopify-Event-Id"], status: "ENQUEUED" });
    expect([first.webhookId, duplicate.webhookId]).toContain(receipts[0]?.webhookId);
    expect(await db.job.findMany({ where: { kind: "change.orders" } })).toHaveLength(1);
  });

  it("keeps a payload it cannot use as REJECTED with the reason, and answers 200 so Shopify does not resend it", async () => {
    const { db } = stack();
    const [delivery] = await stack().deliverWebhook("orders/cancelled", {
      payload: { id: "not-an-id", cancelled_at: "2030-01-01T00:00:00Z" },
    });

    expect(statuses(delivery)).toEqual([200]);
    const receipt = await db.webhookReceipt.findFirstOrThrow({ where: { topic: "orders/cancelled" } });
    expect(receipt.status).toBe("REJECTED");
    expect(receipt.reason).toMatch(/orders\/cancelled payload cannot be used[\s\S]*at id/);
    expect(JSON.parse(receipt.payload ?? "null")).toMatchObject({ id: "not-an-id" });
    expect(await db.job.count()).toBe(0);
  });

  it("answers 200 to app/uninstalled's redelivery, and keeps later order events of the uninstalled shop without queueing them", async () => {
    const { db, shop } = stack();
    await recordInstall(db, shop);
    await db.job.create({ data: { id: "waiting", shop, kind: "change.orders", payload: "{}", maxAttempts: 12, runAt: new Date() } });

    const [uninstalled] = await stack().deliverWebhook("app/uninstalled");
    if (!uninstalled) throw new Error("no delivery");
    expect(statuses(uninstalled)).toEqual([200]);
    // Shopify resends it (no answer seen): the same receipt.
    expect(await resend(uninstalled)).toBe(200);
    expect(await db.webhookReceipt.count({ where: { topic: "app/uninstalled" } })).toBe(1);

    // Once the uninstall is confirmed (its job, with the worker: replayed-deliveries.test.ts), a late order event arrives.
    await recordUninstall(db, shop);
    const [late] = await stack().deliverWebhook("orders/updated");
    expect(statuses(late)).toEqual([200]);
    expect(await db.webhookReceipt.findFirstOrThrow({ where: { topic: "orders/updated" } })).toMatchObject({
      status: "REJECTED",
      reason: expect.stringMatching(/^The app was uninstalled from this shop on .*: nothing was queued$/),
    });
    expect(await db.job.count({ where: { kind: "orders.updated" } })).toBe(0);
  });

  it("answers 500 while the database cannot take the delivery, and records it once when Shopify sends it again", async () => {
    const { db, databaseUrl } = stack();
    const ids = { eventId: "locked-event", webhookId: "locked-webhook" };
    const payload = { id: 5, admin_graphql_api_id: "gid://shopify/Order/5", customer: null, cancelled_at: "2030-01-01T00:00:00Z" };
    // Another process keeps the app from writing for longer than the app's busy timeout (5 s).
    const holder = await holdDatabaseWrites(databaseUrl, { releaseAfterMs: 10_000 });
    let status: number;
    try {
      status = await postSignedWebhook(stack(), "orders/cancelled", payload, ids);
    } finally {
      await holder.release();
    }
    expect(status).toBe(500);
    expect(await db.webhookReceipt.count()).toBe(0);

    expect(await postSignedWebhook(stack(), "orders/cancelled", payload, ids)).toBe(200);
    expect(await postSignedWebhook(stack(), "orders/cancelled", payload, ids)).toBe(200);
    expect(await db.webhookReceipt.count({ where: { eventId: "locked-event" } })).toBe(1);
    expect(await db.job.count({ where: { kind: "cancel.order" } })).toBe(1);
  }, 30_000);
});
