/** Fulfillment orders: what to ship from where, and the fulfillment service's answers to requests. */
import {
  acceptCancellationRequest,
  acceptFulfillmentRequest,
  rejectCancellationRequest,
  rejectFulfillmentRequest,
  submitFulfillmentRequest,
  WITH_SERVICE,
} from "../fulfillment-orders";
import { gid, parseGid } from "../ids";
import { money } from "../payloads";
import { z } from "zod";
import type { FulfillmentHoldRecord, FulfillmentOrderLineItemRecord, FulfillmentOrderRecord, OrderRecord } from "../state";
import { appView, moneyBag, weightView } from "./common";
import { connection } from "./connection";
import { fulfillmentView } from "./fulfillments";
import { locationView } from "./locations";
import { lineItemView, orderView } from "./orders";
import { variantView } from "./products";
import { compare, compareDate, search } from "./search";
import { argsOf, bool, list, str, userError, type Args, type ResolverContext, type View } from "./types";

/** What the admin offers for a fulfillment order in each state (FulfillmentOrderAction). */
function supportedActions(ctx: ResolverContext, fo: FulfillmentOrderRecord): string[] {
  const atService = ctx.state.fulfillmentServiceAt(fo.assignedLocationId) !== undefined;
  const free = !WITH_SERVICE.has(fo.requestStatus);
  const mergeable =
    free &&
    ctx.state
      .fulfillmentOrdersOf(fo.orderId)
      .some(
        (other) =>
          other.id !== fo.id &&
          other.assignedLocationId === fo.assignedLocationId &&
          other.status === fo.status &&
          !WITH_SERVICE.has(other.requestStatus),
      );
  const withMerge = (actions: string[]) => (mergeable ? [...actions, "MERGE"] : actions);
  switch (fo.status) {
    case "CLOSED":
    case "CANCELLED":
      return [];
    case "SCHEDULED":
      return withMerge(["MARK_AS_OPEN", "MOVE", "SPLIT"]);
    case "ON_HOLD":
      return free ? ["RELEASE_HOLD", "HOLD", "MOVE"] : ["RELEASE_HOLD", "HOLD"];
    case "INCOMPLETE":
      return atService ? ["REQUEST_FULFILLMENT", "MOVE"] : ["MOVE"];
    case "OPEN":
      if (fo.requestStatus === "SUBMITTED") return ["CANCEL_FULFILLMENT_ORDER", "HOLD"];
      return withMerge([atService ? "REQUEST_FULFILLMENT" : "CREATE_FULFILLMENT", "MOVE", "HOLD", "SPLIT"]);
    case "IN_PROGRESS":
      if (fo.requestStatus === "ACCEPTED" || fo.requestStatus === "CANCELLATION_REJECTED")
        return ["REQUEST_CANCELLATION", "CREATE_FULFILLMENT"];
      return free ? ["CREATE_FULFILLMENT", "MOVE"] : ["CREATE_FULFILLMENT"];
  }
}

const HOLD_REASONS: Record<string, string> = {
  AWAITING_PAYMENT: "Awaiting payment",
  AWAITING_RETURN_ITEMS: "Awaiting return items",
  HIGH_RISK_OF_FRAUD: "High risk of fraud",
  INCORRECT_ADDRESS: "Incorrect address",
  INVENTORY_OUT_OF_STOCK: "Inventory out of stock",
  ONLINE_STORE_POST_PURCHASE_CROSS_SELL: "Post-purchase upsell",
  OTHER: "Other",
  UNKNOWN_DELIVERY_DATE: "Unknown delivery date",
};

export function fulfillmentHoldView(hold: FulfillmentHoldRecord): View {
  return {
    __typename: "FulfillmentHold",
    id: gid("FulfillmentHold", hold.id),
    reason: hold.reason,
    reasonNotes: hold.reasonNotes,
    displayReason: HOLD_REASONS[hold.reason] ?? hold.reason,
    handle: hold.handle,
    // Holds placed through the API are the calling app's own.
    heldByRequestingApp: true,
    heldByApp: appView(),
  };
}

