import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { examplePayload } from "./payloads";
import { FULFILLMENT_ORDER, startChangesWorld, type ChangesWorld } from "./changes-support";
import { dig, digString } from "./test-support";

let world: ChangesWorld;
beforeAll(async () => {
  world = await startChangesWorld();
});
afterAll(() => world.close());
beforeEach(() => world.reset());

const HOLD = `mutation ($id: ID!, $hold: FulfillmentOrderHoldInput!) { fulfillmentOrderHold(id: $id, fulfillmentHold: $hold) {
  fulfillmentHold { id reason reasonNotes handle displayReason heldByRequestingApp }
  fulfillmentOrder { id status } remainingFulfillmentOrder { id status lineItems(first: 5) { nodes { sku remainingQuantity } } }
  userErrors { field message code } } }`;
const RELEASE = `mutation ($id: ID!, $holdIds: [ID!]) { fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) {
  fulfillmentOrder { id status } userErrors { field message code } } }`;

async function read(id: string) {
  const { body } = await world.gql(FULFILLMENT_ORDER, { id });
  return dig(body.data, "fulfillmentOrder") as {
    status: string;
    requestStatus: string;
    fulfillmentHolds: { id: string; reason: string; handle: string }[];
    supportedActions: { action: string }[];
    lineItems: { nodes: { id: string; sku: string; remainingQuantity: number }[] };
  };
}

