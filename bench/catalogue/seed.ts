/**
 * A big merchant's catalogue in the Shopify emulator: products of four variants each, every
 * variant with a SKU, a weight, a price and an HS code, but one in 500 without a SKU (gift cards,
 * samples) and one in 1,000 without a weight (the SKU's checks refuse it before anything is sent).
 */
import type { ProductInput } from "../../test/emulator/catalogue";

const PRODUCTS = ["Ceramic mug", "Linen towel", "Cotton tote", "Wool throw", "Glass carafe", "Oak tray", "Tea canister", "Candle"];
const COLOURS = ["White", "Black", "Grey", "Green", "Blue"];
const SIZES = ["S", "M", "L", "XL"];
export const VARIANTS_PER_PRODUCT = 4;

/** The n-th variant's SKU; unique across the seed and apart from the demo shop's own catalogue. */
export const benchSkuOf = (index: number) => `CAT-${String(index + 1).padStart(6, "0")}`;
/** Which variants the seed leaves without a SKU, and which without a weight. */
export const hasNoSku = (index: number) => index % 500 === 499;
export const hasNoWeight = (index: number) => !hasNoSku(index) && index % 1_000 === 250;

export interface BenchCatalogue {
  products: ProductInput[];
  /** Every variant's SKU, in order (null for those without). */
  skus: (string | null)[];
}

/** `variants` variants as products of VARIANTS_PER_PRODUCT (the last product may have fewer). */
export function benchCatalogue(variants: number): BenchCatalogue {
  const products: ProductInput[] = [];
  const skus: (string | null)[] = [];
  for (let first = 0; first < variants; first += VARIANTS_PER_PRODUCT) {
    const product = first / VARIANTS_PER_PRODUCT;
    const indexes = Array.from({ length: Math.min(VARIANTS_PER_PRODUCT, variants - first) }, (_, i) => first + i);
    products.push({
      title: `${PRODUCTS[product % PRODUCTS.length] ?? "Product"} ${product + 1}`,
      vendor: "Northfield Home",
      productType: "Home goods",
      variants: indexes.map((index) => {
        const sku = hasNoSku(index) ? null : benchSkuOf(index);
        skus.push(sku);
        return {
          sku,
          title: `${COLOURS[product % COLOURS.length] ?? "White"} / ${SIZES[index % SIZES.length] ?? "M"}`,
          price: (5 + (index % 40)).toFixed(2),
          ...(hasNoWeight(index) ? {} : { weight: { value: 100 + (index % 900), unit: "GRAMS" as const } }),
          harmonizedSystemCode: "691200",
          countryCodeOfOrigin: "CN",
        };
      }),
    });
  }
  return { products, skus };
}
