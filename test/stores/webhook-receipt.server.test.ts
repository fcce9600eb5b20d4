import { beforeEach, describe, expect, it } from "vitest";
import { PrismaClient } from "@prisma/client";
import { testDatabaseProvider, useTestDatabase } from "../support/database";
import { SqliteAdapter } from "~/stores/database/sqlite-adapter.server";
import {
  orderAddressDigestsAsOf,
  recordWebhookReceipt,
  recordWebhookReceiptUnlessUninstalled,
  setWebhookReceiptStatus,
  type WebhookDelivery,
} from "~/stores/receipts/webhook-receipt.server";

const { db, url } = useTestDatabase();

const delivery: WebhookDelivery = {
  shop: "a.myshopify.com",
  topic: "orders/create",
  webhookId: "webhook-1",
  eventId: "event-1",
  apiVersion: "2026-10",
  triggeredAt: new Date("2030-01-01T00:00:00Z"),
  payload: JSON.stringify({ id: 1 }),
  orderId: "gid://shopify/Order/1",
};

beforeEach(async () => {
  await db.webhookReceipt.deleteMany();
  await db.shop.deleteMany();
});

describe("webhook receipts", () => {
  it("record a delivery once per event: Shopify's retry of the same event is a duplicate", async () => {
    const first = await recordWebhookReceipt(db, delivery);
    const retry = await recordWebhookReceipt(db, { ...delivery, webhookId: "webhook-2" });
    expect(first.duplicate).toBe(false);
    expect(retry).toEqual({ receiptId: first.receiptId, duplicate: true });
    expect(await db.webhookReceipt.findMany()).toEqual([
      expect.objectContaining({ webhookId: "webhook-1", eventId: "event-1", status: "RECORDED", orderId: "gid://shopify/Order/1" }),
    ]);
  });

  it("are per topic: one event may trigger several topics, each recorded and acted on", async () => {
    await recordWebhookReceipt(db, delivery);
    expect((await recordWebhookReceipt(db, { ...delivery, topic: "orders/updated" })).duplicate).toBe(false);
    expect(await db.webhookReceipt.count()).toBe(2);
  });

  it("are per shop: two shops may see the same event id", async () => {
    await recordWebhookReceipt(db, delivery);
    expect((await recordWebhookReceipt(db, { ...delivery, shop: "b.myshopify.com" })).duplicate).toBe(false);
  });

  it("say when they were processed, and why one was rejected", async () => {
    const { receiptId } = await recordWebhookReceipt(db, delivery);
    await setWebhookReceiptStatus(db, receiptId, "ENQUEUED");
    expect(await db.webhookReceipt.findUniqueOrThrow({ where: { id: receiptId } })).toMatchObject({
      status: "ENQUEUED",
      processedAt: null,
    });
    await setWebhookReceiptStatus(db, receiptId, "REJECTED", "The payload has no line items");
    const rejected = await db.webhookReceipt.findUniqueOrThrow({ where: { id: receiptId } });
    expect(rejected).toMatchObject({ status: "REJECTED", reason: "The payload has no line items" });
    expect(rejected.processedAt).toBeInstanceOf(Date);
  });

  describe("unless the app was uninstalled", () => {
    const uninstalledAt = new Date("2029-06-01T00:00:00Z");

    it("record a delivery for a shop never seen or still installed", async () => {
      const unseen = await recordWebhookReceiptUnlessUninstalled(db, delivery);
      await db.shop.create({ data: { domain: "b.myshopify.com" } });
      const installed = await recordWebhookReceiptUnlessUninstalled(db, { ...delivery, shop: "b.myshopify.com" });
      expect([unseen, installed]).toEqual([expect.objectContaining({ duplicate: false }), expect.objectContaining({ duplicate: false })]);
      expect(await db.webhookReceipt.count()).toBe(2);
    });

    it("find the earlier receipt of the same event", async () => {
      const first = await recordWebhookReceiptUnlessUninstalled(db, delivery);
      expect(await recordWebhookReceiptUnlessUninstalled(db, { ...delivery, webhookId: "webhook-2" })).toEqual({
        ...first,
        duplicate: true,
      });
    });

    it("record nothing after the uninstall, and say since when, even for an event recorded before", async () => {
      const first = await recordWebhookReceipt(db, delivery);
      await db.shop.create({ data: { domain: delivery.shop, uninstalledAt } });
      expect(await recordWebhookReceiptUnlessUninstalled(db, { ...delivery, eventId: "event-2" })).toEqual({ uninstalledAt });
      expect(await recordWebhookReceiptUnlessUninstalled(db, delivery)).toEqual({ uninstalledAt });
      expect(await db.webhookReceipt.findMany({ select: { id: true } })).toEqual([{ id: first.receiptId }]);
    });
  });
});