describe("fulfillment holds", () => {
  it("holds an open fulfillment order, readable with its holds, and tells the app twice (Shopify's payload shapes)", async () => {
    const { fulfillmentOrders } = await world.placeOrder({ line_items: [{ sku: "CANDLE", quantity: 2 }] });
    const fo = fulfillmentOrders[0]?.id ?? "";
    const { body } = await world.gql(HOLD, {
      id: fo,
      hold: { reason: "HIGH_RISK_OF_FRAUD", reasonNotes: "Card country differs", handle: "fraud-review" },
    });
    expect(dig(body.data, "fulfillmentOrderHold")).toEqual({
      fulfillmentHold: {
        id: expect.stringMatching(/^gid:\/\/shopify\/FulfillmentHold\/\d+$/),
        reason: "HIGH_RISK_OF_FRAUD",
        reasonNotes: "Card country differs",
        handle: "fraud-review",
        displayReason: "High risk of fraud",
        heldByRequestingApp: true,
      },
      fulfillmentOrder: { id: fo, status: "ON_HOLD" },
      remainingFulfillmentOrder: null,
      userErrors: [],
    });
    const held = await read(fo);
    expect(held.status).toBe("ON_HOLD");
    expect(held.fulfillmentHolds).toEqual([
      expect.objectContaining({ reason: "HIGH_RISK_OF_FRAUD", handle: "fraud-review", heldByRequestingApp: true }),
    ]);
    // Which app holds it is behind read_apps, a scope the app does not have.
    const byApp = await world.gql(`query ($id: ID!) { fulfillmentOrder(id: $id) { fulfillmentHolds { heldByApp { id } } } }`, { id: fo });
    expect(byApp.body.errors?.[0]?.extensions?.code).toBe("ACCESS_DENIED");
    expect(held.supportedActions.map((a) => a.action)).toEqual(["RELEASE_HOLD", "HOLD", "MOVE"]);

    const placed = await world.received("fulfillment_orders/placed_on_hold");
    expect(Object.keys(placed[0] as object)).toEqual(Object.keys(examplePayload("fulfillment_orders/placed_on_hold") ?? {}));
    expect(placed[0]).toMatchObject({
      fulfillment_order: {
        id: fo,
        status: "on_hold",
        fulfillment_holds: [{ reason: "high_risk_of_fraud", reason_notes: "Card country differs", handle: "fraud-review" }],
      },
      remaining_fulfillment_order: null,
      held_fulfillment_order_line_items: [{ id: held.lineItems.nodes[0]?.id, quantity: 2 }],
      created_fulfillment_hold: { reason: "high_risk_of_fraud" },
    });
    const added = await world.received("fulfillment_holds/added");
    expect(added).toEqual([
      {
        fulfillment_order: { id: fo },
        fulfillment_hold: expect.objectContaining({ handle: "fraud-review", held_by_requesting_app: true }),
      },
    ]);
    // Nothing on hold can be fulfilled.
    const shipped = await world.gql(
      `mutation ($id: ID!) { fulfillmentCreate(fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: $id }] }) { userErrors { message } } }`,
      { id: fo },
    );
    expect(dig(shipped.body.data, "fulfillmentCreate", "userErrors", 0, "message")).toMatch(/on_hold/);
    const order = await world.gql(`query ($id: ID!) { fulfillmentOrder(id: $id) { order { displayFulfillmentStatus } } }`, { id: fo });
    expect(dig(order.body.data, "fulfillmentOrder", "order", "displayFulfillmentStatus")).toBe("ON_HOLD");
  });

  it("stacks holds by handle, refuses a duplicate handle, and opens again only when the last one is released", async () => {
    const { fulfillmentOrders } = await world.placeOrder({ line_items: [{ sku: "CANDLE", quantity: 1 }] });
    const fo = fulfillmentOrders[0]?.id ?? "";
    const first = await world.gql(HOLD, { id: fo, hold: { reason: "AWAITING_PAYMENT" } });
    const duplicate = await world.gql(HOLD, { id: fo, hold: { reason: "OTHER" } });
    expect(dig(duplicate.body.data, "fulfillmentOrderHold", "userErrors")).toEqual([
      { field: ["fulfillmentHold", "handle"], message: expect.stringContaining("already used"), code: "DUPLICATE_FULFILLMENT_HOLD_HANDLE" },
    ]);
    const second = await world.gql(HOLD, { id: fo, hold: { reason: "INCORRECT_ADDRESS", handle: "address-check" } });
    expect(dig(second.body.data, "fulfillmentOrderHold", "userErrors")).toEqual([]);

    const firstHold = digString(first.body.data, "fulfillmentOrderHold", "fulfillmentHold", "id");
    const partly = await world.gql(RELEASE, { id: fo, holdIds: [firstHold] });
    expect(dig(partly.body.data, "fulfillmentOrderReleaseHold", "fulfillmentOrder", "status")).toBe("ON_HOLD");
    expect((await read(fo)).fulfillmentHolds.map((h) => h.handle)).toEqual(["address-check"]);
    expect(await world.received("fulfillment_orders/hold_released")).toEqual([]);

    const all = await world.gql(RELEASE, { id: fo });
    expect(dig(all.body.data, "fulfillmentOrderReleaseHold", "fulfillmentOrder", "status")).toBe("OPEN");
    expect(await world.received("fulfillment_holds/released")).toHaveLength(2);
    expect(await world.received("fulfillment_orders/hold_released")).toEqual([{ fulfillment_order: { id: fo, status: "open" } }]);
    const again = await world.gql(RELEASE, { id: fo });
    expect(dig(again.body.data, "fulfillmentOrderReleaseHold", "userErrors", 0, "message")).toMatch(/not on hold/);
  });

  it("holds only the named line items and splits the rest off into an open fulfillment order", async () => {
    const { fulfillmentOrders } = await world.placeOrder({
      line_items: [
        { sku: "CANDLE", quantity: 3 },
        { sku: "TEA", quantity: 1 },
      ],
    });
    const fo = fulfillmentOrders[0]?.id ?? "";
    const lines = await world.lines(fo);
    const candle = lines.find((l) => l.sku === "CANDLE")?.id;
    const { body } = await world.gql(HOLD, {
      id: fo,
      hold: { reason: "INVENTORY_OUT_OF_STOCK", handle: "restock", fulfillmentOrderLineItems: [{ id: candle, quantity: 2 }] },
    });
    const result = dig(body.data, "fulfillmentOrderHold") as {
      remainingFulfillmentOrder: { id: string; status: string; lineItems: { nodes: unknown[] } };
    };
    expect(result.remainingFulfillmentOrder).toMatchObject({ status: "OPEN" });
    expect(result.remainingFulfillmentOrder.lineItems.nodes).toEqual([
      { sku: "CANDLE", remainingQuantity: 1 },
      { sku: "TEA", remainingQuantity: 1 },
    ]);
    expect((await read(fo)).lineItems.nodes.map((l) => [l.sku, l.remainingQuantity])).toEqual([["CANDLE", 2]]);
    const placed = await world.received("fulfillment_orders/placed_on_hold");
    expect(placed[0]).toMatchObject({
      remaining_fulfillment_order: { id: result.remainingFulfillmentOrder.id, status: "open" },
      held_fulfillment_order_line_items: [{ quantity: 2 }],
    });

    // Once held, a fulfillment order cannot be split by another hold.
    const notSplittable = await world.gql(HOLD, {
      id: fo,
      hold: { reason: "OTHER", handle: "x", fulfillmentOrderLineItems: [{ id: (await world.lines(fo))[0]?.id, quantity: 1 }] },
    });
    expect(dig(notSplittable.body.data, "fulfillmentOrderHold", "userErrors", 0, "code")).toBe("FULFILLMENT_ORDER_NOT_SPLITTABLE");
    const tooMany = await world.gql(HOLD, {
      id: result.remainingFulfillmentOrder.id,
      hold: { reason: "OTHER", fulfillmentOrderLineItems: [{ id: candle, quantity: 1 }] },
    });
    expect(dig(tooMany.body.data, "fulfillmentOrderHold", "userErrors", 0, "code")).toBe("INVALID_LINE_ITEM_QUANTITY");
  });

  it("at a fulfillment service: a requested order can be held (no accepting it meanwhile), an accepted one cannot", async () => {
    const { fulfillmentOrders } = await world.placeOrder({ line_items: [{ sku: "MUG", quantity: 1 }] });
    const fo = fulfillmentOrders[0]?.id ?? "";
    expect(fulfillmentOrders[0]).toMatchObject({ status: "OPEN", requestStatus: "SUBMITTED" });
    await world.gql(HOLD, { id: fo, hold: { reason: "AWAITING_PAYMENT", handle: "payment" } });
    expect(await read(fo)).toMatchObject({ status: "ON_HOLD", requestStatus: "SUBMITTED" });
    const accept = `mutation ($id: ID!) { fulfillmentOrderAcceptFulfillmentRequest(id: $id) { fulfillmentOrder { status requestStatus } userErrors { message } } }`;
    expect(
      dig((await world.gql(accept, { id: fo })).body.data, "fulfillmentOrderAcceptFulfillmentRequest", "userErrors", 0, "message"),
    ).toMatch(/on hold/);

    await world.gql(RELEASE, { id: fo });
    expect(dig((await world.gql(accept, { id: fo })).body.data, "fulfillmentOrderAcceptFulfillmentRequest", "fulfillmentOrder")).toEqual({
      status: "IN_PROGRESS",
      requestStatus: "ACCEPTED",
    });
    const refused = await world.gql(HOLD, { id: fo, hold: { reason: "OTHER", handle: "late" } });
    expect(dig(refused.body.data, "fulfillmentOrderHold", "userErrors", 0, "message")).toMatch(/IN_PROGRESS/);
  });

  it("requests fulfillment from the service when a hold on an unrequested order is released", async () => {
    const shop = world.emulator.state.shop("changes-shop.myshopify.com");
    if (shop) shop.autoRequestFulfillment = false;
    const { fulfillmentOrders } = await world.placeOrder({ line_items: [{ sku: "SOCKS", quantity: 2 }] });
    const fo = fulfillmentOrders[0]?.id ?? "";
    await world.gql(HOLD, { id: fo, hold: { reason: "AWAITING_PAYMENT" } });
    if (shop) shop.autoRequestFulfillment = true;
    expect(await world.notifications()).toEqual([]);
    await world.gql(RELEASE, { id: fo });
    expect(await read(fo)).toMatchObject({ status: "OPEN", requestStatus: "SUBMITTED" });
    expect(await world.notifications()).toEqual(["FULFILLMENT_REQUEST"]);
    expect(await world.received("fulfillment_orders/fulfillment_request_submitted")).toHaveLength(1);
  });
});
