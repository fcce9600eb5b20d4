/**
 * The three compliance requests end to end on a real database: recorded by the intake, worked by
 * the real handlers in a real worker, and the rows checked afterwards.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../support/database";
import { recordingJobLogger, waitFor } from "../../support/jobs";
import { handleCustomerDataRequest, handleCustomerRedact, handleShopRedact } from "~/flows/compliance/handlers";
import { enqueue } from "~/flows/queue/jobs.server";
import { jobPayloadSchemas } from "~/flows/queue/job-kinds";
import { startWorker } from "~/jobs/worker.server";
import { listComplianceRequests } from "~/stores/compliance/compliance-request.server";
import { recordAndEnqueue } from "~/flows/receive-webhooks/record-and-enqueue.server";
import { topicAsReported, type WebhookTopic } from "~/shopify/webhooks/topics";
import { encodePackageRequest, PackageId, type PackageRequest } from "~/connector";
import { removeRecipientsOfFinalShipments } from "~/stores/shipments/recipient-removal.server";

const { db } = useTestDatabase();
const shop = "a.myshopify.com";
const customerId = "gid://shopify/Customer/191167";
const orderId = "gid://shopify/Order/299938";

const worker = startWorker({
  kinds: jobPayloadSchemas,
  db,
  handlers: {
    "compliance.customer-data-request": handleCustomerDataRequest,
    "compliance.customer-redact": handleCustomerRedact,
    "compliance.shop-redact": handleShopRedact,
  },
  pollIntervalMs: 10,
  logger: recordingJobLogger().logger,
});
afterAll(() => worker.stop());

let sequence = 0;
async function deliver(topic: WebhookTopic, payload: unknown, deliveryShop = shop) {
  sequence += 1;
  return recordAndEnqueue(db, topic, {
    shop: deliveryShop,
    topic: topicAsReported(topic),
    webhookId: `w${sequence}`,
    eventId: `e${sequence}`,
    apiVersion: "2026-10",
    payload,
  });
}

async function jobsDone() {
  // Only the compliance jobs: the pipeline's have no handler here and wait.
  const compliance = { kind: { startsWith: "compliance." } };
  await waitFor(async () => (await db.job.count({ where: { ...compliance, status: { in: ["PENDING", "RUNNING"] } } })) === 0, {
    what: "the compliance jobs",
  });
  expect(await db.job.count({ where: { status: "DEAD" } })).toBe(0);
}

/** What a shop has after an order by the customer was received and sent to the provider. */
async function customerWithAnOrder(orderShop = shop) {
  await deliver(
    "orders/create",
    {
      id: 299938,
      admin_graphql_api_id: orderId,
      email: "john@example.com",
      customer: { id: 191167, admin_graphql_api_id: customerId, email: "john@example.com" },
      shipping_address: { name: "John Smith", address1: "123 Elm St.", city: "Ottawa", country_code: "CA" },
    },
    orderShop,
  );
  await db.shipment.create({
    data: {
      shop: orderShop,
      kind: "OUTBOUND",
      state: "CREATED",
      fulfillmentOrderId: "gid://shopify/FulfillmentOrder/5",
      orderId,
      orderName: "#1001",
      customerLocale: "fr-CA",
      packageId: "1001-5",
      trackingNumber: "1Z999",
      requestSent: JSON.stringify({ ShipToAddress: { Contact: "John Smith", Street1: "123 Elm St.", City: "Ottawa" } }),
      searchText: "candle-soy-200-lav",
      recipientSearchText: "john smith",
    },
  });
}

const complianceShop = { shop_id: 954889, shop_domain: shop };
const customer = { id: 191167, email: "john@example.com", phone: "555-625-1199" };

beforeEach(async () => {
  await db.webhookReceipt.deleteMany();
  await db.job.deleteMany();
  await db.shipment.deleteMany();
  await db.customerReturn.deleteMany();
  await db.complianceRequest.deleteMany();
  await db.shop.deleteMany();
});

