/**
 * The demo's orders that change before their packages are sent, each as a merchant would change it
 * in Shopify's admin (the mutations the admin makes, through the emulator with the demo token):
 * an unpaid order held, then released and paid, an unpaid order edited and then paid, an unpaid
 * order split and then paid, and a scheduled order (a pre-order) that ships when its date comes.
 * Each ends FULFILLED, and the demo's summary shows what happened to it. None depends on the
 * shop's push policy: what keeps a package from leaving is Shopify's own state.
 */
import type { Shipment } from "@prisma/client";
import { DEMO_SHOP } from "../../test/emulator/seed";
import type { DemoOrder } from "./orders";
import { payloadOverrides } from "./orders";
import type { DemoStack, PlacedOrder } from "./stack";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ChangedOrder {
  order: DemoOrder;
  placed: PlacedOrder;
}

const HOLD = `mutation ($id: ID!) { fulfillmentOrderHold(id: $id, fulfillmentHold: { reason: INCORRECT_ADDRESS, reasonNotes: "The customer is checking the address" }) { fulfillmentHold { id } userErrors { field message } } }`;
const RELEASE = `mutation ($id: ID!) { fulfillmentOrderReleaseHold(id: $id) { fulfillmentOrder { status } userErrors { field message } } }`;
const EDIT_BEGIN = `mutation ($id: ID!) { orderEditBegin(id: $id) { calculatedOrder { id lineItems(first: 10) { nodes { id } } } userErrors { field message } } }`;
const EDIT_QUANTITY = `mutation ($id: ID!, $line: ID!, $quantity: Int!) { orderEditSetQuantity(id: $id, lineItemId: $line, quantity: $quantity, restock: true) { calculatedLineItem { id } userErrors { field message } } }`;
const EDIT_COMMIT = `mutation ($id: ID!) { orderEditCommit(id: $id, notifyCustomer: false, staffNote: "One less, the customer asked") { order { id } userErrors { field message } } }`;
const FO_LINES = `query ($id: ID!) { fulfillmentOrder(id: $id) { lineItems(first: 10) { nodes { id } } } }`;
const SPLIT = `mutation ($splits: [FulfillmentOrderSplitInput!]!) { fulfillmentOrderSplit(fulfillmentOrderSplits: $splits) { fulfillmentOrderSplits { remainingFulfillmentOrder { id } } userErrors { field message } } }`;
const MARK_PAID = `mutation ($id: ID!) { orderMarkAsPaid(input: { id: $id }) { order { id } userErrors { field message } } }`;

/** A merchant's admin action; throws with Shopify's words when refused. */
async function merchant(stack: DemoStack, query: string, variables: Record<string, unknown>): Promise<unknown> {
  const response = await stack.admin.graphql(query, { variables });
  const body = (await response.json()) as { data?: Record<string, { userErrors?: unknown[] } | null>; errors?: unknown[] };
  const refused = [...(body.errors ?? []), ...Object.values(body.data ?? {}).flatMap((field) => field?.userErrors ?? [])];
  if (refused.length > 0) throw new Error(`Shopify refused the demo's ${query.slice(0, 40)}…: ${JSON.stringify(refused)}`);
  return body.data;
}

/** Waits until the order's shipments pass `check`. */
async function until(
  stack: DemoStack,
  orderId: string,
  what: string,
  check: (shipments: Shipment[]) => boolean,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check(await stack.db.shipment.findMany({ where: { shop: DEMO_SHOP, orderId }, orderBy: { createdAt: "asc" } }))) {
    if (Date.now() > deadline) throw new Error(`The demo's order ${orderId}: ${what} did not happen within ${timeoutMs} ms`);
    await sleep(50);
  }
}

const studioFo = (placed: PlacedOrder, studio: string) => placed.fulfillmentOrders.find((fo) => fo.assignedLocationId === studio)?.id ?? "";
const quantities = (shipments: Shipment[]) =>
  shipments.map((s) => (JSON.parse(s.lineItems ?? "[]") as { quantity: number }[]).reduce((n, l) => n + l.quantity, 0));

/** Part one: the order is placed unpaid (so nothing leaves before the hold) and held in Shopify. */
export async function placeAndHold(stack: DemoStack, studio: string, log: (line: string) => void): Promise<ChangedOrder> {
  const order: DemoOrder = {
    label: "unpaid, held in Shopify before it was sent, released and paid later",
    lines: [{ sku: "TEA-GREEN-100G", quantity: 1 }],
    destination: "FR",
    expected: "FULFILLED",
    change: "hold",
  };
  const placed = await stack.placeOrder(order.lines, { ...payloadOverrides(order), financial_status: "pending" });
  await until(stack, placed.orderId, "waiting for payment", (s) => s[0]?.lastErrorCode === "AWAITING_PAYMENT");
  await merchant(stack, HOLD, { id: studioFo(placed, studio) });
  await until(stack, placed.orderId, "the hold reaching its shipment", (s) => s[0]?.lastErrorCode === "SHOPIFY_HOLD");
  log(`[demo] ${placed.order.name} put on hold in Shopify before it was sent: it waits, "On hold in Shopify"`);
  return { order, placed };
}

