/** Orders and their line items, read-only: orders change through the control routes and fulfilments. */
import { gid, parseGid } from "../ids";
import { canMarkAsPaid } from "../order-changes";
import { fulfillableQuantity, money, orderDuties, orderFulfillmentStatus, orderTotals, PAID_STATUSES, refundedAmount } from "../payloads";
import type { LineItemGroupRecord, LineItemRecord, OrderRecord, ShippingLineRecord } from "../state";
import { mailingAddressView, moneyBag, weightView } from "./common";
import { paymentTermsView, purchasingEntityView } from "./companies";
import { connection, count } from "./connection";
import { fulfillmentOrderView, fulfillmentOrdersOfOrder } from "./fulfillment-orders";
import { fulfillmentView } from "./fulfillments";
import { refundView, riskSummaryView } from "./order-changes";
import { productView, variantView } from "./products";
import { compare, compareDate, matchText, search } from "./search";
import { int, type Args, type ResolverContext, type View } from "./types";

function displayFulfillmentStatus(ctx: ResolverContext, order: OrderRecord): string {
  const status = orderFulfillmentStatus(ctx.state, order);
  if (status === "fulfilled") return "FULFILLED";
  if (status === "partial") return "PARTIALLY_FULFILLED";
  const fos = ctx.state.fulfillmentOrdersOf(order.id);
  if (fos.some((fo) => fo.status === "IN_PROGRESS")) return "IN_PROGRESS";
  if (fos.some((fo) => fo.requestStatus === "REJECTED")) return "REQUEST_DECLINED";
  if (fos.some((fo) => fo.status === "ON_HOLD")) return "ON_HOLD";
  const open = fos.filter((fo) => fo.status !== "CLOSED" && fo.status !== "CANCELLED");
  if (open.length > 0 && open.every((fo) => fo.status === "SCHEDULED")) return "SCHEDULED";
  return "UNFULFILLED";
}

export function orderView(ctx: ResolverContext, order: OrderRecord): View {
  const { state } = ctx;
  const c = order.currencyCode;
  const totals = orderTotals(order);
  const current = orderTotals(order, "current");
  const bag = (n: number) => moneyBag(money(n), c);
  const dutiesBag = (n: number | null) => (n === null ? null : bag(n));
  const cancelled = order.cancelledAt !== null;
  const paid = PAID_STATUSES.has(order.financialStatus);
  const refunded = () => refundedAmount(state, order);
  const unfulfilled = () =>
    state.fulfillmentOrdersOf(order.id).reduce((sum, fo) => sum + fo.lineItems.reduce((s, l) => s + l.remainingQuantity, 0), 0);
  return {
    __typename: "Order",
    id: gid("Order", order.id),
    legacyResourceId: String(order.id),
    name: order.name,
    number: order.number,
    email: order.email,
    phone: order.phone,
    note: order.note,
    tags: order.tags,
    test: order.test,
    confirmed: true,
    closed: order.closedAt !== null,
    closedAt: order.closedAt,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason?.toUpperCase() ?? null,
    createdAt: order.createdAt,
    processedAt: order.processedAt,
    updatedAt: order.updatedAt,
    currencyCode: c,
    presentmentCurrencyCode: c,
    sourceName: order.sourceName,
    paymentGatewayNames: order.paymentGatewayNames,
    taxesIncluded: order.taxesIncluded,
    dutiesIncluded: order.dutiesIncluded,
    customerLocale: order.customerLocale,
    currentTotalDutiesSet: () => dutiesBag(orderDuties(order, "current")),
    originalTotalDutiesSet: () => dutiesBag(orderDuties(order)),
    requiresShipping: order.lineItems.some((li) => li.requiresShipping),
    fulfillable: !cancelled && unfulfilled() > 0,
    displayFulfillmentStatus: () => displayFulfillmentStatus(ctx, order),
    displayFinancialStatus: order.financialStatus.toUpperCase(),
    fullyPaid: paid,
    unpaid: !paid && order.financialStatus !== "partially_paid",
    canMarkAsPaid: canMarkAsPaid(order),
    refundable: () => paid && current.total - refunded() > 0,
    edited: order.edited,
    merchantEditable: !cancelled,
    merchantEditableErrors: cancelled ? ["The order has been canceled and can't be edited."] : [],
    risk: () => riskSummaryView(order),
    // Deprecated in 2026-10 for risk.assessments; answers from the latest assessment.
    riskLevel: () => {
      const latest = order.riskAssessments.at(-1)?.riskLevel;
      return latest === "HIGH" || latest === "MEDIUM" ? latest : "LOW";
    },
    refunds: (args: Args) => {
      const all = state.refundsOf(order.id);
      const first = int(args.first);
      return (first === null ? all : all.slice(0, first)).map((r) => refundView(ctx, r));
    },
    totalWeight: String(totals.weight),
    currentTotalWeight: String(cancelled ? 0 : current.weight),
    subtotalLineItemsQuantity: order.lineItems.reduce((s, li) => s + li.quantity, 0),
    currentSubtotalLineItemsQuantity: cancelled ? 0 : order.lineItems.reduce((s, li) => s + li.currentQuantity, 0),
    subtotalPriceSet: bag(totals.subtotal),
    totalPriceSet: bag(totals.total),
    totalShippingPriceSet: bag(totals.shipping),
    totalTaxSet: bag(totals.tax),
    totalDiscountsSet: bag(totals.discounts),
    currentSubtotalPriceSet: bag(cancelled ? 0 : current.subtotal),
    currentTotalPriceSet: bag(cancelled ? 0 : current.total),
    currentTotalTaxSet: bag(cancelled ? 0 : current.tax),
    currentTotalDiscountsSet: bag(cancelled ? 0 : current.discounts),
    currentShippingPriceSet: bag(cancelled ? 0 : current.shipping),
    originalTotalPriceSet: bag(totals.total),
    totalOutstandingSet: bag(paid ? 0 : current.total),
    // What was paid: the order's total as it stood (edits after payment are not re-charged here).
    totalReceivedSet: () => bag(paid ? current.total + refunded() : 0),
    totalRefundedSet: () => bag(refunded()),
    netPaymentSet: () => bag(paid ? current.total : 0),
    shippingAddress: mailingAddressView(order.shippingAddress, order.id + 1_000_000),
    billingAddress: mailingAddressView(order.billingAddress, order.id + 2_000_000),
    displayAddress: mailingAddressView(order.shippingAddress ?? order.billingAddress, order.id + 1_000_000),
    shippingLine: () => (order.shippingLines[0] ? shippingLineView(order, order.shippingLines[0]) : null),
    shippingLines: (args: Args) => connection("ShippingLine", order.shippingLines, args, (line) => shippingLineView(order, line)),
    customer: () => (order.customer ? customerView(order) : null),
    purchasingEntity: () => purchasingEntityView(ctx, order, () => (order.customer ? customerView(order) : null)),
    paymentTerms: () => (order.paymentTerms ? paymentTermsView(ctx, order, order.paymentTerms) : null),
    lineItems: (args: Args) => connection("LineItem", order.lineItems, args, (li) => lineItemView(ctx, order, li)),
    // Customs ids a checkout collects (CPF, PCCC, ...). The REST orders/create payload the emulator
    // builds orders from has no such field, so its orders have none: an empty list, not an error.
    localizedFields: (args: Args) => connection("LocalizedField", noLocalizedFields, args, () => ({ __typename: "LocalizedField" })),
    fulfillmentOrders: (args: Args) =>
      connection("FulfillmentOrder", fulfillmentOrdersOfOrder(ctx, order, args), args, (fo) => fulfillmentOrderView(ctx, fo)),
    fulfillments: (args: Args) => {
      const all = state.fulfillmentsOf(order.id);
      const first = int(args.first);
      return (first === null ? all : all.slice(0, first)).map((f) => fulfillmentView(ctx, f));
    },
    fulfillmentsCount: () => count(state.fulfillmentsOf(order.id).length),
  };
}

