import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startShopifyEmulator, type ShopifyEmulator } from "./server";
import { APP_TOML, adminGraphql, dig } from "./test-support";

const SHOP = "stock-shop.myshopify.com";
const TOKEN = "shpat_stock_shop";

let emulator: ShopifyEmulator;
let item: string;
let location: string;
const gql = (query: string, variables?: Record<string, unknown>) => adminGraphql(emulator.url, SHOP, TOKEN, query, variables);

const SET_WITH_KEY = `mutation ($input: InventorySetQuantitiesInput!, $key: String!) {
  inventorySetQuantities(input: $input) @idempotent(key: $key) {
    inventoryAdjustmentGroup { id reason changes { name delta quantityAfterChange } }
    userErrors { code field message } } }`;

const input = (quantity: number, changeFromQuantity: number | null | undefined) => ({
  name: "available",
  reason: "correction",
  referenceDocumentUri: "gid://fulfilment-connector/StockSync/1",
  quantities: [
    { inventoryItemId: item, locationId: location, quantity, ...(changeFromQuantity !== undefined ? { changeFromQuantity } : {}) },
  ],
});

beforeAll(async () => {
  emulator = await startShopifyEmulator({
    apiSecret: "stock-secret",
    appTomlPath: APP_TOML,
    shops: [
      { domain: SHOP, accessToken: TOKEN, products: [{ title: "Tea", variants: [{ sku: "TEA-100", stock: { "Shop location": 10 } }] }] },
    ],
  });
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.reset();
  const level = [...emulator.state.inventoryLevels.values()][0];
  item = `gid://shopify/InventoryItem/${level?.inventoryItemId}`;
  location = `gid://shopify/Location/${level?.locationId}`;
});

describe("inventorySetQuantities (2026-10 rules)", () => {
  it("requires the @idempotent directive", async () => {
    const { body } = await gql(
      `mutation ($input: InventorySetQuantitiesInput!) { inventorySetQuantities(input: $input) { userErrors { message } } }`,
      {
        input: input(7, 10),
      },
    );
    expect(body.errors?.[0]?.message).toMatch(/requires an idempotency key/);
    expect(body.data).toBeUndefined();
    expect([...emulator.state.inventoryLevels.values()][0]?.quantities.available).toBe(10);
  });

  it("requires changeFromQuantity on every quantity, explicit null allowed", async () => {
    const omitted = await gql(SET_WITH_KEY, { input: input(7, undefined), key: randomUUID() });
    expect(dig(omitted.body.data, "inventorySetQuantities", "userErrors", 0)).toMatchObject({
      field: ["input", "quantities", "0", "changeFromQuantity"],
      code: "COMPARE_QUANTITY_REQUIRED",
    });
    const explicitNull = await gql(SET_WITH_KEY, { input: input(7, null), key: randomUUID() });
    expect(dig(explicitNull.body.data, "inventorySetQuantities", "userErrors")).toEqual([]);
    expect(dig(explicitNull.body.data, "inventorySetQuantities", "inventoryAdjustmentGroup", "changes")).toEqual([
      { name: "available", delta: -3, quantityAfterChange: 7 },
      { name: "on_hand", delta: -3, quantityAfterChange: 7 },
    ]);
  });

  it("fails a stale changeFromQuantity with CHANGE_FROM_QUANTITY_STALE", async () => {
    const { body } = await gql(SET_WITH_KEY, { input: input(7, 9), key: randomUUID() });
    expect(dig(body.data, "inventorySetQuantities")).toMatchObject({
      inventoryAdjustmentGroup: null,
      userErrors: [{ code: "CHANGE_FROM_QUANTITY_STALE", field: ["input", "quantities", "0", "changeFromQuantity"] }],
    });
  });

  it("applies a retried request once, and refuses the same key with other arguments", async () => {
    const key = randomUUID();
    const first = await gql(SET_WITH_KEY, { input: input(15, 10), key });
    const retry = await gql(SET_WITH_KEY, { input: input(15, 10), key });
    expect(dig(retry.body.data, "inventorySetQuantities", "inventoryAdjustmentGroup", "id")).toBe(
      dig(first.body.data, "inventorySetQuantities", "inventoryAdjustmentGroup", "id"),
    );
    expect([...emulator.state.inventoryLevels.values()][0]?.quantities.available).toBe(15);
    const other = await gql(SET_WITH_KEY, { input: input(20, 15), key });
    expect(dig(other.body.data, "inventorySetQuantities", "userErrors", 0, "code")).toBe("IDEMPOTENCY_KEY_PARAMETER_MISMATCH");
  });

  it("reads levels back through the item and the location", async () => {
    await gql(SET_WITH_KEY, { input: { ...input(4, 10), name: "on_hand" }, key: randomUUID() });
    const { body } = await gql(
      `query ($item: ID!, $location: ID!) { inventoryItem(id: $item) { sku inventoryLevel(locationId: $location) { id quantities(names: ["available", "on_hand", "committed"]) { name quantity } } } }`,
      { item, location },
    );
    expect(dig(body.data, "inventoryItem")).toEqual({
      sku: "TEA-100",
      inventoryLevel: {
        id: expect.stringMatching(/^gid:\/\/shopify\/InventoryLevel\/\d+\?inventory_item_id=\d+$/),
        quantities: [
          { name: "available", quantity: 4 },
          { name: "on_hand", quantity: 4 },
          { name: "committed", quantity: 0 },
        ],
      },
    });
  });
});

