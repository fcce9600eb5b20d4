import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../support/database";
import { recordFulfillmentServiceNotification } from "~/flows/receive-webhooks/fulfillment-service-notification.server";

const { db } = useTestDatabase();
const shop = "a.myshopify.com";

const notification = (kind: unknown, webhookId: string | null = "w-1") => ({ shop, payload: { kind }, webhookId, apiVersion: "2026-10" });

beforeEach(async () => {
  await db.webhookReceipt.deleteMany();
  await db.job.deleteMany();
});

describe("the fulfillment-service callback", () => {
  it("records the notification and wakes the shop's job for its kind of request", async () => {
    const outcome = await recordFulfillmentServiceNotification(db, notification("FULFILLMENT_REQUEST"));
    expect(outcome.status).toBe("queued");
    expect(await db.webhookReceipt.findFirstOrThrow()).toMatchObject({ topic: "fulfillment_order_notification", webhookId: "w-1", eventId: "w-1", status: "ENQUEUED" });
    expect(await db.job.findFirstOrThrow()).toMatchObject({ kind: "fulfillment-requests.fetch", shop, dedupeKey: `fulfillment-requests.fetch:${shop}` });

    await recordFulfillmentServiceNotification(db, notification("CANCELLATION_REQUEST", "w-2"));
    expect((await db.job.findMany({ orderBy: { kind: "asc" } })).map((j) => j.kind)).toEqual(["cancellation-requests.fetch", "fulfillment-requests.fetch"]);
  });

  it("counts a retry of the same notification once, and many requests as one waiting job", async () => {
    await recordFulfillmentServiceNotification(db, notification("FULFILLMENT_REQUEST", "w-1"));
    expect((await recordFulfillmentServiceNotification(db, notification("FULFILLMENT_REQUEST", "w-1"))).status).toBe("duplicate");
    await recordFulfillmentServiceNotification(db, notification("FULFILLMENT_REQUEST", "w-2"));
    await recordFulfillmentServiceNotification(db, notification("FULFILLMENT_REQUEST", null));
    expect(await db.webhookReceipt.count()).toBe(3);
    expect(await db.job.count()).toBe(1);
  });

  it("keeps a notification it cannot read, with the reason, and queues nothing", async () => {
    const outcome = await recordFulfillmentServiceNotification(db, notification("FULFILMENT_REQUEST"));
    expect(outcome).toMatchObject({ status: "rejected", reason: expect.stringMatching(/cannot be used[\s\S]*FULFILLMENT_REQUEST[\s\S]*at kind/) });
    expect(await db.webhookReceipt.findFirstOrThrow()).toMatchObject({ status: "REJECTED", payload: JSON.stringify({ kind: "FULFILMENT_REQUEST" }) });
    expect(await db.job.count()).toBe(0);
  });
});