/** Part two: the hold released, edits, a split, payments and a scheduled order. */
export async function playChanges(
  stack: DemoStack,
  studio: string,
  held: ChangedOrder | undefined,
  log: (line: string) => void,
): Promise<ChangedOrder[]> {
  const changed: ChangedOrder[] = [];
  if (held) {
    await merchant(stack, RELEASE, { id: studioFo(held.placed, studio) });
    await until(stack, held.placed.orderId, "the release planned", (s) => s[0]?.lastErrorCode === "AWAITING_PAYMENT");
    await merchant(stack, MARK_PAID, { id: held.placed.orderId });
    log(`[demo] ${held.placed.order.name} released and paid in Shopify: planned again and sent`);
    changed.push(held);
  }

  const unpaid = { financial_status: "pending" };
  const edited: DemoOrder = {
    label: "unpaid, edited from 3 candles to 1, then paid",
    lines: [{ sku: "CANDLE-SOY-200-LAV", quantity: 3 }],
    destination: "NL",
    expected: "FULFILLED",
    change: "edit",
  };
  const editedPlaced = await stack.placeOrder(edited.lines, { ...payloadOverrides(edited), ...unpaid });
  await until(stack, editedPlaced.orderId, "waiting for payment", (s) => s[0]?.lastErrorCode === "AWAITING_PAYMENT");
  const begun = (await merchant(stack, EDIT_BEGIN, { id: editedPlaced.orderId })) as {
    orderEditBegin: { calculatedOrder: { id: string; lineItems: { nodes: { id: string }[] } } };
  };
  const calculated = begun.orderEditBegin.calculatedOrder;
  await merchant(stack, EDIT_QUANTITY, { id: calculated.id, line: calculated.lineItems.nodes[0]?.id, quantity: 1 });
  await merchant(stack, EDIT_COMMIT, { id: calculated.id });
  await until(stack, editedPlaced.orderId, "the edit planned", (s) => quantities(s)[0] === 1);
  log(`[demo] ${editedPlaced.order.name} waits for payment; edited to 1 candle in Shopify: its waiting package now carries 1`);
  changed.push({ order: edited, placed: editedPlaced });

  const split: DemoOrder = {
    label: "unpaid, split into two parcels, then paid",
    lines: [{ sku: "TEA-GREEN-100G", quantity: 2 }],
    destination: "IT",
    expected: "FULFILLED",
    change: "split",
  };
  const splitPlaced = await stack.placeOrder(split.lines, { ...payloadOverrides(split), ...unpaid });
  await until(stack, splitPlaced.orderId, "waiting for payment", (s) => s[0]?.lastErrorCode === "AWAITING_PAYMENT");
  const fo = studioFo(splitPlaced, studio);
  const lines = (await merchant(stack, FO_LINES, { id: fo })) as { fulfillmentOrder: { lineItems: { nodes: { id: string }[] } } };
  await merchant(stack, SPLIT, {
    splits: [{ fulfillmentOrderId: fo, fulfillmentOrderLineItems: [{ id: lines.fulfillmentOrder.lineItems.nodes[0]?.id, quantity: 1 }] }],
  });
  await until(stack, splitPlaced.orderId, "the split planned", (s) => s.length === 2);
  log(`[demo] ${splitPlaced.order.name} split in Shopify while it waits for payment: two packages wait`);
  changed.push({ order: split, placed: splitPlaced });

  for (const { placed } of changed.slice(-2)) await merchant(stack, MARK_PAID, { id: placed.orderId });
  log(`[demo] ${editedPlaced.order.name} and ${splitPlaced.order.name} paid in Shopify: sent`);

  const scheduled: DemoOrder = {
    label: "a pre-order scheduled 10 s ahead, sent when its date came",
    lines: [{ sku: "CANDLE-SOY-200-LAV", quantity: 1 }],
    destination: "AU",
    expected: "FULFILLED",
    change: "schedule",
  };
  const scheduledPlaced = await stack.placeOrder(scheduled.lines, payloadOverrides(scheduled), {
    fulfillAt: new Date(Date.now() + 10_000),
  });
  await until(stack, scheduledPlaced.orderId, "waiting for its date", (s) => s[0]?.lastErrorCode === "SCHEDULED");
  log(`[demo] ${scheduledPlaced.order.name} scheduled in Shopify (a pre-order): waits for its date`);
  changed.push({ order: scheduled, placed: scheduledPlaced });
  return changed;
}
