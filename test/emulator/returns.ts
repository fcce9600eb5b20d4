/**
 * Returns as 2026-10 documents them: `returnRequest` (a customer's request, REQUESTED, no reverse
 * fulfillment order yet, `returns/request`), `returnApproveRequest` (OPEN, its reverse fulfillment
 * order created, `returns/approve`), `returnCreate` (approved outside Shopify: OPEN at once, and
 * `returns/approve`, the only webhook whose status says OPEN), and `reverseFulfillmentOrderDispose`
 * (units RESTOCKED at a location go back on its shelf; `reverse_fulfillment_orders/dispose`).
 *
 * Units of a fulfilment line item can be in one active return at a time: a return asks for at most
 * what shipped minus what other requested or open returns hold (refunds do not count here).
 */
import { gid } from "./ids";
import { refusal, type Refusal } from "./fulfillment-orders";
import { restock } from "./inventory";
import type { Platform } from "./platform";
import type { DispositionRecord, DispositionType, OrderRecord, ReturnRecord, ReverseFulfillmentOrderRecord } from "./state";

export interface ReturnLineInput {
  fulfillmentLineItemId: number | undefined;
  quantity: number;
  returnReasonNote: string | null;
  customerNote: string | null;
}

export interface DisposeInput {
  reverseFulfillmentOrderLineItemId: number | undefined;
  quantity: number;
  locationId: number | undefined | null;
  dispositionType: DispositionType;
}

const ACTIVE: ReturnRecord["status"][] = ["REQUESTED", "OPEN"];

/** Units of a fulfilment line item that active returns hold already. */
function unitsInReturns(platform: Platform, fulfillmentLineItemId: number): number {
  return [...platform.state.returns.values()]
    .filter((r) => ACTIVE.includes(r.status))
    .flatMap((r) => r.lines)
    .filter((l) => l.fulfillmentLineItemId === fulfillmentLineItemId)
    .reduce((sum, l) => sum + l.quantity, 0);
}

function checkLines(platform: Platform, order: OrderRecord, lines: ReturnLineInput[], field: string): Refusal | undefined {
  if (lines.length === 0) return refusal("Return must have at least one line item.", "BLANK", [field, "returnLineItems"]);
  const seen = new Set<number>();
  for (const [i, line] of lines.entries()) {
    const at = [field, "returnLineItems", String(i)];
    const found = line.fulfillmentLineItemId === undefined ? undefined : platform.state.fulfillmentLineItem(line.fulfillmentLineItemId);
    if (!found || found.fulfillment.orderId !== order.id || found.fulfillment.status !== "SUCCESS") {
      return refusal("Fulfillment line item does not exist on this order.", "NOT_FOUND", [...at, "fulfillmentLineItemId"]);
    }
    if (seen.has(found.lineItem.id))
      return refusal("A fulfillment line item can appear once per return.", "INVALID", [...at, "fulfillmentLineItemId"]);
    seen.add(found.lineItem.id);
    if (line.quantity < 1) return refusal("Quantity must be greater than 0.", "GREATER_THAN", [...at, "quantity"]);
    const returnable = found.lineItem.quantity - unitsInReturns(platform, found.lineItem.id);
    if (line.quantity > returnable) {
      return refusal(
        `Quantity cannot exceed the ${returnable} unit(s) of the fulfillment line item not already being returned.`,
        "LESS_THAN_OR_EQUAL_TO",
        [...at, "quantity"],
      );
    }
  }
  return undefined;
}

function openReverseFulfillmentOrder(platform: Platform, ret: ReturnRecord): ReverseFulfillmentOrderRecord {
  const { state } = platform;
  return {
    id: state.newId(),
    status: "OPEN",
    lines: ret.lines.map((line) => ({
      id: state.newId(),
      fulfillmentLineItemId: line.fulfillmentLineItemId,
      totalQuantity: line.quantity,
      dispositions: [],
    })),
  };
}

