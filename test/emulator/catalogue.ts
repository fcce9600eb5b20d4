/**
 * Seeding the world: shops, merchant locations, products with variants and stock. Used by the
 * emulator's options, `POST /__emulator/products`, `POST /__emulator/locations` and seed.ts. Input is
 * parsed with zod because it arrives over HTTP from tests and scripts.
 */
import { z } from "zod";
import { parseGid } from "./ids";
import {
  emptyAddress,
  ON_HAND_PARTS,
  zeroQuantities,
  type QuantityName,
  type Address,
  type EmulatorState,
  type InventoryLevelRecord,
  type LocationRecord,
  type ShopRecord,
  type VariantRecord,
} from "./state";

const AddressInput = z
  .object({
    address1: z.string().nullish(),
    address2: z.string().nullish(),
    city: z.string().nullish(),
    province: z.string().nullish(),
    provinceCode: z.string().nullish(),
    country: z.string().nullish(),
    countryCode: z.string().nullish(),
    zip: z.string().nullish(),
    phone: z.string().nullish(),
  })
  .partial();

export const LocationInput = z.object({
  name: z.string().min(1),
  address: AddressInput.optional(),
  fulfillsOnlineOrders: z.boolean().optional(),
});
export type LocationInput = z.input<typeof LocationInput>;

export const ShopInput = z.object({
  domain: z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, "a *.myshopify.com domain"),
  accessToken: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
  currencyCode: z.string().length(3).optional(),
  weightUnit: z.enum(["GRAMS", "KILOGRAMS", "OUNCES", "POUNDS"]).optional(),
  ianaTimezone: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  /**
   * Scopes granted on top of the app's TOML when `scopes` is not given (the emulator's seeding
   * applies them; see `grantedScopes`).
   */
  extraScopes: z.array(z.string()).optional(),
  autoRequestFulfillment: z.boolean().optional(),
  /** The first is the primary location; defaults to one "Shop location" at the shop's address. */
  locations: z.array(LocationInput).optional(),
  address: AddressInput.optional(),
});
export type ShopInput = z.input<typeof ShopInput>;

const WeightInput = z.object({
  value: z.number().nonnegative(),
  unit: z.enum(["GRAMS", "KILOGRAMS", "OUNCES", "POUNDS"]),
});

/**
 * Stock of one location: a number is the `available` quantity (on_hand follows); an object sets the
 * other states too (on_hand is then available plus the states Shopify counts in it).
 */
const StockInput = z.union([
  z.number().int(),
  z.object({
    available: z.number().int().default(0),
    reserved: z.number().int().nonnegative().default(0),
    damaged: z.number().int().nonnegative().default(0),
    safety_stock: z.number().int().nonnegative().default(0),
    quality_control: z.number().int().nonnegative().default(0),
    incoming: z.number().int().nonnegative().default(0),
  }),
]);

export const VariantInput = z.object({
  /** A variant may have no SKU (Shopify allows it); such variants are always created, never matched. */
  sku: z.string().min(1).nullish(),
  title: z.string().default("Default Title"),
  price: z.union([z.string(), z.number()]).transform(String).default("0.00"),
  barcode: z.string().nullish(),
  weight: WeightInput.nullish(),
  harmonizedSystemCode: z.string().nullish(),
  countryCodeOfOrigin: z.string().length(2).nullish(),
  provinceCodeOfOrigin: z.string().nullish(),
  countryHarmonizedSystemCodes: z.array(z.object({ countryCode: z.string().length(2), harmonizedSystemCode: z.string() })).optional(),
  unitCost: z.string().nullish(),
  tracked: z.boolean().default(true),
  requiresShipping: z.boolean().default(true),
  /** Stock per location, keyed by location gid or location name. */
  stock: z.record(z.string(), StockInput).optional(),
});

export const ProductInput = z.object({
  title: z.string().min(1),
  vendor: z.string().default(""),
  productType: z.string().default(""),
  tags: z.array(z.string()).default([]),
  variants: z.array(VariantInput).min(1),
});
export type ProductInput = z.input<typeof ProductInput>;

export const CatalogueInput = z.object({ products: z.array(ProductInput) });

function toAddress(input: z.infer<typeof AddressInput> | undefined, fallback?: Address): Address {
  const base = fallback ? { ...fallback } : emptyAddress();
  for (const [key, value] of Object.entries(input ?? {})) {
    if (value !== undefined) (base as unknown as Record<string, unknown>)[key] = value;
  }
  return base;
}

