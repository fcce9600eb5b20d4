/**
 * The demo shop's catalogue as the catalogue read leaves it (CatalogueVariant rows), for tests of
 * pages that pick SKUs without running the read: one variant per sandbox SKU, plus any extra SKUs.
 * With a variant to set up as a kit, the provider's SKUs too (`seedKitToSetUp`).
 */
import { catalogue } from "../../sandbox/world";
import { MerchantSku } from "~/fulfilment";
import { saveProviderSkus } from "~/stores/catalogue/provider-skus.server";
import { saveVariants, type VariantRecord } from "~/stores/catalogue/variants.server";
import type { Database } from "~/stores/database/database.server";

export async function seedCatalogue(
  db: Database,
  shop: string,
  extra: readonly { sku: string; name: string; grams?: number }[] = [],
): Promise<void> {
  const records: VariantRecord[] = [
    ...catalogue.map((sku) => ({ sku: sku.sku, name: sku.productName, grams: sku.weight, price: sku.price })),
    ...extra.map((sku) => ({ ...sku, price: 10 })),
  ].map((item, index) => ({
    variantId: `gid://shopify/ProductVariant/${70_000 + index}`,
    productId: `gid://shopify/Product/${60_000 + index}`,
    productTitle: item.name,
    variantTitle: "Default Title",
    displayName: item.name,
    sku: item.sku,
    price: item.price.toFixed(2),
    unitCost: null,
    inventoryItemId: `gid://shopify/InventoryItem/${80_000 + index}`,
    tracked: true,
    weightGrams: item.grams ?? null,
    hsCode: null,
    countryOfOrigin: null,
  }));
  await saveVariants(db, shop, "test-catalogue", records);
}

/**
 * The catalogue with one more variant, to be set up as a kit, and the provider's SKUs as the
 * catalogue read leaves them: what a kit's components are checked against.
 */
export async function seedKitToSetUp(db: Database, shop: string, kit: { sku: string; name: string }): Promise<void> {
  await seedCatalogue(db, shop, [kit]);
  await saveProviderSkus(
    db,
    shop,
    catalogue.map((sku) => MerchantSku.parse({ Sku: sku.sku })),
    new Date(),
  );
}
