/** Fulfilments, their tracking and their delivery events. */
import {
  createEvent,
  createFulfillment,
  updateTracking,
  type FulfillmentEventInput,
  type FulfillmentInput,
  type TrackingInput,
} from "../fulfillments";
import { gid, parseGid } from "../ids";
import { money } from "../payloads";
import type { FulfillmentEventRecord, FulfillmentLineItemRecord, FulfillmentRecord, OrderRecord } from "../state";
import { moneyBag } from "./common";
import { connection } from "./connection";
import { fulfillmentOrderView } from "./fulfillment-orders";
import { fulfillmentServiceView, locationView } from "./locations";
import { lineItemView, orderView } from "./orders";
import { bool, graphqlError, int, obj, str, userError, type Args, type ResolverContext, type View } from "./types";

export function fulfillmentView(ctx: ResolverContext, fulfillment: FulfillmentRecord): View {
  const { state } = ctx;
  const order = state.orders.get(fulfillment.orderId);
  return {
    __typename: "Fulfillment",
    id: gid("Fulfillment", fulfillment.id),
    legacyResourceId: String(fulfillment.id),
    name: fulfillment.name,
    status: fulfillment.status,
    displayStatus: fulfillment.displayStatus,
    createdAt: fulfillment.createdAt,
    updatedAt: fulfillment.updatedAt,
    deliveredAt: fulfillment.deliveredAt,
    inTransitAt: fulfillment.inTransitAt,
    estimatedDeliveryAt: fulfillment.estimatedDeliveryAt,
    requiresShipping: true,
    totalQuantity: fulfillment.lineItems.reduce((sum, l) => sum + l.quantity, 0),
    trackingInfo: (args: Args) => {
      const first = int(args.first);
      const infos = first === null ? fulfillment.trackingInfo : fulfillment.trackingInfo.slice(0, first);
      return infos.map((t) => ({ __typename: "FulfillmentTrackingInfo", company: t.company, number: t.number, url: t.url }));
    },
    originAddress: fulfillment.originAddress
      ? {
          __typename: "FulfillmentOriginAddress",
          address1: fulfillment.originAddress.address1 ?? null,
          address2: fulfillment.originAddress.address2 ?? null,
          city: fulfillment.originAddress.city ?? null,
          provinceCode: fulfillment.originAddress.provinceCode ?? null,
          zip: fulfillment.originAddress.zip ?? null,
          countryCode: fulfillment.originAddress.countryCode ?? "",
        }
      : null,
    order: () => (order ? orderView(ctx, order) : null),
    location: () => {
      const location = state.locations.get(fulfillment.locationId);
      return location ? locationView(ctx, location) : null;
    },
    service: () => {
      const service = state.fulfillmentServiceAt(fulfillment.locationId);
      return service ? fulfillmentServiceView(ctx, service) : null;
    },
    events: (args: Args) => connection("FulfillmentEvent", state.eventsOf(fulfillment.id), args, (e) => fulfillmentEventView(e)),
    fulfillmentOrders: (args: Args) =>
      connection(
        "FulfillmentOrder",
        fulfillment.fulfillmentOrderIds.flatMap((id) => state.fulfillmentOrders.get(id) ?? []),
        args,
        (fo) => fulfillmentOrderView(ctx, fo),
      ),
    fulfillmentLineItems: (args: Args) =>
      connection("FulfillmentLineItem", fulfillment.lineItems, args, (item) => fulfillmentLineItemView(ctx, order, item)),
  };
}

/** A fulfilment's line: which order line, how many units (returns name these). */
export function fulfillmentLineItemView(ctx: ResolverContext, order: OrderRecord | undefined, item: FulfillmentLineItemRecord): View {
  const lineItem = order?.lineItems.find((li) => li.id === item.lineItemId);
  const currency = order?.currencyCode ?? ctx.shop.currencyCode;
  const total = money(Number(lineItem?.price ?? 0) * item.quantity);
  return {
    __typename: "FulfillmentLineItem",
    id: gid("FulfillmentLineItem", item.id),
    quantity: item.quantity,
    originalTotalSet: moneyBag(total, currency),
    discountedTotalSet: moneyBag(total, currency),
    lineItem: () => (order && lineItem ? lineItemView(ctx, order, lineItem) : null),
  };
}

