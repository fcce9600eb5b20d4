/**
 * Returns and reverse fulfillment orders: the `return` query, the return mutations a merchant's
 * admin (or a returns app) sends, and `reverseFulfillmentOrderDispose`. The rules are in returns.ts.
 */
import { z } from "zod";
import { gid, parseGid } from "../ids";
import { isRefusal, refusal, type Refusal } from "../fulfillment-orders";
import { approveReturn, createReturn, dispose, requestReturn, type ReturnLineInput } from "../returns";
import type { DispositionRecord, ReturnRecord, ReverseFulfillmentOrderLineRecord, ReverseFulfillmentOrderRecord } from "../state";
import { weightView } from "./common";
import { connection } from "./connection";
import { fulfillmentLineItemView } from "./fulfillments";
import { locationView } from "./locations";
import { orderView } from "./orders";
import { argsOf, typedUserError, type Args, type ResolverContext, type View } from "./types";

function fulfillmentLineItemOf(ctx: ResolverContext, fulfillmentLineItemId: number): View | null {
  const found = ctx.state.fulfillmentLineItem(fulfillmentLineItemId);
  if (!found) return null;
  return fulfillmentLineItemView(ctx, ctx.state.orders.get(found.fulfillment.orderId), found.lineItem);
}

function dispositionView(ctx: ResolverContext, disposition: DispositionRecord): View {
  return {
    __typename: "ReverseFulfillmentOrderDisposition",
    id: gid("ReverseFulfillmentOrderDisposition", disposition.id),
    type: disposition.type,
    quantity: disposition.quantity,
    createdAt: disposition.createdAt,
    location: () => {
      const location = disposition.locationId === null ? undefined : ctx.state.locations.get(disposition.locationId);
      return location ? locationView(ctx, location) : null;
    },
  };
}

export function reverseFulfillmentOrderLineView(ctx: ResolverContext, line: ReverseFulfillmentOrderLineRecord): View {
  return {
    __typename: "ReverseFulfillmentOrderLineItem",
    id: gid("ReverseFulfillmentOrderLineItem", line.id),
    totalQuantity: line.totalQuantity,
    dispositions: line.dispositions.map((d) => dispositionView(ctx, d)),
    fulfillmentLineItem: () => fulfillmentLineItemOf(ctx, line.fulfillmentLineItemId),
  };
}

export function reverseFulfillmentOrderView(ctx: ResolverContext, ret: ReturnRecord, rfo: ReverseFulfillmentOrderRecord): View {
  return {
    __typename: "ReverseFulfillmentOrder",
    id: gid("ReverseFulfillmentOrder", rfo.id),
    status: rfo.status,
    order: () => {
      const order = ctx.state.orders.get(ret.orderId);
      return order ? orderView(ctx, order) : null;
    },
    lineItems: (args: Args) =>
      connection("ReverseFulfillmentOrderLineItem", rfo.lines, args, (line) => reverseFulfillmentOrderLineView(ctx, line)),
  };
}

export function returnView(ctx: ResolverContext, ret: ReturnRecord): View {
  const { state } = ctx;
  return {
    __typename: "Return",
    id: gid("Return", ret.id),
    name: ret.name,
    status: ret.status,
    createdAt: ret.createdAt,
    requestApprovedAt: ret.requestApprovedAt,
    closedAt: ret.closedAt,
    totalQuantity: ret.lines.reduce((sum, l) => sum + l.quantity, 0),
    order: () => {
      const order = state.orders.get(ret.orderId);
      return order ? orderView(ctx, order) : null;
    },
    returnLineItems: (args: Args) =>
      connection("ReturnLineItem", ret.lines, args, (line) => {
        const shipped = state.fulfillmentLineItem(line.fulfillmentLineItemId);
        const lineItem = shipped ? state.lineItem(shipped.lineItem.lineItemId)?.lineItem : undefined;
        return {
          __typename: "ReturnLineItem",
          id: gid("ReturnLineItem", line.id),
          quantity: line.quantity,
          returnReasonNote: line.returnReasonNote,
          customerNote: line.customerNote,
          totalWeight: lineItem ? weightView({ value: lineItem.grams * line.quantity, unit: "GRAMS" }) : null,
          fulfillmentLineItem: () => fulfillmentLineItemOf(ctx, line.fulfillmentLineItemId),
        };
      }),
    reverseFulfillmentOrders: (args: Args) => {
      const rfo = ret.reverseFulfillmentOrder;
      return connection("ReverseFulfillmentOrder", rfo ? [rfo] : [], args, (r) => reverseFulfillmentOrderView(ctx, ret, r));
    },
  };
}

/** The reverse fulfillment order a `node` id names, with its return. */
export function reverseFulfillmentOrderById(ctx: ResolverContext, id: number | undefined): View | null {
  for (const ret of ctx.state.inShop(ctx.state.returns, ctx.shop.domain)) {
    const rfo = ret.reverseFulfillmentOrder;
    if (rfo && rfo.id === id) return reverseFulfillmentOrderView(ctx, ret, rfo);
  }
  return null;
}

