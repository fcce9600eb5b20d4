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

const BEGIN = `mutation ($id: ID!) { orderEditBegin(id: $id) {
  calculatedOrder { id lineItems(first: 10) { nodes { id sku quantity editableQuantity } } } orderEditSession { id } userErrors { message } } }`;
const SET_QUANTITY = `mutation ($id: ID!, $line: ID!, $quantity: Int!) { orderEditSetQuantity(id: $id, lineItemId: $line, quantity: $quantity, restock: true) {
  calculatedLineItem { id quantity } calculatedOrder { stagedChanges(first: 5) { nodes { __typename ... on OrderStagedChangeDecrementItem { delta restock } } } } userErrors { field message } } }`;
const ADD_VARIANT = `mutation ($id: ID!, $variant: ID!, $quantity: Int!, $location: ID) { orderEditAddVariant(id: $id, variantId: $variant, quantity: $quantity, locationId: $location) {
  calculatedLineItem { id sku quantity } calculatedOrder { addedLineItems(first: 5) { nodes { sku quantity } } } userErrors { field message } } }`;
const COMMIT = `mutation ($id: ID!) { orderEditCommit(id: $id, notifyCustomer: false, staffNote: "Customer called") { order { id edited
  lineItems(first: 10) { nodes { sku quantity currentQuantity } }
  fulfillmentOrders(first: 10) { nodes { status requestStatus assignedLocation { location { id } } lineItems(first: 10) { nodes { sku totalQuantity remainingQuantity } } } } }
  userErrors { field message } } }`;

type CalculatedLines = { id: string; sku: string; quantity: number; editableQuantity: number }[];

async function begin(order: string): Promise<{ calculatedOrder: string; session: string; lines: CalculatedLines }> {
  const { body } = await world.gql(BEGIN, { id: order });
  return {
    calculatedOrder: digString(body.data, "orderEditBegin", "calculatedOrder", "id"),
    session: digString(body.data, "orderEditBegin", "orderEditSession", "id"),
    lines: dig(body.data, "orderEditBegin", "calculatedOrder", "lineItems", "nodes") as CalculatedLines,
  };
}

const variantId = (sku: string) =>
  `gid://shopify/ProductVariant/${[...world.emulator.state.variants.values()].find((v) => v.sku === sku)?.id}`;

