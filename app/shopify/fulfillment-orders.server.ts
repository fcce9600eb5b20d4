/**
 * Reading fulfillment orders: one with everything the connector needs to build its package, the
 * ones Shopify assigned to the app's fulfillment services (the callback's "what is new?"), and an
 * order's (for order-level webhooks).
 */
import { z } from "zod";
import {
  FulfillmentOrderStatus,
  legacyIdOf,
  type FulfillmentOrderFacts,
  type OrderFacts,
} from "~/connector/fulfillment-order";
import {
  aliasedDocuments,
  nextCursorOf,
  PageInfo,
  pacedCalls,
  runGraphql,
  type AdminGraphql,
  type PacedCalls,
  type Page,
} from "./admin-graphql.server";
import { ShopifyResponseShapeError } from "./errors";
import {
  CountryHarmonizedSystemCode,
  FULFILLMENT_ORDER_LINE_FIELDS,
  FulfillmentOrderHeader,
  FulfillmentOrderLineNode,
  fulfillmentOrderFacts,
  lineFacts,
  MONEY_BAG_FIELDS,
  ORDER_FACTS_FIELDS,
  ORDER_LINE_FIELDS,
  ORDER_LINES_PER_PAGE,
  OrderLineNode,
  OrderNode,
  orderFacts,
} from "./fulfillment-order-facts";
import { FulfillmentOrderGid, LocationGid, OrderGid } from "./ids";

/**
 * Lines read with the fulfillment order; longer ones are read on, page by page. Most orders have a
 * line or two, and a line with its customs data costs about 20 points of the 1,000 a query may ask
 * for, so a small first page lets one query read several fulfillment orders.
 */
const LINES_PER_PAGE = 5;
/** Fulfillment orders read in one query (each about 150 points requested, 30-40 used). */
export const FACTS_PER_QUERY = 5;
/** The callback reads assigned fulfillment orders 50 at a time. */
const SUMMARIES_PER_PAGE = 50;

const FULFILLMENT_ORDER_FACTS_FIELDS = `#graphql
  fragment FulfillmentOrderFactsFields on FulfillmentOrder {
    id
    status
    fulfillAt
    fulfillmentHolds { reason reasonNotes displayReason }
    deliveryMethod { methodType }
    assignedLocation { location { id } }
    destination { firstName lastName company address1 address2 city province zip countryCode phone email }
    lineItems(first: ${LINES_PER_PAGE}) {
      nodes { ...FulfillmentOrderLineFields }
      pageInfo { hasNextPage endCursor }
    }
    order { ...OrderFactsFields }
  }`;

/** The document reading several fulfillment orders by id, one aliased field each (fo0, fo1, ...). */
const factsDocument = aliasedDocuments(
  (indexes) => `#graphql
  query FulfillmentOrdersFacts(${indexes.map((i) => `$id${i}: ID!`).join(", ")}) {
    ${indexes.map((i) => `fo${i}: fulfillmentOrder(id: $id${i}) { ...FulfillmentOrderFactsFields }`).join("\n    ")}
  }
  ${FULFILLMENT_ORDER_FACTS_FIELDS}
  ${FULFILLMENT_ORDER_LINE_FIELDS}
  ${ORDER_FACTS_FIELDS}
  ${ORDER_LINE_FIELDS}
  ${MONEY_BAG_FIELDS}`,
);

const LineConnection = z.object({ nodes: z.array(FulfillmentOrderLineNode), pageInfo: PageInfo });

const FulfillmentOrderFactsNode = FulfillmentOrderHeader.extend({ lineItems: LineConnection, order: OrderNode }).nullable();
type FulfillmentOrderFactsNode = z.infer<typeof FulfillmentOrderFactsNode>;

const FULFILLMENT_ORDER_LINES_PAGE = `#graphql
  query FulfillmentOrderLinesPage($id: ID!, $after: String!) {
    fulfillmentOrder(id: $id) {
      lineItems(first: ${LINES_PER_PAGE}, after: $after) {
        nodes { ...FulfillmentOrderLineFields }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${FULFILLMENT_ORDER_LINE_FIELDS}
  ${MONEY_BAG_FIELDS}`;

const FulfillmentOrderLinesPageResult = z.object({ fulfillmentOrder: z.object({ lineItems: LineConnection }).nullable() });

const ORDER_LINES_PAGE = `#graphql
  query OrderLinesPage($id: ID!, $after: String!) {
    order(id: $id) {
      lineItems(first: ${ORDER_LINES_PER_PAGE}, after: $after) {
        nodes { ...OrderLineFields }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${ORDER_LINE_FIELDS}`;

