import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { enqueue } from "~/flows/queue/jobs.server";
import { eraseCustomerData, eraseShopData } from "~/stores/compliance/redaction.server";
import { recordWebhookReceipt } from "~/stores/receipts/webhook-receipt.server";

const { db } = useTestDatabase();
const shop = "a.myshopify.com";
const customer = "gid://shopify/Customer/7";
const order = (n: number) => `gid://shopify/Order/${n}`;

async function receipt(eventId: string, facts: { shop?: string; customerId?: string; orderId?: string }) {
  await recordWebhookReceipt(db, {
    shop,
    topic: "orders/create",
    webhookId: eventId,
    eventId,
    apiVersion: "2026-10",
    payload: JSON.stringify({ email: "jane@example.com" }),
    ...facts,
  });
}

async function shipment(orderId: string, shipmentShop = shop) {
  return db.shipment.create({
    data: {
      shop: shipmentShop,
      kind: "DROPSHIP",
      state: "SUBMITTED",
      fulfillmentOrderId: `${orderId}/fo`,
      orderId,
      packageId: orderId.replace(/\D/g, ""),
      requestSent: JSON.stringify({ ShipToAddress: { Contact: "Jane Doe" } }),
      holdReasons: JSON.stringify([{ field: "ShipToAddress.Street1", value: "1 Jane Doe Lane" }]),
      lastErrorText: "Street 1 '1 Jane Doe Lane' is too long",
      lastErrorSay: JSON.stringify({ key: "carrierReturned", args: ["Returned", "", "Refused by Jane Doe"] }),
      events: { create: { type: "held", message: "Held: Street 1 '1 Jane Doe Lane' is too long", data: '{"value":"1 Jane Doe Lane"}' } },
    },
  });
}

beforeEach(async () => {
  await db.webhookReceipt.deleteMany();
  await db.shipment.deleteMany();
  await db.job.deleteMany();
  await db.shop.deleteMany();
  await db.complianceRequest.deleteMany();
});

describe("customer redaction", () => {
  it("erases the customer's payloads and the requests sent for their orders, and nothing else", async () => {
    await receipt("by-customer", { customerId: customer });
    await receipt("by-order", { orderId: order(1) });
    await receipt("someone-else", { customerId: "gid://shopify/Customer/8", orderId: order(3) });
    await receipt("other-shop", { shop: "b.myshopify.com", customerId: customer });
    await shipment(order(1));
    await shipment(order(3));

    const erased = await eraseCustomerData(db, { shop, customerId: customer, orderIds: [order(1), order(2)] });
    expect(erased).toEqual({ webhookReceipts: 2, shipments: 1, checkpoints: 0, returns: 0, jobErrors: 0, dataReports: 0, alerts: 0 });

    const receipts = await db.webhookReceipt.findMany({ orderBy: { eventId: "asc" } });
    expect(receipts.map((r) => [r.eventId, r.payload === null, r.redactedAt !== null])).toEqual([
      ["by-customer", true, true],
      ["by-order", true, true],
      ["other-shop", false, false],
      ["someone-else", false, false],
    ]);
    const shipments = await db.shipment.findMany({ orderBy: { orderId: "asc" } });
    expect(shipments.map((s) => [s.orderId, s.requestSent === null])).toEqual([
      [order(1), true],
      [order(3), false],
    ]);
    // The address is gone from hold reasons, errors and the timeline, wherever it was quoted.
    expect(shipments.map((s) => [s.holdReasons === null, s.lastErrorText === null, s.lastErrorSay === null])).toEqual([
      [true, true, true],
      [false, false, false],
    ]);
    const events = await db.shipmentEvent.findMany({ include: { shipment: true }, orderBy: { shipment: { orderId: "asc" } } });
    expect(events.map((e) => [e.shipment.orderId, e.message.includes("Jane Doe"), e.data])).toEqual([
      [order(1), false, null],
      [order(3), true, '{"value":"1 Jane Doe Lane"}'],
    ]);
    // What the merchant's operations need stays: the shipment, its state and its timeline.
    expect(shipments[0]).toMatchObject({ state: "SUBMITTED", packageId: "1" });
    expect(await db.shipmentEvent.count()).toBe(2);
  });
});

describe("customer redaction of data reports", () => {
  it("erases the reports that answered the customer's data requests: they are copies of the same data", async () => {
    const request = (customerId: string, receiptId: string) =>
      db.complianceRequest.create({
        data: {
          shop,
          kind: "CUSTOMER_DATA_REQUEST",
          customerId,
          receiptId,
          receivedAt: new Date(),
          report: JSON.stringify({ email: "jane@example.com" }),
        },
      });
    await request(customer, "r1");
    await request("gid://shopify/Customer/8", "r2");

    expect(await eraseCustomerData(db, { shop, customerId: customer, orderIds: [] })).toEqual({
      webhookReceipts: 0,
      shipments: 0,
      checkpoints: 0,
      returns: 0,
      jobErrors: 0,
      dataReports: 1,
      alerts: 0,
    });
    const reports = await db.complianceRequest.findMany({ orderBy: { receiptId: "asc" } });
    expect(reports.map((r) => [r.customerId, r.report === null, r.redactedAt !== null])).toEqual([
      [customer, true, true],
      ["gid://shopify/Customer/8", false, false],
    ]);
  });
});

