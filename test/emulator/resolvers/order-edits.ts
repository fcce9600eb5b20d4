/** Order edits: the CalculatedOrder of a session and the `orderEdit*` mutations (rules in order-edits.ts). */
import { z } from "zod";
import { isRefusal, refusal, type Refusal } from "../fulfillment-orders";
import { gid, gidType, parseGid } from "../ids";
import { addVariant, beginEdit, commitEdit, fulfilledUnits, setQuantity, stagedQuantity } from "../order-edits";
import { money, orderTotals, PAID_STATUSES } from "../payloads";
import type { LineItemRecord, OrderEditRecord, OrderRecord } from "../state";
import { moneyBag } from "./common";
import { connection } from "./connection";
import { lineItemView, orderView } from "./orders";
import { variantView } from "./products";
import { argsOf, typedUserError, type Args, type ResolverContext, type View } from "./types";

/** A line of the calculated order: an existing line item at its staged quantity, or an added variant. */
interface CalculatedLine {
  id: number;
  lineItem: LineItemRecord | null;
  variantId: number | null;
  quantity: number;
  quantityBefore: number;
  fulfilled: number;
  restock: boolean;
  title: string;
  sku: string | null;
  variantTitle: string | null;
  price: string;
}

function calculatedLines(ctx: ResolverContext, edit: OrderEditRecord, order: OrderRecord): CalculatedLine[] {
  const existing = order.lineItems.map((lineItem) => ({
    id: lineItem.id,
    lineItem,
    variantId: lineItem.variantId,
    quantity: stagedQuantity(edit, lineItem),
    quantityBefore: lineItem.currentQuantity,
    fulfilled: fulfilledUnits(ctx.platform, lineItem),
    restock: edit.quantities[lineItem.id]?.restock ?? false,
    title: lineItem.title,
    sku: lineItem.sku,
    variantTitle: lineItem.variantTitle,
    price: lineItem.price,
  }));
  const added = edit.additions.map((addition) => {
    const variant = ctx.state.variants.get(addition.variantId);
    const product = variant ? ctx.state.products.get(variant.productId) : undefined;
    return {
      id: addition.id,
      lineItem: null,
      variantId: addition.variantId,
      quantity: addition.quantity,
      quantityBefore: 0,
      fulfilled: 0,
      restock: false,
      title: product?.title ?? "",
      sku: variant?.sku ?? null,
      variantTitle: variant && variant.title !== "Default Title" ? variant.title : null,
      price: variant?.price ?? "0.00",
    };
  });
  return [...existing, ...added];
}

function calculatedLineView(ctx: ResolverContext, order: OrderRecord, line: CalculatedLine): View {
  const c = order.currencyCode;
  const variant = line.variantId !== null ? ctx.state.variants.get(line.variantId) : undefined;
  return {
    __typename: "CalculatedLineItem",
    id: gid("CalculatedLineItem", line.id),
    title: line.title,
    sku: line.sku,
    variantTitle: line.variantTitle,
    quantity: line.quantity,
    editableQuantity: line.quantity - line.fulfilled,
    editableQuantityBeforeChanges: line.quantityBefore - line.fulfilled,
    restockable: line.lineItem !== null,
    restocking: line.restock && line.quantity < line.quantityBefore,
    hasStagedLineItemDiscount: false,
    originalUnitPriceSet: moneyBag(line.price, c),
    discountedUnitPriceSet: moneyBag(line.price, c),
    editableSubtotalSet: moneyBag(money(Number(line.price) * (line.quantity - line.fulfilled)), c),
    uneditableSubtotalSet: moneyBag(money(Number(line.price) * line.fulfilled), c),
    customAttributes: line.lineItem?.properties.map((p) => ({ __typename: "Attribute", key: p.name, value: p.value })) ?? [],
    calculatedDiscountAllocations: [],
    discountAllocations: [],
    image: null,
    variant: () => (variant ? variantView(ctx, variant) : null),
    stagedChanges: () => stagedChangesOf(ctx, order, line),
  };
}

