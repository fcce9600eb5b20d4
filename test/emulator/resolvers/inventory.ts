/**
 * inventorySetQuantities with the rules 2026-10 states in its description and Shopify enforces at
 * runtime (the schema alone accepts more): `@idempotent(key:)` is required (checked for every
 * mutation in graphql.ts), `changeFromQuantity` must be present on every quantity even when null,
 * a stale `changeFromQuantity` fails with CHANGE_FROM_QUANTITY_STALE, and the same key with the same
 * arguments replays the first result instead of applying twice.
 */
import { getDirectiveValues, type GraphQLResolveInfo } from "graphql";
import { gid, parseGid } from "../ids";
import { INVENTORY_REASONS, setQuantities, type QuantityToSet } from "../inventory";
import { ensureInventoryLevel } from "../catalogue";
import type { InventoryAdjustmentGroupRecord } from "../state";
import { locationView } from "./locations";
import { inventoryItemView, inventoryLevelView } from "./products";
import { list, obj, str, type Args, type ResolverContext, type View } from "./types";

const MAX_QUANTITY = 1_000_000_000;

function inventoryUserError(field: string[], message: string, code: string): View {
  return { __typename: "InventorySetQuantitiesUserError", field, message, code };
}

export function adjustmentGroupView(ctx: ResolverContext, group: InventoryAdjustmentGroupRecord): View {
  return {
    __typename: "InventoryAdjustmentGroup",
    id: gid("InventoryAdjustmentGroup", group.id),
    createdAt: group.createdAt,
    reason: group.reason,
    referenceDocumentUri: group.referenceDocumentUri,
    staffMember: null,
    changes: (args: Args) => {
      const itemIds = list(args.inventoryItemIds).map((id) => parseGid(id, "InventoryItem"));
      const locationIds = list(args.locationIds).map((id) => parseGid(id, "Location"));
      const names = list(args.quantityNames).map(String);
      return group.changes
        .filter((c) => itemIds.length === 0 || itemIds.includes(c.inventoryItemId))
        .filter((c) => locationIds.length === 0 || locationIds.includes(c.locationId))
        .filter((c) => names.length === 0 || names.includes(c.name))
        .map((c) => ({
          __typename: "InventoryChange",
          name: c.name,
          delta: c.delta,
          quantityAfterChange: c.quantityAfterChange,
          ledgerDocumentUri: null,
          item: () => {
            const item = ctx.state.inventoryItems.get(c.inventoryItemId);
            return item ? inventoryItemView(ctx, item) : null;
          },
          location: () => {
            const location = ctx.state.locations.get(c.locationId);
            return location ? locationView(ctx, location) : null;
          },
        }));
    },
  };
}

/** The key of `@idempotent(key:)` on the field being resolved, if any (presence is checked earlier). */
export function idempotencyKey(ctx: ResolverContext, info: GraphQLResolveInfo): string | undefined {
  const directive = ctx.schema.getDirective("idempotent");
  const node = info.fieldNodes[0];
  if (!directive || !node) return undefined;
  const values = getDirectiveValues(directive, node, info.variableValues);
  return typeof values?.key === "string" ? values.key : undefined;
}

