/** Catalogue: products, variants, inventory items (customs facts, weight) and inventory levels. */
import { gid, parseGid } from "../ids";
import { QUANTITY_NAMES, type InventoryItemRecord, type InventoryLevelRecord, type ProductRecord, type VariantRecord } from "../state";
import { moneyV2, weightView } from "./common";
import { connection, count } from "./connection";
import { locationView } from "./locations";
import { compare, compareDate, matchText, search } from "./search";
import { graphqlError, list, type Args, type ResolverContext, type View } from "./types";

function available(ctx: ResolverContext, inventoryItemId: number): number {
  return ctx.state
    .inShop(ctx.state.inventoryLevels, ctx.shop.domain)
    .filter((l) => l.inventoryItemId === inventoryItemId)
    .reduce((sum, l) => sum + l.quantities.available, 0);
}

export function productView(ctx: ResolverContext, product: ProductRecord): View {
  const variants = () => ctx.state.inShop(ctx.state.variants, ctx.shop.domain).filter((v) => v.productId === product.id);
  return {
    __typename: "Product",
    id: gid("Product", product.id),
    legacyResourceId: String(product.id),
    title: product.title,
    handle: product.handle,
    vendor: product.vendor,
    productType: product.productType,
    status: product.status,
    tags: product.tags,
    description: "",
    descriptionHtml: "",
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
    publishedAt: product.createdAt,
    isGiftCard: false,
    // Worked out only when asked: a bulk read of 20,000 variants asks for none of them, and each
    // scans the shop's variants or stock (it would take the emulator minutes, not Shopify).
    hasOnlyDefaultVariant: () => variants().length === 1 && variants()[0]?.title === "Default Title",
    tracksInventory: () => variants().some((v) => ctx.state.inventoryItems.get(v.inventoryItemId)?.tracked),
    totalInventory: () => variants().reduce((sum, v) => sum + available(ctx, v.inventoryItemId), 0),
    hasOutOfStockVariants: () => variants().some((v) => available(ctx, v.inventoryItemId) <= 0),
    variants: (args: Args) => connection("ProductVariant", variants(), args, (v) => variantView(ctx, v)),
    variantsCount: () => count(variants().length),
  };
}

export function variantView(ctx: ResolverContext, variant: VariantRecord): View {
  const product = ctx.state.products.get(variant.productId);
  // Only when asked, as in productView.
  const quantity = () => available(ctx, variant.inventoryItemId);
  return {
    __typename: "ProductVariant",
    id: gid("ProductVariant", variant.id),
    legacyResourceId: String(variant.id),
    title: variant.title,
    displayName: `${product?.title ?? ""} - ${variant.title}`,
    sku: variant.sku,
    barcode: variant.barcode,
    price: variant.price,
    compareAtPrice: null,
    position: variant.position,
    taxable: true,
    inventoryPolicy: "DENY",
    inventoryQuantity: quantity,
    sellableOnlineQuantity: () => Math.max(0, quantity()),
    availableForSale: () => quantity() > 0,
    requiresComponents: false,
    createdAt: variant.createdAt,
    updatedAt: variant.updatedAt,
    product: () => (product ? productView(ctx, product) : null),
    inventoryItem: () => {
      const item = ctx.state.inventoryItems.get(variant.inventoryItemId);
      return item ? inventoryItemView(ctx, item) : null;
    },
  };
}

