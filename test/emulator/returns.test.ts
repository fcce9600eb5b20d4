import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { examplePayload } from "./payloads";
import { startChangesWorld, type ChangesWorld } from "./changes-support";
import { dig, digString } from "./test-support";

let world: ChangesWorld;
beforeAll(async () => {
  world = await startChangesWorld();
});
afterAll(() => world.close());
beforeEach(() => world.reset());

const RETURN_FIELDS = `id name status totalQuantity order { id }
  returnLineItems(first: 10) { nodes { id quantity ... on ReturnLineItem { returnReasonNote totalWeight { value unit } fulfillmentLineItem { id lineItem { sku } } } } }
  reverseFulfillmentOrders(first: 5) { nodes { id status lineItems(first: 10) { nodes { id totalQuantity fulfillmentLineItem { id } dispositions { type quantity location { id } } } } } }`;
const CREATE = `mutation ($input: ReturnInput!) { returnCreate(returnInput: $input) { return { ${RETURN_FIELDS} } userErrors { field message code } } }`;
const REQUEST = `mutation ($input: ReturnRequestInput!) { returnRequest(input: $input) { return { id status reverseFulfillmentOrders(first: 5) { nodes { id } } } userErrors { field message code } } }`;
const APPROVE = `mutation ($id: ID!) { returnApproveRequest(input: { id: $id }) { return { id status } userErrors { field message code } } }`;
const DISPOSE = `mutation ($inputs: [ReverseFulfillmentOrderDisposeInput!]!) { reverseFulfillmentOrderDispose(dispositionInputs: $inputs) {
  reverseFulfillmentOrderLineItems { id dispositions { type quantity location { id } } } userErrors { field message code } } }`;
const LEVEL = `query ($id: ID!) { location(id: $id) { inventoryLevels(first: 10) { nodes { item { sku } quantities(names: ["available", "on_hand"]) { name quantity } } } } }`;

type Line = { id: string; quantity: number };

/** An order of two mugs from the warehouse, accepted and fulfilled: the fulfilment's line items. */
async function shippedMugs(): Promise<{ order: string; lines: Line[] }> {
  const { order, fulfillmentOrders } = await world.placeOrder({ line_items: [{ sku: "MUG", quantity: 2 }] });
  const fo = fulfillmentOrders.find((f) => f.location === world.warehouse)?.id ?? "";
  await world.gql(`mutation ($id: ID!) { fulfillmentOrderAcceptFulfillmentRequest(id: $id) { userErrors { message } } }`, { id: fo });
  const { body } = await world.gql(
    `mutation ($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { fulfillment { fulfillmentLineItems(first: 5) { nodes { id quantity } } } userErrors { message } } }`,
    { f: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo }], trackingInfo: { number: "1Z999" } } },
  );
  return { order, lines: dig(body.data, "fulfillmentCreate", "fulfillment", "fulfillmentLineItems", "nodes") as Line[] };
}

async function mugsAtWarehouse(): Promise<Record<string, number>> {
  const { body } = await world.gql(LEVEL, { id: world.warehouse });
  const nodes = dig(body.data, "location", "inventoryLevels", "nodes") as {
    item: { sku: string };
    quantities: { name: string; quantity: number }[];
  }[];
  const mug = nodes.find((n) => n.item.sku === "MUG");
  return Object.fromEntries((mug?.quantities ?? []).map((q) => [q.name, q.quantity]));
}

