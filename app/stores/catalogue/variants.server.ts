/**
 * The shop's variants as the last catalogue read saw them: the Products page lists them, SKU
 * registration builds from them, the stock sync finds each SKU's inventory item through them.
 */
import type { CatalogueVariant } from "@prisma/client";
import { variantLabel } from "~/connector/product-state";
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { variantStatesOf } from "./product-states.server";

export { variantLabel };

export interface VariantRecord {
  variantId: string;
  productId: string;
  productTitle: string;
  variantTitle: string;
  displayName: string;
  sku: string | null;
  price: string | null;
  unitCost: string | null;
  inventoryItemId: string;
  tracked: boolean;
  weightGrams: number | null;
  hsCode: string | null;
  countryOfOrigin: string | null;
}

/** The shop's SKUs with their variants' names, for a page to offer or show ("Ceramic mug 350 ml, white", never "- Default Title"). */
export function skuChoices(
  variants: readonly { sku: string | null; productTitle: string; variantTitle: string; displayName: string }[],
): { sku: string; name: string }[] {
  return variants.flatMap((variant) => (variant.sku === null ? [] : [{ sku: variant.sku, name: variantLabel(variant) }]));
}

/**
 * Writes a batch of the read's variants, each with its state on the Products page (decision 0053);
 * each is now the read's (readId). Use inside the batch's transaction.
 */
export async function saveVariants(
  db: DatabaseOrTransaction,
  shop: string,
  readId: string,
  variants: readonly VariantRecord[],
): Promise<void> {
  const states = await variantStatesOf(db, shop, variants);
  for (const variant of variants) {
    const data = { ...variant, readId, ...states.get(variant.variantId) };
    await db.catalogueVariant.upsert({
      where: { shop_variantId: { shop, variantId: variant.variantId } },
      create: { shop, ...data },
      update: data,
    });
  }
}

/** Once a read is complete: variants it did not see are gone from Shopify. Returns how many. */
export async function forgetVariantsNotIn(db: DatabaseOrTransaction, shop: string, readId: string): Promise<number> {
  return (await db.catalogueVariant.deleteMany({ where: { shop, readId: { not: readId } } })).count;
}

export function allVariants(db: DatabaseOrTransaction, shop: string): Promise<CatalogueVariant[]> {
  return db.catalogueVariant.findMany({ where: { shop }, orderBy: [{ displayName: "asc" }, { variantId: "asc" }] });
}

export function variantsWithSkus(db: DatabaseOrTransaction, shop: string, skus: readonly string[]): Promise<CatalogueVariant[]> {
  return db.catalogueVariant.findMany({ where: { shop, sku: { in: [...skus] } } });
}

export function countVariants(db: DatabaseOrTransaction, shop: string): Promise<number> {
  return db.catalogueVariant.count({ where: { shop } });
}
