import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { recordWebhookReceipt, recordWebhookReceiptUnlessUninstalled, setWebhookReceiptStatus, type WebhookDelivery } from "~/stores/receipts/webhook-receipt.server";

const { db } = useTestDatabase();

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
    expect(await db.webhookReceipt.findUniqueOrThrow({ where: { id: receiptId } })).toMatchObject({ status: "ENQUEUED", processedAt: null });
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
      expect(await recordWebhookReceiptUnlessUninstalled(db, { ...delivery, webhookId: "webhook-2" })).toEqual({ ...first, duplicate: true });
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
