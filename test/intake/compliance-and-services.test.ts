/**
 * Compliance and fulfillment services over real HTTP, with a real order: the emulator places it and
 * delivers what Shopify would, the app records it, the worker process answers the compliance
 * requests and creates the warehouses' fulfillment services in the emulator.
 */
import { describe, expect, it } from "vitest";
import { fulfillmentServiceCallbackUrl, saveSettingsAndEnsureServices } from "~/flows/install/fulfillment-services.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { orderPayload } from "../support/shopify-admin";
import { warehouseStock } from "../emulator/seed";
import { useStack } from "../support/stack";
import { eventually, resend, revokeAppToken, statuses } from "./support";

const stack = useStack();

/** Every text the app keeps about orders and customers, to search for a customer's data. */
async function everythingStored(): Promise<string> {
  const { db } = stack();
  return JSON.stringify([
    await db.webhookReceipt.findMany(),
    await db.shipment.findMany(),
    await db.complianceRequest.findMany(),
    await db.job.findMany(),
  ]);
}

describe("compliance", () => {
  it("answers a customer's data request from what the app stores, then really erases it on customers/redact", async () => {
    const { db, shop, shopify } = stack();
    // Shopify's own orders/create example: Steve Shipper ordering to Kentucky.
    const { order } = shopify.createOrder(shop, orderPayload([{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }]));
    await shopify.settled();
    const orderId = `gid://shopify/Order/${order.id}`;
    const created = await db.webhookReceipt.findFirstOrThrow({ where: { topic: "orders/create", orderId } });
    const customerId = created.customerId;
    expect(customerId).toMatch(/^gid:\/\/shopify\/Customer\/\d+$/);
    const email = order.customer?.email;
    expect(email).toBeTruthy();
    // The order's receipt keeps the customer's id, not their e-mail, name or address (decision 0038).
    for (const personal of [email, order.email, "Steve Shipper", "123 Shipping Street"])
      expect(await everythingStored()).not.toContain(personal);
    // The pipeline's shipment of that order, with the address sent to the provider.
    await db.shipment.create({
      data: {
        shop,
        kind: "DROPSHIP",
        state: "SUBMITTED",
        fulfillmentOrderId: "gid://shopify/FulfillmentOrder/1",
        orderId,
        orderName: order.name,
        packageId: `P-${order.id}`,
        requestSent: JSON.stringify({ ShipToAddress: { Contact: "Steve Shipper", Email: email } }),
      },
    });

    // Shopify's payloads, built by the emulator from the order's customer.
    const [dataRequest] = await stack().deliverWebhook("customers/data_request");
    expect(statuses(dataRequest)).toEqual([200]);
    const answered = await eventually(
      () => db.complianceRequest.findFirst({ where: { kind: "CUSTOMER_DATA_REQUEST", completedAt: { not: null } } }),
      "the data report",
    );
    expect(answered).toMatchObject({ shop, customerId, orderIds: JSON.stringify([orderId]) });
    const report: unknown = JSON.parse(answered.report ?? "null");
    expect(report).toMatchObject({
      customerId,
      orderIds: [orderId],
      webhookPayloads: expect.arrayContaining([
        expect.objectContaining({
          topic: "orders/create",
          orderId,
          payload: expect.objectContaining({ customer: expect.objectContaining({ admin_graphql_api_id: customerId }) }),
        }),
      ]),
      shipments: [
        expect.objectContaining({
          packageId: `P-${order.id}`,
          requestSentToProvider: { ShipToAddress: { Contact: "Steve Shipper", Email: email } },
        }),
      ],
    });

    const [redact] = await stack().deliverWebhook("customers/redact");
    expect(statuses(redact)).toEqual([200]);
    await eventually(
      () => db.complianceRequest.findFirst({ where: { kind: "CUSTOMER_REDACT", completedAt: { not: null } } }),
      "the redaction",
    );

    // Nowhere in the app's tables: not the order's payload, not the request sent, not the report.
    const stored = await everythingStored();
    for (const personal of [email, order.email, "Steve Shipper", "123 Shipping Street"]) expect(stored).not.toContain(personal);
    expect(await db.shipment.findFirstOrThrow({ where: { orderId } })).toMatchObject({
      requestSent: null,
      state: "SUBMITTED",
      packageId: `P-${order.id}`,
    });
    expect(await db.webhookReceipt.count({ where: { customerId, payload: { not: null } } })).toBe(0);
  }, 60_000);
});