describe("shop redaction", () => {
  it("deletes everything the app holds about the shop, and only that shop", async () => {
    await db.shop.create({ data: { domain: shop } });
    await db.shop.create({ data: { domain: "b.myshopify.com" } });
    await receipt("e1", {});
    await receipt("e2", { shop: "b.myshopify.com" });
    await shipment(order(1));
    await shipment(order(2), "b.myshopify.com");
    await enqueue(db, { kind: "noop", payload: {}, shop });
    await enqueue(db, { kind: "noop", payload: {}, shop: "b.myshopify.com" });
    const complianceRequest = { kind: "CUSTOMER_REDACT", customerId: customer, receivedAt: new Date() } as const;
    await db.complianceRequest.create({ data: { ...complianceRequest, shop, receiptId: "c1" } });
    await db.complianceRequest.create({ data: { ...complianceRequest, shop: "b.myshopify.com", receiptId: "c2" } });

    for (const owner of [shop, "b.myshopify.com"]) {
      await db.catalogueVariant.create({
        data: {
          shop: owner,
          variantId: "gid://shopify/ProductVariant/1",
          productId: "gid://shopify/Product/1",
          productTitle: "Mug",
          variantTitle: "Blue",
          displayName: "Mug - Blue",
          inventoryItemId: "gid://shopify/InventoryItem/1",
          tracked: true,
          readId: "r1",
        },
      });
      await db.providerSku.create({ data: { shop: owner, sku: "MUG-1", record: "{}", readAt: new Date() } });
      await db.kitComponent.create({ data: { shop: owner, kitSku: "MUG-PAIR", componentSku: "MUG-1", quantity: 2, position: 0 } });
      await db.syncRun.create({
        data: { shop: owner, kind: "SKU_REGISTER", status: "DONE", trigger: "MERCHANT", items: { create: [{ key: "MUG-1" }] } },
      });
      await db.warehouseStock.create({
        data: { shop: owner, warehouseId: "US01", sku: "MUG-1", total: 3, to30Days: 3, readAt: new Date() },
      });
      await db.customerReturn.create({
        data: {
          shop: owner,
          returnId: "gid://shopify/Return/1",
          returnName: "#1001-R1",
          orderId: order(1),
          orderName: "#1001",
          warehouseCode: "US01",
          locationId: "gid://shopify/Location/1",
          packageId: "RT-1-US01",
          lines: "[]",
          units: 1,
          state: "SENT",
        },
      });
      await db.inboundShipment.create({ data: { shop: owner, reference: "IN-1", warehouseId: "US01", shippingType: "Sea", boxes: "[]" } });
      await db.shippingCostMonth.create({
        data: { shop: owner, month: "2026-11", currency: "USD", amount: 685n, costLines: 1, shipments: 1 },
      });
      await db.ladingOrder.create({
        data: {
          shop: owner,
          reference: "LD-1",
          shipmentId: "",
          warehouseId: "US01",
          serviceCode: "US01-STD",
          reservationDate: new Date(),
          shipTo: "{}",
          packages: "[]",
        },
      });
      const message = await db.alertMessage.create({
        data: { shop: owner, channel: "EMAIL", status: "SENT", subject: "Order #1001 is held", text: "…", alertCount: 1 },
      });
      await db.alert.create({
        data: {
          shop: owner,
          key: "shipment:1:HELD",
          kind: "SHIPMENT_HELD",
          path: "/app/shipments/1",
          orderId: order(1),
          orderName: "#1001",
          detail: "held",
          deliveries: { create: [{ shop: owner, channel: "EMAIL", messageId: message.id }] },
        },
      });
      await db.alertChannel.create({
        data: { shop: owner, channel: "EMAIL", enabled: true, settings: JSON.stringify({ recipients: ["ops@example.com"] }) },
      });
      await db.providerOutage.create({ data: { shop: owner, kind: "UNREACHABLE", since: new Date(), lastFailureAt: new Date() } });
    }

    await eraseShopData(db, shop);

    const counts = async (where: { shop: string }) => [
      await db.webhookReceipt.count({ where }),
      await db.shipment.count({ where }),
      await db.job.count({ where }),
      await db.shop.count({ where: { domain: where.shop } }),
      await db.complianceRequest.count({ where }),
      await db.catalogueVariant.count({ where }),
      await db.providerSku.count({ where }),
      await db.syncRun.count({ where }),
      await db.warehouseStock.count({ where }),
      await db.customerReturn.count({ where }),
      await db.inboundShipment.count({ where }),
      await db.ladingOrder.count({ where }),
      await db.kitComponent.count({ where }),
      await db.shippingCostMonth.count({ where }),
      await db.alert.count({ where }),
      await db.alertDelivery.count({ where }),
      await db.alertMessage.count({ where }),
      await db.alertChannel.count({ where }),
      await db.providerOutage.count({ where }),
    ];
    expect(await counts({ shop })).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await counts({ shop: "b.myshopify.com" })).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(await db.syncRunItem.count()).toBe(1);
    expect(await db.shipmentEvent.count()).toBe(1);
  });
});