export function inventoryItemView(ctx: ResolverContext, item: InventoryItemRecord): View {
  const { state } = ctx;
  // Only when asked, as in productView.
  const variant = () => state.variantOfInventoryItem(item.id);
  const levels = () => state.inShop(state.inventoryLevels, item.shop).filter((l) => l.inventoryItemId === item.id);
  return {
    __typename: "InventoryItem",
    id: gid("InventoryItem", item.id),
    legacyResourceId: String(item.id),
    sku: () => variant()?.sku ?? null,
    tracked: item.tracked,
    requiresShipping: item.requiresShipping,
    harmonizedSystemCode: item.harmonizedSystemCode,
    countryCodeOfOrigin: item.countryCodeOfOrigin,
    provinceCodeOfOrigin: item.provinceCodeOfOrigin,
    duplicateSkuCount: () => {
      const sku = variant()?.sku;
      return sku ? state.inShop(state.variants, item.shop).filter((v) => v.sku === sku).length - 1 : 0;
    },
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    unitCost: item.unitCost !== null ? moneyV2(item.unitCost, ctx.shop.currencyCode) : null,
    measurement: { __typename: "InventoryItemMeasurement", id: gid("InventoryItemMeasurement", item.id), weight: weightView(item.weight) },
    countryHarmonizedSystemCodes: (args: Args) =>
      connection(
        "CountryHarmonizedSystemCode",
        item.countryHarmonizedSystemCodes.map((c, i) => ({ ...c, id: i + 1 })),
        args,
        (c) => ({ __typename: "CountryHarmonizedSystemCode", countryCode: c.countryCode, harmonizedSystemCode: c.harmonizedSystemCode }),
      ),
    inventoryLevel: (args: Args) => {
      const locationId = parseGid(args.locationId, "Location");
      const level = locationId === undefined ? undefined : state.inventoryLevel(item.id, locationId);
      return level ? inventoryLevelView(ctx, level) : null;
    },
    inventoryLevels: (args: Args) => connection("InventoryLevel", levels(), args, (l) => inventoryLevelView(ctx, l)),
    locationsCount: () => count(levels().length),
    variants: (args: Args) => {
      const sold = variant();
      return connection("ProductVariant", sold ? [sold] : [], args, (v) => variantView(ctx, v));
    },
  };
}

/** Shopify's InventoryLevel ids name the location and carry the item as a query parameter. */
export function inventoryLevelGid(level: InventoryLevelRecord): string {
  return gid("InventoryLevel", level.locationId, `inventory_item_id=${level.inventoryItemId}`);
}

export function inventoryLevelView(ctx: ResolverContext, level: InventoryLevelRecord): View {
  const { state } = ctx;
  return {
    __typename: "InventoryLevel",
    id: inventoryLevelGid(level),
    isActive: true,
    canDeactivate: level.quantities.committed === 0,
    deactivationAlert: null,
    createdAt: level.createdAt,
    updatedAt: level.updatedAt,
    item: () => {
      const item = state.inventoryItems.get(level.inventoryItemId);
      return item ? inventoryItemView(ctx, item) : null;
    },
    location: () => {
      const location = state.locations.get(level.locationId);
      return location ? locationView(ctx, location) : null;
    },
    quantities: (args: Args) => {
      const names = list(args.names).map(String);
      for (const name of names) {
        if (!(QUANTITY_NAMES as readonly string[]).includes(name)) {
          throw graphqlError(`Invalid quantity name: ${name}. Valid names are: ${QUANTITY_NAMES.join(", ")}.`, "BAD_REQUEST");
        }
      }
      return names.map((name) => ({
        __typename: "InventoryQuantity",
        id: gid("InventoryQuantity", level.locationId, `inventory_item_id=${level.inventoryItemId}&name=${name}`),
        name,
        quantity: level.quantities[name as keyof typeof level.quantities],
        updatedAt: level.updatedAt,
      }));
    },
  };
}

function findLevelByGid(ctx: ResolverContext, id: unknown): InventoryLevelRecord | undefined {
  if (typeof id !== "string") return undefined;
  const locationId = parseGid(id, "InventoryLevel");
  const itemId = Number(/[?&]inventory_item_id=(\d+)/.exec(id)?.[1]);
  if (locationId === undefined || !Number.isSafeInteger(itemId)) return undefined;
  const level = ctx.state.inventoryLevel(itemId, locationId);
  return level?.shop === ctx.shop.domain ? level : undefined;
}

