/**
 * The Products page's tabs, search and pages come from the states stored with the variants
 * (decision 0053). What the merchant sees must follow every write a state depends on, in the same
 * transaction: the catalogue read's variants, the provider's records read or forgotten, a kit, a
 * SKU's entry and the shop's defaults; and variants stored before the state was (the migration
 * adds it empty) are worked out by the page's first read.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { MerchantSku } from "~/fulfilment";
import { saveSettingsAndEnsureServices } from "~/flows/install/fulfillment-services.server";
import { missingSkus, productsPage, type ProductFilter } from "~/routes/app.products._index/products.server";
import { saveKit } from "~/stores/catalogue/kits.server";
import { saveSkuEntryAndRestate } from "~/stores/catalogue/product-states.server";
import { forgetProviderSkusReadBefore, saveProviderSkus } from "~/stores/catalogue/provider-skus.server";
import { saveVariants, type VariantRecord } from "~/stores/catalogue/variants.server";
import { getShopSettings } from "~/stores/shops/shop.server";
import { useTestDatabase } from "../support/database";

const { db } = useTestDatabase();

const SHOP = "products.myshopify.com";
const OTHER_SHOP = "other-products.myshopify.com";
const SIZE = { lengthCm: 10, widthCm: 10, heightCm: 5 };

beforeEach(async () => {
  await db.catalogueVariant.deleteMany();
  await db.providerSku.deleteMany();
  await db.kitComponent.deleteMany();
  await db.shop.deleteMany();
});

let sequence = 0;
function variant(sku: string | null, name: string, grams = 350): VariantRecord {
  sequence += 1;
  return {
    variantId: `gid://shopify/ProductVariant/${sequence}`,
    productId: `gid://shopify/Product/${sequence}`,
    productTitle: name,
    variantTitle: "Default Title",
    displayName: name,
    sku,
    price: "12.00",
    unitCost: "4.00",
    inventoryItemId: `gid://shopify/InventoryItem/${sequence}`,
    tracked: true,
    weightGrams: grams,
    hsCode: "691200",
    countryOfOrigin: "CN",
  };
}

/** The provider's record as operation 16 would have made it of `v` with the shop's size and price. */
const recordOf = (sku: string, name: string, change: Partial<MerchantSku> = {}) =>
  MerchantSku.parse({
    Sku: sku,
    DeclareName: name,
    DeclareValue: 12,
    HsCode: "691200",
    Weight: 350,
    Length: SIZE.lengthCm,
    Width: SIZE.widthCm,
    Height: SIZE.heightCm,
    ApprovalStatus: "Approved",
    ...change,
  });

async function page(filter: ProductFilter = "ALL", search = "", pageNumber = 1) {
  return productsPage(db, SHOP, { filter, search, page: pageNumber });
}

async function tabs(search = "") {
  return (await page("ALL", search)).counts;
}

async function statesBySku(filter: ProductFilter = "ALL") {
  return Object.fromEntries((await page(filter)).rows.map((row) => [row.sku ?? row.title, row.state]));
}

async function saveDefaults(change: { declaredValueFrom?: "PRICE" | "COST" }) {
  const settings = await getShopSettings(db, SHOP);
  await saveSettingsAndEnsureServices(db, SHOP, { ...settings, skuDefaults: { ...settings.skuDefaults, size: SIZE, ...change } });
}

