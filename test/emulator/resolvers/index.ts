/**
 * The root objects: every QueryRoot and Mutation field the emulator implements. Anything absent here
 * is answered with a "not implemented" GraphQL error by the executor.
 */
import { gidType, parseGid } from "../ids";
import { bulkOperationMutations, bulkOperationQueries, bulkOperationView } from "./bulk-operations";
import { carrierServiceMutations, carrierServiceQueries, carrierServiceView } from "./carrier-services";
import { fulfillmentOrderChangeMutations } from "./fulfillment-order-changes";
import { fulfillmentOrderMutations, fulfillmentOrderQueries, fulfillmentOrderView } from "./fulfillment-orders";
import { fulfillmentEventView, fulfillmentMutations, fulfillmentQueries, fulfillmentView } from "./fulfillments";
import { inventoryMutations } from "./inventory";
import { fulfillmentServiceView, locationMutations, locationQueries, locationView } from "./locations";
import { orderChangeMutations, refundView } from "./order-changes";
import { calculatedOrderView, orderEditMutations } from "./order-edits";
import { lineItemView, orderQueries, orderView } from "./orders";
import { inventoryItemView, productQueries, productView, variantView } from "./products";
import { returnMutations, returnQueries, returnView, reverseFulfillmentOrderById } from "./returns";
import { currentAppInstallationView, shopView } from "./shop";
import { list, type Args, type ResolverContext, type View } from "./types";

/** `node(id:)` for the types the emulator models; other ids resolve to null, as unknown ids do. */
function nodeById(ctx: ResolverContext, id: unknown): View | null {
  if (typeof id !== "string") return null;
  const { state, shop } = ctx;
  const type = gidType(id);
  const n = type ? parseGid(id, type) : undefined;
  const owned = <T extends { shop: string }>(map: Map<number, T>) => state.owned(map, n, shop.domain);
  switch (type) {
    case "Order": {
      const order = owned(state.orders);
      return order ? orderView(ctx, order) : null;
    }
    case "LineItem": {
      const found = n !== undefined ? state.lineItem(n) : undefined;
      return found && found.order.shop === shop.domain ? lineItemView(ctx, found.order, found.lineItem) : null;
    }
    case "FulfillmentOrder": {
      const fo = owned(state.fulfillmentOrders);
      return fo ? fulfillmentOrderView(ctx, fo) : null;
    }
    case "Fulfillment": {
      const f = owned(state.fulfillments);
      return f ? fulfillmentView(ctx, f) : null;
    }
    case "FulfillmentEvent": {
      const e = owned(state.fulfillmentEvents);
      return e ? fulfillmentEventView(e) : null;
    }
    case "Location": {
      const l = owned(state.locations);
      return l ? locationView(ctx, l) : null;
    }
    case "FulfillmentService": {
      const s = owned(state.fulfillmentServices);
      return s ? fulfillmentServiceView(ctx, s) : null;
    }
    case "Product": {
      const p = owned(state.products);
      return p ? productView(ctx, p) : null;
    }
    case "ProductVariant": {
      const v = owned(state.variants);
      return v ? variantView(ctx, v) : null;
    }
    case "InventoryItem": {
      const i = owned(state.inventoryItems);
      return i ? inventoryItemView(ctx, i) : null;
    }
    case "Refund": {
      const r = owned(state.refunds);
      return r ? refundView(ctx, r) : null;
    }
    case "CalculatedOrder": {
      const e = owned(state.orderEdits);
      return e ? calculatedOrderView(ctx, e) : null;
    }
    case "BulkOperation": {
      const b = owned(state.bulkOperations);
      return b ? bulkOperationView(ctx, b) : null;
    }
    case "DeliveryCarrierService": {
      const c = owned(state.carrierServices);
      return c ? carrierServiceView(c) : null;
    }
    case "Return": {
      const r = owned(state.returns);
      return r ? returnView(ctx, r) : null;
    }
    case "ReverseFulfillmentOrder":
      return reverseFulfillmentOrderById(ctx, n);
    default:
      return null;
  }
}

export const queryRoot = {
  shop: (_args: Args, ctx: ResolverContext) => shopView(ctx),
  currentAppInstallation: (_args: Args, ctx: ResolverContext) => currentAppInstallationView(ctx),
  node: (args: Args, ctx: ResolverContext) => nodeById(ctx, args.id),
  nodes: (args: Args, ctx: ResolverContext) => list(args.ids).map((id) => nodeById(ctx, id)),
  ...locationQueries,
  ...productQueries,
  ...orderQueries,
  ...fulfillmentOrderQueries,
  ...fulfillmentQueries,
  ...carrierServiceQueries,
  ...bulkOperationQueries,
  ...returnQueries,
};

export const mutationRoot = {
  ...locationMutations,
  ...fulfillmentOrderMutations,
  ...fulfillmentOrderChangeMutations,
  ...orderEditMutations,
  ...orderChangeMutations,
  ...fulfillmentMutations,
  ...inventoryMutations,
  ...carrierServiceMutations,
  ...bulkOperationMutations,
  ...returnMutations,
};