const LEVEL = `query ($item: ID!, $location: ID!) { inventoryItem(id: $item) { inventoryLevel(locationId: $location) {
  quantities(names: ["available", "on_hand", "committed", "reserved", "incoming", "damaged", "safety_stock", "quality_control"]) { name quantity } } } }`;

async function quantitiesAt(itemId: string, locationId: string): Promise<Record<string, number>> {
  const { body } = await gql(LEVEL, { item: itemId, location: locationId });
  const quantities = dig(body.data, "inventoryItem", "inventoryLevel", "quantities") as { name: string; quantity: number }[];
  return Object.fromEntries(quantities.map((q) => [q.name, q.quantity]));
}

/** Shopify's definition, checked on every read below. */
function expectConsistent(q: Record<string, number>): void {
  expect(q.available).toBe(
    (q.on_hand ?? 0) - (q.committed ?? 0) - (q.reserved ?? 0) - (q.damaged ?? 0) - (q.safety_stock ?? 0) - (q.quality_control ?? 0),
  );
}

describe("inventory states as orders move them", () => {
  it("commits on order, ships on fulfilment, releases on cancellation; on_hand = available + the other states", async () => {
    emulator.addProducts(SHOP, [
      {
        title: "Tea",
        variants: [{ sku: "TEA-100", stock: { "Shop location": { available: 10, damaged: 2, safety_stock: 1, incoming: 6 } } }],
      },
    ]);
    let q = await quantitiesAt(item, location);
    expect(q).toEqual({
      available: 10,
      on_hand: 13,
      committed: 0,
      reserved: 0,
      incoming: 6,
      damaged: 2,
      safety_stock: 1,
      quality_control: 0,
    });

    const { order, fulfillmentOrders } = emulator.createOrder(SHOP, { line_items: [{ sku: "TEA-100", quantity: 3 }] });
    q = await quantitiesAt(item, location);
    expect(q).toMatchObject({ available: 7, committed: 3, on_hand: 13 });
    expectConsistent(q);

    const fo = `gid://shopify/FulfillmentOrder/${fulfillmentOrders[0]?.id}`;
    const lines = await gql(`query ($id: ID!) { fulfillmentOrder(id: $id) { lineItems(first: 1) { nodes { id } } } }`, { id: fo });
    const line = dig(lines.body.data, "fulfillmentOrder", "lineItems", "nodes", 0, "id");
    const shipped = await gql(`mutation ($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { userErrors { message } } }`, {
      f: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo, fulfillmentOrderLineItems: [{ id: line, quantity: 1 }] }] },
    });
    expect(dig(shipped.body.data, "fulfillmentCreate", "userErrors")).toEqual([]);
    q = await quantitiesAt(item, location);
    expect(q).toMatchObject({ available: 7, committed: 2, on_hand: 12 });
    expectConsistent(q);

    emulator.cancelOrder(SHOP, order.id);
    q = await quantitiesAt(item, location);
    expect(q).toMatchObject({ available: 9, committed: 0, on_hand: 12 });
    expectConsistent(q);
  });

  it("routes by available, not on_hand: damaged and safety stock cannot be sold", async () => {
    const added = await fetch(`${emulator.url}/__emulator/locations`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": SHOP },
      body: JSON.stringify({ name: "Back room" }),
    });
    const backRoom = ((await added.json()) as { id: string }).id;
    // The primary location has 10 on hand, none of it sellable; the back room has 3 to sell.
    emulator.addProducts(SHOP, [
      {
        title: "Tea",
        variants: [{ sku: "TEA-100", stock: { "Shop location": { available: 0, damaged: 6, safety_stock: 4 }, "Back room": 3 } }],
      },
    ]);
    const { fulfillmentOrders } = emulator.createOrder(SHOP, { line_items: [{ sku: "TEA-100", quantity: 2 }] });
    expect(fulfillmentOrders.map((fo) => `gid://shopify/Location/${fo.assignedLocationId}`)).toEqual([backRoom]);
    expect(await quantitiesAt(item, backRoom)).toMatchObject({ available: 1, committed: 2, on_hand: 3 });
  });

  it("activates the item at a location that did not stock it when a quantity is set there", async () => {
    const added = await fetch(`${emulator.url}/__emulator/locations`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": SHOP },
      body: JSON.stringify({ name: "Pop-up" }),
    });
    const popUp = ((await added.json()) as { id: string }).id;
    const before = await gql(
      `query ($item: ID!, $location: ID!) { inventoryItem(id: $item) { inventoryLevel(locationId: $location) { id } } }`,
      { item, location: popUp },
    );
    expect(dig(before.body.data, "inventoryItem", "inventoryLevel")).toBeNull();
    const set = await gql(SET_WITH_KEY, {
      input: { ...input(5, null), quantities: [{ inventoryItemId: item, locationId: popUp, quantity: 5, changeFromQuantity: null }] },
      key: randomUUID(),
    });
    expect(dig(set.body.data, "inventorySetQuantities", "userErrors")).toEqual([]);
    expect(await quantitiesAt(item, popUp)).toMatchObject({ available: 5, on_hand: 5 });
    const levels = await gql(
      `query ($item: ID!) { inventoryItem(id: $item) { inventoryLevels(first: 5) { nodes { location { name } } } } }`,
      { item },
    );
    expect(dig(levels.body.data, "inventoryItem", "inventoryLevels", "nodes")).toEqual([
      { location: { name: "Shop location" } },
      { location: { name: "Pop-up" } },
    ]);
  });

  it("publishes inventory_levels/update whenever a level changes (a set, an order)", async () => {
    await gql(SET_WITH_KEY, { input: input(12, 10), key: randomUUID() });
    emulator.createOrder(SHOP, { line_items: [{ sku: "TEA-100", quantity: 2 }] });
    const updates = emulator
      .deliveries()
      .filter((d) => d.topic === "inventory_levels/update")
      .map((d) => JSON.parse(d.body) as { available: number; admin_graphql_api_id: string });
    expect(updates.map((u) => u.available)).toEqual([12, 10]);
    expect(updates[0]?.admin_graphql_api_id).toMatch(/^gid:\/\/shopify\/InventoryLevel\/\d+\?inventory_item_id=\d+$/);
  });
});
