import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { examplePayload } from "./payloads";
import { startShopifyEmulator, type ShopifyEmulator } from "./server";
import { APP_TOML, adminGraphql, dig, digString, postJson, signedBy, startReceiver, type Receiver } from "./test-support";

const SECRET = "orders-test-secret";
const SHOP = "orders-shop.myshopify.com";
const TOKEN = "shpat_orders_shop";

let receiver: Receiver;
let emulator: ShopifyEmulator;
let warehouseLocation: string;
const gql = (query: string, variables?: Record<string, unknown>) => adminGraphql(emulator.url, SHOP, TOKEN, query, variables);

/** The app's side of setup: register the warehouse as a fulfillment service, stock its location. */
async function registerWarehouse(): Promise<string> {
  const created = await gql(
    `mutation ($callbackUrl: URL) {
      fulfillmentServiceCreate(name: "Provider US01", callbackUrl: $callbackUrl, inventoryManagement: true, trackingSupport: true) {
        fulfillmentService { location { id } } userErrors { message } } }`,
    { callbackUrl: `${receiver.url}/fulfillment_service` },
  );
  const location = digString(created.body.data, "fulfillmentServiceCreate", "fulfillmentService", "location", "id");
  emulator.addProducts(SHOP, [
    { title: "Aviator sunglasses", variants: [{ sku: "SKU2006-001", price: "89.99", stock: { [location]: 10 } }] },
  ]);
  return location;
}

beforeAll(async () => {
  receiver = await startReceiver();
  emulator = await startShopifyEmulator({
    appUrl: receiver.url,
    apiSecret: SECRET,
    appTomlPath: APP_TOML,
    delivery: { retryDelaysMs: [20, 20], timeoutMs: 1000 },
    subscriptions: [
      { topics: ["orders/create"], uri: "/webhooks/orders/create" },
      { topics: ["orders/cancelled"], uri: "/webhooks/orders/cancelled" },
      { topics: ["orders/updated"], uri: "/webhooks/orders/updated" },
      {
        topics: [
          "fulfillment_orders/order_routing_complete",
          "fulfillment_orders/fulfillment_request_submitted",
          "fulfillment_orders/cancellation_request_submitted",
          "fulfillment_orders/cancelled",
        ],
        uri: "/webhooks/fulfillment_orders",
      },
    ],
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        products: [
          { title: "Mid-century lounger", variants: [{ sku: "SKU2006-020", price: "159.99", stock: { "Shop location": 3 } }] },
          { title: "Coffee table", variants: [{ sku: "SKU2006-035", price: "119.99", stock: { "Shop location": 0 } }] },
        ],
      },
    ],
  });
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});
beforeEach(async () => {
  await emulator.settled(); // the previous test's deliveries must not land in this one's receiver
  emulator.reset();
  receiver.requests.length = 0;
  receiver.respond = () => 200;
  warehouseLocation = await registerWarehouse();
});

function postOrder(payload: unknown) {
  return postJson(`${emulator.url}/__emulator/orders`, payload, { "X-Shopify-Shop-Domain": SHOP });
}