export function addShop(state: EmulatorState, raw: ShopInput): ShopRecord {
  const input = ShopInput.parse(raw);
  const handle = input.domain.replace(/\.myshopify\.com$/, "");
  const address = toAddress(input.address, {
    ...emptyAddress(),
    address1: "150 Elgin Street",
    city: "Ottawa",
    province: "Ontario",
    provinceCode: "ON",
    country: "Canada",
    countryCode: "CA",
    zip: "K2P 1L4",
  });
  const shop: ShopRecord = {
    id: state.newId(),
    domain: input.domain,
    name: input.name ?? handle,
    email: input.email ?? `owner@${handle}.example`,
    currencyCode: input.currencyCode ?? "USD",
    weightUnit: input.weightUnit ?? "GRAMS",
    ianaTimezone: input.ianaTimezone ?? "America/New_York",
    updatedAt: state.timestamp(),
    address,
    accessToken: input.accessToken,
    scopes: input.scopes ?? [],
    primaryLocationId: 0,
    autoRequestFulfillment: input.autoRequestFulfillment ?? true,
    nextOrderNumber: 1001,
  };
  state.shops.set(shop.domain, shop);
  const locations = input.locations?.length ? input.locations : [{ name: "Shop location" }];
  const [primary] = locations.map((location) => addLocation(state, shop.domain, location));
  shop.primaryLocationId = primary?.id ?? 0;
  return shop;
}

export function addLocation(
  state: EmulatorState,
  shopDomain: string,
  raw: LocationInput,
  fulfillmentServiceId: number | null = null,
): LocationRecord {
  const input = LocationInput.parse(raw);
  const shop = requireShop(state, shopDomain);
  const now = state.timestamp();
  const location: LocationRecord = {
    id: state.newId(),
    shop: shop.domain,
    name: input.name,
    address: toAddress(input.address, input.address ? undefined : shop.address),
    isActive: true,
    fulfillsOnlineOrders: input.fulfillsOnlineOrders ?? true,
    fulfillmentServiceId,
    createdAt: now,
    updatedAt: now,
    deactivatedAt: null,
  };
  state.locations.set(location.id, location);
  return location;
}

function requireShop(state: EmulatorState, domain: string): ShopRecord {
  const shop = state.shop(domain);
  if (!shop) throw new Error(`unknown shop ${domain}`);
  return shop;
}

/** The location a stock key names: its gid, or its name (case-insensitive). */
export function findLocation(state: EmulatorState, shop: string, key: string): LocationRecord | undefined {
  const byId = state.owned(state.locations, parseGid(key, "Location"), shop);
  if (byId) return byId;
  return state.inShop(state.locations, shop).find((l) => l.name.toLowerCase() === key.toLowerCase());
}

/**
 * Creates products and variants, or updates the variant that already has the SKU (so a catalogue can
 * be posted again to change stock). Returns the variants touched.
 */
export function upsertProducts(state: EmulatorState, shopDomain: string, raw: unknown): VariantRecord[] {
  const shop = requireShop(state, shopDomain);
  const { products } = CatalogueInput.parse(raw);
  const touched: VariantRecord[] = [];
  for (const input of products) {
    const now = state.timestamp();
    const existing = input.variants
      .map((v) => (v.sku ? findVariantBySku(state, shop.domain, v.sku) : undefined))
      .find((v) => v !== undefined);
    const productId = existing?.productId ?? state.newId();
    if (!existing) {
      state.products.set(productId, {
        id: productId,
        shop: shop.domain,
        title: input.title,
        handle: slug(input.title),
        vendor: input.vendor,
        productType: input.productType,
        status: "ACTIVE",
        tags: input.tags,
        createdAt: now,
        updatedAt: now,
      });
    }
    input.variants.forEach((v, index) => {
      const variant =
        (v.sku ? findVariantBySku(state, shop.domain, v.sku) : undefined) ?? createVariant(state, shop.domain, productId, index);
      const item = state.inventoryItems.get(variant.inventoryItemId);
      if (!item) throw new Error(`variant ${variant.id} has no inventory item`);
      Object.assign(variant, { sku: v.sku ?? null, title: v.title, price: v.price, barcode: v.barcode ?? null, updatedAt: now });
      Object.assign(item, {
        tracked: v.tracked,
        requiresShipping: v.requiresShipping,
        weight: v.weight ?? null,
        harmonizedSystemCode: v.harmonizedSystemCode ?? null,
        countryCodeOfOrigin: v.countryCodeOfOrigin ?? null,
        provinceCodeOfOrigin: v.provinceCodeOfOrigin ?? null,
        countryHarmonizedSystemCodes: v.countryHarmonizedSystemCodes ?? [],
        unitCost: v.unitCost ?? null,
        updatedAt: now,
      });
      for (const [locationKey, stock] of Object.entries(v.stock ?? {})) {
        const location = findLocation(state, shop.domain, locationKey);
        if (!location) throw new Error(`stock of ${v.sku ?? v.title}: no location "${locationKey}" in ${shop.domain}`);
        if (typeof stock === "number") setAvailable(state, item.id, location.id, stock);
        else setStates(state, item.id, location.id, stock);
      }
      touched.push(variant);
    });
  }
  return touched;
}