function newReturn(platform: Platform, order: OrderRecord, lines: ReturnLineInput[], status: "OPEN" | "REQUESTED"): ReturnRecord {
  const { state } = platform;
  const now = state.timestamp();
  const ret: ReturnRecord = {
    id: state.newId(),
    shop: order.shop,
    orderId: order.id,
    name: `${order.name}-R${state.returnsOf(order.id).length + 1}`,
    status,
    lines: lines.map((line) => ({
      id: state.newId(),
      fulfillmentLineItemId: line.fulfillmentLineItemId ?? -1,
      quantity: line.quantity,
      returnReasonNote: line.returnReasonNote ?? "",
      customerNote: line.customerNote,
    })),
    reverseFulfillmentOrder: null,
    createdAt: now,
    requestApprovedAt: status === "OPEN" ? now : null,
    closedAt: null,
  };
  if (status === "OPEN") ret.reverseFulfillmentOrder = openReverseFulfillmentOrder(platform, ret);
  state.returns.set(ret.id, ret);
  return ret;
}

/** `returnRequest`: the customer asks; the merchant approves or declines later. */
export function requestReturn(platform: Platform, order: OrderRecord, lines: ReturnLineInput[]): ReturnRecord | Refusal {
  const invalid = checkLines(platform, order, lines, "input");
  if (invalid) return invalid;
  const ret = newReturn(platform, order, lines, "REQUESTED");
  platform.webhooks.publish(order.shop, "returns/request", restReturn(ret));
  return ret;
}

/** `returnCreate`: approved outside Shopify, so OPEN at once. */
export function createReturn(platform: Platform, order: OrderRecord, lines: ReturnLineInput[]): ReturnRecord | Refusal {
  const invalid = checkLines(platform, order, lines, "returnInput");
  if (invalid) return invalid;
  const ret = newReturn(platform, order, lines, "OPEN");
  platform.webhooks.publish(order.shop, "returns/approve", restReturn(ret));
  return ret;
}

/** `returnApproveRequest`: only a REQUESTED return can be approved. */
export function approveReturn(platform: Platform, ret: ReturnRecord): Refusal | undefined {
  if (ret.status !== "REQUESTED")
    return refusal(`Return is ${ret.status}: only a requested return can be approved.`, "INVALID_STATE", ["input", "id"]);
  ret.status = "OPEN";
  ret.requestApprovedAt = platform.state.timestamp();
  ret.reverseFulfillmentOrder = openReverseFulfillmentOrder(platform, ret);
  platform.webhooks.publish(ret.shop, "returns/approve", restReturn(ret));
  return undefined;
}

export const disposedQuantity = (dispositions: DispositionRecord[]) => dispositions.reduce((sum, d) => sum + d.quantity, 0);

/**
 * `reverseFulfillmentOrderDispose`: checked whole first (one bad input refuses them all), then each
 * disposition recorded; RESTOCKED units go back on hand and available at the location. A reverse
 * fulfillment order with every unit disposed is CLOSED.
 */
