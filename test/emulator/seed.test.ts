import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogue } from "../../sandbox/world";
import { DEMO_ACCESS_TOKEN, DEMO_SHOP, demoShop, MERCHANT_LOCATION, warehouseStock } from "./seed";
import { startShopifyEmulator, type ShopifyEmulator } from "./server";
import { APP_TOML, adminGraphql, dig, digString } from "./test-support";

let emulator: ShopifyEmulator;
const gql = (query: string, variables?: Record<string, unknown>) =>
  adminGraphql(emulator.url, DEMO_SHOP, DEMO_ACCESS_TOKEN, query, variables);

beforeAll(async () => {
  emulator = await startShopifyEmulator({ apiSecret: "demo-secret", appTomlPath: APP_TOML, shops: [demoShop()] });
});
afterAll(() => emulator.close());

describe("the demo shop", () => {
  it("sells the sandbox's SKUs with customs facts, and a few variants without a SKU", async () => {
    const { body } = await gql(`{ productVariants(first: 50) { nodes { sku title barcode price product { title }
      inventoryItem { tracked requiresShipping harmonizedSystemCode countryCodeOfOrigin measurement { weight { value unit } } } } } }`);
    type Variant = {
      sku: string | null;
      title: string;
      barcode: string | null;
      product: { title: string };
      inventoryItem: {
        tracked: boolean;
        requiresShipping: boolean;
        harmonizedSystemCode: string | null;
        countryCodeOfOrigin: string | null;
        measurement: { weight: { value: number; unit: string } | null };
      };
    };
    const variants = dig(body.data, "productVariants", "nodes") as Variant[];
    const withSku = variants.filter((v) => v.sku !== null);
    expect(withSku.map((v) => v.sku).sort()).toEqual(catalogue.map((c) => c.sku).sort());
    for (const v of withSku) {
      const sku = catalogue.find((c) => c.sku === v.sku);
      expect(v.inventoryItem).toMatchObject({
        harmonizedSystemCode: sku?.hsCode,
        measurement: { weight: { value: sku?.weight, unit: "GRAMS" } },
      });
      expect(v.inventoryItem.countryCodeOfOrigin).toMatch(/^[A-Z]{2}$/);
      expect(v.barcode).toMatch(/^\d{13}$/);
    }
    // A gift card (nothing to ship) and a physical tote bag the merchant never gave a SKU.
    expect(variants.filter((v) => v.sku === null).map((v) => [v.product.title, v.title, v.inventoryItem.requiresShipping])).toEqual([
      ["Northfield gift card", "$25", false],
      ["Northfield gift card", "$50", false],
      ["Canvas tote bag, natural", "Default Title", true],
    ]);
  });

  it("routes studio lines to the studio and warehouse lines to the warehouse the app registered", async () => {
    const created = await gql(`mutation { fulfillmentServiceCreate(name: "Provider US01") { fulfillmentService { location { id } } } }`);
    const us01 = digString(created.body.data, "fulfillmentServiceCreate", "fulfillmentService", "location", "id");
    emulator.addProducts(DEMO_SHOP, warehouseStock("US01", us01));

    const studioOnly = emulator.createOrder(DEMO_SHOP, { line_items: [{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }] });
    expect(studioOnly.fulfillmentOrders.map((fo) => emulator.state.locations.get(fo.assignedLocationId)?.name)).toEqual([
      MERCHANT_LOCATION,
    ]);

    const mixed = emulator.createOrder(DEMO_SHOP, {
      line_items: [
        { sku: "MUG-CER-350-WHT", quantity: 2 },
        { sku: "LAMP-LED-DESK-WHT", quantity: 1 },
      ],
    });
    expect(mixed.fulfillmentOrders.map((fo) => `gid://shopify/Location/${fo.assignedLocationId}`)).toEqual([us01]);
  });
});

describe("the demo shop's token", () => {
  it("acts as the merchant too (orders, edits), and is otherwise limited to the app's scopes", async () => {
    const { order } = emulator.createOrder(DEMO_SHOP, {
      financial_status: "pending",
      line_items: [{ sku: "TEA-GREEN-100G", quantity: 1 }],
    });
    const id = `gid://shopify/Order/${order.id}`;
    const paid = await gql(
      `mutation ($id: ID!) { orderMarkAsPaid(input: { id: $id }) { order { displayFinancialStatus } userErrors { message } } }`,
      { id },
    );
    expect(dig(paid.body.data, "orderMarkAsPaid", "order", "displayFinancialStatus")).toBe("PAID");
    const edit = await gql(`mutation ($id: ID!) { orderEditBegin(id: $id) { calculatedOrder { id } userErrors { message } } }`, { id });
    expect(dig(edit.body.data, "orderEditBegin", "calculatedOrder", "id")).toMatch(/^gid:\/\/shopify\/CalculatedOrder\/\d+$/);
    const customer = await gql(`query ($id: ID!) { order(id: $id) { customer { id } } }`, { id });
    expect(customer.body.errors?.[0]?.extensions?.code).toBe("ACCESS_DENIED");
  });
});