function validate(ctx: ResolverContext, input: Args): { quantities: QuantityToSet[]; errors: View[] } {
  const { state, shop } = ctx;
  const errors: View[] = [];
  const name = str(input.name);
  if (name !== "available" && name !== "on_hand") {
    errors.push(inventoryUserError(["input", "name"], "The quantity name must be either 'available' or 'on_hand'.", "INVALID_NAME"));
  }
  if (!INVENTORY_REASONS.has(str(input.reason) ?? "")) {
    errors.push(inventoryUserError(["input", "reason"], "The specified reason is invalid.", "INVALID_REASON"));
  }
  const reference = str(input.referenceDocumentUri);
  if (reference !== null && !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(reference)) {
    errors.push(
      inventoryUserError(["input", "referenceDocumentUri"], "The specified reference document is invalid.", "INVALID_REFERENCE_DOCUMENT"),
    );
  }
  const seen = new Set<string>();
  const quantities: QuantityToSet[] = [];
  list(input.quantities).forEach((raw, i) => {
    const q = obj(raw);
    const field = (f: string) => ["input", "quantities", String(i), f];
    const itemId = parseGid(q.inventoryItemId, "InventoryItem");
    const locationId = parseGid(q.locationId, "Location");
    const quantity = typeof q.quantity === "number" ? q.quantity : 0;
    if (!state.owned(state.inventoryItems, itemId, shop.domain)) {
      return errors.push(
        inventoryUserError(field("inventoryItemId"), "The specified inventory item could not be found.", "INVALID_INVENTORY_ITEM"),
      );
    }
    if (!state.owned(state.locations, locationId, shop.domain)) {
      return errors.push(inventoryUserError(field("locationId"), "The specified location could not be found.", "INVALID_LOCATION"));
    }
    if (itemId === undefined || locationId === undefined) return;
    const pair = `${itemId}:${locationId}`;
    if (seen.has(pair)) {
      return errors.push(
        inventoryUserError(
          field("inventoryItemId"),
          "The combination of inventoryItemId and locationId must be unique.",
          "NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR",
        ),
      );
    }
    seen.add(pair);
    if (!("changeFromQuantity" in q)) {
      // The schema makes it optional; the description makes it mandatory (explicit null allowed).
      return errors.push(
        inventoryUserError(
          field("changeFromQuantity"),
          "changeFromQuantity must be given for each quantity (pass null to skip the check).",
          "COMPARE_QUANTITY_REQUIRED",
        ),
      );
    }
    if (quantity < 0 && name === "on_hand") {
      return errors.push(inventoryUserError(field("quantity"), "The quantity can't be negative.", "INVALID_QUANTITY_NEGATIVE"));
    }
    if (quantity > MAX_QUANTITY)
      return errors.push(
        inventoryUserError(field("quantity"), "The total quantity can't be higher than 1,000,000,000.", "INVALID_QUANTITY_TOO_HIGH"),
      );
    if (quantity < -MAX_QUANTITY)
      return errors.push(
        inventoryUserError(field("quantity"), "The total quantity can't be lower than -1,000,000,000.", "INVALID_QUANTITY_TOO_LOW"),
      );
    const changeFrom = typeof q.changeFromQuantity === "number" ? q.changeFromQuantity : null;
    const current = state.inventoryLevel(itemId, locationId)?.quantities[name === "on_hand" ? "on_hand" : "available"] ?? 0;
    if (changeFrom !== null && changeFrom !== current) {
      return errors.push(
        inventoryUserError(
          field("changeFromQuantity"),
          `The changeFromQuantity (${changeFrom}) does not match the persisted value (${current}).`,
          "CHANGE_FROM_QUANTITY_STALE",
        ),
      );
    }
    quantities.push({ inventoryItemId: itemId, locationId, quantity, changeFromQuantity: changeFrom });
  });
  return { quantities, errors };
}

interface StoredResult {
  groupId: number | null;
  userErrors: View[];
}

/** inventoryActivate's answer, replayed for the same key as Shopify does. */
interface ActivationResult {
  levelId: number | null;
  userErrors: View[];
}

