import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startChangesWorld, type ChangesWorld } from "./changes-support";
import { examplePayload } from "./payloads";
import { dig, digString } from "./test-support";

let world: ChangesWorld;
beforeAll(async () => {
  world = await startChangesWorld();
});
afterAll(() => world.close());
beforeEach(() => world.reset());

const ADDRESS = {
  first_name: "Mia",
  last_name: "Berg",
  address1: "Storgatan 1",
  city: "Stockholm",
  zip: "111 51",
  country: "Sweden",
  country_code: "SE",
};

const levelOf = (sku: string, location: string) => {
  const item = [...world.emulator.state.variants.values()].find((v) => v.sku === sku)?.inventoryItemId ?? 0;
  return world.emulator.state.inventoryLevel(item, Number(location.split("/").pop()))?.quantities;
};

describe("orderUpdate", () => {
  it("changes the shipping address of the order and its open fulfillment orders; orders/updated", async () => {
    const { order, fulfillmentOrders } = await world.placeOrder({
      email: "mia@example.com",
      shipping_address: ADDRESS,
      line_items: [{ sku: "CANDLE", quantity: 1 }],
    });
    const { body } = await world.gql(
      `mutation ($input: OrderInput!) { orderUpdate(input: $input) { order { shippingAddress { address1 city zip countryCodeV2 country } note } userErrors { field message } } }`,
      {
        input: {
          id: order,
          note: "Leave at the door",
          shippingAddress: { address1: "Drottninggatan 5", zip: "111 60", countryCode: "SE" },
        },
      },
    );
    expect(dig(body.data, "orderUpdate")).toEqual({
      order: {
        shippingAddress: { address1: "Drottninggatan 5", city: "Stockholm", zip: "111 60", countryCodeV2: "SE", country: "Sweden" },
        note: "Leave at the door",
      },
      userErrors: [],
    });
    const fo = await world.gql(`query ($id: ID!) { fulfillmentOrder(id: $id) { destination { address1 city zip countryCode } } }`, {
      id: fulfillmentOrders[0]?.id,
    });
    expect(dig(fo.body.data, "fulfillmentOrder", "destination")).toEqual({
      address1: "Drottninggatan 5",
      city: "Stockholm",
      zip: "111 60",
      countryCode: "SE",
    });
    const updated = await world.received("orders/updated");
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ note: "Leave at the door", shipping_address: { address1: "Drottninggatan 5", city: "Stockholm" } });
    const missing = await world.gql(
      `mutation { orderUpdate(input: { id: "gid://shopify/Order/1" }) { order { id } userErrors { field message } } }`,
    );
    expect(dig(missing.body.data, "orderUpdate", "userErrors")).toEqual([{ field: ["id"], message: "Order does not exist" }]);
  });
});

describe("payment and risk", () => {
  it("reads a bank-transfer order as pending, marks it paid, and sends orders/paid", async () => {
    const { order } = await world.placeOrder({
      financial_status: "pending",
      payment_gateway_names: ["Bank Deposit"],
      line_items: [{ sku: "TEA", quantity: 2 }],
    });
    const read = `query ($id: ID!) { order(id: $id) { displayFinancialStatus paymentGatewayNames canMarkAsPaid fullyPaid unpaid totalOutstandingSet { shopMoney { amount } } } }`;
    expect(dig((await world.gql(read, { id: order })).body.data, "order")).toEqual({
      displayFinancialStatus: "PENDING",
      paymentGatewayNames: ["Bank Deposit"],
      canMarkAsPaid: true,
      fullyPaid: false,
      unpaid: true,
      totalOutstandingSet: { shopMoney: { amount: "24.00" } },
    });
    const mark = `mutation ($id: ID!) { orderMarkAsPaid(input: { id: $id }) { order { displayFinancialStatus } userErrors { message } } }`;
    expect(dig((await world.gql(mark, { id: order })).body.data, "orderMarkAsPaid")).toEqual({
      order: { displayFinancialStatus: "PAID" },
      userErrors: [],
    });
    expect(dig((await world.gql(read, { id: order })).body.data, "order")).toMatchObject({
      canMarkAsPaid: false,
      fullyPaid: true,
      totalOutstandingSet: { shopMoney: { amount: "0.00" } },
    });
    const paid = await world.received("orders/paid");
    expect(Object.keys(paid[0] as object)).toEqual(Object.keys(examplePayload("orders/paid") ?? {}));
    expect(paid[0]).toMatchObject({ admin_graphql_api_id: order, financial_status: "paid", payment_gateway_names: ["Bank Deposit"] });
    expect(dig((await world.gql(mark, { id: order })).body.data, "orderMarkAsPaid", "userErrors", 0, "message")).toMatch(
      /can't be marked as paid/,
    );
  });

  it("records a risk assessment, readable as order.risk, and sends orders/risk_assessment_changed", async () => {
    const { order } = await world.placeOrder({ line_items: [{ sku: "MUG", quantity: 1 }] });
    const { body } = await world.gql(
      `mutation ($input: OrderRiskAssessmentCreateInput!) { orderRiskAssessmentCreate(orderRiskAssessmentInput: $input) {
        orderRiskAssessment { riskLevel facts { description sentiment } } userErrors { field message code } } }`,
      {
        input: {
          orderId: order,
          riskLevel: "HIGH",
          facts: [{ description: "Billing and shipping countries differ", sentiment: "NEGATIVE" }],
        },
      },
    );
    expect(dig(body.data, "orderRiskAssessmentCreate")).toEqual({
      orderRiskAssessment: { riskLevel: "HIGH", facts: [{ description: "Billing and shipping countries differ", sentiment: "NEGATIVE" }] },
      userErrors: [],
    });
    const risk = await world.gql(`query ($id: ID!) { order(id: $id) { risk { recommendation assessments { riskLevel } } } }`, {
      id: order,
    });
    expect(dig(risk.body.data, "order", "risk")).toEqual({ recommendation: "CANCEL", assessments: [{ riskLevel: "HIGH" }] });
    const changed = await world.received("orders/risk_assessment_changed");
    expect(Object.keys(changed[0] as object)).toEqual(Object.keys(examplePayload("orders/risk_assessment_changed") ?? {}));
    expect(changed[0]).toMatchObject({ risk_level: "high", admin_graphql_api_order_id: order, order_id: Number(order.split("/").pop()) });
  });
});

