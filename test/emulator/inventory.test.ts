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
  quantities: [{ inventoryItemId: item, locationId: location, quantity, ...(changeFromQuantity !== undefined ? { changeFromQuantity } : {}) }],
});

beforeAll(async () => {
  emulator = await startShopifyEmulator({
    apiSecret: "stock-secret",
    appTomlPath: APP_TOML,
    shops: [{ domain: SHOP, accessToken: TOKEN, products: [{ title: "Tea", variants: [{ sku: "TEA-100", stock: { "Shop location": 10 } }] }] }],
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
    const { body } = await gql(`mutation ($input: InventorySetQuantitiesInput!) { inventorySetQuantities(input: $input) { userErrors { message } } }`, {
      input: input(7, 10),
    });
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