const OrderLinesPageResult = z.object({
  order: z.object({ lineItems: z.object({ nodes: z.array(OrderLineNode), pageInfo: PageInfo }) }).nullable(),
});

const COUNTRY_HS_CODES = `#graphql
  query InventoryItemCountryHsCodes($id: ID!) {
    inventoryItem(id: $id) {
      countryHarmonizedSystemCodes(first: 250) { nodes { countryCode harmonizedSystemCode } }
    }
  }`;

const CountryHsCodesResult = z.object({
  inventoryItem: z.object({ countryHarmonizedSystemCodes: z.object({ nodes: z.array(CountryHarmonizedSystemCode) }) }).nullable(),
});

/** A page that vanished between two reads (order deleted, access revoked) is a shape problem, not "done". */
function vanished(operation: string): ShopifyResponseShapeError {
  return new ShopifyResponseShapeError(operation, [{ path: [], message: "the resource disappeared while being read" }]);
}

async function remainingLines(admin: AdminGraphql, paced: PacedCalls, id: string, after: string | null): Promise<FulfillmentOrderLineNode[]> {
  const lines: FulfillmentOrderLineNode[] = [];
  for (let cursor = after; cursor !== null; ) {
    const variables = { id, after: cursor };
    const { data, operation } = await paced(() => runGraphql(admin, FULFILLMENT_ORDER_LINES_PAGE, variables, FulfillmentOrderLinesPageResult));
    if (!data.fulfillmentOrder) throw vanished(operation);
    lines.push(...data.fulfillmentOrder.lineItems.nodes);
    cursor = nextCursorOf(data.fulfillmentOrder.lineItems.pageInfo);
  }
  return lines;
}

async function remainingOrderLines(admin: AdminGraphql, paced: PacedCalls, id: string, after: string | null) {
  const lines: z.infer<typeof OrderLineNode>[] = [];
  for (let cursor = after; cursor !== null; ) {
    const variables = { id, after: cursor };
    const { data, operation } = await paced(() => runGraphql(admin, ORDER_LINES_PAGE, variables, OrderLinesPageResult));
    if (!data.order) throw vanished(operation);
    lines.push(...data.order.lineItems.nodes);
    cursor = nextCursorOf(data.order.lineItems.pageInfo);
  }
  return lines;
}

/** Complete destination-specific HS code lists of the items that have more than came with their line. */
async function fullCountryHsCodes(admin: AdminGraphql, paced: PacedCalls, lines: FulfillmentOrderLineNode[]) {
  const items = new Map<string, z.infer<typeof CountryHarmonizedSystemCode>[]>();
  for (const line of lines) {
    const item = line.variant?.inventoryItem;
    if (!item?.countryHarmonizedSystemCodes.pageInfo.hasNextPage || items.has(item.id)) continue;
    const { data, operation } = await paced(() => runGraphql(admin, COUNTRY_HS_CODES, { id: item.id }, CountryHsCodesResult));
    if (!data.inventoryItem) throw vanished(operation);
    items.set(item.id, data.inventoryItem.countryHarmonizedSystemCodes.nodes);
  }
  return items;
}

export type FulfillmentOrderWithOrder = { fo: FulfillmentOrderFacts; order: OrderFacts };

/** The rest of one fulfillment order after its first page: more lines, more order lines, more HS codes. */
async function completeFacts(admin: AdminGraphql, paced: PacedCalls, operation: string, node: NonNullable<FulfillmentOrderFactsNode>): Promise<FulfillmentOrderWithOrder> {
  const lines = [...node.lineItems.nodes, ...(await remainingLines(admin, paced, node.id, nextCursorOf(node.lineItems.pageInfo)))];
  const moreOrderLines = await remainingOrderLines(admin, paced, node.order.id, nextCursorOf(node.order.lineItems.pageInfo));
  const orderLines = [...node.order.lineItems.nodes, ...moreOrderLines];
  const hsCodes = await fullCountryHsCodes(admin, paced, lines);

  const fo = fulfillmentOrderFacts(
    node,
    node.order,
    lines.map((line) => lineFacts(line, line.variant ? hsCodes.get(line.variant.inventoryItem.id) : undefined)),
  );
  if (!fo.success) throw new ShopifyResponseShapeError(operation, fo.error.issues);
  const order = orderFacts(node.order, orderLines);
  if (!order.success) throw new ShopifyResponseShapeError(operation, order.error.issues.map((i) => ({ ...i, path: ["order", ...i.path] })));
  return { fo: fo.data, order: order.data };
}

