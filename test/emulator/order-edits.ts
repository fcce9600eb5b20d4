/**
 * Order edits: `orderEditBegin` opens a session (a CalculatedOrder), `orderEditSetQuantity` and
 * `orderEditAddVariant` stage changes, `orderEditCommit` applies them, as 2026-10 documents: only
 * unfulfilled units are editable, 0 removes a line (it stays on the order with currentQuantity 0),
 * an added variant becomes a new line item. Committing changes the fulfillment orders' quantities
 * (order-units.ts: in place, or a SUBMITTED request withdrawn and requested again; units a service
 * accepted are refused at staging), releases or commits stock, and sends `orders/edited` then
 * `orders/updated`, the only webhooks Shopify sends for an edit.
 */
import { orderEditedPayload } from "./change-payloads";
import { refusal, type Refusal } from "./fulfillment-orders";
import { gramsOf } from "./orders";
import { checkRemovable, noChanges, placeUnits, removeUnits, requestChanged } from "./order-units";
import { restOrder } from "./payloads";
import type { Platform } from "./platform";
import type { LineItemRecord, OrderEditRecord, OrderRecord } from "./state";

/** Units of a line already shipped: the floor of its editable quantity. */
export function fulfilledUnits(platform: Platform, lineItem: LineItemRecord): number {
  return platform.state
    .fulfillmentsOf(lineItem.orderId)
    .filter((f) => f.status === "SUCCESS")
    .flatMap((f) => f.lineItems)
    .filter((l) => l.lineItemId === lineItem.id)
    .reduce((sum, l) => sum + l.quantity, 0);
}

export function beginEdit(platform: Platform, order: OrderRecord): OrderEditRecord | Refusal {
  const { state } = platform;
  if (order.cancelledAt) return refusal("The order has been canceled and can't be edited.", undefined, ["id"]);
  const edit: OrderEditRecord = {
    id: state.newId(),
    sessionId: state.newId(),
    shop: order.shop,
    orderId: order.id,
    quantities: {},
    additions: [],
    committedAt: null,
    createdAt: state.timestamp(),
  };
  state.orderEdits.set(edit.id, edit);
  return edit;
}

/** The quantity a line will have once the edit is committed. */
export function stagedQuantity(edit: OrderEditRecord, lineItem: LineItemRecord): number {
  return edit.quantities[lineItem.id]?.quantity ?? lineItem.currentQuantity;
}

/**
 * `orderEditSetQuantity` on an existing line item or on a variant added in this session. Lowering a
 * line below what was shipped, or taking units a fulfillment service accepted, is refused.
 */
export function setQuantity(
  platform: Platform,
  edit: OrderEditRecord,
  calculatedLineId: number,
  quantity: number,
  restock: boolean,
  locationId: number | null,
): Refusal | undefined {
  const order = platform.state.orders.get(edit.orderId);
  if (edit.committedAt || !order) return refusal("The order edit has already been committed.", undefined, ["id"]);
  if (quantity < 0) return refusal("The quantity can't be negative.", undefined, ["quantity"]);
  const added = edit.additions.find((a) => a.id === calculatedLineId);
  if (added) {
    if (quantity === 0) edit.additions = edit.additions.filter((a) => a !== added);
    else added.quantity = quantity;
    return undefined;
  }
  const lineItem = order.lineItems.find((li) => li.id === calculatedLineId);
  if (!lineItem) return refusal("The line item does not exist on this order edit.", undefined, ["lineItemId"]);
  const fulfilled = fulfilledUnits(platform, lineItem);
  if (quantity < fulfilled)
    return refusal(`${lineItem.name}: ${fulfilled} unit(s) are already fulfilled; the quantity can't be lower.`, undefined, ["quantity"]);
  if (quantity < lineItem.currentQuantity) {
    const locked = checkRemovable(platform, lineItem, lineItem.currentQuantity - quantity, ["lineItemId"]);
    if (locked) return locked;
  }
  edit.quantities[lineItem.id] = { quantity, restock, locationId };
  return undefined;
}