export const inventoryMutations = {
  /**
   * Stocks an item at a location (an inventory level is created), with its first on_hand and
   * available (available defaults to on_hand less nothing committed there yet). Already stocked:
   * the level is returned unchanged, as Shopify does. `@idempotent(key:)` is required (2026-04).
   */
  inventoryActivate: (args: Args, ctx: ResolverContext, info: GraphQLResolveInfo) => {
    const payload = (result: ActivationResult) => {
      const level = result.levelId === null ? undefined : ctx.state.inventoryLevels.get(result.levelId);
      return {
        __typename: "InventoryActivatePayload",
        inventoryLevel: level ? inventoryLevelView(ctx, level) : null,
        userErrors: result.userErrors,
      };
    };
    const key = idempotencyKey(ctx, info);
    const storeKey = `${ctx.shop.domain}|inventoryActivate|${key ?? ""}`;
    const fingerprint = JSON.stringify(args);
    const previous = key !== undefined ? ctx.state.idempotency.get(storeKey) : undefined;
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        return payload({
          levelId: null,
          userErrors: [{ __typename: "UserError", field: null, message: "The same idempotency key was used with different parameters." }],
        });
      }
      return payload(previous.result as ActivationResult);
    }
    const itemId = parseGid(args.inventoryItemId, "InventoryItem");
    const locationId = parseGid(args.locationId, "Location");
    const error = (field: string, message: string): ActivationResult => ({
      levelId: null,
      userErrors: [{ __typename: "UserError", field: [field], message }],
    });
    let result: ActivationResult;
    if (itemId === undefined || !ctx.state.owned(ctx.state.inventoryItems, itemId, ctx.shop.domain))
      result = error("inventoryItemId", "Inventory item does not exist");
    else if (locationId === undefined || !ctx.state.owned(ctx.state.locations, locationId, ctx.shop.domain))
      result = error("locationId", "Location does not exist");
    else {
      const existing = ctx.state.inventoryLevel(itemId, locationId);
      const level = existing ?? ensureInventoryLevel(ctx.state, itemId, locationId);
      if (existing === undefined) {
        const onHand = typeof args.onHand === "number" ? args.onHand : typeof args.available === "number" ? args.available : 0;
        const available = typeof args.available === "number" ? args.available : onHand;
        setQuantities(ctx.platform, ctx.shop.domain, {
          name: "on_hand",
          reason: "correction",
          referenceDocumentUri: null,
          quantities: [{ inventoryItemId: itemId, locationId, quantity: onHand, changeFromQuantity: null }],
        });
        if (available !== onHand) level.quantities.available = available;
      }
      result = { levelId: level.id, userErrors: [] };
    }
    if (key !== undefined) ctx.state.idempotency.set(storeKey, { fingerprint, result });
    return payload(result);
  },
  inventorySetQuantities: (args: Args, ctx: ResolverContext, info: GraphQLResolveInfo) => {
    const payload = (result: StoredResult) => {
      const group = result.groupId !== null ? ctx.state.adjustmentGroups.get(result.groupId) : undefined;
      return {
        __typename: "InventorySetQuantitiesPayload",
        inventoryAdjustmentGroup: group ? adjustmentGroupView(ctx, group) : null,
        userErrors: result.userErrors,
      };
    };
    const key = idempotencyKey(ctx, info);
    const storeKey = `${ctx.shop.domain}|inventorySetQuantities|${key ?? ""}`;
    const fingerprint = JSON.stringify(args);
    const previous = key !== undefined ? ctx.state.idempotency.get(storeKey) : undefined;
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        return payload({
          groupId: null,
          userErrors: [
            inventoryUserError(
              ["input"],
              "The same idempotency key was used with different parameters.",
              "IDEMPOTENCY_KEY_PARAMETER_MISMATCH",
            ),
          ],
        });
      }
      return payload(previous.result as StoredResult);
    }
    const input = obj(args.input);
    const { quantities, errors } = validate(ctx, input);
    const result: StoredResult = errors.length
      ? { groupId: null, userErrors: errors }
      : {
          groupId: setQuantities(ctx.platform, ctx.shop.domain, {
            name: str(input.name) === "on_hand" ? "on_hand" : "available",
            reason: str(input.reason) ?? "correction",
            referenceDocumentUri: str(input.referenceDocumentUri),
            quantities,
          }).id,
          userErrors: [],
        };
    if (key !== undefined) ctx.state.idempotency.set(storeKey, { fingerprint, result });
    return payload(result);
  },
};
