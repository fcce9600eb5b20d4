/**
 * Listing fulfillment orders in brief: the ones Shopify assigned to the app's fulfillment services
 * (the callback's "what is new?"), those open at a location, an order's, and where some are.
 */
import { z } from "zod";
import { FulfillmentOrderStatus, legacyIdOf } from "~/connector/fulfillment-order";
import {
  aliasedDocuments,
  aliasedResults,
  nextCursorOf,
  PageInfo,
  pacedCalls,
  runGraphql,
  type AdminGraphql,
  type Page,
} from "./admin-graphql.server";
import { FulfillmentOrderGid, LocationGid, OrderGid } from "./ids";

/** The callback reads assigned fulfillment orders 50 at a time. */
const SUMMARIES_PER_PAGE = 50;

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
export async function listOpenFulfillmentOrderIdsAt(
  admin: AdminGraphql,
  locationId: LocationGid,
  options: { after?: string | null } = {},
): Promise<Page<FulfillmentOrderGid>> {
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

const LocatedFulfillmentOrder = z
  .object({
    id: FulfillmentOrderGid,
    orderId: OrderGid,
    assignedLocation: z.object({ location: z.object({ id: LocationGid }).nullable() }),
  })
  .nullable();
const locationsResults = aliasedResults("fo", LocatedFulfillmentOrder);

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
export async function fulfillmentOrderPlaces(
  admin: AdminGraphql,
  ids: readonly FulfillmentOrderGid[],
): Promise<Map<FulfillmentOrderGid, FulfillmentOrderPlace | undefined>> {
  const paced = pacedCalls();
  const places = new Map<FulfillmentOrderGid, FulfillmentOrderPlace | undefined>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += LOCATIONS_PER_QUERY) {
    const chunk = unique.slice(start, start + LOCATIONS_PER_QUERY);
    const variables = Object.fromEntries(chunk.map((id, index) => [`id${index}`, id]));
    const { data } = await paced(() => runGraphql(admin, locationsDocument(chunk.length), variables, locationsResults(chunk.length)));
    for (const [index, id] of chunk.entries()) {
      const node = data[`fo${index}`] as z.infer<typeof LocatedFulfillmentOrder> | undefined;
      places.set(id, node ? { locationId: node.assignedLocation.location?.id ?? null, orderId: node.orderId } : undefined);
    }
  }
  return places;
}

/** As fulfillmentOrderPlaces, the location alone. */
export async function fulfillmentOrderLocations(
  admin: AdminGraphql,
  ids: readonly FulfillmentOrderGid[],
): Promise<Map<FulfillmentOrderGid, LocationGid | null | undefined>> {
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