export function fulfillmentEventView(event: FulfillmentEventRecord): View {
  return {
    __typename: "FulfillmentEvent",
    id: gid("FulfillmentEvent", event.id),
    status: event.status,
    message: event.message,
    happenedAt: event.happenedAt,
    createdAt: event.createdAt,
    estimatedDeliveryAt: event.estimatedDeliveryAt,
    address1: event.address1,
    city: event.city,
    province: event.province,
    country: event.country,
    zip: event.zip,
    latitude: event.latitude,
    longitude: event.longitude,
  };
}

export const fulfillmentQueries = {
  fulfillment: (args: Args, ctx: ResolverContext) => {
    const fulfillment = ctx.state.owned(ctx.state.fulfillments, parseGid(args.id, "Fulfillment"), ctx.shop.domain);
    return fulfillment ? fulfillmentView(ctx, fulfillment) : null;
  },
};

/**
 * Input objects arrive coerced by graphql-js against the schema, so their shape is the schema's; the
 * casts below only name that shape.
 */
export const fulfillmentMutations = {
  fulfillmentCreate: (args: Args, ctx: ResolverContext) => {
    const input = obj(args.fulfillment) as unknown as FulfillmentInput;
    const result = createFulfillment(ctx.platform, ctx.shop.domain, input, str(args.message));
    return {
      __typename: "FulfillmentCreatePayload",
      fulfillment: result.fulfillment ? fulfillmentView(ctx, result.fulfillment) : null,
      userErrors: result.userErrors.map((e) => userError(e.field, e.message)),
    };
  },

  fulfillmentTrackingInfoUpdate: (args: Args, ctx: ResolverContext) => {
    const fulfillment = ctx.state.owned(ctx.state.fulfillments, parseGid(args.fulfillmentId, "Fulfillment"), ctx.shop.domain);
    const payload = (view: View | null, userErrors: View[]) => ({
      __typename: "FulfillmentTrackingInfoUpdatePayload",
      fulfillment: view,
      userErrors,
    });
    if (!fulfillment) return payload(null, [userError(["fulfillmentId"], "Fulfillment does not exist.")]);
    const errors = updateTracking(ctx.platform, fulfillment, obj(args.trackingInfoInput) as TrackingInput, bool(args.notifyCustomer));
    return errors.length
      ? payload(
          null,
          errors.map((e) => userError(e.field, e.message)),
        )
      : payload(fulfillmentView(ctx, fulfillment), []);
  },

  fulfillmentEventCreate: (args: Args, ctx: ResolverContext) => {
    const input = obj(args.fulfillmentEvent) as unknown as FulfillmentEventInput;
    const fulfillment = ctx.state.owned(ctx.state.fulfillments, parseGid(input.fulfillmentId, "Fulfillment"), ctx.shop.domain);
    const payload = (view: View | null, userErrors: View[]) => ({
      __typename: "FulfillmentEventCreatePayload",
      fulfillmentEvent: view,
      userErrors,
    });
    if (!fulfillment) return payload(null, [userError(["fulfillmentEvent", "fulfillmentId"], "Fulfillment does not exist.")]);
    if (fulfillment.status !== "SUCCESS") {
      return payload(null, [userError(["fulfillmentEvent", "fulfillmentId"], "Events can only be added to a successful fulfillment.")]);
    }
    for (const key of ["happenedAt", "estimatedDeliveryAt"] as const) {
      const value = input[key];
      if (value != null && Number.isNaN(Date.parse(value))) throw graphqlError(`Invalid DateTime for ${key}: ${value}`, "INVALID_VARIABLE");
    }
    return payload(fulfillmentEventView(createEvent(ctx.platform, fulfillment, input)), []);
  },
};