const REFUND = `mutation ($input: RefundInput!, $key: String!) { refundCreate(input: $input) @idempotent(key: $key) {
  refund { id totalRefundedSet { shopMoney { amount } } refundLineItems(first: 5) { nodes { quantity restockType restocked lineItem { sku } } } }
  order { displayFinancialStatus lineItems(first: 5) { nodes { sku currentQuantity refundableQuantity unfulfilledQuantity } } }
  userErrors { field message } } }`;

describe("refundCreate", () => {
  it("cancels unfulfilled units: off the fulfillment order, stock released; refunds/create then orders/updated", async () => {
    const { order, fulfillmentOrders } = await world.placeOrder({
      line_items: [
        { sku: "CANDLE", quantity: 3 },
        { sku: "TEA", quantity: 1 },
      ],
    });
    const candle = `gid://shopify/LineItem/${world.emulator.state.orders.get(Number(order.split("/").pop()))?.lineItems[0]?.id}`;
    const key = randomUUID();
    const input = { orderId: order, note: "Out of stock", refundLineItems: [{ lineItemId: candle, quantity: 2, restockType: "CANCEL" }] };
    const { body } = await world.gql(REFUND, { input, key });
    expect(dig(body.data, "refundCreate")).toMatchObject({
      refund: {
        totalRefundedSet: { shopMoney: { amount: "36.00" } },
        refundLineItems: { nodes: [{ quantity: 2, restockType: "CANCEL", restocked: true, lineItem: { sku: "CANDLE" } }] },
      },
      order: {
        displayFinancialStatus: "PARTIALLY_REFUNDED",
        lineItems: {
          nodes: [
            { sku: "CANDLE", currentQuantity: 1, refundableQuantity: 1, unfulfilledQuantity: 1 },
            { sku: "TEA", currentQuantity: 1 },
          ],
        },
      },
      userErrors: [],
    });
    expect((await world.lines(fulfillmentOrders[0]?.id ?? "")).map((l) => [l.sku, l.totalQuantity])).toEqual([
      ["CANDLE", 1],
      ["TEA", 1],
    ]);
    expect(levelOf("CANDLE", world.studio)).toMatchObject({ available: 19, committed: 1, on_hand: 20 });

    // A retry with the same key answers the same refund and refunds nothing more.
    const retry = await world.gql(REFUND, { input, key });
    expect(dig(retry.body.data, "refundCreate", "refund", "id")).toBe(dig(body.data, "refundCreate", "refund", "id"));
    expect(world.emulator.state.refunds.size).toBe(1);
    const other = await world.gql(REFUND, { input: { ...input, note: "changed" }, key });
    expect(dig(other.body.data, "refundCreate", "userErrors", 0, "message")).toMatch(/idempotency key/);

    const created = await world.received("refunds/create");
    expect(Object.keys(created[0] as object)).toEqual(Object.keys(examplePayload("refunds/create") ?? {}));
    expect(Object.keys(dig(created[0], "refund_line_items", 0, "line_item") as object)).toEqual(
      Object.keys(dig(examplePayload("refunds/create"), "refund_line_items", 0, "line_item") as object),
    );
    expect(created[0]).toMatchObject({
      note: "Out of stock",
      restock: true,
      refund_line_items: [{ quantity: 2, restock_type: "cancel", subtotal: 36 }],
    });
    expect(dig((await world.received("orders/updated"))[0], "refunds", 0, "id")).toBe(dig(created[0], "id"));
  });

  it("returns shipped units to the shelf with RETURN, and refuses more than can be refunded", async () => {
    const { order, fulfillmentOrders } = await world.placeOrder({ line_items: [{ sku: "TEA", quantity: 2 }] });
    await world.gql(
      `mutation ($id: ID!) { fulfillmentCreate(fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: $id }] }) { userErrors { message } } }`,
      { id: fulfillmentOrders[0]?.id },
    );
    expect(levelOf("TEA", world.studio)).toMatchObject({ available: 18, committed: 0, on_hand: 18 });
    const tea = `gid://shopify/LineItem/${world.emulator.state.orders.get(Number(order.split("/").pop()))?.lineItems[0]?.id}`;
    const cancel = await world.gql(REFUND, {
      input: { orderId: order, refundLineItems: [{ lineItemId: tea, quantity: 1, restockType: "CANCEL" }] },
      key: randomUUID(),
    });
    expect(dig(cancel.body.data, "refundCreate", "userErrors", 0, "message")).toMatch(/Only 0 unfulfilled/);
    const returned = await world.gql(REFUND, {
      input: { orderId: order, refundLineItems: [{ lineItemId: tea, quantity: 2, restockType: "RETURN", locationId: world.studio }] },
      key: randomUUID(),
    });
    expect(dig(returned.body.data, "refundCreate", "order", "displayFinancialStatus")).toBe("REFUNDED");
    expect(levelOf("TEA", world.studio)).toMatchObject({ available: 20, on_hand: 20 });
    const more = await world.gql(REFUND, {
      input: { orderId: order, refundLineItems: [{ lineItemId: tea, quantity: 1 }] },
      key: randomUUID(),
    });
    expect(dig(more.body.data, "refundCreate", "userErrors", 0)).toEqual({
      field: ["input", "refundLineItems", "0", "quantity"],
      message: expect.stringMatching(/more items than were purchased/),
    });
  });

  it("requires the idempotency key, as 2026-10 does", async () => {
    const { order } = await world.placeOrder({ line_items: [{ sku: "TEA", quantity: 1 }] });
    const { body } = await world.gql(`mutation ($input: RefundInput!) { refundCreate(input: $input) { refund { id } } }`, {
      input: { orderId: order },
    });
    expect(body.errors?.[0]?.message).toMatch(/requires an idempotency key/);
  });
});

