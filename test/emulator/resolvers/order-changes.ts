/**
 * Order-level mutations a merchant's admin actions map to: `orderUpdate`, `orderMarkAsPaid`,
 * `orderRiskAssessmentCreate`, `refundCreate` (idempotency key required: the same key and input
 * replay the first result, another input is refused), and the Refund view.
 */
import type { GraphQLResolveInfo } from "graphql";
import { z } from "zod";
import { isRefusal, refusal, type Refusal } from "../fulfillment-orders";
import { gid, parseGid } from "../ids";
import { assessRisk, markAsPaid, updateOrder } from "../order-changes";
import { createRefund, type RestockType } from "../refunds";
import type { OrderRecord, RefundRecord } from "../state";
import { appView, moneyBag } from "./common";
import { connection } from "./connection";
import { idempotencyKey } from "./inventory";
import { locationView } from "./locations";
import { lineItemView, orderView } from "./orders";
import { argsOf, typedUserError, type Args, type ResolverContext, type View } from "./types";

export function refundView(ctx: ResolverContext, refund: RefundRecord): View | null {
  const order = ctx.state.orders.get(refund.orderId);
  if (!order) return null;
  const c = order.currencyCode;
  return {
    __typename: "Refund",
    id: gid("Refund", refund.id),
    legacyResourceId: String(refund.id),
    note: refund.note,
    createdAt: refund.createdAt,
    processedAt: refund.processedAt,
    updatedAt: refund.createdAt,
    totalRefundedSet: moneyBag(refund.total, c),
    duties: [],
    return: null,
    staffMember: null,
    order: () => orderView(ctx, order),
    refundLineItems: (args: Args) =>
      connection("RefundLineItem", refund.lineItems, args, (item) => {
        const lineItem = order.lineItems.find((li) => li.id === item.lineItemId);
        const location = item.locationId !== null ? ctx.state.locations.get(item.locationId) : undefined;
        const unit = item.quantity > 0 ? (Number(item.subtotal) / item.quantity).toFixed(2) : "0.00";
        return {
          __typename: "RefundLineItem",
          id: gid("RefundLineItem", item.id),
          quantity: item.quantity,
          restockType: item.restockType,
          restocked: item.restocked,
          priceSet: moneyBag(unit, c),
          subtotalSet: moneyBag(item.subtotal, c),
          totalTaxSet: moneyBag("0.00", c),
          lineItem: () => (lineItem ? lineItemView(ctx, order, lineItem) : null),
          location: () => (location ? locationView(ctx, location) : null),
        };
      }),
    refundShippingLines: (args: Args) => connection("RefundShippingLine", [], args, () => ({ __typename: "RefundShippingLine" })),
    orderAdjustments: (args: Args) => connection("OrderAdjustment", [], args, () => ({ __typename: "OrderAdjustment" })),
    transactions: (args: Args) =>
      connection("OrderTransaction", [{ id: refund.transactionId }], args, () => ({
        __typename: "OrderTransaction",
        id: gid("OrderTransaction", refund.transactionId),
        kind: "REFUND",
        status: "SUCCESS",
        gateway: order.paymentGatewayNames[0] ?? "manual",
        formattedGateway: order.paymentGatewayNames[0] ?? "manual",
        test: order.test,
        createdAt: refund.createdAt,
        processedAt: refund.processedAt,
        amountSet: moneyBag(refund.total, c),
        manualPaymentGateway: false,
      })),
  };
}

function findOrder(ctx: ResolverContext, id: string): OrderRecord | undefined {
  return ctx.state.owned(ctx.state.orders, parseGid(id, "Order"), ctx.shop.domain);
}

const AddressInput = z.object({
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  company: z.string().nullish(),
  address1: z.string().nullish(),
  address2: z.string().nullish(),
  city: z.string().nullish(),
  provinceCode: z.string().nullish(),
  countryCode: z.string().nullish(),
  zip: z.string().nullish(),
  phone: z.string().nullish(),
});
const OrderUpdateArgs = z.object({
  input: z.object({
    id: z.string(),
    email: z.string().nullish(),
    phone: z.string().nullish(),
    note: z.string().nullish(),
    tags: z.array(z.string()).nullish(),
    shippingAddress: AddressInput.nullish(),
  }),
});
const RiskArgs = z.object({
  orderRiskAssessmentInput: z.object({
    orderId: z.string(),
    riskLevel: z.enum(["HIGH", "LOW", "MEDIUM", "NONE", "PENDING"]),
    facts: z.array(z.object({ description: z.string(), sentiment: z.enum(["NEGATIVE", "NEUTRAL", "POSITIVE"]) })),
  }),
});
const RefundArgs = z.object({
  input: z.object({
    orderId: z.string(),
    note: z.string().nullish(),
    notify: z.boolean().nullish(),
    refundLineItems: z
      .array(
        z.object({
          lineItemId: z.string(),
          quantity: z.number().int(),
          restockType: z.enum(["CANCEL", "LEGACY_RESTOCK", "NO_RESTOCK", "RETURN"]).nullish(),
          locationId: z.string().nullish(),
        }),
      )
      .nullish(),
    shipping: z.object({ amount: z.string().nullish(), fullRefund: z.boolean().nullish() }).nullish(),
  }),
});

/** `undefined` keys are fields the app did not send; `null` ones clear the field. */
function given<T extends Record<string, unknown>>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

interface StoredRefund {
  refundId: number | null;
  userErrors: Refusal[];
}

