import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startShopifyEmulator, type ShopifyEmulator } from "./server";
import { APP_TOML, adminGraphql, dig, digString } from "./test-support";

const SHOP = "ship-shop.myshopify.com";
const TOKEN = "shpat_ship_shop";

let emulator: ShopifyEmulator;
const gql = (query: string, variables?: Record<string, unknown>) => adminGraphql(emulator.url, SHOP, TOKEN, query, variables);

const FULFILLMENT_CREATE = `mutation ($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment { id name status displayStatus trackingInfo { company number url } }
    userErrors { field message } } }`;

const FO_LINES = `query ($id: ID!) { fulfillmentOrder(id: $id) { status requestStatus lineItems(first: 5) { nodes { id sku totalQuantity remainingQuantity } } } }`;

/** A warehouse fulfillment order with 3 units, requested and accepted: what the app fulfils. */
async function acceptedWarehouseOrder(): Promise<{ fo: string; line: string }> {
  const created = await gql(
    `mutation { fulfillmentServiceCreate(name: "Provider DE01") { fulfillmentService { location { id } } userErrors { message } } }`,
  );
  const location = digString(created.body.data, "fulfillmentServiceCreate", "fulfillmentService", "location", "id");
  emulator.addProducts(SHOP, [{ title: "Wool socks", variants: [{ sku: "SOCKS-3P", price: "27.00", stock: { [location]: 50 } }] }]);
  const { fulfillmentOrders } = emulator.createOrder(SHOP, {
    email: "ola@example.com",
    shipping_address: {
      first_name: "Ola",
      last_name: "Nordmann",
      address1: "Karl Johans gate 1",
      city: "Oslo",
      zip: "0154",
      country_code: "NO",
    },
    line_items: [{ sku: "SOCKS-3P", quantity: 3 }],
  });
  const fo = `gid://shopify/FulfillmentOrder/${fulfillmentOrders[0]?.id}`;
  await gql(`mutation ($id: ID!) { fulfillmentOrderAcceptFulfillmentRequest(id: $id) { userErrors { message } } }`, { id: fo });
  const lines = await gql(FO_LINES, { id: fo });
  return { fo, line: digString(lines.body.data, "fulfillmentOrder", "lineItems", "nodes", 0, "id") };
}