export function dispose(platform: Platform, shop: string, inputs: DisposeInput[]): DispositionRecord[] | Refusal {
  const { state } = platform;
  const pending = new Map<number, number>();
  for (const [i, input] of inputs.entries()) {
    const at = ["dispositionInputs", String(i)];
    const found =
      input.reverseFulfillmentOrderLineItemId === undefined
        ? undefined
        : state.reverseFulfillmentOrderLine(input.reverseFulfillmentOrderLineItemId);
    if (!found || found.ret.shop !== shop)
      return refusal("Reverse fulfillment order line item does not exist.", "NOT_FOUND", [...at, "reverseFulfillmentOrderLineItemId"]);
    if (found.ret.status !== "OPEN" || found.rfo.status !== "OPEN")
      return refusal("The return is not open.", "INVALID_STATE", [...at, "reverseFulfillmentOrderLineItemId"]);
    if (input.quantity < 1) return refusal("Quantity must be greater than 0.", "GREATER_THAN", [...at, "quantity"]);
    const left = found.line.totalQuantity - disposedQuantity(found.line.dispositions) - (pending.get(found.line.id) ?? 0);
    if (input.quantity > left)
      return refusal(`Quantity cannot exceed the ${left} unit(s) not yet disposed.`, "LESS_THAN_OR_EQUAL_TO", [...at, "quantity"]);
    pending.set(found.line.id, (pending.get(found.line.id) ?? 0) + input.quantity);
    if (input.dispositionType === "RESTOCKED") {
      if (input.locationId === null || input.locationId === undefined)
        return refusal("A location is required to restock.", "BLANK", [...at, "locationId"]);
      if (!state.owned(state.locations, input.locationId, shop))
        return refusal("Location does not exist.", "NOT_FOUND", [...at, "locationId"]);
    }
  }
  const now = state.timestamp();
  const made: { rfoId: number; lineId: number; disposition: DispositionRecord }[] = [];
  for (const input of inputs) {
    const found = state.reverseFulfillmentOrderLine(input.reverseFulfillmentOrderLineItemId ?? -1);
    if (!found) throw new Error("checked above");
    const restocking = input.dispositionType === "RESTOCKED";
    const disposition: DispositionRecord = {
      id: state.newId(),
      type: input.dispositionType,
      quantity: input.quantity,
      locationId: restocking ? (input.locationId ?? null) : null,
      createdAt: now,
    };
    found.line.dispositions.push(disposition);
    made.push({ rfoId: found.rfo.id, lineId: found.line.id, disposition });
    const shipped = state.fulfillmentLineItem(found.line.fulfillmentLineItemId);
    const lineItem = shipped ? state.lineItem(shipped.lineItem.lineItemId)?.lineItem : undefined;
    const item = lineItem?.variantId != null ? state.variants.get(lineItem.variantId)?.inventoryItemId : undefined;
    if (restocking && disposition.locationId !== null && item !== undefined)
      restock(platform, item, disposition.locationId, input.quantity);
    if (found.rfo.lines.every((l) => disposedQuantity(l.dispositions) >= l.totalQuantity)) found.rfo.status = "CLOSED";
  }
  // One webhook per reverse fulfillment order, with the dispositions this call made on it.
  for (const rfoId of new Set(made.map((m) => m.rfoId))) {
    const mine = made.filter((m) => m.rfoId === rfoId);
    platform.webhooks.publish(shop, "reverse_fulfillment_orders/dispose", {
      id: rfoId,
      admin_graphql_api_id: gid("ReverseFulfillmentOrder", rfoId),
      dispositions: mine.map(({ lineId, disposition }) => ({
        reverse_fulfillment_order_line_item: { id: lineId, admin_graphql_api_id: gid("ReverseFulfillmentOrderLineItem", lineId) },
        reverse_delivery_line_item: null,
        type: disposition.type.toLowerCase(),
        location:
          disposition.locationId === null
            ? null
            : { id: disposition.locationId, admin_graphql_api_id: gid("Location", disposition.locationId) },
        quantity: disposition.quantity,
      })),
      total_dispositions: mine.length,
    });
  }
  return made.map((m) => m.disposition);
}

/**
 * The returns/* payload (the keys of Shopify's example). The example's `return_line_items` is empty
 * and shows no line's shape, so it stays empty here rather than invented; apps read the lines
 * through GraphQL.
 */
export function restReturn(ret: ReturnRecord): Record<string, unknown> {
  return {
    id: ret.id,
    admin_graphql_api_id: gid("Return", ret.id),
    status: ret.status.toLowerCase(),
    order: { id: ret.orderId, admin_graphql_api_id: gid("Order", ret.orderId) },
    total_return_line_items: ret.lines.length,
    name: ret.name,
    return_line_items: [],
    return_shipping_fees: [],
    exchange_line_items: [],
    total_exchange_line_items: 0,
  };
}