const noLocalizedFields: { id: number }[] = [];

function shippingLineView(order: OrderRecord, line: ShippingLineRecord): View {
  return {
    __typename: "ShippingLine",
    id: gid("ShippingLine", line.id),
    title: line.title,
    code: line.code,
    source: line.source,
    carrierIdentifier: line.carrierIdentifier,
    custom: false,
    isRemoved: false,
    originalPriceSet: moneyBag(line.price, order.currencyCode),
    discountedPriceSet: moneyBag(line.price, order.currencyCode),
    currentDiscountedPriceSet: moneyBag(line.price, order.currencyCode),
  };
}

function customerView(order: OrderRecord): View | null {
  const customer = order.customer;
  if (!customer) return null;
  return {
    __typename: "Customer",
    id: gid("Customer", customer.id),
    legacyResourceId: String(customer.id),
    firstName: customer.firstName,
    lastName: customer.lastName,
    displayName: [customer.firstName, customer.lastName].filter(Boolean).join(" ") || customer.email || "",
    defaultEmailAddress: customer.email ? { __typename: "CustomerEmailAddress", emailAddress: customer.email } : null,
    defaultPhoneNumber: customer.phone ? { __typename: "CustomerPhoneNumber", phoneNumber: customer.phone } : null,
  };
}

