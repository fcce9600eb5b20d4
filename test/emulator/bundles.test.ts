import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { examplePayload } from "./payloads";
import { startShopifyEmulator, type ShopifyEmulator } from "./server";
import { APP_TOML, adminGraphql, dig, digString, postJson, startReceiver, type Receiver } from "./test-support";

const SHOP = "bundles-shop.myshopify.com";
const TOKEN = "shpat_bundles_shop";

let receiver: Receiver;
let emulator: ShopifyEmulator;
const gql = (query: string, variables?: Record<string, unknown>) => adminGraphql(emulator.url, SHOP, TOKEN, query, variables);

beforeAll(async () => {
  receiver = await startReceiver();
  emulator = await startShopifyEmulator({
    appUrl: receiver.url,
    apiSecret: "bundles-test-secret",
    appTomlPath: APP_TOML,
    subscriptions: [{ topics: ["orders/create"], uri: "/webhooks/orders/create" }],
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        products: [
          { title: "Gift box", variants: [{ sku: "GIFT-BOX", price: "49.00", stock: { "Shop location": 0 } }] },
          { title: "Scented candle", variants: [{ sku: "CANDLE-01", price: "12.00", stock: { "Shop location": 20 } }] },
          { title: "Ceramic mug", variants: [{ sku: "MUG-01", price: "9.00", stock: { "Shop location": 20 } }] },
          { title: "Tea towel", variants: [{ sku: "TOWEL-01", price: "6.00", stock: { "Shop location": 20 } }] },
        ],
      },
    ],
  });
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

describe("a Shopify bundle on an order (2026-10)", () => {
  it("makes the bundle's components the order's lines, each with its lineItemGroup, and fulfillment orders list the components", async () => {
    const { status, body } = await postJson(
      `${emulator.url}/__emulator/orders`,
      {
        ...examplePayload("orders/create"),
        line_items: [
          {
            title: "Gift box",
            sku: "GIFT-BOX",
            quantity: 2,
            properties: [{ name: "Gift message", value: "Happy birthday" }],
            components: [
              { sku: "CANDLE-01", quantity: 1 },
              { sku: "MUG-01", quantity: 2 },
            ],
          },
          { sku: "TOWEL-01", quantity: 1 },
        ],
      },
      { "X-Shopify-Shop-Domain": SHOP },
    );
    expect(status).toBe(201);

    const { body: read } = await gql(
      `query ($id: ID!) { order(id: $id) {
        lineItems(first: 10) { nodes { sku quantity lineItemGroup { id title quantity productId variantId variantSku customAttributes { key value } } } }
        fulfillmentOrders(first: 5) { nodes { lineItems(first: 10) { nodes { sku totalQuantity lineItem { lineItemGroup { title quantity } } } } } } } }`,
      { id: digString(body, "order", "admin_graphql_api_id") },
    );
    expect(read.errors).toBeUndefined();
    const lines = dig(read.data, "order", "lineItems", "nodes") as { sku: string; quantity: number; lineItemGroup: unknown }[];
    // The bundle itself is no line: its two components are, each for both boxes.
    expect(lines.map((line) => [line.sku, line.quantity])).toEqual([
      ["CANDLE-01", 2],
      ["MUG-01", 4],
      ["TOWEL-01", 1],
    ]);
    const group = {
      title: "Gift box",
      quantity: 2,
      productId: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/),
      variantId: expect.stringMatching(/^gid:\/\/shopify\/ProductVariant\/\d+$/),
      variantSku: "GIFT-BOX",
      customAttributes: [{ key: "Gift message", value: "Happy birthday" }],
    };
    expect(lines[0]?.lineItemGroup).toMatchObject(group);
    expect(lines[1]?.lineItemGroup).toEqual(lines[0]?.lineItemGroup);
    expect(lines[2]?.lineItemGroup).toBeNull();

    const foLines = (dig(read.data, "order", "fulfillmentOrders", "nodes") as { lineItems: { nodes: unknown[] } }[]).flatMap(
      (fo) => fo.lineItems.nodes,
    );
    expect(foLines).toEqual([
      { sku: "CANDLE-01", totalQuantity: 2, lineItem: { lineItemGroup: { title: "Gift box", quantity: 2 } } },
      { sku: "MUG-01", totalQuantity: 4, lineItem: { lineItemGroup: { title: "Gift box", quantity: 2 } } },
      { sku: "TOWEL-01", totalQuantity: 1, lineItem: { lineItemGroup: null } },
    ]);

    // REST: the components name their group by its number, as Shopify's orders webhooks do.
    const restLines = dig(body, "order", "line_items") as { sku: string; sales_line_item_group_id: number | null }[];
    const groupId = Number(/\d+$/.exec(String((lines[0]?.lineItemGroup as { id: string }).id))?.[0]);
    expect(restLines.map((line) => [line.sku, line.sales_line_item_group_id])).toEqual([
      ["CANDLE-01", groupId],
      ["MUG-01", groupId],
      ["TOWEL-01", null],
    ]);
  });
});
