/**
 * Warehouse stock into Shopify: the provider's count becomes a quantity at the warehouse's
 * fulfillment-service location, so the storefront sells what the warehouse holds. Which quantity
 * (on_hand) and why: docs/decisions/0013-stock-sync-writes-on-hand.md.
 */
import { z } from "zod";
import {
  aliasedDocuments,
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
  /** The quantity set: "on_hand" (what the location physically holds) or "available" (what may be sold). */
  name: z.enum(["available", "on_hand"]),
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
  mutation InventorySetQuantities($input: InventorySetQuantitiesInput!, $idempotencyKey: String!, $names: [String!]) {
    inventorySetQuantities(input: $input) @idempotent(key: $idempotencyKey) {
      inventoryAdjustmentGroup {
        id
        changes(quantityNames: $names) { delta quantityAfterChange item { id } location { id } }
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
 * Sets the named quantity at the given locations. A stale `changeFromQuantity` is a
 * ShopifyUserError with code CHANGE_FROM_QUANTITY_STALE: read again and decide, do not blindly retry.
 */
export async function setStockQuantities(admin: AdminGraphql, stock: StockToSet): Promise<StockSet> {
  const { name, idempotencyKey, reason, referenceDocumentUri, quantities } = StockToSet.parse(stock);
  const input = { name, reason, referenceDocumentUri: referenceDocumentUri ?? null, quantities };
  const { data, operation } = await runGraphql(
    admin,
    INVENTORY_SET_QUANTITIES,
    { input, idempotencyKey, names: [name] },
    payloadOf("inventorySetQuantities", SetQuantitiesPayload),
  );
  assertNoUserErrors(operation, data.userErrors);
  return { adjustmentGroupId: data.inventoryAdjustmentGroup?.id ?? null, changes: data.inventoryAdjustmentGroup?.changes ?? [] };
}

const LEVELS_PER_PAGE = 100;

const STOCK_AT_LOCATION = `#graphql
  query StockAtLocation($id: ID!, $after: String) {
    location(id: $id) {
      inventoryLevels(first: ${LEVELS_PER_PAGE}, after: $after) {
        nodes { item { id sku } quantities(names: ["on_hand", "available", "committed"]) { name quantity } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`;

export const StockLevel = z
  .object({
    item: z.object({ id: InventoryItemGid, sku: z.string().nullable() }),
    quantities: z.array(z.object({ name: z.string(), quantity: z.number() })),
  })
  .transform(({ item, quantities }) => {
    const quantity = (name: string) => quantities.find((q) => q.name === name)?.quantity ?? 0;
    return {
      inventoryItemId: item.id,
      sku: item.sku,
      onHand: quantity("on_hand"),
      available: quantity("available"),
      committed: quantity("committed"),
    };
  });
export type StockLevel = z.infer<typeof StockLevel>;

/**
 * One page of what a location stocks: each item's on_hand (the changeFromQuantity of the next
 * set), available and committed. Items not listed are not stocked there. Null for an unknown location.
 */
export async function listStockAt(
  admin: AdminGraphql,
  locationId: LocationGid,
  options: { after?: string | null } = {},
): Promise<Page<StockLevel> | null> {
  const { data, cost } = await runGraphql(
    admin,
    STOCK_AT_LOCATION,
    { id: locationId, after: options.after ?? null },
    z.object({ location: z.object({ inventoryLevels: z.object({ nodes: z.array(StockLevel), pageInfo: PageInfo }) }).nullable() }),
  );
  if (!data.location) return null;
  const levels = data.location.inventoryLevels;
  return { items: levels.nodes, nextCursor: nextCursorOf(levels.pageInfo), cost };
}

/** Items activated per request (inventoryActivate takes one item; aliases send several at once). */
export const ACTIVATIONS_PER_REQUEST = 25;

const activateDocument = aliasedDocuments(
  (indexes) => `#graphql
  mutation InventoryActivate(${indexes.map((i) => `$item${i}: ID!, $location${i}: ID!, $onHand${i}: Int!, $key${i}: String!`).join(", ")}) {
    ${indexes
      .map(
        (
          i,
        ) => `a${i}: inventoryActivate(inventoryItemId: $item${i}, locationId: $location${i}, onHand: $onHand${i}) @idempotent(key: $key${i}) {
      inventoryLevel { id }
      userErrors { field message }
    }`,
      )
      .join("\n    ")}
  }`,
);

export interface Activation {
  inventoryItemId: InventoryItemGid;
  locationId: LocationGid;
  /** Units on hand from the start. */
  onHand: number;
  idempotencyKey: string;
}

/**
 * Stocks items at a location that does not stock them yet, with their quantity on hand: what a
 * fulfillment service's location needs before Shopify routes orders of the item there. Returns
 * the items Shopify refused, with why.
 */
export async function activateStock(
  admin: AdminGraphql,
  activations: readonly Activation[],
): Promise<{ refused: { inventoryItemId: InventoryItemGid; message: string }[] }> {
  if (activations.length === 0) return { refused: [] };
  if (activations.length > ACTIVATIONS_PER_REQUEST) throw new Error(`activateStock takes at most ${ACTIVATIONS_PER_REQUEST} items at once`);
  const variables = Object.fromEntries(
    activations.flatMap((a, i) => [
      [`item${i}`, a.inventoryItemId],
      [`location${i}`, a.locationId],
      [`onHand${i}`, a.onHand],
      [`key${i}`, a.idempotencyKey],
    ]),
  );
  const Payload = z.object({ inventoryLevel: z.object({ id: z.string() }).nullable(), userErrors: UserErrors });
  const { data } = await runGraphql(admin, activateDocument(activations.length), variables, z.record(z.string(), Payload));
  return {
    refused: activations.flatMap((activation, i) => {
      const payload = data[`a${i}`];
      if (payload === undefined) return [{ inventoryItemId: activation.inventoryItemId, message: "Shopify gave no answer for it" }];
      return payload.userErrors.length > 0
        ? [{ inventoryItemId: activation.inventoryItemId, message: payload.userErrors.map((e) => e.message).join("; ") }]
        : [];
    }),
  };
}