describe("orders posted as orders/create payloads", () => {
  it("places a B2B company's order on payment terms: pending, with its terms, schedule and company", async () => {
    // The fixture TOML asks for neither: this shop approved the access a B2B app asks for (reset puts it back).
    emulator.state.shop(SHOP)?.scopes.push("read_payment_terms", "read_companies");
    const company = await postJson(
      `${emulator.url}/__emulator/companies`,
      { name: "Harbour Trading Ltd", locations: ["Rotterdam depot"] },
      { "X-Shopify-Shop-Domain": SHOP },
    );
    expect(company.status).toBe(201);
    const companyId = dig(company.body, "id");
    const locationId = dig(company.body, "locations", "0", "id");
    const { body } = await postOrder({
      ...examplePayload("orders/create"),
      financial_status: undefined,
      processed_at: undefined,
      company: { id: companyId, location_id: locationId },
      payment_terms: { payment_terms_type: "NET", payment_terms_name: "Net 30", due_in_days: 30, payment_schedules: [] },
    });
    const { body: read } = await gql(
      `query ($id: ID!) { order(id: $id) { displayFinancialStatus
        paymentTerms { paymentTermsType paymentTermsName dueInDays overdue paymentSchedules(first: 1) { nodes { issuedAt dueAt } } }
        purchasingEntity { __typename ... on PurchasingCompany { company { name } location { name } } } } }`,
      { id: digString(body, "order", "admin_graphql_api_id") },
    );
    expect(read.errors).toBeUndefined();
    expect(dig(read.data, "order")).toMatchObject({
      displayFinancialStatus: "PENDING",
      paymentTerms: { paymentTermsType: "NET", paymentTermsName: "Net 30", dueInDays: 30, overdue: false },
      purchasingEntity: {
        __typename: "PurchasingCompany",
        company: { name: "Harbour Trading Ltd" },
        location: { name: "Rotterdam depot" },
      },
    });
    const [schedule] = dig(read.data, "order", "paymentTerms", "paymentSchedules", "nodes") as { issuedAt: string; dueAt: string }[];
    // Net 30: due thirty days after the order was issued.
    expect(Date.parse(schedule?.dueAt ?? "") - Date.parse(schedule?.issuedAt ?? "")).toBe(30 * 86_400_000);

    // A customer's order has no terms, and its buyer is the customer.
    const { body: plain } = await postOrder(examplePayload("orders/create"));
    const { body: plainRead } = await gql(`query ($id: ID!) { order(id: $id) { paymentTerms { id } purchasingEntity { __typename } } }`, {
      id: digString(plain, "order", "admin_graphql_api_id"),
    });
    expect(dig(plainRead.data, "order")).toEqual({ paymentTerms: null, purchasingEntity: { __typename: "Customer" } });

    // A company the shop does not have is refused, naming the field.
    const unknown = await postOrder({ ...examplePayload("orders/create"), company: { id: 999_999, location_id: 1 } });
    expect(unknown.status).toBe(400);
  });

  it("creates the order and routes fulfillment orders by the stock of each location", async () => {
    const { status, body } = await postOrder(examplePayload("orders/create"));
    expect(status).toBe(201);
    expect(dig(body, "order", "name")).toBe("#1001");

    const orderId = digString(body, "order", "admin_graphql_api_id");
    const { body: read } = await gql(
      `query ($id: ID!) { order(id: $id) { name email lineItems(first: 10) { nodes { sku quantity } }
        fulfillmentOrders(first: 10) { nodes { status requestStatus assignedLocation { location { id } }
          lineItems(first: 10) { nodes { sku totalQuantity remainingQuantity } } } } } }`,
      { id: orderId },
    );
    expect(read.errors).toBeUndefined();
    expect(dig(read.data, "order", "email")).toBe("jon@example.com");
    const fos = dig(read.data, "order", "fulfillmentOrders", "nodes") as {
      assignedLocation: { location: { id: string } };
      lineItems: { nodes: { sku: string }[] };
      requestStatus: string;
    }[];
    const skusAt = (location: string) =>
      fos.filter((fo) => fo.assignedLocation.location.id === location).flatMap((fo) => fo.lineItems.nodes.map((l) => l.sku));
    const primary = `gid://shopify/Location/${emulator.state.shop(SHOP)?.primaryLocationId}`;
    // The warehouse stocks the sunglasses; the shop stocks the lounger; the rest is stocked nowhere.
    expect(skusAt(warehouseLocation)).toEqual(["SKU2006-001"]);
    expect(skusAt(primary).sort()).toEqual(["CASE-LEATHER-PREM", "LENS-PROTECT-2YR", "SKU2006-020", "SKU2006-035"]);
    // Stock is committed where the order was routed.
    const level = [...emulator.state.inventoryLevels.values()].find((l) => `gid://shopify/Location/${l.locationId}` === warehouseLocation);
    expect(level?.quantities).toMatchObject({ available: 9, committed: 1, on_hand: 10 });
  });

  it("delivers a signed orders/create webhook, then routing-complete per fulfillment order", async () => {
    await postOrder(examplePayload("orders/create"));
    await emulator.settled();
    const orderCreate = receiver.requests.find((r) => r.path === "/webhooks/orders/create");
    expect(orderCreate).toBeDefined();
    if (!orderCreate) return;
    expect(signedBy(SECRET, orderCreate)).toBe(true);
    expect(signedBy("another-secret", orderCreate)).toBe(false);
    expect(orderCreate.headers).toMatchObject({
      "content-type": "application/json",
      "x-shopify-topic": "orders/create",
      "x-shopify-shop-domain": SHOP,
      "x-shopify-api-version": "2026-10",
      "x-shopify-webhook-id": expect.stringMatching(/^[0-9a-f-]{36}$/),
      "x-shopify-event-id": expect.stringMatching(/^[0-9a-f-]{36}$/),
      "x-shopify-triggered-at": expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(orderCreate.json).toMatchObject({ name: "#1001", email: "jon@example.com", currency: "USD" });
    expect(dig(orderCreate.json, "line_items", "length")).toBe(5);

    const routing = receiver.requests.filter((r) => r.headers["x-shopify-topic"] === "fulfillment_orders/order_routing_complete");
    expect(routing).toHaveLength(2);
    expect(routing.every((r) => signedBy(SECRET, r))).toBe(true);
    expect(routing[0]?.json).toEqual({
      fulfillment_order: { id: expect.stringMatching(/^gid:\/\/shopify\/FulfillmentOrder\/\d+$/), status: "open" },
    });
  });

  it("requests fulfillment from the fulfillment service: signed callback, SUBMITTED, listed as assigned", async () => {
    await postOrder({ email: "sam@example.com", line_items: [{ sku: "SKU2006-001", quantity: 2 }] });
    await emulator.settled();
    const callback = receiver.requests.find((r) => r.path === "/fulfillment_service/fulfillment_order_notification");
    expect(callback?.json).toEqual({ kind: "FULFILLMENT_REQUEST" });
    expect(callback && signedBy(SECRET, callback)).toBe(true);
    expect(callback?.headers["x-shopify-shop-domain"]).toBe(SHOP);

    const { body } = await gql(`{ assignedFulfillmentOrders(first: 10, assignmentStatus: FULFILLMENT_REQUESTED) {
      nodes { id status requestStatus orderName destination { email } lineItems(first: 5) { nodes { sku remainingQuantity } } } } }`);
    expect(dig(body.data, "assignedFulfillmentOrders", "nodes")).toEqual([
      expect.objectContaining({
        status: "OPEN",
        requestStatus: "SUBMITTED",
        orderName: "#1001",
        destination: null,
        lineItems: { nodes: [{ sku: "SKU2006-001", remainingQuantity: 2 }] },
      }),
    ]);
  });

  it("leaves requests to the merchant when the shop does not auto-request", async () => {
    const shop = emulator.state.shop(SHOP);
    if (shop) shop.autoRequestFulfillment = false;
    const { body } = await postOrder({ line_items: [{ sku: "SKU2006-001", quantity: 1 }] });
    const fo = digString(body, "fulfillmentOrders", 0, "id");
    expect(dig(body, "fulfillmentOrders", 0, "requestStatus")).toBe("UNSUBMITTED");
    const submitted = await postJson(
      `${emulator.url}/__emulator/fulfillment_orders/${encodeURIComponent(fo)}/submit_fulfillment_request`,
      {},
      { "X-Shopify-Shop-Domain": SHOP },
    );
    expect(submitted.body).toMatchObject({ requestStatus: "SUBMITTED" });
  });

  it("cancels: cancellation requests for what the service accepted, outright cancellation for the rest", async () => {
    const { body } = await postOrder({
      line_items: [
        { sku: "SKU2006-001", quantity: 1 },
        { sku: "SKU2006-020", quantity: 1 },
      ],
    });
    const orderId = digString(body, "order", "admin_graphql_api_id");
    const fos = dig(body, "fulfillmentOrders") as { id: string; assignedLocationId: string }[];
    const serviceFo = fos.find((fo) => fo.assignedLocationId === warehouseLocation)?.id;
    const accepted = await gql(
      `mutation ($id: ID!) { fulfillmentOrderAcceptFulfillmentRequest(id: $id, message: "On it") { fulfillmentOrder { status requestStatus } userErrors { message } } }`,
      { id: serviceFo },
    );
    expect(dig(accepted.body.data, "fulfillmentOrderAcceptFulfillmentRequest", "fulfillmentOrder")).toEqual({
      status: "IN_PROGRESS",
      requestStatus: "ACCEPTED",
    });
    receiver.requests.length = 0;

    const cancelled = await postJson(
      `${emulator.url}/__emulator/orders/${encodeURIComponent(orderId)}/cancel`,
      { reason: "customer" },
      { "X-Shopify-Shop-Domain": SHOP },
    );
    expect(cancelled.status).toBe(200);
    await emulator.settled();
    const topics = receiver.requests.map((r) => r.headers["x-shopify-topic"] ?? r.path);
    expect(topics).toEqual(
      expect.arrayContaining([
        "orders/cancelled",
        "fulfillment_orders/cancelled",
        "fulfillment_orders/cancellation_request_submitted",
        "/fulfillment_service/fulfillment_order_notification",
      ]),
    );
    expect(receiver.requests.find((r) => r.path.endsWith("/fulfillment_order_notification"))?.json).toEqual({
      kind: "CANCELLATION_REQUEST",
    });

    const { body: read } = await gql(
      `{ assignedFulfillmentOrders(first: 5, assignmentStatus: CANCELLATION_REQUESTED) { nodes { id requestStatus } } }`,
    );
    expect(dig(read.data, "assignedFulfillmentOrders", "nodes")).toEqual([{ id: serviceFo, requestStatus: "CANCELLATION_REQUESTED" }]);
    const answer = await gql(
      `mutation ($id: ID!) { fulfillmentOrderAcceptCancellationRequest(id: $id) { fulfillmentOrder { status requestStatus } userErrors { message } } }`,
      { id: serviceFo },
    );
    expect(dig(answer.body.data, "fulfillmentOrderAcceptCancellationRequest", "fulfillmentOrder")).toEqual({
      status: "CLOSED",
      requestStatus: "CANCELLATION_ACCEPTED",
    });
    // The committed unit is back in stock at the warehouse.
    const level = [...emulator.state.inventoryLevels.values()].find((l) => `gid://shopify/Location/${l.locationId}` === warehouseLocation);
    expect(level?.quantities).toMatchObject({ available: 10, committed: 0 });
  });

  it("edits the shipping address: the order and its open fulfillment orders change, then a signed orders/updated", async () => {
    const { body } = await postOrder({
      ...examplePayload("orders/create"),
      line_items: [
        { sku: "SKU2006-001", quantity: 1 },
        { sku: "SKU2006-020", quantity: 1 },
      ],
    });
    const orderId = digString(body, "order", "admin_graphql_api_id");
    const fos = dig(body, "fulfillmentOrders") as { id: string; assignedLocationId: string }[];
    const shopFo = fos.find((fo) => fo.assignedLocationId !== warehouseLocation)?.id;
    // The merchant already shipped the lounger from the shop: that fulfillment order is closed.
    const shipped = await gql(
      `mutation ($id: ID!) { fulfillmentCreate(fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: $id }] }) { fulfillment { id } userErrors { message } } }`,
      { id: shopFo },
    );
    expect(dig(shipped.body.data, "fulfillmentCreate", "userErrors")).toEqual([]);
    await emulator.settled();
    receiver.requests.length = 0;

    const edited = await postJson(
      `${emulator.url}/__emulator/orders/${encodeURIComponent(orderId)}/shipping-address`,
      { shipping_address: { address1: "1 Corrected Road", address2: null, zip: "40004" } },
      { "X-Shopify-Shop-Domain": SHOP },
    );
    expect(edited.status).toBe(200);
    // Keys not given are kept.
    expect(dig(edited.body, "order", "shipping_address")).toMatchObject({
      address1: "1 Corrected Road",
      address2: null,
      zip: "40004",
      city: "Shippington",
      name: "Steve Shipper",
    });

    const { body: read } = await gql(
      `query ($id: ID!) { order(id: $id) { shippingAddress { address1 zip }
        fulfillmentOrders(first: 5) { nodes { id status destination { address1 city zip } } } } }`,
      { id: orderId },
    );
    expect(dig(read.data, "order", "shippingAddress")).toEqual({ address1: "1 Corrected Road", zip: "40004" });
    const destinations = Object.fromEntries(
      (dig(read.data, "order", "fulfillmentOrders", "nodes") as { id: string; status: string; destination: unknown }[]).map((fo) => [
        fo.status,
        fo.destination,
      ]),
    );
    expect(destinations).toEqual({
      OPEN: { address1: "1 Corrected Road", city: "Shippington", zip: "40004" },
      CLOSED: { address1: "123 Shipping Street", city: "Shippington", zip: "40003" },
    });

    await emulator.settled();
    expect(receiver.requests.map((r) => r.headers["x-shopify-topic"])).toEqual(["orders/updated"]);
    const updated = receiver.requests[0];
    if (!updated) throw new Error("no orders/updated delivery");
    expect(signedBy(SECRET, updated)).toBe(true);
    expect(updated.path).toBe("/webhooks/orders/updated");
    expect(Object.keys(updated.json as object)).toEqual(Object.keys(examplePayload("orders/updated") ?? {}));
    expect(updated.json).toMatchObject({ admin_graphql_api_id: orderId, shipping_address: { address1: "1 Corrected Road" } });
  });

  it("refuses an address edit of an unknown order or with a malformed address", async () => {
    const unknown = await postJson(
      `${emulator.url}/__emulator/orders/999999/shipping-address`,
      { shipping_address: { address1: "x" } },
      { "X-Shopify-Shop-Domain": SHOP },
    );
    expect(unknown.status).toBe(404);
    const { body } = await postOrder({ line_items: [{ sku: "SKU2006-001", quantity: 1 }] });
    const malformed = await postJson(
      `${emulator.url}/__emulator/orders/${String(dig(body, "order", "id"))}/shipping-address`,
      { shipping_address: { zip: 40004 } },
      { "X-Shopify-Shop-Domain": SHOP },
    );
    expect(malformed.status).toBe(400);
  });

  it("rejects a payload that is not an order", async () => {
    const { status, body } = await postOrder({ line_items: [] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ errors: "Invalid request body" });
  });
});