describe("the Products page's tabs", () => {
  it("follow the catalogue read, the provider's records, a kit, an entry and the defaults", async () => {
    await saveDefaults({});
    await saveVariants(db, SHOP, "read-1", [
      variant("MUG-1", "Ceramic mug"),
      variant("CANDLE_2", "Soy candle"),
      variant(null, "Gift card"),
      variant("GIFT-SET", "Gift set"),
      variant("MUG-1-RED", "Ceramic mug, red"),
    ]);
    // Another shop's catalogue is never counted.
    await saveVariants(db, OTHER_SHOP, "read-1", [variant("MUG-1", "Ceramic mug")]);
    expect(await tabs()).toEqual({ ALL: 5, NOT_REGISTERED: 4, DIFFERS: 0, REGISTERED: 0, KIT: 0, PROVIDER_ONLY: 0, NO_SKU: 1 });
    expect(await missingSkus(db, SHOP)).toEqual(["MUG-1", "MUG-1-RED", "GIFT-SET", "CANDLE_2"]);

    // The provider's read: the mug as the app would register it, the candle lighter, and a SKU no variant sells.
    const readAt = new Date("2026-11-30T10:00:00Z");
    await saveProviderSkus(
      db,
      SHOP,
      [recordOf("MUG-1", "Ceramic mug"), recordOf("CANDLE_2", "Soy candle", { Weight: 200 }), recordOf("BOX-9", "Shipping box")],
      readAt,
    );
    expect(await tabs()).toEqual({ ALL: 6, NOT_REGISTERED: 2, DIFFERS: 1, REGISTERED: 1, KIT: 0, PROVIDER_ONLY: 1, NO_SKU: 1 });
    expect(await statesBySku()).toEqual({
      "MUG-1": "REGISTERED",
      "MUG-1-RED": "NOT_REGISTERED",
      "GIFT-SET": "NOT_REGISTERED",
      "Gift card": "NO_SKU",
      CANDLE_2: "DIFFERS",
      "BOX-9": "PROVIDER_ONLY",
    });

    // The gift set picked as the box and a mug: a kit, and the box is no longer the provider's only.
    await saveKit(db, SHOP, "GIFT-SET", [
      { sku: "BOX-9", quantity: 1 },
      { sku: "MUG-1", quantity: 1 },
    ]);
    expect(await tabs()).toEqual({ ALL: 5, NOT_REGISTERED: 1, DIFFERS: 1, REGISTERED: 1, KIT: 1, PROVIDER_ONLY: 0, NO_SKU: 1 });

    // The red mug sold as the mug's provider SKU, declared by the same name (its entry): registered too.
    await saveSkuEntryAndRestate(db, SHOP, "MUG-1-RED", { providerSku: "MUG-1", declaredName: "Ceramic mug" });
    expect((await page("REGISTERED")).rows.map((row) => [row.sku, row.providerSku])).toEqual([
      ["MUG-1", null],
      ["MUG-1-RED", "MUG-1"],
    ]);
    expect(await missingSkus(db, SHOP)).toEqual([]);

    // Declared at cost (4.00) instead of price: the provider's records (12) now differ.
    await saveDefaults({ declaredValueFrom: "COST" });
    expect(await tabs()).toEqual({ ALL: 5, NOT_REGISTERED: 0, DIFFERS: 3, REGISTERED: 0, KIT: 1, PROVIDER_ONLY: 0, NO_SKU: 1 });
    expect((await page("DIFFERS")).rows.find((row) => row.sku === "MUG-1")?.differences).toEqual([
      { field: "Declared value", provider: "12", shopify: "4", unit: null },
    ]);

    // The kit removed: the box is the provider's only again; the gift set is its own SKU, not registered.
    await saveKit(db, SHOP, "GIFT-SET", []);
    expect(await tabs()).toEqual({ ALL: 6, NOT_REGISTERED: 1, DIFFERS: 3, REGISTERED: 0, KIT: 0, PROVIDER_ONLY: 1, NO_SKU: 1 });

    // A later read lists none of them: nothing is registered any more.
    await forgetProviderSkusReadBefore(db, SHOP, new Date(readAt.getTime() + 1));
    expect(await tabs()).toEqual({ ALL: 5, NOT_REGISTERED: 4, DIFFERS: 0, REGISTERED: 0, KIT: 0, PROVIDER_ONLY: 0, NO_SKU: 1 });
  });

  it("search names and SKUs in any case, '_' and '%' as written, and count every tab for the search", async () => {
    await saveVariants(db, SHOP, "read-1", [
      variant("CANDLE_2", "Soy candle"),
      variant("CANDLE-2", "Beeswax candle"),
      variant("MUG-100%", "Mug, all white"),
      variant("MUG-1000", "Mug, blue"),
      variant("TEA-1", "Éclair tea cup"),
    ]);
    await saveProviderSkus(db, SHOP, [recordOf("CANDLE_9", "Tea light")], new Date());
    const skus = async (search: string) => (await page("ALL", search)).rows.map((row) => row.sku);
    expect(await skus("candle_")).toEqual(["CANDLE_2", "CANDLE_9"]);
    expect(await skus("100%")).toEqual(["MUG-100%"]);
    // JavaScript's case folding, not only ASCII's: "éclair" finds "Éclair".
    expect(await skus("éCLAIR")).toEqual(["TEA-1"]);
    expect(await skus("tea")).toEqual(["TEA-1", "CANDLE_9"]);
    expect(await tabs("candle")).toEqual({ ALL: 3, NOT_REGISTERED: 2, DIFFERS: 0, REGISTERED: 0, KIT: 0, PROVIDER_ONLY: 1, NO_SKU: 0 });
    expect(await tabs("nothing like it")).toMatchObject({ ALL: 0 });
    // "Register all missing" counts the whole catalogue's, whatever the search.
    expect((await page("ALL", "candle_")).missingCount).toBe(5);
  });

  it("page the variants by name, then the provider's SKUs no variant sells", async () => {
    const names = Array.from({ length: 60 }, (_, index) => `Mug ${String(index).padStart(2, "0")}`);
    await saveVariants(
      db,
      SHOP,
      "read-1",
      names.map((name, index) => variant(`MUG-${index}`, name)),
    );
    await saveProviderSkus(db, SHOP, [recordOf("ZZ-2", "Box"), recordOf("ZZ-1", "Box")], new Date());
    const first = await page("ALL", "", 1);
    expect(first).toMatchObject({ page: 1, pages: 2, total: 62 });
    expect(first.rows.map((row) => row.title)).toEqual(names.slice(0, 50));
    const second = await page("ALL", "", 2);
    expect(second.rows.map((row) => row.sku)).toEqual([...names.slice(50).map((_, index) => `MUG-${50 + index}`), "ZZ-1", "ZZ-2"]);
    // A page past the last shows the last.
    expect((await page("NOT_REGISTERED", "", 9)).rows.map((row) => row.title)).toEqual(names.slice(50));
    expect((await page("PROVIDER_ONLY")).rows.map((row) => row.sku)).toEqual(["ZZ-1", "ZZ-2"]);
  });

  it("work out once the variants stored before their state was", async () => {
    await saveDefaults({});
    await saveVariants(db, SHOP, "read-1", [
      variant("MUG-1", "Ceramic mug"),
      variant("CANDLE_2", "Soy candle"),
      variant(null, "Gift card"),
    ]);
    await saveProviderSkus(db, SHOP, [recordOf("MUG-1", "Ceramic mug"), recordOf("CANDLE_2", "Soy candle", { Weight: 200 })], new Date());
    const before = await tabs("candle");
    // As the migration leaves rows stored before it.
    await db.catalogueVariant.updateMany({ data: { state: null, providerSku: null, searchText: null } });
    await db.providerSku.updateMany({ data: { searchText: null } });
    expect(await tabs("candle")).toEqual(before);
    expect(await tabs()).toEqual({ ALL: 3, NOT_REGISTERED: 0, DIFFERS: 1, REGISTERED: 1, KIT: 0, PROVIDER_ONLY: 0, NO_SKU: 1 });
    expect(await db.catalogueVariant.count({ where: { state: null } })).toBe(0);
  });
});