export function lineItemView(ctx: ResolverContext, order: OrderRecord, lineItem: LineItemRecord): View {
  const { state } = ctx;
  const c = order.currencyCode;
  const fulfilled = state
    .fulfillmentsOf(order.id)
    .filter((f) => f.status === "SUCCESS")
    .flatMap((f) => f.lineItems)
    .filter((l) => l.lineItemId === lineItem.id)
    .reduce((sum, l) => sum + l.quantity, 0);
  const cancelled = order.cancelledAt !== null;
  const unitPrice = Number(lineItem.price);
  const discount = Number(lineItem.totalDiscount);
  const variant = lineItem.variantId !== null ? state.variants.get(lineItem.variantId) : undefined;
  const product = lineItem.productId !== null ? state.products.get(lineItem.productId) : undefined;
  const item = variant ? state.inventoryItems.get(variant.inventoryItemId) : undefined;
  return {
    __typename: "LineItem",
    id: gid("LineItem", lineItem.id),
    title: lineItem.title,
    name: lineItem.name,
    variantTitle: lineItem.variantTitle,
    vendor: lineItem.vendor,
    sku: lineItem.sku,
    quantity: lineItem.quantity,
    currentQuantity: cancelled ? 0 : lineItem.currentQuantity,
    unfulfilledQuantity: cancelled ? 0 : fulfillableQuantity(state, lineItem),
    nonFulfillableQuantity: cancelled ? lineItem.currentQuantity - fulfilled : 0,
    refundableQuantity: lineItem.currentQuantity,
    requiresShipping: lineItem.requiresShipping,
    taxable: lineItem.taxable,
    isGiftCard: lineItem.giftCard,
    merchantEditable: !cancelled,
    restockable: true,
    customAttributes: lineItem.properties.map((p) => ({ __typename: "Attribute", key: p.name, value: p.value })),
    weight: item?.weight ? weightView(item.weight) : weightView({ value: lineItem.grams, unit: "GRAMS" }),
    originalUnitPriceSet: moneyBag(money(unitPrice), c),
    discountedUnitPriceSet: moneyBag(money(unitPrice - discount / lineItem.quantity), c),
    discountedUnitPriceAfterAllDiscountsSet: moneyBag(money(unitPrice - discount / lineItem.quantity), c),
    originalTotalSet: moneyBag(money(unitPrice * lineItem.quantity), c),
    discountedTotalSet: moneyBag(money(unitPrice * lineItem.quantity - discount), c),
    totalDiscountSet: moneyBag(money(discount), c),
    unfulfilledOriginalTotalSet: moneyBag(money(unitPrice * (cancelled ? 0 : fulfillableQuantity(state, lineItem))), c),
    unfulfilledDiscountedTotalSet: moneyBag(
      money((unitPrice - discount / lineItem.quantity) * (cancelled ? 0 : fulfillableQuantity(state, lineItem))),
      c,
    ),
    duties: lineItem.duties.map((duty) => ({
      __typename: "Duty",
      id: gid("Duty", duty.id),
      harmonizedSystemCode: duty.harmonizedSystemCode,
      countryCodeOfOrigin: duty.countryCodeOfOrigin,
      price: moneyBag(duty.amount, c),
      taxLines: [],
    })),
    variant: () => (variant ? variantView(ctx, variant) : null),
    product: () => (product ? productView(ctx, product) : null),
    lineItemGroup: lineItem.lineItemGroup ? lineItemGroupView(lineItem.lineItemGroup) : null,
  };
}

/** The bundle a component line belongs to: the parent product the customer bought, and how many. */
function lineItemGroupView(group: LineItemGroupRecord): View {
  return {
    __typename: "LineItemGroup",
    id: gid("LineItemGroup", group.id),
    title: group.title,
    quantity: group.quantity,
    productId: group.productId === null ? null : gid("Product", group.productId),
    variantId: group.variantId === null ? null : gid("ProductVariant", group.variantId),
    variantSku: group.variantSku,
    customAttributes: group.customAttributes.map((p) => ({ __typename: "Attribute", key: p.name, value: p.value })),
  };
}

function ordersOf(ctx: ResolverContext, args: Args): OrderRecord[] {
  const { state } = ctx;
  const status = (o: OrderRecord) => (o.cancelledAt ? "cancelled" : o.closedAt ? "closed" : "open");
  return search(
    state.inShop(state.orders, ctx.shop.domain),
    args.query,
    {
      name: (o, v) => matchText(o.name, v) || matchText(o.name.replace(/^#/, ""), v.replace(/^#/, "")),
      id: (o, v, op) => compare(o.id, v, op),
      status: (o, v) => v.toLowerCase() === "any" || status(o) === v.toLowerCase(),
      email: (o, v) => matchText(o.email, v),
      fulfillment_status: (o, v) => {
        const s = orderFulfillmentStatus(state, o) ?? "unshipped";
        return v === "shipped" ? s === "fulfilled" : v === "unshipped" ? s === "unshipped" : s === v;
      },
      financial_status: (o, v) => o.financialStatus === v,
      created_at: (o, v, op) => compareDate(o.createdAt, v, op),
      updated_at: (o, v, op) => compareDate(o.updatedAt, v, op),
      processed_at: (o, v, op) => compareDate(o.processedAt, v, op),
    },
    (o) => o.name,
  );
}

export const orderQueries = {
  order: (args: Args, ctx: ResolverContext) => {
    const order = ctx.state.owned(ctx.state.orders, parseGid(args.id, "Order"), ctx.shop.domain);
    return order ? orderView(ctx, order) : null;
  },
  orders: (args: Args, ctx: ResolverContext) => connection("Order", ordersOf(ctx, args), args, (o) => orderView(ctx, o)),
};
