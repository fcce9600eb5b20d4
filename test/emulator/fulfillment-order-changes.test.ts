import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FULFILLMENT_ORDER, startChangesWorld, type ChangesWorld } from "./changes-support";
import { examplePayload } from "./payloads";
import { dig, digString } from "./test-support";

let world: ChangesWorld;
beforeAll(async () => {
  world = await startChangesWorld();
});
afterAll(() => world.close());
beforeEach(() => world.reset());

type FulfillmentOrder = {
  id: string;
  status: string;
  requestStatus: string;
  fulfillAt: string | null;
  assignedLocation: { location: { id: string } };
  supportedActions: { action: string }[];
  lineItems: { nodes: { id: string; sku: string; totalQuantity: number; remainingQuantity: number }[] };
};

async function read(id: string): Promise<FulfillmentOrder> {
  const { body } = await world.gql(FULFILLMENT_ORDER, { id });
  return dig(body.data, "fulfillmentOrder") as FulfillmentOrder;
}

async function orderFulfillmentOrders(order: string): Promise<FulfillmentOrder[]> {
  const { body } = await world.gql(
    `query ($id: ID!) { order(id: $id) { fulfillmentOrders(first: 10) { nodes { id status requestStatus fulfillAt assignedLocation { location { id } } supportedActions { action }
      lineItems(first: 10) { nodes { id sku totalQuantity remainingQuantity } } } } } }`,
    { id: order },
  );
  return dig(body.data, "order", "fulfillmentOrders", "nodes") as FulfillmentOrder[];
}

const ACCEPT = `mutation ($id: ID!, $at: DateTime) { fulfillmentOrderAcceptFulfillmentRequest(id: $id, message: "Ships tomorrow", estimatedShippedAt: $at) {
  fulfillmentOrder { status requestStatus } userErrors { message } } }`;

describe("scheduled fulfillment orders", () => {
  it("stay SCHEDULED until fulfillAt, then open by the emulator's clock and are requested from the service", async () => {
    const { order, fulfillmentOrders } = await world.placeOrder(
      { line_items: [{ sku: "MUG", quantity: 1 }] },
      "?fulfill_at=2026-11-05T08:00:00Z",
    );
    const fo = fulfillmentOrders[0]?.id ?? "";
    expect(fulfillmentOrders[0]).toMatchObject({ status: "SCHEDULED", requestStatus: "UNSUBMITTED" });
    expect(await read(fo)).toMatchObject({
      status: "SCHEDULED",
      fulfillAt: "2026-11-05T08:00:00.000Z",
      supportedActions: [{ action: "MARK_AS_OPEN" }, { action: "MOVE" }, { action: "SPLIT" }],
    });
    const status = await world.gql(`query ($id: ID!) { order(id: $id) { displayFulfillmentStatus } }`, { id: order });
    expect(dig(status.body.data, "order", "displayFulfillmentStatus")).toBe("SCHEDULED");
    expect(await world.notifications()).toEqual([]);

    const rescheduled = await world.gql(
      `mutation ($id: ID!) { fulfillmentOrderReschedule(id: $id, fulfillAt: "2026-11-04T08:00:00Z") { fulfillmentOrder { fulfillAt } userErrors { message code } } }`,
      { id: fo },
    );
    expect(dig(rescheduled.body.data, "fulfillmentOrderReschedule")).toEqual({
      fulfillmentOrder: { fulfillAt: "2026-11-04T08:00:00.000Z" },
      userErrors: [],
    });
    expect(await world.received("fulfillment_orders/rescheduled")).toEqual([
      { fulfillment_order: { id: fo, status: "scheduled", fulfill_at: "2026-11-04T08:00:00.000Z" } },
    ]);

    world.clock.now = new Date("2026-11-04T08:00:01Z");
    expect(await read(fo)).toMatchObject({ status: "OPEN", requestStatus: "SUBMITTED" });
    expect(await world.received("fulfillment_orders/scheduled_fulfillment_order_ready")).toEqual([
      { fulfillment_order: { id: fo, status: "open" } },
    ]);
    expect(await world.notifications()).toEqual(["FULFILLMENT_REQUEST"]);
  });

  it("opens early with fulfillmentOrderOpen; only scheduled ones open or reschedule", async () => {
    const { fulfillmentOrders } = await world.placeOrder(
      { line_items: [{ sku: "CANDLE", quantity: 1 }] },
      "?fulfill_at=2026-12-01T00:00:00Z",
    );
    const fo = fulfillmentOrders[0]?.id ?? "";
    const opened = await world.gql(
      `mutation ($id: ID!) { fulfillmentOrderOpen(id: $id) { fulfillmentOrder { status } userErrors { message } } }`,
      { id: fo },
    );
    expect(dig(opened.body.data, "fulfillmentOrderOpen")).toEqual({ fulfillmentOrder: { status: "OPEN" }, userErrors: [] });
    expect(await world.received("fulfillment_orders/scheduled_fulfillment_order_ready")).toHaveLength(1);
    const again = await world.gql(
      `mutation ($id: ID!) { fulfillmentOrderOpen(id: $id) { fulfillmentOrder { status } userErrors { message } } }`,
      { id: fo },
    );
    expect(dig(again.body.data, "fulfillmentOrderOpen", "userErrors", 0, "message")).toMatch(/Only a SCHEDULED/);
    const late = await world.gql(
      `mutation ($id: ID!) { fulfillmentOrderReschedule(id: $id, fulfillAt: "2026-12-02T00:00:00Z") { userErrors { message } } }`,
      { id: fo },
    );
    expect(dig(late.body.data, "fulfillmentOrderReschedule", "userErrors", 0, "message")).toMatch(/Only a SCHEDULED/);
  });
});

