import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { catalogue } from "../../sandbox/world";
import { DEMO_ACCESS_TOKEN, DEMO_SHOP, demoShop } from "./seed";
import { startShopifyEmulator, type ShopifyEmulator } from "./server";
import { APP_TOML, adminGraphql, dig, digString } from "./test-support";

let emulator: ShopifyEmulator;
let now = new Date("2026-11-01T10:00:00Z");
const gql = (query: string, variables?: Record<string, unknown>) =>
  adminGraphql(emulator.url, DEMO_SHOP, DEMO_ACCESS_TOKEN, query, variables);

beforeAll(async () => {
  emulator = await startShopifyEmulator({ apiSecret: "catalogue-secret", appTomlPath: APP_TOML, shops: [demoShop()], now: () => now });
});
afterAll(() => emulator.close());
beforeEach(() => {
  now = new Date("2026-11-01T10:00:00Z");
  emulator.reset();
});

const VARIANT_FIELDS = `id sku title price barcode displayName
  product { title handle }
  inventoryItem { id sku tracked harmonizedSystemCode countryCodeOfOrigin unitCost { amount currencyCode }
    measurement { weight { value unit } }
    countryHarmonizedSystemCodes(first: 5) { nodes { countryCode harmonizedSystemCode } } }`;

describe("catalogue reads the app needs", () => {
  it("reads a variant with its product and the inventory item's customs facts", async () => {
    const { body } = await gql(`{ productVariants(first: 5, query: "sku:MUG-CER-350-WHT") { nodes { ${VARIANT_FIELDS} } } }`);
    expect(body.errors).toBeUndefined();
    const mug = catalogue.find((c) => c.sku === "MUG-CER-350-WHT");
    expect(dig(body.data, "productVariants", "nodes")).toEqual([
      {
        id: expect.stringMatching(/^gid:\/\/shopify\/ProductVariant\/\d+$/),
        sku: "MUG-CER-350-WHT",
        title: "Default Title",
        price: "16.00",
        barcode: expect.stringMatching(/^\d{13}$/),
        displayName: "Ceramic mug 350 ml, white - Default Title",
        product: { title: mug?.productName, handle: "ceramic-mug-350-ml-white" },
        inventoryItem: {
          id: expect.stringMatching(/^gid:\/\/shopify\/InventoryItem\/\d+$/),
          sku: "MUG-CER-350-WHT",
          tracked: true,
          harmonizedSystemCode: "691200",
          countryCodeOfOrigin: "PT",
          unitCost: { amount: "6.50", currencyCode: "USD" },
          measurement: { weight: { value: 420, unit: "GRAMS" } },
          countryHarmonizedSystemCodes: { nodes: [] },
        },
      },
    ]);
  });

  it("reads destination-specific tariff codes a merchant entered", async () => {
    emulator.addProducts(DEMO_SHOP, [
      {
        title: "Ceramic mug 350 ml, white",
        variants: [
          {
            sku: "MUG-CER-350-WHT",
            price: "16.00",
            harmonizedSystemCode: "691200",
            countryHarmonizedSystemCodes: [{ countryCode: "US", harmonizedSystemCode: "6912004400" }],
          },
        ],
      },
    ]);
    const { body } = await gql(
      `{ productVariants(first: 1, query: "sku:MUG-CER-350-WHT") { nodes { inventoryItem { countryHarmonizedSystemCodes(first: 5) { nodes { countryCode harmonizedSystemCode } } } } } }`,
    );
    expect(dig(body.data, "productVariants", "nodes", 0, "inventoryItem", "countryHarmonizedSystemCodes", "nodes")).toEqual([
      { countryCode: "US", harmonizedSystemCode: "6912004400" },
    ]);
  });

  it("has no dimensions on inventory items in 2026-10: asking for them is a validation error", async () => {
    const { body } = await gql(`{ productVariants(first: 1) { nodes { inventoryItem { measurement { dimensions { length } } } } } }`);
    expect(body.errors?.[0]?.message).toBe("Field 'dimensions' doesn't exist on type 'InventoryItemMeasurement'");
  });

  it("searches variants by sku (with prefix), title and updated_at, and products by title and sku", async () => {
    const skus = async (query: string) => {
      const { body } = await gql(`query ($q: String) { productVariants(first: 50, query: $q) { nodes { sku } } }`, { q: query });
      expect(body.errors).toBeUndefined();
      return (dig(body.data, "productVariants", "nodes") as { sku: string | null }[]).map((v) => v.sku);
    };
    expect(await skus("sku:TSHIRT-*")).toEqual(["TSHIRT-ORG-M-BLK", "TSHIRT-ORG-L-BLK"]);
    expect(await skus("title:$50")).toEqual([null]);

    // An incremental sync: only what changed after the last run.
    now = new Date("2026-11-03T08:00:00Z");
    emulator.addProducts(DEMO_SHOP, [{ title: "Yoga mat 6 mm, purple", variants: [{ sku: "YOGA-MAT-6MM-PUR", price: "39.00" }] }]);
    expect(await skus("updated_at:>2026-11-02")).toEqual(["YOGA-MAT-6MM-PUR"]);
    expect(await skus("updated_at:>'2026-11-01T10:00:00Z'")).toEqual(["YOGA-MAT-6MM-PUR"]);
    expect((await skus("updated_at:<=2026-11-01T10:00:00Z")).length).toBe(catalogue.length + 2);

    const { body } = await gql(`{ a: products(first: 5, query: "title:'Yoga mat 6 mm, purple'") { nodes { handle } }
      b: products(first: 5, query: "sku:TEA-GREEN-100G") { nodes { title } } }`);
    expect(body.data).toEqual({ a: { nodes: [{ handle: "yoga-mat-6-mm-purple" }] }, b: { nodes: [{ title: "Sencha green tea, 100 g" }] } });
  });

  it("pages products and variants with first/after and pageInfo", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page++) {
      const answer = await gql(
        `query ($after: String) { products(first: 4, after: $after) { nodes { id title } pageInfo { hasNextPage endCursor } } }`,
        { after },
      );
      const products = dig(answer.body.data, "products", "nodes") as { id: string }[];
      seen.push(...products.map((p) => p.id));
      if (dig(answer.body.data, "products", "pageInfo", "hasNextPage") !== true) break;
      after = digString(answer.body.data, "products", "pageInfo", "endCursor");
    }
    expect(seen).toHaveLength(catalogue.length + 2);
    expect(new Set(seen).size).toBe(seen.length);

    const nested = await gql(
      `{ products(first: 1, query: "title:'Northfield gift card'") { nodes { variants(first: 1) { nodes { title } pageInfo { hasNextPage } } } } }`,
    );
    expect(dig(nested.body.data, "products", "nodes", 0, "variants")).toEqual({
      nodes: [{ title: "$25" }],
      pageInfo: { hasNextPage: true },
    });
  });
});