export const orderChangeMutations = {
  orderUpdate: (args: Args, ctx: ResolverContext) => {
    const { input } = argsOf(OrderUpdateArgs, args);
    const order = findOrder(ctx, input.id);
    const payload = (result: OrderRecord | null, errors: Refusal[]) => ({
      __typename: "OrderUpdatePayload",
      order: result ? orderView(ctx, result) : null,
      userErrors: errors.map((e) => typedUserError("UserError", e)),
    });
    if (!order) return payload(null, [refusal("Order does not exist", undefined, ["id"])]);
    const { id: _id, shippingAddress, ...fields } = given(input);
    const result = updateOrder(ctx.platform, order, { ...fields, ...(shippingAddress ? { shippingAddress: given(shippingAddress) } : {}) });
    return isRefusal(result) ? payload(null, [result]) : payload(result, []);
  },

  orderMarkAsPaid: (args: Args, ctx: ResolverContext) => {
    const { input } = argsOf(z.object({ input: z.object({ id: z.string() }) }), args);
    const order = findOrder(ctx, input.id);
    const payload = (result: OrderRecord | null, errors: Refusal[]) => ({
      __typename: "OrderMarkAsPaidPayload",
      order: result ? orderView(ctx, result) : null,
      userErrors: errors.map((e) => typedUserError("UserError", e)),
    });
    if (!order) return payload(null, [refusal("Order does not exist", undefined, ["id"])]);
    const result = markAsPaid(ctx.platform, order);
    return isRefusal(result) ? payload(null, [result]) : payload(result, []);
  },

  orderRiskAssessmentCreate: (args: Args, ctx: ResolverContext) => {
    const { orderRiskAssessmentInput: input } = argsOf(RiskArgs, args);
    const order = findOrder(ctx, input.orderId);
    const payload = (assessment: View | null, errors: Refusal[]) => ({
      __typename: "OrderRiskAssessmentCreatePayload",
      orderRiskAssessment: assessment,
      userErrors: errors.map((e) => typedUserError("OrderRiskAssessmentCreateUserError", e)),
    });
    if (!order) return payload(null, [refusal("The order does not exist.", "NOT_FOUND", ["orderRiskAssessmentInput", "orderId"])]);
    const result = assessRisk(ctx.platform, order, { riskLevel: input.riskLevel, facts: input.facts });
    return isRefusal(result) ? payload(null, [result]) : payload(riskAssessmentView(result), []);
  },

  refundCreate: (args: Args, ctx: ResolverContext, info: GraphQLResolveInfo) => {
    const payload = (stored: StoredRefund) => {
      const refund = stored.refundId !== null ? ctx.state.refunds.get(stored.refundId) : undefined;
      const order = refund ? ctx.state.orders.get(refund.orderId) : undefined;
      return {
        __typename: "RefundCreatePayload",
        refund: refund ? refundView(ctx, refund) : null,
        order: order ? orderView(ctx, order) : null,
        userErrors: stored.userErrors.map((e) => typedUserError("UserError", e)),
      };
    };
    const key = idempotencyKey(ctx, info);
    const storeKey = `${ctx.shop.domain}|refundCreate|${key ?? ""}`;
    const fingerprint = JSON.stringify(args);
    const previous = key !== undefined ? ctx.state.idempotency.get(storeKey) : undefined;
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        return payload({
          refundId: null,
          userErrors: [refusal("The same idempotency key cannot be used with different operation parameters.", undefined, ["input"])],
        });
      }
      return payload(previous.result as StoredRefund);
    }
    const { input } = argsOf(RefundArgs, args);
    const order = findOrder(ctx, input.orderId);
    let stored: StoredRefund;
    if (!order) stored = { refundId: null, userErrors: [refusal("Order does not exist", undefined, ["input", "orderId"])] };
    else {
      const amount = input.shipping?.amount ? Number(input.shipping.amount) : null;
      const result = createRefund(ctx.platform, order, {
        note: input.note ?? null,
        lines: (input.refundLineItems ?? []).map((line) => ({
          lineItemId: parseGid(line.lineItemId, "LineItem"),
          quantity: line.quantity,
          // Shopify's default when the app does not say: nothing goes back on the shelf.
          restockType: (line.restockType ?? "NO_RESTOCK") satisfies RestockType,
          locationId: line.locationId ? (parseGid(line.locationId, "Location") ?? -1) : null,
        })),
        shipping: input.shipping ? { fullRefund: input.shipping.fullRefund ?? false, amount } : null,
      });
      stored = isRefusal(result) ? { refundId: null, userErrors: [result] } : { refundId: result.id, userErrors: [] };
    }
    if (key !== undefined) ctx.state.idempotency.set(storeKey, { fingerprint, result: stored });
    return payload(stored);
  },
};

export function riskAssessmentView(assessment: OrderRecord["riskAssessments"][number]): View {
  return {
    __typename: "OrderRiskAssessment",
    riskLevel: assessment.riskLevel,
    provider: appView(),
    facts: assessment.facts.map((f) => ({ __typename: "RiskFact", description: f.description, sentiment: f.sentiment })),
  };
}

const RISK_ORDER = ["NONE", "PENDING", "LOW", "MEDIUM", "HIGH"] as const;

/** Order.risk: every assessment, and a recommendation from the gravest (Shopify's own is not modelled). */
export function riskSummaryView(order: OrderRecord): View {
  const gravest = order.riskAssessments.reduce<(typeof RISK_ORDER)[number] | null>(
    (worst, a) => (worst === null || RISK_ORDER.indexOf(a.riskLevel) > RISK_ORDER.indexOf(worst) ? a.riskLevel : worst),
    null,
  );
  const recommendation =
    gravest === "HIGH" ? "CANCEL" : gravest === "MEDIUM" ? "INVESTIGATE" : gravest === "LOW" || gravest === "NONE" ? "ACCEPT" : "NONE";
  return { __typename: "OrderRiskSummary", assessments: order.riskAssessments.map(riskAssessmentView), recommendation };
}