describe("split, merge, move", () => {
  it("splits the named quantities into a new fulfillment order and merges them back", async () => {
    const { fulfillmentOrders } = await world.placeOrder({
      line_items: [
        { sku: "CANDLE", quantity: 3 },
        { sku: "TEA", quantity: 2 },
      ],
    });
    const fo = fulfillmentOrders[0]?.id ?? "";
    const [candle, tea] = await world.lines(fo);
    const { body } = await world.gql(
      `mutation ($splits: [FulfillmentOrderSplitInput!]!) { fulfillmentOrderSplit(fulfillmentOrderSplits: $splits) {
        fulfillmentOrderSplits { fulfillmentOrder { id } remainingFulfillmentOrder { id status lineItems(first: 5) { nodes { sku totalQuantity } } } replacementFulfillmentOrder { id } }
        userErrors { field message code } } }`,
      {
        splits: [
          {
            fulfillmentOrderId: fo,
            fulfillmentOrderLineItems: [
              { id: candle?.id, quantity: 1 },
              { id: tea?.id, quantity: 2 },
            ],
          },
        ],
      },
    );
    const split = dig(body.data, "fulfillmentOrderSplit", "fulfillmentOrderSplits", 0) as { remainingFulfillmentOrder: { id: string } };
    expect(split).toEqual({
      fulfillmentOrder: { id: fo },
      remainingFulfillmentOrder: {
        id: expect.any(String),
        status: "OPEN",
        lineItems: {
          nodes: [
            { sku: "CANDLE", totalQuantity: 1 },
            { sku: "TEA", totalQuantity: 2 },
          ],
        },
      },
      replacementFulfillmentOrder: null,
    });
    expect((await world.lines(fo)).map((l) => [l.sku, l.totalQuantity])).toEqual([["CANDLE", 2]]);
    const splitHook = await world.received("fulfillment_orders/split");
    expect(Object.keys(splitHook[0] as object)).toEqual(Object.keys(examplePayload("fulfillment_orders/split") ?? {}));
    expect(splitHook[0]).toMatchObject({
      split_line_items: [
        { id: candle?.id, quantity: 1 },
        { id: tea?.id, quantity: 2 },
      ],
      fulfillment_order: { id: fo, status: "open" },
      remaining_fulfillment_order: { id: split.remainingFulfillmentOrder.id },
    });
    expect((await read(fo)).supportedActions.map((a) => a.action)).toContain("MERGE");

    const merged = await world.gql(
      `mutation ($inputs: [FulfillmentOrderMergeInput!]!) { fulfillmentOrderMerge(fulfillmentOrderMergeInputs: $inputs) {
        fulfillmentOrderMerges { fulfillmentOrder { id lineItems(first: 5) { nodes { sku totalQuantity } } } } userErrors { message code } } }`,
      { inputs: [{ mergeIntents: [{ fulfillmentOrderId: fo }, { fulfillmentOrderId: split.remainingFulfillmentOrder.id }] }] },
    );
    expect(dig(merged.body.data, "fulfillmentOrderMerge")).toEqual({
      fulfillmentOrderMerges: [
        {
          fulfillmentOrder: {
            id: fo,
            lineItems: {
              nodes: [
                { sku: "CANDLE", totalQuantity: 3 },
                { sku: "TEA", totalQuantity: 2 },
              ],
            },
          },
        },
      ],
      userErrors: [],
    });
    expect((await read(split.remainingFulfillmentOrder.id)).status).toBe("CLOSED");
    const mergedHook = await world.received("fulfillment_orders/merged");
    expect(Object.keys(mergedHook[0] as object)).toEqual(Object.keys(examplePayload("fulfillment_orders/merged") ?? {}));
    expect(mergedHook[0]).toMatchObject({ fulfillment_order_merges: { fulfillment_order: { id: fo, status: "open" } } });
  });

  it("refuses to split what a service has been asked for, and quantities beyond what remains", async () => {
    const { fulfillmentOrders } = await world.placeOrder({ line_items: [{ sku: "MUG", quantity: 2 }] });
    const fo = fulfillmentOrders[0]?.id ?? "";
    const [mug] = await world.lines(fo);
    const split = (quantity: number) =>
      world.gql(
        `mutation ($splits: [FulfillmentOrderSplitInput!]!) { fulfillmentOrderSplit(fulfillmentOrderSplits: $splits) { userErrors { message code } } }`,
        {
          splits: [{ fulfillmentOrderId: fo, fulfillmentOrderLineItems: [{ id: mug?.id, quantity }] }],
        },
      );
    expect(dig((await split(1)).body.data, "fulfillmentOrderSplit", "userErrors", 0, "message")).toMatch(
      /fulfillment service has this fulfillment order's request/,
    );
    const { fulfillmentOrders: studio } = await world.placeOrder({ line_items: [{ sku: "TEA", quantity: 1 }] });
    const [tea] = await world.lines(studio[0]?.id ?? "");
    const tooMany = await world.gql(
      `mutation ($splits: [FulfillmentOrderSplitInput!]!) { fulfillmentOrderSplit(fulfillmentOrderSplits: $splits) { userErrors { message code } } }`,
      {
        splits: [{ fulfillmentOrderId: studio[0]?.id, fulfillmentOrderLineItems: [{ id: tea?.id, quantity: 5 }] }],
      },
    );
    expect(dig(tooMany.body.data, "fulfillmentOrderSplit", "userErrors", 0, "code")).toBe("INVALID_LINE_ITEM_QUANTITY");
  });

  it("moves a studio fulfillment order to the warehouse: stock moves, the service gets the request, the app gets moved", async () => {
    const { fulfillmentOrders } = await world.placeOrder({ line_items: [{ sku: "CANDLE", quantity: 2 }] });
    const fo = fulfillmentOrders[0]?.id ?? "";
    expect(fulfillmentOrders[0]?.location).toBe(world.studio);
    const { body } = await world.gql(
      `mutation ($id: ID!, $to: ID!) { fulfillmentOrderMove(id: $id, newLocationId: $to) {
        originalFulfillmentOrder { id } movedFulfillmentOrder { id status requestStatus assignedLocation { location { id } } } userErrors { message } } }`,
      { id: fo, to: world.warehouse },
    );
    expect(dig(body.data, "fulfillmentOrderMove")).toEqual({
      originalFulfillmentOrder: { id: fo },
      movedFulfillmentOrder: {
        id: fo,
        status: "OPEN",
        requestStatus: "SUBMITTED",
        assignedLocation: { location: { id: world.warehouse } },
      },
      userErrors: [],
    });
    const candle = [...world.emulator.state.variants.values()].find((v) => v.sku === "CANDLE")?.inventoryItemId ?? 0;
    const level = (location: string) => world.emulator.state.inventoryLevel(candle, Number(location.split("/").pop()))?.quantities;
    expect(level(world.studio)).toMatchObject({ available: 20, committed: 0 });
    expect(level(world.warehouse)).toMatchObject({ available: 8, committed: 2 });
    expect(await world.notifications()).toEqual(["FULFILLMENT_REQUEST"]);
    const moved = await world.received("fulfillment_orders/moved");
    expect(Object.keys(moved[0] as object)).toEqual(Object.keys(examplePayload("fulfillment_orders/moved") ?? {}));
    expect(moved[0]).toMatchObject({
      moved_fulfillment_order: { id: fo, assigned_location_id: world.warehouse },
      destination_location_id: world.warehouse,
      source_location: { id: world.studio },
    });
  });

  it("moves part of a rejected warehouse order to the studio; the rest stays, where it was rejected", async () => {
    const { order, fulfillmentOrders } = await world.placeOrder({
      line_items: [
        { sku: "CANDLE", quantity: 1 },
        { sku: "MUG", quantity: 1 },
      ],
    });
    const fo = fulfillmentOrders[0]?.id ?? "";
    expect(fulfillmentOrders.map((f) => f.location)).toEqual([world.warehouse]);
    const [candle] = (await world.lines(fo)).filter((l) => l.sku === "CANDLE");
    const refusedWhileRequested = await world.gql(
      `mutation ($id: ID!, $to: ID!) { fulfillmentOrderMove(id: $id, newLocationId: $to) { userErrors { message } } }`,
      { id: fo, to: world.studio },
    );
    expect(dig(refusedWhileRequested.body.data, "fulfillmentOrderMove", "userErrors", 0, "message")).toMatch(/cancellation request/);

    await world.gql(
      `mutation ($id: ID!) { fulfillmentOrderRejectFulfillmentRequest(id: $id, reason: INVENTORY_OUT_OF_STOCK) { userErrors { message } } }`,
      { id: fo },
    );
    const { body } = await world.gql(
      `mutation ($id: ID!, $to: ID!, $lines: [FulfillmentOrderLineItemInput!]) { fulfillmentOrderMove(id: $id, newLocationId: $to, fulfillmentOrderLineItems: $lines) {
        originalFulfillmentOrder { id status requestStatus } movedFulfillmentOrder { id status requestStatus assignedLocation { location { id } } } userErrors { message } } }`,
      { id: fo, to: world.studio, lines: [{ id: candle?.id, quantity: 1 }] },
    );
    const result = dig(body.data, "fulfillmentOrderMove") as { movedFulfillmentOrder: { id: string } };
    expect(result).toMatchObject({
      originalFulfillmentOrder: { id: fo, status: "OPEN", requestStatus: "REJECTED" },
      movedFulfillmentOrder: { status: "OPEN", requestStatus: "UNSUBMITTED", assignedLocation: { location: { id: world.studio } } },
      userErrors: [],
    });
    expect(result.movedFulfillmentOrder.id).not.toBe(fo);
    expect((await orderFulfillmentOrders(order)).map((f) => [f.assignedLocation.location.id, f.lineItems.nodes.map((l) => l.sku)])).toEqual(
      [
        [world.warehouse, ["MUG"]],
        [world.studio, ["CANDLE"]],
      ],
    );
    const moved = await world.received("fulfillment_orders/moved");
    expect(moved[0]).toMatchObject({
      fulfillment_order_line_items_requested: [{ id: candle?.id, quantity: 1 }],
      source_location: { id: world.warehouse },
    });
  });

  it("refuses a move to a location that does not stock the item", async () => {
    const { fulfillmentOrders } = await world.placeOrder({ line_items: [{ sku: "TEA", quantity: 1 }] });
    const { body } = await world.gql(
      `mutation ($id: ID!, $to: ID!) { fulfillmentOrderMove(id: $id, newLocationId: $to) { movedFulfillmentOrder { id } userErrors { field message } } }`,
      {
        id: fulfillmentOrders[0]?.id,
        to: world.warehouse,
      },
    );
    expect(dig(body.data, "fulfillmentOrderMove")).toEqual({
      movedFulfillmentOrder: null,
      userErrors: [{ field: ["newLocationId"], message: "The destination location doesn't stock the requested inventory item: TEA." }],
    });
  });
});