/**
 * Fulfillment orders with their orders' facts, as the connector's schemas define them, FACTS_PER_QUERY
 * to a query; null for one Shopify does not know (or the app may not see). Long orders and items
 * with many destination-specific HS codes take extra reads (more than LINES_PER_PAGE lines, more
 * than COUNTRY_HS_CODES_WITH_LINE codes), paced by the shop's cost bucket.
 */
export async function readFulfillmentOrders(
  admin: AdminGraphql,
  ids: readonly FulfillmentOrderGid[],
): Promise<Map<FulfillmentOrderGid, FulfillmentOrderWithOrder | null>> {
  const paced = pacedCalls();
  const read = new Map<FulfillmentOrderGid, FulfillmentOrderWithOrder | null>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += FACTS_PER_QUERY) {
    const chunk = unique.slice(start, start + FACTS_PER_QUERY);
    const variables = Object.fromEntries(chunk.map((id, index) => [`id${index}`, id]));
    const result = z.object(Object.fromEntries(chunk.map((_, index) => [`fo${index}`, FulfillmentOrderFactsNode])));
    const { data, operation } = await paced(() => runGraphql(admin, factsDocument(chunk.length), variables, result));
    for (const [index, id] of chunk.entries()) {
      const node = data[`fo${index}`] as FulfillmentOrderFactsNode | undefined;
      read.set(id, node ? await completeFacts(admin, paced, operation, node) : null);
    }
  }
  return read;
}

/** One fulfillment order with its order's facts (readFulfillmentOrders for one). */
export async function readFulfillmentOrder(admin: AdminGraphql, id: FulfillmentOrderGid): Promise<FulfillmentOrderWithOrder | null> {
  return (await readFulfillmentOrders(admin, [id])).get(id) ?? null;
}

/** FulfillmentOrderRequestStatus: where the fulfillment order stands between merchant and service. */
export const FulfillmentOrderRequestStatus = z.enum([
  "ACCEPTED",
  "CANCELLATION_ACCEPTED",
  "CANCELLATION_REJECTED",
  "CANCELLATION_REQUESTED",
  "CLOSED",
  "REJECTED",
  "SUBMITTED",
  "UNSUBMITTED",
]);
export type FulfillmentOrderRequestStatus = z.infer<typeof FulfillmentOrderRequestStatus>;

const FULFILLMENT_ORDER_SUMMARY_FIELDS = `#graphql
  fragment FulfillmentOrderSummaryFields on FulfillmentOrder {
    id
    status
    requestStatus
    orderId
    orderName
    updatedAt
    assignedLocation { location { id } }
    merchantRequests(first: 1, reverse: true) { nodes { kind message sentAt } }
  }`;

/** A fulfillment order in brief: enough to decide what to do with it, and to read it fully later. */
export const FulfillmentOrderSummary = z
  .object({
    id: FulfillmentOrderGid,
    status: FulfillmentOrderStatus,
    requestStatus: FulfillmentOrderRequestStatus,
    orderId: OrderGid,
    orderName: z.string(),
    updatedAt: z.string(),
    assignedLocation: z.object({ location: z.object({ id: LocationGid }).nullable() }),
    merchantRequests: z.object({
      nodes: z.array(
        z.object({ kind: z.enum(["FULFILLMENT_REQUEST", "CANCELLATION_REQUEST"]), message: z.string().nullable(), sentAt: z.string() }),
      ),
    }),
  })
  .transform(({ assignedLocation, merchantRequests, ...fo }, ctx) => {
    // FulfillmentOrder has no legacyResourceId; the gid's tail is the same number.
    const legacyId = legacyIdOf(fo.id);
    if (legacyId === undefined) {
      ctx.issues.push({ code: "custom", path: ["id"], message: "has no legacy id", input: fo.id });
      return z.NEVER;
    }
    return {
      ...fo,
      legacyId,
      assignedLocationId: assignedLocation.location?.id ?? null,
      /** The merchant's latest request, with the note they wrote ("customer changed their mind"). */
      latestRequest: merchantRequests.nodes[0] ?? null,
    };
  });
export type FulfillmentOrderSummary = z.infer<typeof FulfillmentOrderSummary>;

const SummaryConnection = z.object({ nodes: z.array(FulfillmentOrderSummary), pageInfo: PageInfo });