describe("fulfillment services", () => {
  it("are created per enabled warehouse, and the fulfillment requests they receive wake the shop's fetch job", async () => {
    const { db, shop, shopify, appUrl } = stack();
    await saveSettingsAndEnsureServices(db, shop, { warehouses: [{ warehouseId: "US01" }, { warehouseId: "DE01", enabled: false }] });

    const locationId = await eventually(
      async () => (await getShopSettings(db, shop)).warehouses[0]?.shopifyLocationId,
      "the warehouse's location",
    );
    const services = [...shopify.state.fulfillmentServices.values()];
    expect(services.map((s) => [s.serviceName, s.callbackUrl])).toEqual([
      ["Fulfilment warehouse US01", fulfillmentServiceCallbackUrl(appUrl)],
    ]);
    expect(locationId).toBe(`gid://shopify/Location/${services[0]?.locationId}`);

    // Stock at the warehouse only: Shopify routes the order there and asks the app to fulfil it.
    shopify.addProducts(shop, warehouseStock("US01", locationId));
    const { order } = shopify.createOrder(shop, orderPayload([{ sku: "MUG-CER-350-WHT", quantity: 1 }]));
    await shopify.settled();

    const notifications = shopify.deliveries().filter((d) => d.kind === "fulfillment_service_notification");
    expect(notifications.map((n) => [n.url, JSON.parse(n.body), statuses(n)])).toEqual([
      [`${appUrl}/fulfillment-service/fulfillment_order_notification`, { kind: "FULFILLMENT_REQUEST" }, [200]],
    ]);
    const webhook = shopify.deliveries().find((d) => d.topic === "fulfillment_orders/fulfillment_request_submitted");
    expect(statuses(webhook)).toEqual([200]);
    // The callback stores nothing of its own (its body, the same for every shop, is no evidence of
    // anything): it wakes the shop's one fetch job, which the webhook wakes too.
    expect(await db.webhookReceipt.count({ where: { topic: "fulfillment_order_notification" } })).toBe(0);
    const fetches = await db.job.findMany({ where: { kind: "plan.requests" }, select: { dedupeKey: true } });
    expect(fetches.length).toBeGreaterThanOrEqual(1);
    expect(fetches.length).toBeLessThanOrEqual(2);
    expect(fetches.map((j) => j.dedupeKey)).toContain(`plan.requests:${shop}`);

    // The merchant cancels: a cancellation request for the warehouse.
    shopify.cancelOrder(shop, order.id);
    await shopify.settled();
    const cancellation = shopify
      .deliveries()
      .filter((d) => d.kind === "fulfillment_service_notification")
      .at(-1);
    expect([JSON.parse(cancellation?.body ?? "null"), statuses(cancellation)]).toEqual([{ kind: "CANCELLATION_REQUEST" }, [200]]);
    await eventually(async () => (await db.job.count({ where: { kind: "cancel.requests" } })) >= 1, "the cancellation fetch");

    // A callback that is not Shopify's: the library answers 400 and nothing is recorded.
    const before = await db.webhookReceipt.count();
    if (!cancellation) throw new Error("no cancellation notification");
    expect(await resend(cancellation, { body: JSON.stringify({ kind: "FULFILLMENT_REQUEST" }) })).toBe(400);
    expect(await db.webhookReceipt.count()).toBe(before);
  }, 60_000);
});

describe("shop/redact", () => {
  it("erases everything the app holds about the shop, 48 hours after the uninstall", async () => {
    const { db, shop, shopify } = stack();
    shopify.createOrder(shop, orderPayload([{ sku: "TEA-GREEN-100G", quantity: 2 }]));
    await shopify.settled();
    // Shopify revokes the app's token as it uninstalls the app, then tells the app.
    const restore = revokeAppToken(stack());
    const [uninstalled] = await stack().deliverWebhook("app/uninstalled");
    expect(statuses(uninstalled)).toEqual([200]);
    await eventually(async () => (await db.shop.findUnique({ where: { domain: shop } }))?.uninstalledAt, "the confirmed uninstall");
    expect(await db.webhookReceipt.count({ where: { shop } })).toBeGreaterThan(0);
    // Shopify asks 48 hours after the uninstall: by then no job of the shop runs, and none is due.
    // Here the order's pipeline may still be finishing a job that started before the uninstall.
    await eventually(
      async () =>
        (await db.job.count({ where: { shop, OR: [{ status: "RUNNING" }, { status: "PENDING", runAt: { lte: new Date() } }] } })) === 0,
      "the shop's jobs at rest after the uninstall",
      30_000,
    );

    const [redact] = await stack().deliverWebhook("shop/redact");
    expect(statuses(redact)).toEqual([200]);
    await eventually(async () => (await db.webhookReceipt.count({ where: { shop } })) === 0, "the shop's erasure");
    const held = {
      shop: await db.shop.count({ where: { domain: shop } }),
      sessions: await db.session.count({ where: { shop } }),
      shipments: await db.shipment.count({ where: { shop } }),
      // Listed, not counted: a job left behind says which it is.
      jobs: await db.job.findMany({ where: { shop }, select: { kind: true, status: true, lastError: true } }),
      complianceRequests: await db.complianceRequest.count({ where: { shop } }),
    };
    expect(held).toEqual({ shop: 0, sessions: 0, shipments: 0, jobs: [], complianceRequests: 0 });
    restore();
    await stack().installOfflineSession();
  }, 60_000);
});