beforeAll(async () => {
  emulator = await startShopifyEmulator({ apiSecret: "ship-secret", appTomlPath: APP_TOML, shops: [{ domain: SHOP, accessToken: TOKEN }] });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

describe("fulfilments written back by the app", () => {
  it("fulfils part of a line, then the rest, and closes the fulfillment order when nothing remains", async () => {
    const { fo, line } = await acceptedWarehouseOrder();
    const partial = await gql(FULFILLMENT_CREATE, {
      fulfillment: {
        lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo, fulfillmentOrderLineItems: [{ id: line, quantity: 1 }] }],
        trackingInfo: { company: "DHL", number: "00340434161094042557", url: "https://www.dhl.de/track?piececode=00340434161094042557" },
        notifyCustomer: true,
      },
    });
    expect(dig(partial.body.data, "fulfillmentCreate")).toMatchObject({
      fulfillment: {
        name: "#1001.1",
        status: "SUCCESS",
        trackingInfo: [{ company: "DHL", number: "00340434161094042557", url: "https://www.dhl.de/track?piececode=00340434161094042557" }],
      },
      userErrors: [],
    });
    let read = await gql(FO_LINES, { id: fo });
    expect(dig(read.body.data, "fulfillmentOrder")).toMatchObject({
      status: "IN_PROGRESS",
      lineItems: { nodes: [{ totalQuantity: 3, remainingQuantity: 2 }] },
    });

    // Omitting the line items fulfils everything that remains.
    const rest = await gql(FULFILLMENT_CREATE, { fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo }] } });
    expect(dig(rest.body.data, "fulfillmentCreate", "userErrors")).toEqual([]);
    read = await gql(FO_LINES, { id: fo });
    expect(dig(read.body.data, "fulfillmentOrder")).toMatchObject({ status: "CLOSED", lineItems: { nodes: [{ remainingQuantity: 0 }] } });

    const snapshot = (await (await fetch(`${emulator.url}/__emulator/state`)).json()) as {
      fulfillments: { notifyCustomer: boolean[]; lineItems: { quantity: number }[] }[];
    };
    expect(snapshot.fulfillments.map((f) => [f.notifyCustomer, f.lineItems[0]?.quantity])).toEqual([
      [[true], 1],
      [[false], 2],
    ]);
    const level = [...emulator.state.inventoryLevels.values()][0];
    expect(level?.quantities).toMatchObject({ available: 47, committed: 0, on_hand: 47 });
    expect(emulator.deliveries().map((d) => d.topic)).toEqual(
      expect.arrayContaining(["fulfillments/create", "orders/partially_fulfilled", "orders/fulfilled"]),
    );
  });

  it("refuses quantities beyond what remains, and fulfillment orders that are closed", async () => {
    const { fo, line } = await acceptedWarehouseOrder();
    const tooMany = await gql(FULFILLMENT_CREATE, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo, fulfillmentOrderLineItems: [{ id: line, quantity: 4 }] }] },
    });
    expect(dig(tooMany.body.data, "fulfillmentCreate")).toEqual({
      fulfillment: null,
      userErrors: [
        {
          field: ["fulfillment", "lineItemsByFulfillmentOrder", "0", "fulfillmentOrderLineItems", "0", "quantity"],
          message: "Invalid fulfillment order line item quantity requested.",
        },
      ],
    });
    await gql(FULFILLMENT_CREATE, { fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo }] } });
    const again = await gql(FULFILLMENT_CREATE, { fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo }] } });
    expect(dig(again.body.data, "fulfillmentCreate", "userErrors", 0, "message")).toMatch(/unfulfillable status/);
  });

  it("updates tracking and records delivery events with the schema's statuses", async () => {
    const { fo } = await acceptedWarehouseOrder();
    const created = await gql(FULFILLMENT_CREATE, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo }], trackingInfo: { number: "SBX000000000001" } },
    });
    const fulfillmentId = digString(created.body.data, "fulfillmentCreate", "fulfillment", "id");

    const updated = await gql(
      `mutation ($id: ID!, $tracking: FulfillmentTrackingInput!) {
        fulfillmentTrackingInfoUpdate(fulfillmentId: $id, trackingInfoInput: $tracking, notifyCustomer: true) {
          fulfillment { trackingInfo { company number url } } userErrors { message } } }`,
      {
        id: fulfillmentId,
        tracking: { company: "DPD", number: "01501234567890", url: "https://tracking.dpd.de/status/en_US/parcel/01501234567890" },
      },
    );
    expect(dig(updated.body.data, "fulfillmentTrackingInfoUpdate", "fulfillment", "trackingInfo")).toEqual([
      { company: "DPD", number: "01501234567890", url: "https://tracking.dpd.de/status/en_US/parcel/01501234567890" },
    ]);

    const event = (status: string) =>
      gql(
        `mutation ($event: FulfillmentEventInput!) { fulfillmentEventCreate(fulfillmentEvent: $event) { fulfillmentEvent { status happenedAt } userErrors { message } } }`,
        { event: { fulfillmentId, status, message: `Parcel ${status.toLowerCase()}`, happenedAt: "2026-11-02T09:30:00Z" } },
      );
    expect(dig((await event("IN_TRANSIT")).body.data, "fulfillmentEventCreate", "fulfillmentEvent")).toEqual({
      status: "IN_TRANSIT",
      happenedAt: "2026-11-02T09:30:00Z",
    });
    await event("DELIVERED");
    // SHIPPED is a word of the provider, not of Shopify's FulfillmentEventStatus.
    const invalid = await event("SHIPPED");
    expect(invalid.body.errors?.[0]?.extensions?.code).toBe("INVALID_VARIABLE");

    const read = await gql(
      `query ($id: ID!) { fulfillment(id: $id) { displayStatus deliveredAt inTransitAt events(first: 5) { nodes { status message } } } }`,
      { id: fulfillmentId },
    );
    expect(dig(read.body.data, "fulfillment")).toEqual({
      displayStatus: "DELIVERED",
      deliveredAt: "2026-11-02T09:30:00Z",
      inTransitAt: "2026-11-02T09:30:00Z",
      events: {
        nodes: [
          { status: "IN_TRANSIT", message: "Parcel in_transit" },
          { status: "DELIVERED", message: "Parcel delivered" },
        ],
      },
    });
  });

  it("refuses tracking updates and events once the merchant cancels the fulfilment (POST /__emulator/fulfillments/:id/cancel)", async () => {
    const { fo } = await acceptedWarehouseOrder();
    const created = await gql(FULFILLMENT_CREATE, {
      fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo }], trackingInfo: { number: "SBX000000000002" } },
    });
    const fulfillmentId = digString(created.body.data, "fulfillmentCreate", "fulfillment", "id");
    const cancelled = await fetch(`${emulator.url}/__emulator/fulfillments/${encodeURIComponent(fulfillmentId)}/cancel`, {
      method: "POST",
      headers: { "X-Shopify-Shop-Domain": SHOP },
    });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { fulfillment: { status: string } }).fulfillment.status).toBe("cancelled");

    const updated = await gql(
      `mutation ($id: ID!, $tracking: FulfillmentTrackingInput!) {
        fulfillmentTrackingInfoUpdate(fulfillmentId: $id, trackingInfoInput: $tracking, notifyCustomer: false) {
          fulfillment { id } userErrors { message } } }`,
      { id: fulfillmentId, tracking: { number: "9400100000000000000001" } },
    );
    expect(dig(updated.body.data, "fulfillmentTrackingInfoUpdate")).toEqual({
      fulfillment: null,
      userErrors: [{ message: "Tracking can only be updated on a successful fulfillment." }],
    });
    const read = await gql(`query ($id: ID!) { fulfillment(id: $id) { status trackingInfo { number } } }`, { id: fulfillmentId });
    expect(dig(read.body.data, "fulfillment")).toEqual({ status: "CANCELLED", trackingInfo: [{ number: "SBX000000000002" }] });
    expect(emulator.deliveries().map((d) => d.topic)).toContain("fulfillments/update");
  });

  it("lets the merchant-managed path fulfil an open fulfillment order at a merchant location", async () => {
    emulator.addProducts(SHOP, [{ title: "Candle", variants: [{ sku: "CANDLE-1", stock: { "Shop location": 5 } }] }]);
    const { fulfillmentOrders } = emulator.createOrder(SHOP, { line_items: [{ sku: "CANDLE-1", quantity: 2 }] });
    const fo = `gid://shopify/FulfillmentOrder/${fulfillmentOrders[0]?.id}`;
    const read = await gql(`query ($id: ID!) { fulfillmentOrder(id: $id) { status requestStatus supportedActions { action } } }`, {
      id: fo,
    });
    expect(dig(read.body.data, "fulfillmentOrder")).toMatchObject({
      status: "OPEN",
      requestStatus: "UNSUBMITTED",
      supportedActions: expect.arrayContaining([{ action: "CREATE_FULFILLMENT" }]),
    });
    const created = await gql(FULFILLMENT_CREATE, { fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo }] } });
    expect(dig(created.body.data, "fulfillmentCreate", "userErrors")).toEqual([]);
  });

  it("rejects a fulfillment request with a reason the schema knows", async () => {
    const created = await gql(`mutation { fulfillmentServiceCreate(name: "Provider US01") { fulfillmentService { location { id } } } }`);
    const location = digString(created.body.data, "fulfillmentServiceCreate", "fulfillmentService", "location", "id");
    emulator.addProducts(SHOP, [{ title: "Lamp", variants: [{ sku: "LAMP-1", stock: { [location]: 1 } }] }]);
    const { fulfillmentOrders } = emulator.createOrder(SHOP, { line_items: [{ sku: "LAMP-1", quantity: 1 }] });
    const fo = `gid://shopify/FulfillmentOrder/${fulfillmentOrders[0]?.id}`;
    const rejected = await gql(
      `mutation ($id: ID!) { fulfillmentOrderRejectFulfillmentRequest(id: $id, reason: MISSING_CUSTOMS_INFO, message: "HS code missing") {
        fulfillmentOrder { status requestStatus } userErrors { message } } }`,
      { id: fo },
    );
    expect(dig(rejected.body.data, "fulfillmentOrderRejectFulfillmentRequest")).toEqual({
      fulfillmentOrder: { status: "OPEN", requestStatus: "REJECTED" },
      userErrors: [],
    });
    const twice = await gql(`mutation ($id: ID!) { fulfillmentOrderAcceptFulfillmentRequest(id: $id) { userErrors { message } } }`, {
      id: fo,
    });
    expect(dig(twice.body.data, "fulfillmentOrderAcceptFulfillmentRequest", "userErrors", 0, "message")).toMatch(/REJECTED/);
  });
});