describe("the order's address as the app knew it at a moment (orderAddressDigestsAsOf)", () => {
  const at = (iso: string) => new Date(iso);
  const orderAddressDigestAsOf = async (client: typeof db, shop: string, orderId: string, moment: Date) =>
    (await orderAddressDigestsAsOf(client, shop, [{ orderId, at: moment }]))({ orderId, at: moment });
  const receive = async (
    orderId: string,
    topic: string,
    receivedAt: string,
    digest: string | null,
    eventId = `${orderId}:${topic}:${receivedAt}`,
  ) => {
    const { receiptId } = await recordWebhookReceipt(db, { ...delivery, orderId, topic, eventId, shippingAddressDigest: digest });
    await db.webhookReceipt.update({ where: { id: receiptId }, data: { receivedAt: at(receivedAt) } });
  };

  it("is the order's last orders/create or orders/updated received by then, never a later one, another order's or another topic's", async () => {
    await receive("gid://shopify/Order/1", "orders/create", "2030-01-01T10:00:00Z", "d-created");
    await receive("gid://shopify/Order/1", "orders/updated", "2030-01-01T11:00:00Z", "d-updated-at-11");
    await receive("gid://shopify/Order/1", "orders/edited", "2030-01-01T11:30:00Z", "d-edited");
    await receive("gid://shopify/Order/1", "orders/updated", "2030-01-01T13:00:00Z", "d-updated-at-13");
    await receive("gid://shopify/Order/2", "orders/updated", "2030-01-01T11:45:00Z", "d-another-order");

    expect(await orderAddressDigestAsOf(db, delivery.shop, "gid://shopify/Order/1", at("2030-01-01T12:00:00Z"))).toBe("d-updated-at-11");
    expect(await orderAddressDigestAsOf(db, delivery.shop, "gid://shopify/Order/1", at("2030-01-01T10:30:00Z"))).toBe("d-created");
    expect(await orderAddressDigestAsOf(db, delivery.shop, "gid://shopify/Order/1", at("2030-01-01T09:00:00Z"))).toBeNull();
    expect(await orderAddressDigestAsOf(db, "b.myshopify.com", "gid://shopify/Order/1", at("2030-01-01T12:00:00Z"))).toBeNull();
  });

  it("answers for several orders, each as of its own moment, from one read", async () => {
    await receive("gid://shopify/Order/1", "orders/create", "2030-01-01T10:00:00Z", "d1-created");
    await receive("gid://shopify/Order/1", "orders/updated", "2030-01-01T11:00:00Z", "d1-updated-at-11");
    await receive("gid://shopify/Order/2", "orders/create", "2030-01-01T10:30:00Z", "d2-created");
    await receive("gid://shopify/Order/2", "orders/updated", "2030-01-01T12:30:00Z", "d2-updated-at-12:30");
    const asked = [
      { orderId: "gid://shopify/Order/1", at: at("2030-01-01T10:15:00Z") },
      { orderId: "gid://shopify/Order/1", at: at("2030-01-01T13:00:00Z") },
      { orderId: "gid://shopify/Order/2", at: at("2030-01-01T12:00:00Z") },
      { orderId: "gid://shopify/Order/3", at: at("2030-01-01T12:00:00Z") },
    ];
    const digestAsOf = await orderAddressDigestsAsOf(db, delivery.shop, asked);
    expect(asked.map(digestAsOf)).toEqual(["d1-created", "d1-updated-at-11", "d2-created", null]);
  });

  it("skips a receipt without a digest (erased by a compliance request, or kept before digests) for the one before it", async () => {
    await receive("gid://shopify/Order/1", "orders/create", "2030-01-01T10:00:00Z", "d-created");
    await receive("gid://shopify/Order/1", "orders/updated", "2030-01-01T11:00:00Z", null);
    expect(await orderAddressDigestAsOf(db, delivery.shop, "gid://shopify/Order/1", at("2030-01-01T12:00:00Z"))).toBe("d-created");
  });

  // Runs for every fulfilment written (each is an orders/updated). SQLite keeps no statistics: with
  // an index on (shop, orderId) alone it searched (shop, topic, eventId) instead, reading every
  // order receipt of the shop, payloads included, each time: 9 s for 1,000 orders (decision 0031).
  it.skipIf(testDatabaseProvider === "postgresql")(
    "on SQLite, searches the order's own receipts by index, whatever else the shop has",
    async () => {
      const queries: { sql: string; params: unknown[] }[] = [];
      const client = new PrismaClient({ adapter: new SqliteAdapter(url), log: [{ emit: "event", level: "query" }] });
      client.$on("query", (event) => void queries.push({ sql: event.query, params: JSON.parse(event.params) as unknown[] }));
      try {
        await orderAddressDigestAsOf(client, delivery.shop, "gid://shopify/Order/1", at("2030-01-01T12:00:00Z"));
        const lookup = queries.find((query) => query.sql.includes("WebhookReceipt"));
        if (!lookup) throw new Error("the lookup sent no query to WebhookReceipt");
        const plan = await client.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${lookup.sql}`, ...lookup.params);
        expect(plan.map((step) => step.detail)).toEqual([
          expect.stringContaining("USING INDEX WebhookReceipt_shop_orderId_receivedAt_idx (shop=? AND orderId=? AND receivedAt<?)"),
        ]);
      } finally {
        await client.$disconnect();
      }
    },
  );
});