export function addVariant(
  platform: Platform,
  edit: OrderEditRecord,
  variantId: number | undefined,
  quantity: number,
  locationId: number | null,
  allowDuplicates: boolean,
): { id: number } | Refusal {
  const { state } = platform;
  const order = state.orders.get(edit.orderId);
  if (edit.committedAt || !order) return refusal("The order edit has already been committed.", undefined, ["id"]);
  const variant = state.owned(state.variants, variantId, edit.shop);
  if (!variant) return refusal("The variant does not exist.", undefined, ["variantId"]);
  if (quantity < 1) return refusal("The quantity must be positive.", undefined, ["quantity"]);
  if (locationId !== null && !state.owned(state.locations, locationId, edit.shop))
    return refusal("The location does not exist.", undefined, ["locationId"]);
  const present =
    order.lineItems.some((li) => li.variantId === variant.id && stagedQuantity(edit, li) > 0) ||
    edit.additions.some((a) => a.variantId === variant.id);
  if (present && !allowDuplicates) {
    return refusal(
      "The variant is already on the order. Change that line item's quantity, or pass allowDuplicates: true for a separate line item.",
      undefined,
      ["variantId"],
    );
  }
  const addition = { id: state.newId(), variantId: variant.id, quantity, locationId };
  edit.additions.push(addition);
  return { id: addition.id };
}

/** A new line item of the order for an added variant, priced and described from the catalogue. */
function lineItemFor(platform: Platform, order: OrderRecord, addition: OrderEditRecord["additions"][number]): LineItemRecord | undefined {
  const { state } = platform;
  const variant = state.variants.get(addition.variantId);
  const product = variant ? state.products.get(variant.productId) : undefined;
  const item = variant ? state.inventoryItems.get(variant.inventoryItemId) : undefined;
  if (!variant || !product) return undefined;
  const variantTitle = variant.title === "Default Title" ? null : variant.title;
  const grams = item?.weight ? gramsOf(item.weight.value, item.weight.unit) : 0;
  return {
    id: addition.id,
    orderId: order.id,
    title: product.title,
    name: variantTitle ? `${product.title} - ${variantTitle}` : product.title,
    variantTitle,
    vendor: product.vendor || null,
    sku: variant.sku,
    quantity: addition.quantity,
    currentQuantity: addition.quantity,
    price: variant.price,
    totalDiscount: "0.00",
    grams,
    requiresShipping: item?.requiresShipping ?? true,
    taxable: true,
    giftCard: false,
    variantId: variant.id,
    productId: product.id,
    properties: [],
    // Shopify does not charge duties on units an edit adds.
    duties: [],
  };
}

export function commitEdit(
  platform: Platform,
  edit: OrderEditRecord,
  notifyCustomer: boolean,
  staffNote: string | null,
): OrderRecord | Refusal {
  const { state, webhooks } = platform;
  const order = state.orders.get(edit.orderId);
  if (edit.committedAt || !order) return refusal("The order edit has already been committed.", undefined, ["id"]);
  // Staged checks again: a service may have accepted the work since the change was staged.
  for (const lineItem of order.lineItems) {
    const staged = edit.quantities[lineItem.id];
    if (staged && staged.quantity < lineItem.currentQuantity) {
      const locked = checkRemovable(platform, lineItem, lineItem.currentQuantity - staged.quantity, ["id"]);
      if (locked) return locked;
    }
  }
  const changes = noChanges();
  const additions: { id: number; delta: number }[] = [];
  const removals: { id: number; delta: number }[] = [];
  for (const lineItem of order.lineItems) {
    const staged = edit.quantities[lineItem.id];
    if (!staged || staged.quantity === lineItem.currentQuantity) continue;
    const delta = staged.quantity - lineItem.currentQuantity;
    if (delta < 0) {
      // Unfulfilled units go back to available whatever `restock` says: only committed stock moves.
      removeUnits(platform, lineItem, -delta, "release", changes);
      removals.push({ id: lineItem.id, delta: -delta });
    } else {
      lineItem.quantity += delta;
      placeUnits(platform, order, lineItem, delta, staged.locationId, changes);
      additions.push({ id: lineItem.id, delta });
    }
    lineItem.currentQuantity = staged.quantity;
  }
  for (const addition of edit.additions) {
    const lineItem = lineItemFor(platform, order, addition);
    if (!lineItem) continue;
    order.lineItems.push(lineItem);
    placeUnits(platform, order, lineItem, addition.quantity, addition.locationId, changes);
    additions.push({ id: lineItem.id, delta: addition.quantity });
  }
  edit.committedAt = state.timestamp();
  order.edited = true;
  order.updatedAt = edit.committedAt;
  webhooks.publish(order.shop, "orders/edited", orderEditedPayload(edit, order, { additions, removals }, notifyCustomer, staffNote));
  webhooks.publish(order.shop, "orders/updated", restOrder(state, order));
  requestChanged(platform, changes);
  return order;
}