describe("order edits", () => {
  it("removes a line (quantity 0), adds a variant, and changes the studio's fulfillment order; orders/edited then orders/updated", async () => {
    const { order } = await world.placeOrder({
      line_items: [
        { sku: "CANDLE", quantity: 2 },
        { sku: "TEA", quantity: 1 },
      ],
    });
    const edit = await begin(order);
    expect(edit.calculatedOrder).toMatch(/^gid:\/\/shopify\/CalculatedOrder\/\d+$/);
    const tea = edit.lines.find((l) => l.sku === "TEA");
    expect(tea).toMatchObject({ quantity: 1, editableQuantity: 1 });

    const removed = await world.gql(SET_QUANTITY, { id: edit.calculatedOrder, line: tea?.id, quantity: 0 });
    expect(dig(removed.body.data, "orderEditSetQuantity")).toMatchObject({
      calculatedLineItem: { id: tea?.id, quantity: 0 },
      calculatedOrder: { stagedChanges: { nodes: [{ __typename: "OrderStagedChangeDecrementItem", delta: 1, restock: true }] } },
      userErrors: [],
    });
    // The session id works as well as the calculated order's.
    const added = await world.gql(ADD_VARIANT, { id: edit.session, variant: variantId("CANDLE"), quantity: 1, location: null });
    expect(dig(added.body.data, "orderEditAddVariant", "userErrors", 0, "message")).toMatch(/already on the order/);
    const mug = await world.gql(ADD_VARIANT, { id: edit.session, variant: variantId("MUG"), quantity: 2, location: null });
    expect(dig(mug.body.data, "orderEditAddVariant", "calculatedOrder", "addedLineItems", "nodes")).toEqual([{ sku: "MUG", quantity: 2 }]);
    await world.received("orders/create");
    world.receiver.requests.length = 0;

    const { body } = await world.gql(COMMIT, { id: edit.calculatedOrder });
    expect(dig(body.data, "orderEditCommit", "userErrors")).toEqual([]);
    const committed = dig(body.data, "orderEditCommit", "order") as {
      edited: boolean;
      lineItems: { nodes: unknown[] };
      fulfillmentOrders: {
        nodes: { status: string; requestStatus: string; assignedLocation: { location: { id: string } }; lineItems: { nodes: unknown[] } }[];
      };
    };
    expect(committed.edited).toBe(true);
    expect(committed.lineItems.nodes).toEqual([
      { sku: "CANDLE", quantity: 2, currentQuantity: 2 },
      { sku: "TEA", quantity: 1, currentQuantity: 0 },
      { sku: "MUG", quantity: 2, currentQuantity: 2 },
    ]);
    expect(
      committed.fulfillmentOrders.nodes.map((fo) => [fo.assignedLocation.location.id, fo.status, fo.requestStatus, fo.lineItems.nodes]),
    ).toEqual([
      [world.studio, "OPEN", "UNSUBMITTED", [{ sku: "CANDLE", totalQuantity: 2, remainingQuantity: 2 }]],
      // The mug is stocked only at the warehouse: a new fulfillment order there, requested from the service.
      [world.warehouse, "OPEN", "SUBMITTED", [{ sku: "MUG", totalQuantity: 2, remainingQuantity: 2 }]],
    ]);
    const teaLevel = world.emulator.state.inventoryLevel(
      [...world.emulator.state.variants.values()].find((v) => v.sku === "TEA")?.inventoryItemId ?? 0,
      Number(world.studio.split("/").pop()),
    );
    expect(teaLevel?.quantities).toMatchObject({ available: 20, committed: 0 });

    await world.emulator.settled();
    const topics = world.receiver.requests
      .map((r) => r.headers["x-shopify-topic"] ?? r.path)
      .filter((t) => t !== "inventory_levels/update");
    expect(topics).toEqual([
      "orders/edited",
      "orders/updated",
      "fulfillment_orders/fulfillment_request_submitted",
      "/fulfillment_service/fulfillment_order_notification",
    ]);
    const edited = (await world.received("orders/edited"))[0];
    expect(Object.keys(dig(edited, "order_edit") as object)).toEqual(
      Object.keys(dig(examplePayload("orders/edited"), "order_edit") as object),
    );
    const teaLine = world.emulator.state.orders.get(Number(order.split("/").pop()))?.lineItems.find((l) => l.sku === "TEA")?.id;
    expect(dig(edited, "order_edit", "line_items")).toEqual({
      additions: [{ id: expect.any(Number), delta: 2 }],
      removals: [{ id: teaLine, delta: 1 }],
    });
    expect(dig(edited, "order_edit", "staff_note")).toBe("Customer called");
    const updated = (await world.received("orders/updated"))[0];
    expect(dig(updated, "line_items", 1)).toMatchObject({ sku: "TEA", quantity: 1, current_quantity: 0, fulfillable_quantity: 0 });
  });

  it("withdraws a requested (not accepted) warehouse fulfillment order and requests the edited one", async () => {
    const { order, fulfillmentOrders } = await world.placeOrder({ line_items: [{ sku: "MUG", quantity: 3 }] });
    const original = fulfillmentOrders[0]?.id ?? "";
    const edit = await begin(order);
    await world.gql(SET_QUANTITY, { id: edit.calculatedOrder, line: edit.lines[0]?.id, quantity: 1 });
    const { body } = await world.gql(COMMIT, { id: edit.calculatedOrder });
    const fos = dig(body.data, "orderEditCommit", "order", "fulfillmentOrders", "nodes") as {
      status: string;
      requestStatus: string;
      lineItems: { nodes: { totalQuantity: number }[] };
    }[];
    expect(fos.map((fo) => [fo.status, fo.requestStatus, fo.lineItems.nodes.map((l) => l.totalQuantity)])).toEqual([
      // The withdrawn one keeps what it held (nothing remaining), like any closed fulfillment order.
      ["CLOSED", "SUBMITTED", [3]],
      ["OPEN", "SUBMITTED", [1]],
    ]);
    expect(await world.received("fulfillment_orders/cancelled")).toEqual([
      { fulfillment_order: { id: original, status: "closed" }, replacement_fulfillment_order: { id: expect.any(String), status: "open" } },
    ]);
    expect(await world.notifications()).toEqual(["FULFILLMENT_REQUEST", "FULFILLMENT_REQUEST"]);
    const { body: assigned } = await world.gql(
      `{ assignedFulfillmentOrders(first: 5, assignmentStatus: FULFILLMENT_REQUESTED) { nodes { lineItems(first: 1) { nodes { totalQuantity } } } } }`,
    );
    expect(dig(assigned.data, "assignedFulfillmentOrders", "nodes")).toEqual([{ lineItems: { nodes: [{ totalQuantity: 1 }] } }]);
  });

  it("refuses to edit units a fulfillment service accepted, and units already shipped", async () => {
    const { order, fulfillmentOrders } = await world.placeOrder({
      line_items: [
        { sku: "MUG", quantity: 2 },
        { sku: "SOCKS", quantity: 2 },
      ],
    });
    const fo = fulfillmentOrders[0]?.id ?? "";
    await world.gql(`mutation ($id: ID!) { fulfillmentOrderAcceptFulfillmentRequest(id: $id) { userErrors { message } } }`, { id: fo });
    const [socks] = (await world.lines(fo)).filter((l) => l.sku === "SOCKS");
    await world.gql(`mutation ($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { userErrors { message } } }`, {
      f: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo, fulfillmentOrderLineItems: [{ id: socks?.id, quantity: 2 }] }] },
    });
    const edit = await begin(order);
    const [mugLine, socksLine] = edit.lines;
    expect(socksLine).toMatchObject({ sku: "SOCKS", quantity: 2, editableQuantity: 0 });
    const accepted = await world.gql(SET_QUANTITY, { id: edit.calculatedOrder, line: mugLine?.id, quantity: 1 });
    expect(dig(accepted.body.data, "orderEditSetQuantity", "userErrors", 0, "message")).toMatch(
      /accepted the request; request cancellation/,
    );
    const shipped = await world.gql(SET_QUANTITY, { id: edit.calculatedOrder, line: socksLine?.id, quantity: 1 });
    expect(dig(shipped.body.data, "orderEditSetQuantity", "userErrors", 0, "message")).toMatch(/already fulfilled/);
  });
});