/** The staged change of one line, in the OrderStagedChange union's terms. */
function stagedChangesOf(ctx: ResolverContext, order: OrderRecord, line: CalculatedLine): View[] {
  const variant = line.variantId !== null ? ctx.state.variants.get(line.variantId) : undefined;
  if (line.lineItem === null) {
    return variant
      ? [{ __typename: "OrderStagedChangeAddVariant", quantity: line.quantity, variant: () => variantView(ctx, variant) }]
      : [];
  }
  const lineItem = line.lineItem;
  const delta = line.quantity - line.quantityBefore;
  if (delta > 0) return [{ __typename: "OrderStagedChangeIncrementItem", delta, lineItem: () => lineItemView(ctx, order, lineItem) }];
  if (delta < 0)
    return [
      {
        __typename: "OrderStagedChangeDecrementItem",
        delta: -delta,
        restock: line.restock,
        lineItem: () => lineItemView(ctx, order, lineItem),
      },
    ];
  return [];
}

export function calculatedOrderView(ctx: ResolverContext, edit: OrderEditRecord): View | null {
  const order = ctx.state.orders.get(edit.orderId);
  if (!order) return null;
  const c = order.currencyCode;
  const lines = () => calculatedLines(ctx, edit, order);
  const subtotal = () => lines().reduce((sum, l) => sum + Number(l.price) * l.quantity, 0) - Number(order.totalDiscounts);
  const shipping = order.shippingLines.reduce((sum, l) => sum + Number(l.price), 0);
  const total = () => subtotal() + shipping + (order.taxesIncluded ? 0 : Number(order.totalTax));
  return {
    __typename: "CalculatedOrder",
    id: gid("CalculatedOrder", edit.id),
    committed: edit.committedAt !== null,
    originalOrder: () => orderView(ctx, order),
    lineItems: (args: Args) => connection("CalculatedLineItem", lines(), args, (l) => calculatedLineView(ctx, order, l)),
    addedLineItems: (args: Args) =>
      connection(
        "CalculatedLineItem",
        lines().filter((l) => l.lineItem === null),
        args,
        (l) => calculatedLineView(ctx, order, l),
      ),
    stagedChanges: (args: Args) =>
      connection(
        "OrderStagedChange",
        lines().flatMap((l) => stagedChangesOf(ctx, order, l).map((change) => ({ id: l.id, change }))),
        args,
        (item) => item.change,
      ),
    subtotalLineItemsQuantity: () => lines().reduce((sum, l) => sum + l.quantity, 0),
    subtotalPriceSet: () => moneyBag(money(subtotal()), c),
    totalPriceSet: () => moneyBag(money(total()), c),
    // What the customer would still owe: the edited total minus what was paid for the order as it is.
    totalOutstandingSet: () =>
      moneyBag(money(Math.max(0, total() - (PAID_STATUSES.has(order.financialStatus) ? orderTotals(order, "current").total : 0))), c),
    cartDiscountAmountSet: null,
    shippingLines: [],
    taxLines: [],
    notificationPreviewTitle: "",
    notificationPreviewHtml: null,
    addedDiscountApplications: (args: Args) =>
      connection("CalculatedDiscountApplication", [], args, () => ({ __typename: "CalculatedManualDiscountApplication" })),
  };
}

/** An edit by its CalculatedOrder id or its OrderEditSession id (both are accepted). */
function findEdit(ctx: ResolverContext, id: string): OrderEditRecord | undefined {
  const type = gidType(id);
  const n = type ? parseGid(id, type) : undefined;
  if (type === "CalculatedOrder") return ctx.state.owned(ctx.state.orderEdits, n, ctx.shop.domain);
  if (type === "OrderEditSession") return ctx.state.inShop(ctx.state.orderEdits, ctx.shop.domain).find((e) => e.sessionId === n);
  return undefined;
}