/** The assignment statuses the callback acts on (FulfillmentOrderAssignmentStatus). */
export type AssignmentStatus = "FULFILLMENT_REQUESTED" | "CANCELLATION_REQUESTED" | "FULFILLMENT_ACCEPTED" | "FULFILLMENT_UNSUBMITTED";

// QueryRoot.assignedFulfillmentOrders: Shop.assignedFulfillmentOrders is deprecated in 2026-10.
const ASSIGNED_FULFILLMENT_ORDERS = `#graphql
  query AssignedFulfillmentOrders($assignmentStatus: FulfillmentOrderAssignmentStatus!, $locationIds: [ID!], $after: String) {
    assignedFulfillmentOrders(first: ${SUMMARIES_PER_PAGE}, after: $after, assignmentStatus: $assignmentStatus, locationIds: $locationIds) {
      nodes { ...FulfillmentOrderSummaryFields }
      pageInfo { hasNextPage endCursor }
    }
  }
  ${FULFILLMENT_ORDER_SUMMARY_FIELDS}`;

/**
 * One page of the fulfillment orders at the app's fulfillment-service locations in the given
 * assignment status (FULFILLMENT_REQUESTED: to accept or reject; CANCELLATION_REQUESTED: the
 * merchant wants them back). Optionally only at some locations (one warehouse).
 */
export async function listAssignedFulfillmentOrders(
  admin: AdminGraphql,
  options: { assignmentStatus: AssignmentStatus; locationIds?: LocationGid[]; after?: string | null },
): Promise<Page<FulfillmentOrderSummary>> {
  const { data, cost } = await runGraphql(
    admin,
    ASSIGNED_FULFILLMENT_ORDERS,
    { assignmentStatus: options.assignmentStatus, locationIds: options.locationIds ?? null, after: options.after ?? null },
    z.object({ assignedFulfillmentOrders: SummaryConnection }),
  );
  const connection = data.assignedFulfillmentOrders;
  return { items: connection.nodes, nextCursor: nextCursorOf(connection.pageInfo), cost };
}

/** Ids alone cost a point each: a page can be large. */
const IDS_PER_PAGE = 250;

const ASSIGNED_FULFILLMENT_ORDER_IDS = `#graphql
  query AssignedFulfillmentOrderIds($assignmentStatus: FulfillmentOrderAssignmentStatus!, $after: String) {
    assignedFulfillmentOrders(first: ${IDS_PER_PAGE}, after: $after, assignmentStatus: $assignmentStatus) {
      nodes { id }
      pageInfo { hasNextPage endCursor }
    }
  }`;

const OPEN_FULFILLMENT_ORDER_IDS = `#graphql
  query OpenFulfillmentOrderIds($query: String!, $after: String) {
    fulfillmentOrders(first: ${IDS_PER_PAGE}, after: $after, query: $query) {
      nodes { id }
      pageInfo { hasNextPage endCursor }
    }
  }`;

/**
 * The ids of the fulfillment orders not closed or cancelled at a location (open, on hold, scheduled,
 * in progress), IDS_PER_PAGE to a page: what the backfill brings in when a location is connected.
 * Merchant-managed ones need read_merchant_managed_fulfillment_orders, which the app requests.
 */
export async function listOpenFulfillmentOrderIdsAt(admin: AdminGraphql, locationId: LocationGid, options: { after?: string | null } = {}): Promise<Page<FulfillmentOrderGid>> {
  const numeric = locationId.slice(locationId.lastIndexOf("/") + 1);
  const { data, cost } = await runGraphql(
    admin,
    OPEN_FULFILLMENT_ORDER_IDS,
    { query: `assigned_location_id:${numeric}`, after: options.after ?? null },
    z.object({ fulfillmentOrders: z.object({ nodes: z.array(z.object({ id: FulfillmentOrderGid })), pageInfo: PageInfo }) }),
  );
  const connection = data.fulfillmentOrders;
  return { items: connection.nodes.map((node) => node.id), nextCursor: nextCursorOf(connection.pageInfo), cost };
}

/**
 * As listAssignedFulfillmentOrders, the ids alone, IDS_PER_PAGE to a page: what the request fetch
 * needs before it reads them in full. A point per fulfillment order instead of about five, and a
 * fifth of the pages (in a sale, 1,000 requests listed in 4 calls instead of 20).
 */
