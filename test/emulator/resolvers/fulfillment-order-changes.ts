/**
 * Mutations that change fulfillment orders without shipping anything: holds, scheduling, splits,
 * merges, moves, and a fulfillment service closing what it accepted. Arguments are read with zod;
 * the rules live in holds.ts, scheduled.ts, fulfillment-order-changes.ts and fulfillment-orders.ts.
 */
import { z } from "zod";
import {
  mergeFulfillmentOrders,
  moveFulfillmentOrder,
  splitFulfillmentOrders,
  type MergeIntent,
  type SplitInput,
} from "../fulfillment-order-changes";
import { closeFulfillmentOrder, isRefusal, refusal, type LinePick, type Refusal } from "../fulfillment-orders";
import { placeHold, releaseHolds } from "../holds";
import { parseGid } from "../ids";
import { openEarly, reschedule } from "../scheduled";
import type { FulfillmentOrderRecord } from "../state";
import { fulfillmentHoldView, fulfillmentOrderView } from "./fulfillment-orders";
import { argsOf, typedUserError, type Args, type ResolverContext, type View } from "./types";

const LineItemInput = z.object({ id: z.string(), quantity: z.number().int() });

const HoldArgs = z.object({
  id: z.string(),
  fulfillmentHold: z.object({
    reason: z.string(),
    reasonNotes: z.string().nullish(),
    handle: z.string().nullish(),
    externalId: z.string().nullish(),
    notifyMerchant: z.boolean().nullish(),
    fulfillmentOrderLineItems: z.array(LineItemInput).nullish(),
  }),
});
const ReleaseArgs = z.object({ id: z.string(), holdIds: z.array(z.string()).nullish(), externalId: z.string().nullish() });
const RescheduleArgs = z.object({ id: z.string(), fulfillAt: z.string() });
const SplitArgs = z.object({
  fulfillmentOrderSplits: z.array(z.object({ fulfillmentOrderId: z.string(), fulfillmentOrderLineItems: z.array(LineItemInput) })),
});
const MergeArgs = z.object({
  fulfillmentOrderMergeInputs: z.array(
    z.object({
      mergeIntents: z.array(z.object({ fulfillmentOrderId: z.string(), fulfillmentOrderLineItems: z.array(LineItemInput).nullish() })),
    }),
  ),
});
const MoveArgs = z.object({ id: z.string(), newLocationId: z.string(), fulfillmentOrderLineItems: z.array(LineItemInput).nullish() });
const CloseArgs = z.object({ id: z.string(), message: z.string().nullish() });

function picksOf(items: z.infer<typeof LineItemInput>[]): LinePick[] {
  // An id that is not a FulfillmentOrderLineItem gid becomes -1: no line has it, checkPicks says so.
  return items.map((item) => ({ lineId: parseGid(item.id, "FulfillmentOrderLineItem") ?? -1, quantity: item.quantity }));
}

function findFulfillmentOrder(ctx: ResolverContext, id: string): FulfillmentOrderRecord | undefined {
  return ctx.state.owned(ctx.state.fulfillmentOrders, parseGid(id, "FulfillmentOrder"), ctx.shop.domain);
}

const notFound = (field: string[]) => refusal("The fulfillment order could not be found.", "FULFILLMENT_ORDER_NOT_FOUND", field);