describe("returns", () => {
  it("returnCreate opens a return at once with its reverse fulfillment order, and says so with returns/approve", async () => {
    const { order, lines } = await shippedMugs();
    const line = lines[0];
    const { body } = await world.gql(CREATE, {
      input: { orderId: order, returnLineItems: [{ fulfillmentLineItemId: line?.id, quantity: 1, returnReasonNote: "Too small" }] },
    });
    expect(dig(body.data, "returnCreate", "userErrors")).toEqual([]);
    const ret = dig(body.data, "returnCreate", "return");
    expect(ret).toMatchObject({
      name: expect.stringMatching(/^#\d+-R1$/),
      status: "OPEN",
      totalQuantity: 1,
      order: { id: order },
      returnLineItems: {
        nodes: [
          {
            quantity: 1,
            returnReasonNote: "Too small",
            totalWeight: { value: 420, unit: "GRAMS" },
            fulfillmentLineItem: { id: line?.id, lineItem: { sku: "MUG" } },
          },
        ],
      },
      reverseFulfillmentOrders: {
        nodes: [{ status: "OPEN", lineItems: { nodes: [{ totalQuantity: 1, fulfillmentLineItem: { id: line?.id }, dispositions: [] }] } }],
      },
    });

    const approved = await world.received("returns/approve");
    expect(approved).toHaveLength(1);
    expect(Object.keys(approved[0] as object)).toEqual(Object.keys(examplePayload("returns/approve") ?? {}));
    expect(approved[0]).toMatchObject({
      admin_graphql_api_id: digString(ret, "id"),
      status: "open",
      order: { admin_graphql_api_id: order },
      total_return_line_items: 1,
    });
    // Readable again by id, as an app reads it after the webhook.
    const again = await world.gql(`query ($id: ID!) { return(id: $id) { id status } }`, { id: digString(ret, "id") });
    expect(dig(again.body.data, "return")).toEqual({ id: digString(ret, "id"), status: "OPEN" });
  });

  it("a requested return has no reverse fulfillment order until approved; each step has its webhook", async () => {
    const { order, lines } = await shippedMugs();
    const { body } = await world.gql(REQUEST, {
      input: { orderId: order, returnLineItems: [{ fulfillmentLineItemId: lines[0]?.id, quantity: 2 }] },
    });
    expect(dig(body.data, "returnRequest", "return")).toMatchObject({ status: "REQUESTED", reverseFulfillmentOrders: { nodes: [] } });
    const id = digString(body.data, "returnRequest", "return", "id");
    const requested = await world.received("returns/request");
    expect(Object.keys(requested[0] as object)).toEqual(Object.keys(examplePayload("returns/request") ?? {}));
    expect(requested[0]).toMatchObject({ admin_graphql_api_id: id, status: "requested" });
    expect(await world.received("returns/approve")).toEqual([]);

    const approved = await world.gql(APPROVE, { id });
    expect(dig(approved.body.data, "returnApproveRequest")).toEqual({ return: { id, status: "OPEN" }, userErrors: [] });
    expect(await world.received("returns/approve")).toEqual([expect.objectContaining({ admin_graphql_api_id: id, status: "open" })]);
    const twice = await world.gql(APPROVE, { id });
    expect(dig(twice.body.data, "returnApproveRequest", "userErrors", 0)).toMatchObject({ code: "INVALID_STATE", field: ["input", "id"] });
  });

  it("refuses units that did not ship or are already being returned, naming the field", async () => {
    const { order, lines } = await shippedMugs();
    const tooMany = await world.gql(CREATE, {
      input: { orderId: order, returnLineItems: [{ fulfillmentLineItemId: lines[0]?.id, quantity: 3 }] },
    });
    expect(dig(tooMany.body.data, "returnCreate")).toEqual({
      return: null,
      userErrors: [
        {
          field: ["returnInput", "returnLineItems", "0", "quantity"],
          message: expect.stringContaining("2 unit(s)"),
          code: "LESS_THAN_OR_EQUAL_TO",
        },
      ],
    });
    await world.gql(CREATE, { input: { orderId: order, returnLineItems: [{ fulfillmentLineItemId: lines[0]?.id, quantity: 2 }] } });
    const again = await world.gql(CREATE, {
      input: { orderId: order, returnLineItems: [{ fulfillmentLineItemId: lines[0]?.id, quantity: 1 }] },
    });
    expect(dig(again.body.data, "returnCreate", "userErrors", 0, "code")).toBe("LESS_THAN_OR_EQUAL_TO");
    const unknown = await world.gql(CREATE, {
      input: { orderId: order, returnLineItems: [{ fulfillmentLineItemId: "gid://shopify/FulfillmentLineItem/999999", quantity: 1 }] },
    });
    expect(dig(unknown.body.data, "returnCreate", "userErrors", 0)).toMatchObject({
      code: "NOT_FOUND",
      field: ["returnInput", "returnLineItems", "0", "fulfillmentLineItemId"],
    });
  });

  it("disposing RESTOCKED puts the units back at the location, once, with reverse_fulfillment_orders/dispose", async () => {
    const { order, lines } = await shippedMugs();
    const before = await mugsAtWarehouse();
    const { body } = await world.gql(CREATE, {
      input: { orderId: order, returnLineItems: [{ fulfillmentLineItemId: lines[0]?.id, quantity: 2 }] },
    });
    const rfo = dig(body.data, "returnCreate", "return", "reverseFulfillmentOrders", "nodes", 0);
    const rfoLine = digString(rfo, "lineItems", "nodes", 0, "id");

    const noLocation = await world.gql(DISPOSE, {
      inputs: [{ reverseFulfillmentOrderLineItemId: rfoLine, quantity: 2, dispositionType: "RESTOCKED" }],
    });
    expect(dig(noLocation.body.data, "reverseFulfillmentOrderDispose", "userErrors", 0)).toMatchObject({
      code: "BLANK",
      field: ["dispositionInputs", "0", "locationId"],
    });

    const disposed = await world.gql(DISPOSE, {
      inputs: [{ reverseFulfillmentOrderLineItemId: rfoLine, quantity: 2, locationId: world.warehouse, dispositionType: "RESTOCKED" }],
    });
    expect(dig(disposed.body.data, "reverseFulfillmentOrderDispose")).toEqual({
      reverseFulfillmentOrderLineItems: [
        { id: rfoLine, dispositions: [{ type: "RESTOCKED", quantity: 2, location: { id: world.warehouse } }] },
      ],
      userErrors: [],
    });
    expect(await mugsAtWarehouse()).toEqual({ available: (before.available ?? 0) + 2, on_hand: (before.on_hand ?? 0) + 2 });
    const webhook = await world.received("reverse_fulfillment_orders/dispose");
    expect(Object.keys(webhook[0] as object)).toEqual(Object.keys(examplePayload("reverse_fulfillment_orders/dispose") ?? {}));
    expect(webhook[0]).toMatchObject({
      admin_graphql_api_id: digString(rfo, "id"),
      dispositions: [
        {
          reverse_fulfillment_order_line_item: { admin_graphql_api_id: rfoLine },
          type: "restocked",
          location: { admin_graphql_api_id: world.warehouse },
          quantity: 2,
        },
      ],
      total_dispositions: 1,
    });

    // Everything disposed: the reverse fulfillment order is closed, and nothing more can be disposed.
    const read = await world.gql(`query ($id: ID!) { node(id: $id) { ... on ReverseFulfillmentOrder { status } } }`, {
      id: digString(rfo, "id"),
    });
    expect(dig(read.body.data, "node", "status")).toBe("CLOSED");
    const twice = await world.gql(DISPOSE, {
      inputs: [{ reverseFulfillmentOrderLineItemId: rfoLine, quantity: 1, locationId: world.warehouse, dispositionType: "RESTOCKED" }],
    });
    expect(dig(twice.body.data, "reverseFulfillmentOrderDispose", "userErrors", 0, "code")).toBe("INVALID_STATE");
    expect(await mugsAtWarehouse()).toEqual({ available: (before.available ?? 0) + 2, on_hand: (before.on_hand ?? 0) + 2 });
  });
});