describe("customers/data_request", () => {
  it("gives the merchant a report of everything the app stores about the customer", async () => {
    await customerWithAnOrder();
    await deliver("customers/data_request", { ...complianceShop, customer, orders_requested: [299938], data_request: { id: 9999 } });
    await jobsDone();

    const [request] = await listComplianceRequests(db, shop);
    expect(request).toMatchObject({ kind: "CUSTOMER_DATA_REQUEST", customerId, shopifyRequestId: "9999", orderIds: [orderId] });
    expect(request?.completedAt).toBeInstanceOf(Date);
    expect(request?.report).toMatchObject({
      customerId,
      orderIds: [orderId],
      // As stored: without the customer's e-mail and address (decision 0038), the address as its digest.
      webhookPayloads: [
        {
          topic: "orders/create",
          orderId,
          payload: { id: 299938, customer: { admin_graphql_api_id: customerId }, shipping_address: { country_code: "CA" } },
          shippingAddressDigest: expect.stringMatching(/^d1\./),
        },
      ],
      shipments: [
        {
          orderId,
          orderName: "#1001",
          customerLocale: "fr-CA",
          packageId: "1001-5",
          state: "CREATED",
          trackingNumber: "1Z999",
          requestSentToProvider: { ShipToAddress: { Contact: "John Smith" } },
          recipientRemovedAt: null,
          searchWords: ["candle-soy-200-lav", "john smith"],
        },
      ],
      alreadyErased: { webhookPayloads: 0, shipments: 0 },
    });
    expect(JSON.stringify(request?.report)).not.toContain("john@example.com");
    expect(await db.webhookReceipt.count({ where: { topic: "customers/data_request", status: "PROCESSED" } })).toBe(1);
  });

  it("finds the customer's orders through the stored webhooks even when Shopify lists none", async () => {
    await customerWithAnOrder();
    await deliver("customers/data_request", { ...complianceShop, customer, orders_requested: [], data_request: { id: 1 } });
    await jobsDone();
    const [request] = await listComplianceRequests(db, shop);
    expect(request?.report).toMatchObject({ orderIds: [orderId], shipments: [{ packageId: "1001-5" }] });
  });
});

describe("customers/redact", () => {
  it("erases the customer's personal data everywhere it is stored, the requests' own payloads and earlier reports included", async () => {
    await customerWithAnOrder();
    await deliver("customers/data_request", { ...complianceShop, customer, orders_requested: [299938], data_request: { id: 1 } });
    await jobsDone();
    await deliver("customers/redact", { ...complianceShop, customer, orders_to_redact: [299938] });
    await jobsDone();

    const receipts = await db.webhookReceipt.findMany({ orderBy: { receivedAt: "asc" } });
    expect(receipts.map((r) => [r.topic, r.payload, r.shippingAddressDigest, r.redactedAt !== null])).toEqual([
      ["orders/create", null, null, true],
      ["customers/data_request", null, null, true],
      ["customers/redact", null, null, true],
    ]);
    expect(await db.shipment.findFirstOrThrow()).toMatchObject({
      requestSent: null,
      searchText: null,
      recipientSearchText: null,
      state: "CREATED",
      trackingNumber: "1Z999",
    });
    const requests = await listComplianceRequests(db, shop);
    const dataRequest = requests.find((r) => r.kind === "CUSTOMER_DATA_REQUEST");
    const redaction = requests.find((r) => r.kind === "CUSTOMER_REDACT");
    expect(dataRequest).toMatchObject({ report: null });
    expect(dataRequest?.redactedAt).toBeInstanceOf(Date);
    // The record of the redaction says what was erased, in counts: it holds no personal data itself.
    expect(redaction?.report).toEqual({
      erased: { webhookReceipts: 3, shipments: 1, checkpoints: 0, returns: 0, jobErrors: 0, dataReports: 1, alerts: 0 },
    });
    expect(JSON.stringify(await db.complianceRequest.findMany())).not.toMatch(/john|Elm|555-625/i);
  });
});

