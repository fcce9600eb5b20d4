/**
 * The demo shop: a merchant selling the sandbox's catalogue (sandbox/world.ts), so every SKU the shop
 * sells is one the provider stocks. The merchant's own studio keeps a few lines it ships itself
 * (drop-ship path); everything else is stocked at the provider's warehouses, whose Shopify locations
 * the app creates with fulfillmentServiceCreate; `warehouseStock()` then stocks them like the
 * sandbox's world (or the app's own inventory sync does, through inventorySetQuantities).
 */
import { catalogue, type CatalogueSku, type WarehouseId } from "../../sandbox/world";
import type { ProductInput } from "./catalogue";
import type { SeedShop } from "./server";

export const DEMO_SHOP = "demo-shop.myshopify.com";
export const DEMO_ACCESS_TOKEN = "shpat_emulator_demo_shop_offline_token";
export const MERCHANT_LOCATION = "Northfield Studio";

/** Where the goods are made (customs); the sandbox's world does not say, a merchant's catalogue does. */
const COUNTRY_OF_ORIGIN: Record<string, string> = {
  "MUG-CER-350-WHT": "PT",
  "TSHIRT-ORG-M-BLK": "IN",
  "TSHIRT-ORG-L-BLK": "IN",
  "YOGA-MAT-6MM-PUR": "CN",
  "BOTTLE-SS-750-SLV": "CN",
  "EARBUDS-BT5-BLK": "CN",
  "CANDLE-SOY-200-LAV": "US",
  "BACKPACK-CNV-20L-OLV": "VN",
  "SOCKS-WOOL-3P-GRY": "PT",
  "PHONECASE-IP15-CLR": "CN",
  "LAMP-LED-DESK-WHT": "CN",
  "TEA-GREEN-100G": "JP",
  "PUZZLE-1000-MAP": "DE",
  "SCARF-SILK-90-NVY": "CN",
};

/** A GS1 EAN-13 for the n-th catalogue line under the merchant's (fictional) company prefix. */
function ean13(n: number): string {
  const twelve = `0614141${String(10_000 + n).slice(-5)}`;
  const sum = [...twelve].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/** What the merchant keeps and ships from the studio; the rest lives only at the provider. */
const STUDIO_STOCK: Record<string, number> = {
  "CANDLE-SOY-200-LAV": 24,
  "TEA-GREEN-100G": 40,
  "SCARF-SILK-90-NVY": 6,
};

function productOf(sku: CatalogueSku, index: number): ProductInput {
  const studio = STUDIO_STOCK[sku.sku];
  return {
    title: sku.productName,
    vendor: sku.brand,
    productType: sku.declareName,
    tags: ["demo"],
    variants: [
      {
        sku: sku.sku,
        title: "Default Title",
        price: sku.price.toFixed(2),
        barcode: ean13(index + 1),
        weight: { value: sku.weight, unit: "GRAMS" },
        harmonizedSystemCode: sku.hsCode,
        countryCodeOfOrigin: COUNTRY_OF_ORIGIN[sku.sku] ?? "CN",
        unitCost: sku.declareValue.toFixed(2),
        ...(studio !== undefined ? { stock: { [MERCHANT_LOCATION]: studio } } : {}),
      },
    ],
  };
}

/**
 * What every real catalogue also has: variants without a SKU. A gift card (nothing to ship, not
 * inventory-tracked) and a tote bag the merchant sells from the studio but never gave a SKU, so the
 * provider cannot know it (the SKU sync must say so per variant; an order of it cannot go there).
 */
export function productsWithoutSku(): ProductInput[] {
  return [
    {
      title: "Northfield gift card",
      vendor: "Northfield Goods",
      productType: "Gift Cards",
      tags: ["demo"],
      variants: [25, 50].map((value) => ({
        sku: null,
        title: `$${value}`,
        price: value.toFixed(2),
        tracked: false,
        requiresShipping: false,
      })),
    },
    {
      title: "Canvas tote bag, natural",
      vendor: "Northfield Home",
      productType: "Tote bag",
      tags: ["demo"],
      variants: [
        {
          sku: null,
          title: "Default Title",
          price: "18.00",
          weight: { value: 160, unit: "GRAMS" },
          harmonizedSystemCode: "420222",
          countryCodeOfOrigin: "IN",
          stock: { [MERCHANT_LOCATION]: 12 },
        },
      ],
    },
  ];
}

/** The demo catalogue: one product per sandbox SKU, in the sandbox's order, then those without SKU. */
export function demoProducts(): ProductInput[] {
  return [...catalogue.map(productOf), ...productsWithoutSku()];
}

/**
 * What the merchant's own actions in Shopify's admin need when tests perform them as the mutations
 * they are, with the one token DESIGN.md section 7 prints: order updates, payments, refunds and risk
 * (write_orders), order edits (write_order_edits), and fulfillment orders at other services' locations
 * (write_third_party_fulfillment_orders). Everything else the token may do is the app's TOML.
 */
export const MERCHANT_ACTION_SCOPES = ["write_orders", "write_order_edits", "write_third_party_fulfillment_orders"];

export function demoShop(overrides: Partial<SeedShop> = {}): SeedShop {
  return {
    domain: DEMO_SHOP,
    accessToken: DEMO_ACCESS_TOKEN,
    extraScopes: MERCHANT_ACTION_SCOPES,
    name: "Northfield Goods",
    email: "orders@northfield-goods.example",
    currencyCode: "USD",
    weightUnit: "GRAMS",
    ianaTimezone: "America/Los_Angeles",
    address: {
      address1: "2130 NW Raleigh St",
      city: "Portland",
      province: "Oregon",
      provinceCode: "OR",
      country: "United States",
      countryCode: "US",
      zip: "97210",
      phone: "+1 503-555-0142",
    },
    locations: [{ name: MERCHANT_LOCATION }],
    products: demoProducts(),
    ...overrides,
  };
}

/**
 * The n-th of several merchants like the demo shop (n from 2; the demo shop is the first), for a
 * run with many shops installed at once: the same catalogue and studio, its own domain, name and
 * offline token, so each is its own shop at Shopify, with its own rate-limit bucket.
 */
export function anotherDemoShop(n: number): SeedShop {
  const handle = `northfield-${String(n).padStart(3, "0")}`;
  return demoShop({
    domain: `${handle}.myshopify.com`,
    accessToken: `shpat_emulator_${handle.replace("-", "_")}_offline_token`,
    name: `Northfield Goods ${n}`,
    email: `orders@${handle}.example`,
  });
}

/**
 * A catalogue body for `POST /__emulator/products` (or `emulator.addProducts`) that stocks a
 * warehouse's Shopify location (gid or name) with the sandbox's stock of that warehouse.
 */
export function warehouseStock(warehouse: WarehouseId, location: string): ProductInput[] {
  return catalogue.map((sku, index) => {
    const product = productOf(sku, index);
    return {
      ...product,
      variants: product.variants.map((v) => ({ ...v, stock: { [location]: sku.stock[warehouse] } })),
    };
  });
}
