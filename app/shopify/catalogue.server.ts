/**
 * The merchant's catalogue as the provider's SKU sync needs it: every variant with its SKU and the
 * facts customs and the warehouse ask for (weight, HS code, country of origin), page by page.
 */
import { z } from "zod";
import { Weight } from "~/connector/fulfillment-order";
import { gramsOf } from "~/connector/weight";
import { nextCursorOf, PageInfo, runGraphql, type AdminGraphql, type Page } from "./admin-graphql.server";
import { InventoryItemGid, ProductVariantGid } from "./ids";

/** With customs data a variant costs about 15 points; 50 a page keeps a page under 800. */
const VARIANTS_PER_PAGE = 50;
/** Destination-specific HS codes read with each variant; the SKU sync declares the general one. */
const COUNTRY_HS_CODES_PER_VARIANT = 5;

const PRODUCT_VARIANTS = `#graphql
  query CatalogueVariants($after: String, $query: String) {
    productVariants(first: ${VARIANTS_PER_PAGE}, after: $after, query: $query) {
      nodes {
        id
        sku
        title
        displayName
        price
        barcode
        product { id title productType vendor }
        inventoryItem {
          id
          tracked
          requiresShipping
          harmonizedSystemCode
          countryCodeOfOrigin
          provinceCodeOfOrigin
          measurement { weight { unit value } }
          unitCost { amount currencyCode }
          countryHarmonizedSystemCodes(first: ${COUNTRY_HS_CODES_PER_VARIANT}) { nodes { countryCode harmonizedSystemCode } }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }`;

export const CatalogueVariant = z
  .object({
    id: ProductVariantGid,
    sku: z.string().nullable(),
    title: z.string(),
    /** "Product title - Variant title", as the merchant sees it in lists. */
    displayName: z.string(),
    price: z.string(),
    barcode: z.string().nullable(),
    product: z.object({ id: z.string(), title: z.string(), productType: z.string(), vendor: z.string() }),
    inventoryItem: z.object({
      id: InventoryItemGid,
      tracked: z.boolean(),
      requiresShipping: z.boolean(),
      harmonizedSystemCode: z.string().nullable(),
      countryCodeOfOrigin: z.string().nullable(),
      provinceCodeOfOrigin: z.string().nullable(),
      measurement: z.object({ weight: Weight.nullable() }),
      /** What one unit cost the merchant: a declared value customs may accept. */
      unitCost: z.object({ amount: z.string(), currencyCode: z.string() }).nullable(),
      countryHarmonizedSystemCodes: z.object({ nodes: z.array(z.object({ countryCode: z.string(), harmonizedSystemCode: z.string() })) }),
    }),
  })
  .transform(({ inventoryItem, product, ...variant }) => ({
    ...variant,
    productId: product.id,
    productTitle: product.title,
    productType: product.productType,
    vendor: product.vendor,
    inventoryItemId: inventoryItem.id,
    tracked: inventoryItem.tracked,
    requiresShipping: inventoryItem.requiresShipping,
    /** Weight of one unit as the merchant entered it; connector/weight.ts converts to grams. */
    weight: inventoryItem.measurement.weight,
    harmonizedSystemCode: inventoryItem.harmonizedSystemCode,
    countryHarmonizedSystemCodes: inventoryItem.countryHarmonizedSystemCodes.nodes,
    countryCodeOfOrigin: inventoryItem.countryCodeOfOrigin,
    provinceCodeOfOrigin: inventoryItem.provinceCodeOfOrigin,
    unitCost: inventoryItem.unitCost,
  }));
export type CatalogueVariant = z.infer<typeof CatalogueVariant>;

/**
 * Every variant of the shop, for a bulk operation (bulk-operations.server.ts): no nested
 * connection, so each line of the result is one whole variant.
 */
export const VARIANTS_BULK_QUERY = `{
  productVariants {
    edges {
      node {
        id sku title displayName price
        product { id title }
        inventoryItem {
          id tracked harmonizedSystemCode countryCodeOfOrigin
          measurement { weight { unit value } }
          unitCost { amount currencyCode }
        }
      }
    }
  }
}`;

/** One line of VARIANTS_BULK_QUERY's result. */
export const VariantLine = z
  .object({
    id: ProductVariantGid,
    sku: z.string().nullable(),
    title: z.string(),
    displayName: z.string(),
    price: z.string().nullable(),
    product: z.object({ id: z.string(), title: z.string() }),
    inventoryItem: z.object({
      id: InventoryItemGid,
      tracked: z.boolean(),
      harmonizedSystemCode: z.string().nullable(),
      countryCodeOfOrigin: z.string().nullable(),
      measurement: z.object({ weight: Weight.nullable() }),
      unitCost: z.object({ amount: z.string(), currencyCode: z.string() }).nullable(),
    }),
  })
  .transform(({ id, sku, title, displayName, price, product, inventoryItem }) => ({
    variantId: id,
    sku: sku === null || sku.trim() === "" ? null : sku.trim(),
    variantTitle: title,
    displayName,
    price,
    productId: product.id,
    productTitle: product.title,
    inventoryItemId: inventoryItem.id,
    tracked: inventoryItem.tracked,
    weightGrams: inventoryItem.measurement.weight === null ? null : gramsOf(inventoryItem.measurement.weight),
    hsCode: inventoryItem.harmonizedSystemCode,
    countryOfOrigin: inventoryItem.countryCodeOfOrigin,
    unitCost: inventoryItem.unitCost?.amount ?? null,
  }));
export type VariantLine = z.infer<typeof VariantLine>;

/**
 * One page of the shop's variants. `query` is Shopify's search syntax, e.g. `sku:MUG-*` or
 * `updated_at:>2026-11-01T00:00:00Z` for an incremental sync.
 */
export async function listCatalogueVariants(
  admin: AdminGraphql,
  options: { after?: string | null; query?: string } = {},
): Promise<Page<CatalogueVariant>> {
  const { data, cost } = await runGraphql(
    admin,
    PRODUCT_VARIANTS,
    { after: options.after ?? null, query: options.query ?? null },
    z.object({ productVariants: z.object({ nodes: z.array(CatalogueVariant), pageInfo: PageInfo }) }),
  );
  return { items: data.productVariants.nodes, nextCursor: nextCursorOf(data.productVariants.pageInfo), cost };
}