export function fulfillmentOrderView(ctx: ResolverContext, fo: FulfillmentOrderRecord): View {
  const { state } = ctx;
  const order = state.orders.get(fo.orderId);
  const location = state.locations.get(fo.assignedLocationId);
  const d = fo.destination;
  return {
    __typename: "FulfillmentOrder",
    id: gid("FulfillmentOrder", fo.id),
    status: fo.status,
    requestStatus: fo.requestStatus,
    orderId: gid("Order", fo.orderId),
    orderName: order?.name ?? "",
    orderProcessedAt: order?.processedAt ?? fo.createdAt,
    createdAt: fo.createdAt,
    updatedAt: fo.updatedAt,
    fulfillAt: fo.fulfillAt,
    fulfillBy: null,
    fulfillmentHolds: () => fo.holds.map(fulfillmentHoldView),
    internationalDuties: null,
    supportedActions: () =>
      supportedActions(ctx, fo).map((action) => ({ __typename: "FulfillmentOrderSupportedAction", action, externalUrl: null })),
    order: () => (order ? orderView(ctx, order) : null),
    assignedLocation: {
      __typename: "FulfillmentOrderAssignedLocation",
      name: location?.name ?? "",
      address1: location?.address.address1 ?? null,
      address2: location?.address.address2 ?? null,
      city: location?.address.city ?? null,
      province: location?.address.province ?? null,
      zip: location?.address.zip ?? null,
      phone: location?.address.phone ?? null,
      countryCode: location?.address.countryCode ?? "US",
      location: () => (location ? locationView(ctx, location) : null),
    },
    destination: d
      ? {
          __typename: "FulfillmentOrderDestination",
          id: gid("FulfillmentOrderDestination", d.id),
          firstName: d.firstName,
          lastName: d.lastName,
          company: d.company,
          address1: d.address1,
          address2: d.address2,
          city: d.city,
          province: d.province,
          zip: d.zip,
          countryCode: d.countryCode,
          phone: d.phone,
          email: d.email,
          location: null,
        }
      : null,
    deliveryMethod: {
      __typename: "DeliveryMethod",
      id: gid("DeliveryMethod", fo.id),
      methodType: order?.lineItems.some((li) => li.requiresShipping) ? "SHIPPING" : "NONE",
      presentedName: order?.shippingLines[0]?.title ?? null,
      serviceCode: order?.shippingLines[0]?.code ?? null,
      sourceReference: null,
      minDeliveryDateTime: null,
      maxDeliveryDateTime: null,
    },
    remainingLineItemsWeight: () => {
      const grams = fo.lineItems.reduce((sum, line) => {
        const li = order?.lineItems.find((l) => l.id === line.lineItemId);
        return sum + (li?.grams ?? 0) * line.remainingQuantity;
      }, 0);
      return weightView({ value: grams, unit: "GRAMS" });
    },
    lineItems: (args: Args) =>
      connection("FulfillmentOrderLineItem", fo.lineItems, args, (line) => fulfillmentOrderLineItemView(ctx, fo, line)),
    fulfillments: (args: Args) =>
      connection(
        "Fulfillment",
        state.fulfillmentsOf(fo.orderId).filter((f) => f.fulfillmentOrderIds.includes(fo.id)),
        args,
        (f) => fulfillmentView(ctx, f),
      ),
    merchantRequests: (args: Args) =>
      connection(
        "FulfillmentOrderMerchantRequest",
        fo.merchantRequests.filter((r) => typeof args.kind !== "string" || r.kind === args.kind),
        args,
        (r) => ({
          __typename: "FulfillmentOrderMerchantRequest",
          id: gid("FulfillmentOrderMerchantRequest", r.id),
          kind: r.kind,
          message: r.message,
          requestOptions: r.requestOptions,
          responseData: r.responseData,
          sentAt: r.sentAt,
          fulfillmentOrder: () => fulfillmentOrderView(ctx, fo),
        }),
      ),
  };
}

function fulfillmentOrderLineItemView(ctx: ResolverContext, fo: FulfillmentOrderRecord, line: FulfillmentOrderLineItemRecord): View {
  const { state } = ctx;
  const order = state.orders.get(fo.orderId);
  const lineItem = order?.lineItems.find((li) => li.id === line.lineItemId);
  const variant = line.variantId !== null ? state.variants.get(line.variantId) : undefined;
  const item = line.inventoryItemId !== null ? state.inventoryItems.get(line.inventoryItemId) : undefined;
  const currency = order?.currencyCode ?? ctx.shop.currencyCode;
  const unitPrice = lineItem?.price ?? "0.00";
  const unitDiscount = lineItem ? Number(lineItem.totalDiscount) / lineItem.quantity : 0;
  return {
    __typename: "FulfillmentOrderLineItem",
    id: gid("FulfillmentOrderLineItem", line.id),
    totalQuantity: line.totalQuantity,
    remainingQuantity: line.remainingQuantity,
    sku: lineItem?.sku ?? null,
    productTitle: lineItem?.title ?? "",
    variantTitle: lineItem?.variantTitle ?? null,
    vendor: lineItem?.vendor ?? null,
    requiresShipping: lineItem?.requiresShipping ?? true,
    inventoryItemId: line.inventoryItemId !== null ? gid("InventoryItem", line.inventoryItemId) : null,
    weight: item?.weight ? weightView(item.weight) : weightView({ value: lineItem?.grams ?? 0, unit: "GRAMS" }),
    image: null,
    warnings: [],
    originalUnitPriceSet: moneyBag(unitPrice, currency),
    financialSummaries: [
      {
        __typename: "FulfillmentOrderLineItemFinancialSummary",
        quantity: line.totalQuantity,
        originalUnitPriceSet: moneyBag(unitPrice, currency),
        approximateDiscountedUnitPriceSet: moneyBag(money(Number(unitPrice) - unitDiscount), currency),
        discountAllocations: [],
      },
    ],
    lineItem: () => (order && lineItem ? lineItemView(ctx, order, lineItem) : null),
    variant: () => (variant ? variantView(ctx, variant) : null),
  };
}