describe("fulfilments the app writes", () => {
  it("stores several tracking numbers, and leaves the rest of a partly fulfilled order open", async () => {
    const { fulfillmentOrders } = await world.placeOrder({ line_items: [{ sku: "MUG", quantity: 3 }] });
    const fo = fulfillmentOrders[0]?.id ?? "";
    await world.gql(`mutation ($id: ID!) { fulfillmentOrderAcceptFulfillmentRequest(id: $id) { userErrors { message } } }`, { id: fo });
    const [mug] = await world.lines(fo);
    const { body } = await world.gql(
      `mutation ($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { fulfillment { trackingInfo(first: 5) { company number url } } userErrors { message } } }`,
      {
        f: {
          lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo, fulfillmentOrderLineItems: [{ id: mug?.id, quantity: 2 }] }],
          trackingInfo: {
            company: "UPS",
            numbers: ["1ZSBX00103000000001", "1ZSBX00103000000002"],
            urls: ["https://www.ups.com/track?tracknum=1ZSBX00103000000001", "https://www.ups.com/track?tracknum=1ZSBX00103000000002"],
          },
        },
      },
    );
    expect(dig(body.data, "fulfillmentCreate", "fulfillment", "trackingInfo")).toEqual([
      { company: "UPS", number: "1ZSBX00103000000001", url: "https://www.ups.com/track?tracknum=1ZSBX00103000000001" },
      { company: "UPS", number: "1ZSBX00103000000002", url: "https://www.ups.com/track?tracknum=1ZSBX00103000000002" },
    ]);
    const read = await world.gql(
      `query ($id: ID!) { fulfillmentOrder(id: $id) { status lineItems(first: 1) { nodes { totalQuantity remainingQuantity } } order { displayFulfillmentStatus } } }`,
      { id: fo },
    );
    expect(dig(read.body.data, "fulfillmentOrder")).toEqual({
      status: "IN_PROGRESS",
      lineItems: { nodes: [{ totalQuantity: 3, remainingQuantity: 1 }] },
      order: { displayFulfillmentStatus: "PARTIALLY_FULFILLED" },
    });
    const created = await world.received("fulfillments/create");
    expect(digString(created[0], "tracking_numbers", 1)).toBe("1ZSBX00103000000002");
  });
});