export const fulfillmentOrderChangeMutations = {
  fulfillmentOrderHold: (args: Args, ctx: ResolverContext) => {
    const { id, fulfillmentHold: input } = argsOf(HoldArgs, args);
    const fo = findFulfillmentOrder(ctx, id);
    const payload = (result: { hold: View; remaining: View | null } | null, errors: Refusal[]) => ({
      __typename: "FulfillmentOrderHoldPayload",
      fulfillmentHold: result?.hold ?? null,
      fulfillmentOrder: result && fo ? fulfillmentOrderView(ctx, fo) : null,
      remainingFulfillmentOrder: result?.remaining ?? null,
      userErrors: errors.map((e) => typedUserError("FulfillmentOrderHoldUserError", e)),
    });
    if (!fo) return payload(null, [notFound(["id"])]);
    const handle = input.handle ?? "";
    if (handle.length > 64)
      return payload(null, [refusal("The handle can't be longer than 64 characters.", undefined, ["fulfillmentHold", "handle"])]);
    const result = placeHold(ctx.platform, fo, {
      reason: input.reason,
      reasonNotes: input.reasonNotes ?? null,
      handle,
      externalId: input.externalId ?? null,
      notifyMerchant: input.notifyMerchant ?? false,
      lineItems: input.fulfillmentOrderLineItems?.length ? picksOf(input.fulfillmentOrderLineItems) : null,
    });
    if (isRefusal(result)) return payload(null, [result]);
    return payload(
      { hold: fulfillmentHoldView(result.hold), remaining: result.remaining ? fulfillmentOrderView(ctx, result.remaining) : null },
      [],
    );
  },

  fulfillmentOrderReleaseHold: (args: Args, ctx: ResolverContext) => {
    const { id, holdIds } = argsOf(ReleaseArgs, args);
    const fo = findFulfillmentOrder(ctx, id);
    const payload = (ok: boolean, errors: Refusal[]) => ({
      __typename: "FulfillmentOrderReleaseHoldPayload",
      fulfillmentOrder: ok && fo ? fulfillmentOrderView(ctx, fo) : null,
      userErrors: errors.map((e) => typedUserError("FulfillmentOrderReleaseHoldUserError", e)),
    });
    if (!fo) return payload(false, [notFound(["id"])]);
    const ids = holdIds ? holdIds.map((h) => parseGid(h, "FulfillmentHold") ?? -1) : null;
    const refused = releaseHolds(ctx.platform, fo, ids);
    return refused ? payload(false, [refused]) : payload(true, []);
  },

  fulfillmentOrderOpen: (args: Args, ctx: ResolverContext) => {
    const fo = findFulfillmentOrder(ctx, argsOf(z.object({ id: z.string() }), args).id);
    const payload = (ok: boolean, errors: Refusal[]) => ({
      __typename: "FulfillmentOrderOpenPayload",
      fulfillmentOrder: ok && fo ? fulfillmentOrderView(ctx, fo) : null,
      userErrors: errors.map((e) => typedUserError("UserError", e)),
    });
    if (!fo) return payload(false, [notFound(["id"])]);
    const refused = openEarly(ctx.platform, fo);
    return refused ? payload(false, [refused]) : payload(true, []);
  },

  fulfillmentOrderReschedule: (args: Args, ctx: ResolverContext) => {
    const { id, fulfillAt } = argsOf(RescheduleArgs, args);
    const fo = findFulfillmentOrder(ctx, id);
    const payload = (ok: boolean, errors: Refusal[]) => ({
      __typename: "FulfillmentOrderReschedulePayload",
      fulfillmentOrder: ok && fo ? fulfillmentOrderView(ctx, fo) : null,
      userErrors: errors.map((e) => typedUserError("FulfillmentOrderRescheduleUserError", e)),
    });
    if (!fo) return payload(false, [notFound(["id"])]);
    const refused = reschedule(ctx.platform, fo, fulfillAt);
    return refused ? payload(false, [refused]) : payload(true, []);
  },

  fulfillmentOrderSplit: (args: Args, ctx: ResolverContext) => {
    const { fulfillmentOrderSplits } = argsOf(SplitArgs, args);
    const payload = (results: View[] | null, errors: Refusal[]) => ({
      __typename: "FulfillmentOrderSplitPayload",
      fulfillmentOrderSplits: results,
      userErrors: errors.map((e) => typedUserError("FulfillmentOrderSplitUserError", e)),
    });
    const inputs: SplitInput[] = [];
    for (const [i, split] of fulfillmentOrderSplits.entries()) {
      const fo = findFulfillmentOrder(ctx, split.fulfillmentOrderId);
      if (!fo) return payload(null, [notFound(["fulfillmentOrderSplits", String(i), "fulfillmentOrderId"])]);
      inputs.push({ fo, picks: picksOf(split.fulfillmentOrderLineItems) });
    }
    const result = splitFulfillmentOrders(ctx.platform, inputs);
    if (isRefusal(result)) return payload(null, [result]);
    return payload(
      result.map((r) => ({
        __typename: "FulfillmentOrderSplitResult",
        fulfillmentOrder: fulfillmentOrderView(ctx, r.fulfillmentOrder),
        remainingFulfillmentOrder: fulfillmentOrderView(ctx, r.remainingFulfillmentOrder),
        replacementFulfillmentOrder: null,
      })),
      [],
    );
  },

  fulfillmentOrderMerge: (args: Args, ctx: ResolverContext) => {
    const { fulfillmentOrderMergeInputs } = argsOf(MergeArgs, args);
    const payload = (results: View[] | null, errors: Refusal[]) => ({
      __typename: "FulfillmentOrderMergePayload",
      fulfillmentOrderMerges: results,
      userErrors: errors.map((e) => typedUserError("FulfillmentOrderMergeUserError", e)),
    });
    const inputs: MergeIntent[][] = [];
    for (const [i, input] of fulfillmentOrderMergeInputs.entries()) {
      const intents: MergeIntent[] = [];
      for (const [j, intent] of input.mergeIntents.entries()) {
        const fo = findFulfillmentOrder(ctx, intent.fulfillmentOrderId);
        if (!fo)
          return payload(null, [notFound(["fulfillmentOrderMergeInputs", String(i), "mergeIntents", String(j), "fulfillmentOrderId"])]);
        intents.push({ fo, picks: intent.fulfillmentOrderLineItems?.length ? picksOf(intent.fulfillmentOrderLineItems) : null });
      }
      inputs.push(intents);
    }
    const result = mergeFulfillmentOrders(ctx.platform, inputs);
    if (isRefusal(result)) return payload(null, [result]);
    return payload(
      result.map((r) => ({ __typename: "FulfillmentOrderMergeResult", fulfillmentOrder: fulfillmentOrderView(ctx, r.fulfillmentOrder) })),
      [],
    );
  },

  fulfillmentOrderMove: (args: Args, ctx: ResolverContext) => {
    const { id, newLocationId, fulfillmentOrderLineItems } = argsOf(MoveArgs, args);
    const fo = findFulfillmentOrder(ctx, id);
    const payload = (result: { original: FulfillmentOrderRecord; moved: FulfillmentOrderRecord } | null, errors: Refusal[]) => ({
      __typename: "FulfillmentOrderMovePayload",
      originalFulfillmentOrder: result ? fulfillmentOrderView(ctx, result.original) : null,
      movedFulfillmentOrder: result ? fulfillmentOrderView(ctx, result.moved) : null,
      remainingFulfillmentOrder: null,
      userErrors: errors.map((e) => typedUserError("FulfillmentOrderMoveFulfillmentOrderMoveUserError", e)),
    });
    if (!fo) return payload(null, [refusal("The fulfillment order could not be found.", undefined, ["id"])]);
    const picks = fulfillmentOrderLineItems?.length ? picksOf(fulfillmentOrderLineItems) : null;
    const result = moveFulfillmentOrder(ctx.platform, fo, parseGid(newLocationId, "Location"), picks);
    return isRefusal(result) ? payload(null, [result]) : payload(result, []);
  },

  fulfillmentOrderClose: (args: Args, ctx: ResolverContext) => {
    const { id, message } = argsOf(CloseArgs, args);
    const fo = findFulfillmentOrder(ctx, id);
    const payload = (ok: boolean, errors: Refusal[]) => ({
      __typename: "FulfillmentOrderClosePayload",
      fulfillmentOrder: ok && fo ? fulfillmentOrderView(ctx, fo) : null,
      userErrors: errors.map((e) => typedUserError("UserError", e)),
    });
    if (!fo) return payload(false, [refusal("The fulfillment order could not be found.", undefined, ["id"])]);
    const error = closeFulfillmentOrder(ctx.platform, fo, message ?? null);
    return error ? payload(false, [refusal(error, undefined, ["id"])]) : payload(true, []);
  },
};