describe("the fulfillment service's answers", () => {
  it("records an acceptance's estimated ship date and a rejection's reason and line items, readable on the request", async () => {
    const { fulfillmentOrders } = await world.placeOrder({
      line_items: [
        { sku: "MUG", quantity: 1 },
        { sku: "SOCKS", quantity: 1 },
      ],
    });
    const fo = fulfillmentOrders[0]?.id ?? "";
    const [mug] = await world.lines(fo);
    await world.gql(
      `mutation ($id: ID!, $lines: [IncomingRequestLineItemInput!]) { fulfillmentOrderRejectFulfillmentRequest(id: $id, reason: INVALID_SKU, message: "Unknown SKU", lineItems: $lines) { userErrors { message } } }`,
      { id: fo, lines: [{ fulfillmentOrderLineItemId: mug?.id, message: "MUG is not registered" }] },
    );
    const request = `query ($id: ID!) { fulfillmentOrder(id: $id) { requestStatus merchantRequests(first: 5) { nodes { kind responseData } } } }`;
    expect(dig((await world.gql(request, { id: fo })).body.data, "fulfillmentOrder")).toEqual({
      requestStatus: "REJECTED",
      merchantRequests: {
        nodes: [
          {
            kind: "FULFILLMENT_REQUEST",
            responseData: {
              message: "Unknown SKU",
              reason: "INVALID_SKU",
              line_items: [{ fulfillment_order_line_item_id: mug?.id, message: "MUG is not registered" }],
            },
          },
        ],
      },
    });

    const { fulfillmentOrders: second } = await world.placeOrder({ line_items: [{ sku: "SOCKS", quantity: 1 }] });
    const accepted = await world.gql(ACCEPT, { id: second[0]?.id, at: "2026-11-03T15:00:00Z" });
    expect(dig(accepted.body.data, "fulfillmentOrderAcceptFulfillmentRequest", "fulfillmentOrder")).toEqual({
      status: "IN_PROGRESS",
      requestStatus: "ACCEPTED",
    });
    expect(
      dig((await world.gql(request, { id: second[0]?.id })).body.data, "fulfillmentOrder", "merchantRequests", "nodes", 0, "responseData"),
    ).toEqual({
      message: "Ships tomorrow",
      estimated_shipped_at: "2026-11-03T15:00:00.000Z",
    });
  });

  it("closes an accepted order it cannot finish: INCOMPLETE, request CLOSED, and the merchant can ask again", async () => {
    const { fulfillmentOrders } = await world.placeOrder({ line_items: [{ sku: "MUG", quantity: 2 }] });
    const fo = fulfillmentOrders[0]?.id ?? "";
    const close = `mutation ($id: ID!) { fulfillmentOrderClose(id: $id, message: "Damaged in the warehouse") { fulfillmentOrder { status requestStatus supportedActions { action } } userErrors { message } } }`;
    expect(dig((await world.gql(close, { id: fo })).body.data, "fulfillmentOrderClose", "userErrors", 0, "message")).toMatch(
      /only an accepted, in-progress one/,
    );
    await world.gql(ACCEPT, { id: fo });
    const closed = await world.gql(close, { id: fo });
    expect(dig(closed.body.data, "fulfillmentOrderClose")).toEqual({
      fulfillmentOrder: {
        status: "INCOMPLETE",
        requestStatus: "CLOSED",
        supportedActions: [{ action: "REQUEST_FULFILLMENT" }, { action: "MOVE" }],
      },
      userErrors: [],
    });
    expect(await world.received("fulfillment_orders/fulfillment_service_failed_to_complete")).toEqual([
      { fulfillment_order: { id: fo, status: "incomplete" }, message: "Damaged in the warehouse" },
    ]);

    const again = await world.gql(
      `mutation ($id: ID!) { fulfillmentOrderSubmitFulfillmentRequest(id: $id) { submittedFulfillmentOrder { status requestStatus } userErrors { message } } }`,
      { id: fo },
    );
    expect(dig(again.body.data, "fulfillmentOrderSubmitFulfillmentRequest", "submittedFulfillmentOrder")).toEqual({
      status: "OPEN",
      requestStatus: "SUBMITTED",
    });
    expect(await world.notifications()).toEqual(["FULFILLMENT_REQUEST", "FULFILLMENT_REQUEST"]);
    expect(digString(again.body.data, "fulfillmentOrderSubmitFulfillmentRequest", "submittedFulfillmentOrder", "status")).toBe("OPEN");
  });
});
