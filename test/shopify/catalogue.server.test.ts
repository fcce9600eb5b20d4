import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gramsOf } from "~/connector/weight";
import { listCatalogueVariants, type CatalogueVariant } from "~/shopify/catalogue.server";
import { paceForNextPage } from "~/shopify/throttle";
import { collectPages } from "~/shopify/admin-graphql.server";
import { productsWithoutSku } from "../emulator/seed";
import { catalogue, drainBucket, startTestShopify, upsertProducts, type TestShopify } from "../support/shopify-admin";

let shopify: TestShopify;

beforeAll(async () => {
  shopify = await startTestShopify();
});
afterAll(() => shopify.close());
beforeEach(() => shopify.emulator.reset());

async function everyVariant(query?: string): Promise<{ variants: CatalogueVariant[]; pages: number }> {
  const variants: CatalogueVariant[] = [];
  let pages = 0;
  for (let after: string | null = null; ;) {
    const page = await listCatalogueVariants(shopify.admin, { after, query });
    variants.push(...page.items);
    pages++;
    if (page.nextCursor === null) return { variants, pages };
    after = page.nextCursor;
    // As the SKU sync job will: wait for the bucket to hold another page, instead of being throttled.
    await paceForNextPage(page.cost, page.cost?.requestedQueryCost ?? 0);
  }
}

describe("the catalogue for the SKU sync", () => {
  it("gives every variant's SKU with the customs facts: weight, HS code, country of origin", async () => {
    const { variants } = await everyVariant();
    // The seed also has variants without a SKU (gift cards, a tote bag): they are listed, with sku null.
    expect(variants.filter((v) => v.sku !== null).map((v) => v.sku)).toEqual(catalogue.map((s) => s.sku));
    expect(variants.filter((v) => v.sku === null)).toHaveLength(productsWithoutSku().flatMap((p) => p.variants).length);
    for (const sku of catalogue) {
      const variant = variants.find((v) => v.sku === sku.sku);
      expect(variant?.weight && gramsOf(variant.weight)).toBe(sku.weight);
      expect(variant?.harmonizedSystemCode).toBe(sku.hsCode);
      expect(variant?.productTitle).toBe(sku.productName);
      expect(variant?.price).toBe(sku.price.toFixed(2));
    }
    expect(variants.find((v) => v.sku === "TEA-GREEN-100G")).toMatchObject({
      countryCodeOfOrigin: "JP",
      requiresShipping: true,
      tracked: true,
    });
  });

  it("pages through a catalogue longer than a page", async () => {
    await upsertProducts(
      shopify.emulator,
      Array.from({ length: 45 }, (_, i) => ({
        title: `Art print no. ${i + 1}`,
        variants: [
          {
            sku: `PRINT-${String(i + 1).padStart(3, "0")}`,
            price: "30.00",
            weight: { value: 4.2, unit: "OUNCES" },
            harmonizedSystemCode: "491191",
            countryCodeOfOrigin: "GB",
          },
        ],
      })),
    );
    const { variants, pages } = await everyVariant();
    expect(pages).toBe(2);
    expect(variants).toHaveLength(catalogue.length + 45 + productsWithoutSku().flatMap((p) => p.variants).length);
    expect(new Set(variants.map((v) => v.id)).size).toBe(variants.length);
    const print = variants.find((v) => v.sku === "PRINT-007");
    expect(print?.weight && gramsOf(print.weight)).toBe(119);

    // The same, read whole: two pages of ~700 points each, the second paced rather than throttled.
    await drainBucket(shopify.emulator, 800);
    const whole = await collectPages((after) => listCatalogueVariants(shopify.admin, { after }));
    expect(whole.map((v) => v.id)).toEqual(variants.map((v) => v.id));
  });

  it("filters with Shopify's search syntax", async () => {
    const { variants } = await everyVariant("sku:TSHIRT-*");
    expect(variants.map((v) => v.sku)).toEqual(["TSHIRT-ORG-M-BLK", "TSHIRT-ORG-L-BLK"]);
  });
});