export const returnQueries = {
  return: (args: Args, ctx: ResolverContext) => {
    const ret = ctx.state.owned(ctx.state.returns, parseGid(args.id, "Return"), ctx.shop.domain);
    return ret ? returnView(ctx, ret) : null;
  },
};

const LineInput = z.object({
  fulfillmentLineItemId: z.string(),
  quantity: z.number().int(),
  returnReasonNote: z.string().nullish(),
  customerNote: z.string().nullish(),
});
const CreateArgs = z.object({ returnInput: z.object({ orderId: z.string(), returnLineItems: z.array(LineInput) }) });
const RequestArgs = z.object({ input: z.object({ orderId: z.string(), returnLineItems: z.array(LineInput) }) });
const ApproveArgs = z.object({ input: z.object({ id: z.string() }) });
const DisposeArgs = z.object({
  dispositionInputs: z.array(
    z.object({
      reverseFulfillmentOrderLineItemId: z.string(),
      quantity: z.number().int(),
      locationId: z.string().nullish(),
      dispositionType: z.enum(["MISSING", "NOT_RESTOCKED", "PROCESSING_REQUIRED", "RESTOCKED"]),
    }),
  ),
});

const linesOf = (lines: z.infer<typeof LineInput>[]): ReturnLineInput[] =>
  lines.map((l) => ({
    fulfillmentLineItemId: parseGid(l.fulfillmentLineItemId, "FulfillmentLineItem"),
    quantity: l.quantity,
    returnReasonNote: l.returnReasonNote ?? null,
    customerNote: l.customerNote ?? null,
  }));

function returnPayload(typename: string, ctx: ResolverContext, result: ReturnRecord | Refusal | null, notFound?: Refusal): View {
  const errors = notFound ? [notFound] : isRefusal(result) ? [result] : [];
  return {
    __typename: typename,
    return: result && !isRefusal(result) && !notFound ? returnView(ctx, result) : null,
    userErrors: errors.map((e) => typedUserError("ReturnUserError", e)),
  };
}

export const returnMutations = {
  returnCreate: (args: Args, ctx: ResolverContext) => {
    const { returnInput } = argsOf(CreateArgs, args);
    const order = ctx.state.owned(ctx.state.orders, parseGid(returnInput.orderId, "Order"), ctx.shop.domain);
    if (!order)
      return returnPayload("ReturnCreatePayload", ctx, null, refusal("Order does not exist.", "NOT_FOUND", ["returnInput", "orderId"]));
    return returnPayload("ReturnCreatePayload", ctx, createReturn(ctx.platform, order, linesOf(returnInput.returnLineItems)));
  },

  returnRequest: (args: Args, ctx: ResolverContext) => {
    const { input } = argsOf(RequestArgs, args);
    const order = ctx.state.owned(ctx.state.orders, parseGid(input.orderId, "Order"), ctx.shop.domain);
    if (!order)
      return returnPayload("ReturnRequestPayload", ctx, null, refusal("Order does not exist.", "NOT_FOUND", ["input", "orderId"]));
    return returnPayload("ReturnRequestPayload", ctx, requestReturn(ctx.platform, order, linesOf(input.returnLineItems)));
  },

  returnApproveRequest: (args: Args, ctx: ResolverContext) => {
    const { input } = argsOf(ApproveArgs, args);
    const ret = ctx.state.owned(ctx.state.returns, parseGid(input.id, "Return"), ctx.shop.domain);
    if (!ret)
      return returnPayload("ReturnApproveRequestPayload", ctx, null, refusal("Return does not exist.", "NOT_FOUND", ["input", "id"]));
    const refused = approveReturn(ctx.platform, ret);
    return returnPayload("ReturnApproveRequestPayload", ctx, refused ?? ret);
  },

  reverseFulfillmentOrderDispose: (args: Args, ctx: ResolverContext) => {
    const { dispositionInputs } = argsOf(DisposeArgs, args);
    const result = dispose(
      ctx.platform,
      ctx.shop.domain,
      dispositionInputs.map((input) => ({
        reverseFulfillmentOrderLineItemId: parseGid(input.reverseFulfillmentOrderLineItemId, "ReverseFulfillmentOrderLineItem"),
        quantity: input.quantity,
        locationId: input.locationId == null ? null : (parseGid(input.locationId, "Location") ?? -1),
        dispositionType: input.dispositionType,
      })),
    );
    if (isRefusal(result)) {
      return {
        __typename: "ReverseFulfillmentOrderDisposePayload",
        reverseFulfillmentOrderLineItems: null,
        userErrors: [typedUserError("ReturnUserError", result)],
      };
    }
    const lineIds = [
      ...new Set(dispositionInputs.map((i) => parseGid(i.reverseFulfillmentOrderLineItemId, "ReverseFulfillmentOrderLineItem") ?? -1)),
    ];
    const lines = lineIds.flatMap((id) => ctx.state.reverseFulfillmentOrderLine(id)?.line ?? []);
    return {
      __typename: "ReverseFulfillmentOrderDisposePayload",
      reverseFulfillmentOrderLineItems: lines.map((line) => reverseFulfillmentOrderLineView(ctx, line)),
      userErrors: [],
    };
  },
};