function createVariant(state: EmulatorState, shop: string, productId: number, position: number): VariantRecord {
  const now = state.timestamp();
  const inventoryItemId = state.newId();
  state.inventoryItems.set(inventoryItemId, {
    id: inventoryItemId,
    shop,
    tracked: true,
    requiresShipping: true,
    weight: null,
    harmonizedSystemCode: null,
    countryCodeOfOrigin: null,
    provinceCodeOfOrigin: null,
    countryHarmonizedSystemCodes: [],
    unitCost: null,
    createdAt: now,
    updatedAt: now,
  });
  const variant: VariantRecord = {
    id: state.newId(),
    shop,
    productId,
    title: "Default Title",
    sku: null,
    barcode: null,
    price: "0.00",
    position: position + 1,
    inventoryItemId,
    createdAt: now,
    updatedAt: now,
  };
  state.variants.set(variant.id, variant);
  return variant;
}

export function findVariantBySku(state: EmulatorState, shop: string, sku: string): VariantRecord | undefined {
  return state.inShop(state.variants, shop).find((v) => v.sku === sku);
}

/** The item's level at the location, created (stocked there) when missing. */
export function ensureInventoryLevel(state: EmulatorState, inventoryItemId: number, locationId: number): InventoryLevelRecord {
  const existing = state.inventoryLevel(inventoryItemId, locationId);
  if (existing) return existing;
  const location = state.locations.get(locationId);
  if (!location) throw new Error(`unknown location ${locationId}`);
  const now = state.timestamp();
  const level: InventoryLevelRecord = {
    id: state.newId(),
    shop: location.shop,
    inventoryItemId,
    locationId,
    quantities: zeroQuantities(),
    createdAt: now,
    updatedAt: now,
  };
  state.inventoryLevels.set(level.id, level);
  return level;
}

/** Sets `available`, moving `on_hand` by the same amount (Shopify's rule for the available state). */
export function setAvailable(state: EmulatorState, inventoryItemId: number, locationId: number, available: number): void {
  const level = ensureInventoryLevel(state, inventoryItemId, locationId);
  const delta = available - level.quantities.available;
  level.quantities.available = available;
  level.quantities.on_hand += delta;
  level.updatedAt = state.timestamp();
}

/**
 * Sets the states a merchant counts (damaged, safety stock, ...) and available; on_hand becomes their
 * sum plus what is committed, Shopify's definition, so `available` stays what can be sold.
 */
function setStates(
  state: EmulatorState,
  inventoryItemId: number,
  locationId: number,
  stock: Omit<Record<QuantityName, number>, "on_hand" | "committed">,
): void {
  const level = ensureInventoryLevel(state, inventoryItemId, locationId);
  Object.assign(level.quantities, stock);
  level.quantities.on_hand = ON_HAND_PARTS.reduce((sum, name) => sum + level.quantities[name], 0);
  level.updatedAt = state.timestamp();
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A seeded shop's scopes: the ones given, else the app's TOML scopes plus any extra ones. */
export function grantedScopes(input: { scopes?: string[]; extraScopes?: string[] }, appScopes: readonly string[]): string[] {
  return input.scopes ?? [...new Set([...appScopes, ...(input.extraScopes ?? [])])];
}
