/**
 * Warehouse stock into Shopify: the provider's count becomes the `available` quantity at the
 * warehouse's fulfillment-service location, so the storefront sells what the warehouse holds.
 */
import { z } from "zod";
import {
  assertNoUserErrors,
  nextCursorOf,
  PageInfo,
  payloadOf,
  runGraphql,
  UserErrors,
  type AdminGraphql,
  type Page,
} from "./admin-graphql.server";
import { InventoryAdjustmentGroupGid, InventoryItemGid, LocationGid } from "./ids";

/** Shopify's limit on input arrays. */
const MAX_QUANTITIES = 250;

/** The reasons inventorySetQuantities accepts (Shopify's list of inventory change reasons). */
export const InventoryReason = z.enum([
  "correction",
  "cycle_count_available",
  "damaged",
  "movement_canceled",
  "movement_created",
  "movement_received",
  "movement_updated",
  "other",
  "promotion",
  "quality_control",
  "received",
  "reservation_created",
  "reservation_deleted",
  "reservation_updated",
  "restock",
  "safety_stock",
  "shrinkage",
]);
export type InventoryReason = z.infer<typeof InventoryReason>;

export const StockToSet = z.object({
  /** Names this change for Shopify: the same key again replays the first result instead of applying twice. */
  idempotencyKey: z.string().trim().min(1),
  reason: InventoryReason,
  /** Where the number comes from, shown in the merchant's inventory history, e.g. gid://fulfilment-connector/StockSync/42. */
  referenceDocumentUri: z.string().nullish(),
  quantities: z
    .array(
      z.object({
        inventoryItemId: InventoryItemGid,
        locationId: LocationGid,
        quantity: z.number().int(),
        /**
         * What the app believes Shopify holds now; Shopify refuses the change (CHANGE_FROM_QUANTITY_STALE)
         * if it holds something else. Null sets without the check. Never left out: 2026-10 requires it.
         */
        changeFromQuantity: z.number().int().nullable(),
      }),
    )
    .min(1)
    .max(MAX_QUANTITIES),
});
export type StockToSet = z.input<typeof StockToSet>;

const INVENTORY_SET_QUANTITIES = `#graphql
  mutation InventorySetQuantities($input: InventorySetQuantitiesInput!, $idempotencyKey: String!) {
    inventorySetQuantities(input: $input) @idempotent(key: $idempotencyKey) {
      inventoryAdjustmentGroup {
        id
        changes(quantityNames: ["available"]) { delta quantityAfterChange item { id } location { id } }
      }
      userErrors { field message code }
    }
  }`;

const StockChange = z
  .object({
    delta: z.number(),
    quantityAfterChange: z.number().nullable(),
    item: z.object({ id: InventoryItemGid }).nullable(),
    location: z.object({ id: LocationGid }).nullable(),
  })
  .transform(({ item, location, ...change }) => ({ ...change, inventoryItemId: item?.id ?? null, locationId: location?.id ?? null }));

const SetQuantitiesPayload = z.object({
  inventoryAdjustmentGroup: z.object({ id: InventoryAdjustmentGroupGid, changes: z.array(StockChange) }).nullable(),
  userErrors: UserErrors,
});

export interface StockSet {
  /** Null when nothing changed (every quantity already was what was asked). */
  adjustmentGroupId: InventoryAdjustmentGroupGid | null;
  changes: z.infer<typeof StockChange>[];
}

/**
 * Sets `available` at the given locations. A stale `changeFromQuantity` is a ShopifyUserError with
 * code CHANGE_FROM_QUANTITY_STALE: read again and decide, do not blindly retry.
 */
export async function setAvailableQuantities(admin: AdminGraphql, stock: StockToSet): Promise<StockSet> {
  const { idempotencyKey, reason, referenceDocumentUri, quantities } = StockToSet.parse(stock);
  const input = { name: "available", reason, referenceDocumentUri: referenceDocumentUri ?? null, quantities };
  const { data, operation } = await runGraphql(
    admin,
    INVENTORY_SET_QUANTITIES,
    { input, idempotencyKey },
    payloadOf("inventorySetQuantities", SetQuantitiesPayload),
  );
  assertNoUserErrors(operation, data.userErrors);
  return { adjustmentGroupId: data.inventoryAdjustmentGroup?.id ?? null, changes: data.inventoryAdjustmentGroup?.changes ?? [] };
}

const LEVELS_PER_PAGE = 100;

const AVAILABLE_AT_LOCATION = `#graphql
  query AvailableAtLocation($id: ID!, $after: String) {
    location(id: $id) {
      inventoryLevels(first: ${LEVELS_PER_PAGE}, after: $after) {
        nodes { item { id sku } quantities(names: ["available"]) { name quantity } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`;

export const StockLevel = z
  .object({
    item: z.object({ id: InventoryItemGid, sku: z.string().nullable() }),
    quantities: z.array(z.object({ name: z.string(), quantity: z.number() })),
  })
  .transform(({ item, quantities }) => ({
    inventoryItemId: item.id,
    sku: item.sku,
    available: quantities.find((q) => q.name === "available")?.quantity ?? 0,
  }));
export type StockLevel = z.infer<typeof StockLevel>;

/** One page of what a location holds, as `available` (the changeFromQuantity of the next set); null if unknown. */
export async function listAvailableAt(
  admin: AdminGraphql,
  locationId: LocationGid,
  options: { after?: string | null } = {},
): Promise<Page<StockLevel> | null> {
  const { data, cost } = await runGraphql(
    admin,
    AVAILABLE_AT_LOCATION,
    { id: locationId, after: options.after ?? null },
    z.object({ location: z.object({ inventoryLevels: z.object({ nodes: z.array(StockLevel), pageInfo: PageInfo }) }).nullable() }),
  );
  if (!data.location) return null;
  const levels = data.location.inventoryLevels;
  return { items: levels.nodes, nextCursor: nextCursorOf(levels.pageInfo), cost };
}