function editPayload(ctx: ResolverContext, typename: string, edit: OrderEditRecord | undefined, line: number | null, errors: Refusal[]) {
  const order = edit ? ctx.state.orders.get(edit.orderId) : undefined;
  const calculated = edit && order && line !== null ? calculatedLines(ctx, edit, order).find((l) => l.id === line) : undefined;
  return {
    __typename: typename,
    calculatedOrder: edit ? calculatedOrderView(ctx, edit) : null,
    calculatedLineItem: calculated && order ? calculatedLineView(ctx, order, calculated) : null,
    orderEditSession: edit ? { __typename: "OrderEditSession", id: gid("OrderEditSession", edit.sessionId) } : null,
    userErrors: errors.map((e) => typedUserError("UserError", e)),
  };
}

const SetQuantityArgs = z.object({
  id: z.string(),
  lineItemId: z.string(),
  quantity: z.number().int(),
  restock: z.boolean().nullish(),
  locationId: z.string().nullish(),
});
const AddVariantArgs = z.object({
  id: z.string(),
  variantId: z.string(),
  quantity: z.number().int(),
  locationId: z.string().nullish(),
  allowDuplicates: z.boolean().nullish(),
});
const CommitArgs = z.object({ id: z.string(), notifyCustomer: z.boolean().nullish(), staffNote: z.string().nullish() });

const noEdit = refusal("The order edit session does not exist.", undefined, ["id"]);

export const orderEditMutations = {
  orderEditBegin: (args: Args, ctx: ResolverContext) => {
    const { id } = argsOf(z.object({ id: z.string() }), args);
    const order = ctx.state.owned(ctx.state.orders, parseGid(id, "Order"), ctx.shop.domain);
    if (!order)
      return editPayload(ctx, "OrderEditBeginPayload", undefined, null, [refusal("The order does not exist.", undefined, ["id"])]);
    const edit = beginEdit(ctx.platform, order);
    return isRefusal(edit)
      ? editPayload(ctx, "OrderEditBeginPayload", undefined, null, [edit])
      : editPayload(ctx, "OrderEditBeginPayload", edit, null, []);
  },

  orderEditSetQuantity: (args: Args, ctx: ResolverContext) => {
    const input = argsOf(SetQuantityArgs, args);
    const edit = findEdit(ctx, input.id);
    if (!edit) return editPayload(ctx, "OrderEditSetQuantityPayload", undefined, null, [noEdit]);
    const line = parseGid(input.lineItemId, "CalculatedLineItem") ?? -1;
    const locationId = input.locationId ? (parseGid(input.locationId, "Location") ?? -1) : null;
    const refused = setQuantity(ctx.platform, edit, line, input.quantity, input.restock ?? false, locationId);
    return editPayload(ctx, "OrderEditSetQuantityPayload", edit, refused ? null : line, refused ? [refused] : []);
  },

  orderEditAddVariant: (args: Args, ctx: ResolverContext) => {
    const input = argsOf(AddVariantArgs, args);
    const edit = findEdit(ctx, input.id);
    if (!edit) return editPayload(ctx, "OrderEditAddVariantPayload", undefined, null, [noEdit]);
    const locationId = input.locationId ? (parseGid(input.locationId, "Location") ?? -1) : null;
    const added = addVariant(
      ctx.platform,
      edit,
      parseGid(input.variantId, "ProductVariant"),
      input.quantity,
      locationId,
      input.allowDuplicates ?? false,
    );
    return isRefusal(added)
      ? editPayload(ctx, "OrderEditAddVariantPayload", edit, null, [added])
      : editPayload(ctx, "OrderEditAddVariantPayload", edit, added.id, []);
  },

  orderEditCommit: (args: Args, ctx: ResolverContext) => {
    const input = argsOf(CommitArgs, args);
    const edit = findEdit(ctx, input.id);
    const payload = (order: OrderRecord | null, errors: Refusal[]) => ({
      __typename: "OrderEditCommitPayload",
      order: order ? orderView(ctx, order) : null,
      successMessages: order ? ["Order updated"] : null,
      userErrors: errors.map((e) => typedUserError("UserError", e)),
    });
    if (!edit) return payload(null, [noEdit]);
    const order = commitEdit(ctx.platform, edit, input.notifyCustomer ?? false, input.staffNote ?? null);
    return isRefusal(order) ? payload(null, [order]) : payload(order, []);
  },
};