describe("customers/redact against the data report", () => {
  /** The customer's data, as the report shows it: none of it may be left after the redaction. */
  const PERSONAL = /john|smith|elm st|ottawa|555-625|K1A 0B1/i;

  async function report(id: number) {
    await deliver("customers/data_request", { ...complianceShop, customer, orders_requested: [], data_request: { id } });
    await jobsDone();
    const request = (await listComplianceRequests(db, shop)).find((r) => r.shopifyRequestId === String(id));
    expect(request?.completedAt).toBeInstanceOf(Date);
    return JSON.stringify(request?.report);
  }

  it("erases everything the data report finds, also through the stored webhooks when Shopify lists no order", async () => {
    await customerWithAnOrder();
    const shipment = await db.shipment.findFirstOrThrow();
    await db.shipment.update({
      where: { id: shipment.id },
      data: {
        holdReasons: JSON.stringify([{ field: "Street 1", message: "123 Elm St. is not a street in Ottawa" }]),
        lastErrorText: "The provider refused John Smith's address",
        changedInShopify: "the address: John Smith, 9 Elm St., Ottawa",
        events: { create: [{ type: "HELD", message: "Held: 123 Elm St.", data: JSON.stringify({ phone: "555-625-1199" }) }] },
        checkpoints: { create: [{ key: "k1", status: "DELIVERED", message: "Delivered to John Smith at front door, K1A 0B1" }] },
      },
    });
    const customerReturn = await db.customerReturn.create({
      data: {
        shop,
        state: "FAILED",
        returnId: "gid://shopify/Return/1",
        returnName: "#1001-R1",
        orderId,
        orderName: "#1001",
        warehouseCode: "US01",
        locationId: "gid://shopify/Location/1",
        packageId: "RT-1001-US01",
        lines: "[]",
        units: 1,
        lastErrorText: "The return address John Smith, 123 Elm St. was refused",
      },
    });
    // Work about the shipment and the return that failed quoting the address; its payload holds references only.
    for (const [id, reference] of [
      ["job-shipment", shipment.id],
      ["job-return", customerReturn.id],
    ] as const) {
      await db.job.create({
        data: {
          id,
          shop,
          kind: "pipeline.example",
          payload: JSON.stringify({ id: reference }),
          maxAttempts: 5,
          attempts: 1,
          runAt: new Date("2100-01-01T00:00:00Z"),
          lastError: "Street1 '123 Elm St.' is too long (John Smith)",
        },
      });
    }

    // Before: the report finds each of them.
    const before = await report(1);
    for (const words of [
      "123 Elm St. is not a street",
      "John Smith's address",
      "9 Elm St.",
      "Held: 123 Elm St.",
      "555-625-1199",
      "front door, K1A 0B1",
      "The return address John Smith",
      "is too long (John Smith)",
    ]) {
      expect(before).toContain(words);
    }

    // Shopify lists no order: the customer's order is found through the stored orders/create, as the report finds it.
    await deliver("customers/redact", { ...complianceShop, customer, orders_to_redact: [] });
    await jobsDone();
    const redaction = (await listComplianceRequests(db, shop)).find((r) => r.kind === "CUSTOMER_REDACT");
    expect(redaction?.report).toEqual({
      erased: { webhookReceipts: 3, shipments: 1, checkpoints: 1, returns: 1, jobErrors: 2, dataReports: 1, alerts: 0 },
    });

    // After: the report still finds the customer's order, shipment and return, and nothing personal.
    const after = await report(2);
    expect(after).toContain("1001-5");
    expect(after).toContain("RT-1001-US01");
    expect(after).not.toMatch(PERSONAL);
    // What the merchant's operations need stays.
    expect(await db.shipment.findFirstOrThrow()).toMatchObject({ state: "CREATED", trackingNumber: "1Z999", packageId: "1001-5" });
    expect(await db.shipmentCheckpoint.findFirstOrThrow()).toMatchObject({ status: "DELIVERED", message: null });
    expect(await db.customerReturn.findFirstOrThrow()).toMatchObject({ state: "FAILED", lastErrorText: null });
    expect(JSON.stringify(await db.job.findMany({ where: { kind: "pipeline.example" } }))).not.toMatch(PERSONAL);
  });
});

describe("what remains once the shipment is final (decision 0038)", () => {
  const PERSONAL = /john|smith|elm st|ottawa|555-625|K1A 0B1/i;

  it("is found by the data report, without the recipient, and erased by customers/redact", async () => {
    await customerWithAnOrder();
    const shipment = await db.shipment.findFirstOrThrow();
    const request: PackageRequest = {
      kind: "DROPSHIP",
      body: {
        PackageId: PackageId.parse("1001-5"),
        ServiceCode: "US01-EXP",
        ShipToAddress: {
          Contact: "John Smith",
          Phone: "555-625-1199",
          Street1: "123 Elm St.",
          City: "Ottawa",
          Postcode: "K1A 0B1",
          Country: "CA",
        },
        Skus: [{ Sku: "CANDLE-SOY-200-LAV", Quantity: 2 }],
      },
    };
    await db.shipment.update({
      where: { id: shipment.id },
      data: { kind: "DROPSHIP", state: "DELIVERED", deliveredAt: new Date(), requestSent: encodePackageRequest(request) },
    });
    expect(await removeRecipientsOfFinalShipments(db, { batchSize: 10 })).toBe(1);

    await deliver("customers/data_request", { ...complianceShop, customer, orders_requested: [], data_request: { id: 1 } });
    await jobsDone();
    const [asked] = await listComplianceRequests(db, shop);
    expect(asked?.report).toMatchObject({
      webhookPayloads: [{ topic: "orders/create", orderId, shippingAddressDigest: expect.stringMatching(/^d1\./) }],
      shipments: [
        {
          packageId: "1001-5",
          state: "DELIVERED",
          requestSentToProvider: {
            PackageId: "1001-5",
            ShipToAddress: { Country: "CA" },
            Skus: [{ Sku: "CANDLE-SOY-200-LAV", Quantity: 2 }],
          },
          recipientRemovedAt: expect.any(String),
          searchWords: ["candle-soy-200-lav"],
        },
      ],
    });
    expect(JSON.stringify(asked?.report)).not.toMatch(PERSONAL);

    await deliver("customers/redact", { ...complianceShop, customer, orders_to_redact: [] });
    await jobsDone();
    expect(await db.webhookReceipt.findFirstOrThrow({ where: { topic: "orders/create" } })).toMatchObject({
      payload: null,
      shippingAddressDigest: null,
    });
    expect(await db.shipment.findFirstOrThrow()).toMatchObject({ requestSent: null, searchText: null, recipientSearchText: null });
  });
});