export async function listAssignedFulfillmentOrderIds(
  admin: AdminGraphql,
  options: { assignmentStatus: AssignmentStatus; after?: string | null },
): Promise<Page<FulfillmentOrderGid>> {
  const { data, cost } = await runGraphql(
    admin,
    ASSIGNED_FULFILLMENT_ORDER_IDS,
    { assignmentStatus: options.assignmentStatus, after: options.after ?? null },
    z.object({ assignedFulfillmentOrders: z.object({ nodes: z.array(z.object({ id: FulfillmentOrderGid })), pageInfo: PageInfo }) }),
  );
  const connection = data.assignedFulfillmentOrders;
  return { items: connection.nodes.map((node) => node.id), nextCursor: nextCursorOf(connection.pageInfo), cost };
}

/** Locations read in one query: 3 points each (300 of the 1,000 a query may ask for). */
export const LOCATIONS_PER_QUERY = 100;

const locationsDocument = aliasedDocuments(
  (indexes) => `#graphql
  query FulfillmentOrderLocations(${indexes.map((i) => `$id${i}: ID!`).join(", ")}) {
    ${indexes.map((i) => `fo${i}: fulfillmentOrder(id: $id${i}) { id orderId assignedLocation { location { id } } }`).join("\n    ")}
  }`,
);

const LocatedFulfillmentOrder = z.object({ id: FulfillmentOrderGid, orderId: OrderGid, assignedLocation: z.object({ location: z.object({ id: LocationGid }).nullable() }) }).nullable();

/** Where a fulfillment order is assigned (null: no location, deleted since), and its order. */
export interface FulfillmentOrderPlace {
  locationId: LocationGid | null;
  orderId: OrderGid;
}

/**
 * Where fulfillment orders are assigned and whose they are, LOCATIONS_PER_QUERY to a query, for a
 * few points instead of the full read: enough to tell whether one is the app's to plan at all, or
 * which order a change event is about. Undefined for one Shopify does not know.
 */
export async function fulfillmentOrderPlaces(admin: AdminGraphql, ids: readonly FulfillmentOrderGid[]): Promise<Map<FulfillmentOrderGid, FulfillmentOrderPlace | undefined>> {
  const paced = pacedCalls();
  const places = new Map<FulfillmentOrderGid, FulfillmentOrderPlace | undefined>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += LOCATIONS_PER_QUERY) {
    const chunk = unique.slice(start, start + LOCATIONS_PER_QUERY);
    const variables = Object.fromEntries(chunk.map((id, index) => [`id${index}`, id]));
    const result = z.object(Object.fromEntries(chunk.map((_, index) => [`fo${index}`, LocatedFulfillmentOrder])));
    const { data } = await paced(() => runGraphql(admin, locationsDocument(chunk.length), variables, result));
    for (const [index, id] of chunk.entries()) {
      const node = data[`fo${index}`] as z.infer<typeof LocatedFulfillmentOrder> | undefined;
      places.set(id, node ? { locationId: node.assignedLocation.location?.id ?? null, orderId: node.orderId } : undefined);
    }
  }
  return places;
}

/** As fulfillmentOrderPlaces, the location alone. */
export async function fulfillmentOrderLocations(admin: AdminGraphql, ids: readonly FulfillmentOrderGid[]): Promise<Map<FulfillmentOrderGid, LocationGid | null | undefined>> {
  const places = await fulfillmentOrderPlaces(admin, ids);
  return new Map([...places].map(([id, place]) => [id, place?.locationId]));
}

const ORDER_FULFILLMENT_ORDERS = `#graphql
  query OrderFulfillmentOrders($id: ID!, $after: String) {
    order(id: $id) {
      fulfillmentOrders(first: ${SUMMARIES_PER_PAGE}, after: $after) {
        nodes { ...FulfillmentOrderSummaryFields }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
  ${FULFILLMENT_ORDER_SUMMARY_FIELDS}`;

/** One page of an order's fulfillment orders, at every location; null when the order is unknown. */
export async function listOrderFulfillmentOrders(
  admin: AdminGraphql,
  orderId: OrderGid,
  options: { after?: string | null } = {},
): Promise<Page<FulfillmentOrderSummary> | null> {
  const { data, cost } = await runGraphql(
    admin,
    ORDER_FULFILLMENT_ORDERS,
    { id: orderId, after: options.after ?? null },
    z.object({ order: z.object({ fulfillmentOrders: SummaryConnection }).nullable() }),
  );
  if (!data.order) return null;
  const connection = data.order.fulfillmentOrders;
  return { items: connection.nodes, nextCursor: nextCursorOf(connection.pageInfo), cost };
}