function productsOf(ctx: ResolverContext, args: Args): ProductRecord[] {
  const { state } = ctx;
  const variantsOfProduct = (p: ProductRecord) => state.inShop(state.variants, ctx.shop.domain).filter((v) => v.productId === p.id);
  const skusOf = (p: ProductRecord) => variantsOfProduct(p).map((v) => v.sku);
  return search(
    state.inShop(state.products, ctx.shop.domain),
    args.query,
    {
      title: (p, v) => matchText(p.title, v),
      sku: (p, v) => skusOf(p).some((s) => matchText(s, v)),
      status: (p, v) => p.status.toLowerCase() === v.toLowerCase(),
      vendor: (p, v) => matchText(p.vendor, v),
      product_type: (p, v) => matchText(p.productType, v),
      handle: (p, v) => matchText(p.handle, v),
      tag: (p, v) => p.tags.some((t) => matchText(t, v)),
      barcode: (p, v) => variantsOfProduct(p).some((variant) => matchText(variant.barcode, v)),
      id: (p, v, op) => compare(p.id, v, op),
      created_at: (p, v, op) => compareDate(p.createdAt, v, op),
      updated_at: (p, v, op) => compareDate(p.updatedAt, v, op),
    },
    (p) => p.title,
  );
}

function variantsOf(ctx: ResolverContext, args: Args): VariantRecord[] {
  const productOf = (v: VariantRecord) => ctx.state.products.get(v.productId);
  return search(
    ctx.state.inShop(ctx.state.variants, ctx.shop.domain),
    args.query,
    {
      sku: (v, value) => matchText(v.sku, value),
      barcode: (v, value) => matchText(v.barcode, value),
      // Shopify's `title` filter on variants is the variant's own title ("Default Title", "M", ...).
      title: (v, value) => matchText(v.title, value),
      product_id: (v, value) => String(v.productId) === value,
      product_status: (v, value) => value.split(",").some((s) => productOf(v)?.status.toLowerCase() === s.trim().toLowerCase()),
      product_type: (v, value) => matchText(productOf(v)?.productType, value),
      vendor: (v, value) => matchText(productOf(v)?.vendor, value),
      inventory_quantity: (v, value, op) => compare(available(ctx, v.inventoryItemId), value, op),
      id: (v, value, op) => compare(v.id, value, op),
      created_at: (v, value, op) => compareDate(v.createdAt, value, op),
      updated_at: (v, value, op) => compareDate(v.updatedAt, value, op),
    },
    (v) => `${v.sku ?? ""} ${productOf(v)?.title ?? ""} ${v.title}`,
  );
}

export const productQueries = {
  products: (args: Args, ctx: ResolverContext) => connection("Product", productsOf(ctx, args), args, (p) => productView(ctx, p)),
  product: (args: Args, ctx: ResolverContext) => {
    const product = ctx.state.owned(ctx.state.products, parseGid(args.id, "Product"), ctx.shop.domain);
    return product ? productView(ctx, product) : null;
  },
  productVariants: (args: Args, ctx: ResolverContext) =>
    connection("ProductVariant", variantsOf(ctx, args), args, (v) => variantView(ctx, v)),
  productVariant: (args: Args, ctx: ResolverContext) => {
    const variant = ctx.state.owned(ctx.state.variants, parseGid(args.id, "ProductVariant"), ctx.shop.domain);
    return variant ? variantView(ctx, variant) : null;
  },
  inventoryItem: (args: Args, ctx: ResolverContext) => {
    const item = ctx.state.owned(ctx.state.inventoryItems, parseGid(args.id, "InventoryItem"), ctx.shop.domain);
    return item ? inventoryItemView(ctx, item) : null;
  },
  inventoryItems: (args: Args, ctx: ResolverContext) => {
    const items = search(
      ctx.state.inShop(ctx.state.inventoryItems, ctx.shop.domain),
      args.query,
      {
        sku: (item, v) => matchText(ctx.state.variantOfInventoryItem(item.id)?.sku, v),
        id: (item, v, op) => compare(item.id, v, op),
      },
      (item) => ctx.state.variantOfInventoryItem(item.id)?.sku ?? null,
    );
    return connection("InventoryItem", items, args, (item) => inventoryItemView(ctx, item));
  },
  inventoryLevel: (args: Args, ctx: ResolverContext) => {
    const level = findLevelByGid(ctx, args.id);
    return level ? inventoryLevelView(ctx, level) : null;
  },
};