describe("shop/redact", () => {
  it("erases everything about the shop and leaves other shops alone", async () => {
    await customerWithAnOrder();
    await customerWithAnOrder("b.myshopify.com");
    // Work waiting in both shops: an update to the order.
    for (const domain of [shop, "b.myshopify.com"]) await deliver("orders/updated", { id: 299938, admin_graphql_api_id: orderId }, domain);
    await db.shop.createMany({ data: [{ domain: shop, uninstalledAt: new Date() }, { domain: "b.myshopify.com" }] });
    // A provider login each shop's staff member started (decision 0037).
    for (const domain of [shop, "b.myshopify.com"])
      await db.providerConnectionAttempt.create({
        data: {
          id: `${domain}-attempt`,
          shop: domain,
          staffMember: "42",
          verifierCiphertext: "sealed",
          expiresAt: new Date(Date.now() + 600_000),
        },
      });
    await deliver("customers/data_request", { ...complianceShop, customer, orders_requested: [], data_request: { id: 1 } });
    await jobsDone();

    await deliver("shop/redact", complianceShop);
    await jobsDone();

    const held = async (domain: string) => ({
      shop: await db.shop.count({ where: { domain } }),
      webhookReceipts: await db.webhookReceipt.count({ where: { shop: domain } }),
      shipments: await db.shipment.count({ where: { shop: domain } }),
      jobs: await db.job.count({ where: { shop: domain } }),
      complianceRequests: await db.complianceRequest.count({ where: { shop: domain } }),
      providerConnectionAttempts: await db.providerConnectionAttempt.count({ where: { shop: domain } }),
    });
    expect(await held(shop)).toEqual({
      shop: 0,
      webhookReceipts: 0,
      shipments: 0,
      jobs: 0,
      complianceRequests: 0,
      providerConnectionAttempts: 0,
    });
    // Its change.orders job stays: no handler runs it in this test.
    expect(await held("b.myshopify.com")).toEqual({
      shop: 1,
      webhookReceipts: 2,
      shipments: 1,
      jobs: 1,
      complianceRequests: 0,
      providerConnectionAttempts: 1,
    });
  });

  it("erases nothing when the app was installed again between the request and its job", async () => {
    await customerWithAnOrder();
    await db.shop.create({ data: { domain: shop, uninstalledAt: new Date() } });
    // Accepted while uninstalled (as the intake records it), its job held back while the merchant reinstalls.
    const receipt = await db.webhookReceipt.create({
      data: {
        shop,
        topic: "shop/redact",
        webhookId: "w",
        eventId: "e",
        apiVersion: "2026-10",
        status: "ENQUEUED",
        payload: JSON.stringify(complianceShop),
      },
    });
    await enqueue(db, {
      kind: "compliance.shop-redact",
      payload: { receiptId: receipt.id },
      shop,
      runAt: new Date("2100-01-01T00:00:00Z"),
    });
    await db.shop.update({ where: { domain: shop }, data: { uninstalledAt: null } });
    await db.job.updateMany({ where: { kind: "compliance.shop-redact" }, data: { runAt: new Date() } });
    await jobsDone();

    expect(await db.shipment.count({ where: { shop } })).toBe(1);
    expect(await db.shop.count({ where: { domain: shop } })).toBe(1);
    expect(await db.webhookReceipt.findFirstOrThrow({ where: { topic: "shop/redact" } })).toMatchObject({
      status: "REJECTED",
      reason: `The app was installed in ${shop} again before the shop's data was erased: nothing was erased`,
    });
  });
});