export function fulfillmentOrdersOfOrder(ctx: ResolverContext, order: OrderRecord, args: Args): FulfillmentOrderRecord[] {
  // `displayable` hides cancelled/closed-without-work ones in the admin; here it hides CANCELLED.
  const all = ctx.state.fulfillmentOrdersOf(order.id);
  return args.displayable === true ? all.filter((fo) => fo.status !== "CANCELLED") : all;
}

const ASSIGNMENT_STATUS: Record<string, (fo: FulfillmentOrderRecord) => boolean> = {
  FULFILLMENT_UNSUBMITTED: (fo) => fo.requestStatus === "UNSUBMITTED",
  FULFILLMENT_REQUESTED: (fo) => fo.requestStatus === "SUBMITTED",
  FULFILLMENT_ACCEPTED: (fo) => fo.requestStatus === "ACCEPTED" || fo.requestStatus === "CANCELLATION_REJECTED",
  CANCELLATION_REQUESTED: (fo) => fo.requestStatus === "CANCELLATION_REQUESTED",
};

/** Fulfillment orders at the app's fulfillment-service locations (all services belong to the app). */
function assignedFulfillmentOrders(args: Args, ctx: ResolverContext): View {
  const { state, shop } = ctx;
  const locationIds = list(args.locationIds).map((id) => parseGid(id, "Location"));
  const status = typeof args.assignmentStatus === "string" ? ASSIGNMENT_STATUS[args.assignmentStatus] : undefined;
  const items = state
    .inShop(state.fulfillmentOrders, shop.domain)
    .filter((fo) => state.fulfillmentServiceAt(fo.assignedLocationId) !== undefined)
    .filter((fo) => fo.status !== "CLOSED" && fo.status !== "CANCELLED")
    .filter((fo) => locationIds.length === 0 || locationIds.includes(fo.assignedLocationId))
    .filter((fo) => !status || status(fo));
  return connection("FulfillmentOrder", items, args, (fo) => fulfillmentOrderView(ctx, fo));
}

export const fulfillmentOrderQueries = {
  fulfillmentOrder: (args: Args, ctx: ResolverContext) => {
    const fo = ctx.state.owned(ctx.state.fulfillmentOrders, parseGid(args.id, "FulfillmentOrder"), ctx.shop.domain);
    return fo ? fulfillmentOrderView(ctx, fo) : null;
  },
  fulfillmentOrders: (args: Args, ctx: ResolverContext) => {
    const all = ctx.state.inShop(ctx.state.fulfillmentOrders, ctx.shop.domain);
    const open = args.includeClosed === true ? all : all.filter((fo) => fo.status !== "CLOSED" && fo.status !== "CANCELLED");
    const items = search(
      open,
      args.query,
      {
        status: (fo, v) => fo.status.toLowerCase() === v.toLowerCase(),
        request_status: (fo, v) => fo.requestStatus.toLowerCase() === v.toLowerCase(),
        assigned_location_id: (fo, v) => String(fo.assignedLocationId) === v,
        order_id: (fo, v) => String(fo.orderId) === v,
        id: (fo, v, op) => compare(fo.id, v, op),
        updated_at: (fo, v, op) => compareDate(fo.updatedAt, v, op),
      },
      () => null,
    );
    return connection("FulfillmentOrder", items, args, (fo) => fulfillmentOrderView(ctx, fo));
  },
  assignedFulfillmentOrders,
};

/** Shop.assignedFulfillmentOrders is deprecated in 2026-10 for the QueryRoot field, same answer. */
export const shopAssignedFulfillmentOrders = assignedFulfillmentOrders;

const AcceptArgs = z.object({ message: z.string().nullish(), estimatedShippedAt: z.string().nullish() });
const RejectArgs = z.object({
  message: z.string().nullish(),
  reason: z.string().nullish(),
  lineItems: z.array(z.object({ fulfillmentOrderLineItemId: z.string(), message: z.string().nullish() })).nullish(),
});

type Transition = (ctx: ResolverContext, fo: FulfillmentOrderRecord, args: Args) => string | undefined;

function fulfillmentOrderMutation(payloadType: string, transition: Transition) {
  return (args: Args, ctx: ResolverContext) => {
    const fo = ctx.state.owned(ctx.state.fulfillmentOrders, parseGid(args.id, "FulfillmentOrder"), ctx.shop.domain);
    if (!fo)
      return { __typename: payloadType, fulfillmentOrder: null, userErrors: [userError(["id"], "Fulfillment order does not exist.")] };
    const error = transition(ctx, fo, args);
    return {
      __typename: payloadType,
      fulfillmentOrder: error ? null : fulfillmentOrderView(ctx, fo),
      userErrors: error ? [userError(["id"], error)] : [],
    };
  };
}

export const fulfillmentOrderMutations = {
  fulfillmentOrderSubmitFulfillmentRequest: (args: Args, ctx: ResolverContext) => {
    const fo = ctx.state.owned(ctx.state.fulfillmentOrders, parseGid(args.id, "FulfillmentOrder"), ctx.shop.domain);
    const payload = (submitted: View | null, userErrors: View[]) => ({
      __typename: "FulfillmentOrderSubmitFulfillmentRequestPayload",
      originalFulfillmentOrder: fo ? fulfillmentOrderView(ctx, fo) : null,
      submittedFulfillmentOrder: submitted,
      unsubmittedFulfillmentOrder: null,
      userErrors,
    });
    if (!fo) return payload(null, [userError(["id"], "Fulfillment order does not exist.")]);
    if (args.fulfillmentOrderLineItems != null) {
      return payload(null, [
        userError(
          ["fulfillmentOrderLineItems"],
          "The Shopify emulator does not split fulfillment orders on request; omit fulfillmentOrderLineItems.",
        ),
      ]);
    }
    const error = submitFulfillmentRequest(ctx.platform, fo, {
      message: str(args.message),
      notifyCustomer: bool(args.notifyCustomer) ?? false,
    });
    return error ? payload(null, [userError(["id"], error)]) : payload(fulfillmentOrderView(ctx, fo), []);
  },
  fulfillmentOrderAcceptFulfillmentRequest: fulfillmentOrderMutation("FulfillmentOrderAcceptFulfillmentRequestPayload", (ctx, fo, args) => {
    const { message, estimatedShippedAt } = argsOf(AcceptArgs, args);
    const at = estimatedShippedAt ? Date.parse(estimatedShippedAt) : undefined;
    if (at !== undefined && Number.isNaN(at)) return `estimatedShippedAt is not a date and time: ${estimatedShippedAt}`;
    return acceptFulfillmentRequest(ctx.platform, fo, {
      message: message ?? null,
      estimatedShippedAt: at === undefined ? null : new Date(at).toISOString(),
    });
  }),
  fulfillmentOrderRejectFulfillmentRequest: fulfillmentOrderMutation("FulfillmentOrderRejectFulfillmentRequestPayload", (ctx, fo, args) => {
    const { message, reason, lineItems } = argsOf(RejectArgs, args);
    const lines = (lineItems ?? []).map((item) => ({
      fulfillmentOrderLineItemId: parseGid(item.fulfillmentOrderLineItemId, "FulfillmentOrderLineItem"),
      message: item.message ?? null,
    }));
    const known = lines.flatMap((l) =>
      l.fulfillmentOrderLineItemId !== undefined && fo.lineItems.some((line) => line.id === l.fulfillmentOrderLineItemId)
        ? [{ ...l, fulfillmentOrderLineItemId: l.fulfillmentOrderLineItemId }]
        : [],
    );
    if (known.length !== lines.length) return "Fulfillment order line item does not exist on this fulfillment order.";
    return rejectFulfillmentRequest(ctx.platform, fo, { message: message ?? null, reason: reason ?? null, lineItems: known });
  }),
  fulfillmentOrderAcceptCancellationRequest: fulfillmentOrderMutation("FulfillmentOrderAcceptCancellationRequestPayload", (ctx, fo, args) =>
    acceptCancellationRequest(ctx.platform, fo, str(args.message)),
  ),
  fulfillmentOrderRejectCancellationRequest: fulfillmentOrderMutation("FulfillmentOrderRejectCancellationRequestPayload", (ctx, fo, args) =>
    rejectCancellationRequest(ctx.platform, fo, str(args.message)),
  ),
};
