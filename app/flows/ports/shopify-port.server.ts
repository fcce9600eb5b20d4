/**
 * The pipeline's ShopifyPort on app/shopify's typed wrappers, for one shop's Admin GraphQL client
 * (the library's in the app and worker, a fetch client on the emulator in tests).
 */
import type { PacedAdminGraphql } from "~/shopify/paced-admin.server";
import { FulfillmentOrderGid } from "~/connector";
import type { AdminGraphql, Page } from "~/shopify/admin-graphql.server";
import {
  fulfillmentOrderLocations,
  fulfillmentOrderPlaces,
  listAssignedFulfillmentOrderIds,
  listAssignedFulfillmentOrders,
  listOpenFulfillmentOrderIdsAt,
  listOrderFulfillmentOrders,
  type FulfillmentOrderSummary,
} from "~/shopify/fulfillment-order-lists.server";
import { readFulfillmentOrder, readFulfillmentOrders, type KnownCustoms } from "~/shopify/fulfillment-order-reads.server";
import {
  acceptCancellationRequest,
  acceptFulfillmentRequest,
  acceptFulfillmentRequests,
  closeFulfillmentOrder,
  rejectCancellationRequest,
  rejectFulfillmentRequest,
} from "~/shopify/fulfillment-requests.server";
import { readFulfillmentOrderRemaining } from "~/shopify/fulfillment-order-lines.server";
import { checkShopAccess } from "~/shopify/shop-access.server";
import {
  createFulfillment,
  createFulfillmentEvents,
  createFulfillments,
  listFulfillmentEvents,
  listFulfillmentsOf,
  Tracking,
  updateTracking,
} from "~/shopify/fulfillments.server";
import { FulfillmentGid, FulfillmentOrderLineItemGid, LocationGid, OrderGid } from "~/shopify/ids";
import { listLocations } from "~/shopify/locations.server";
import { bulkOperationState, readJsonLines, runBulkQuery } from "~/shopify/bulk-operations.server";
import { VARIANTS_BULK_QUERY, VariantLine } from "~/shopify/catalogue.server";
import { activateStock, listStockAt, setStockQuantities } from "~/shopify/inventory.server";
import { readReturn, restockReturned } from "~/shopify/returns.server";
import type { FulfillmentOrderBrief, FulfilmentInput, ShopifyPort, TrackingInfo } from "./ports";

async function allPages<T>(page: (after: string | null) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let after: string | null = null;
  do {
    const next: Page<T> = await page(after);
    items.push(...next.items);
    after = next.nextCursor;
  } while (after !== null);
  return items;
}

const brief = (fo: FulfillmentOrderSummary): FulfillmentOrderBrief => ({
  id: fo.id,
  orderId: fo.orderId,
  orderName: fo.orderName,
  status: fo.status,
  requestStatus: fo.requestStatus,
  assignedLocationId: fo.assignedLocationId,
});

/** Shopify refuses a tracking URL that is not one; the numbers and carrier still go. */
function tracking(info: TrackingInfo): Tracking {
  const page = (url: string | null) => (url !== null && Tracking.shape.url.safeParse(url).success ? url : null);
  return {
    number: info.number,
    company: info.company || null,
    url: page(info.url),
    others: (info.others ?? []).map((other) => ({ number: other.number, url: page(other.url) })),
  };
}

function fulfillmentToCreate(input: FulfilmentInput) {
  return {
    fulfillmentOrderId: FulfillmentOrderGid.parse(input.fulfillmentOrderId),
    lines: input.lineItems.map((line) => ({ id: FulfillmentOrderLineItemGid.parse(line.id), quantity: line.quantity })),
    tracking: tracking(input.tracking),
    notifyCustomer: input.notifyCustomer,
  };
}

function fulfillmentGid(id: string): FulfillmentGid {
  return FulfillmentGid.parse(id);
}

const dateOrNull = (text: string | null | undefined) => {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * The Shopify port of one job run. Inventory items' customs data is read once in its life (KnownCustoms):
 * a run reads many rounds of fulfillment orders carrying the same products.
 */
export function shopifyPortFor(admin: AdminGraphql | PacedAdminGraphql, now: () => Date = () => new Date()): ShopifyPort {
  const knownCustoms: KnownCustoms = new Map();
  return {
    budgetLeft: () => ("budgetLeft" in admin ? admin.budgetLeft() : undefined),
    readFulfillmentOrder: (id, wanted) => readFulfillmentOrder(admin, id, wanted, knownCustoms),
    readFulfillmentOrders: (ids, wanted) => readFulfillmentOrders(admin, ids, wanted, knownCustoms),
    fulfillmentOrderLocations: (ids) => fulfillmentOrderLocations(admin, ids),
    fulfillmentOrderPlaces: (ids) => fulfillmentOrderPlaces(admin, ids),
    assignedFulfillmentOrders: async (assignmentStatus) =>
      (await allPages((after) => listAssignedFulfillmentOrders(admin, { assignmentStatus, after }))).map(brief),
    assignedFulfillmentOrderIds: (assignmentStatus) =>
      allPages((after) => listAssignedFulfillmentOrderIds(admin, { assignmentStatus, after })),
    openFulfillmentOrderIdsAt: async (locationId) => {
      const id = LocationGid.safeParse(locationId);
      return id.success ? allPages((after) => listOpenFulfillmentOrderIdsAt(admin, id.data, { after })) : [];
    },
    orderFulfillmentOrders: async (orderId) => {
      const id = OrderGid.safeParse(orderId);
      if (!id.success) return null;
      const first = await listOrderFulfillmentOrders(admin, id.data);
      if (first === null) return null;
      const rest =
        first.nextCursor === null
          ? []
          : await allPages(
              async (after) =>
                (await listOrderFulfillmentOrders(admin, id.data, { after })) ?? { items: [], nextCursor: null, cost: undefined },
            );
      return [...first.items, ...rest].map(brief);
    },
    acceptFulfillmentRequest: async (id, message) => {
      await acceptFulfillmentRequest(admin, { id, message });
    },
    acceptFulfillmentRequests: async (requests) => {
      const outcomes = await acceptFulfillmentRequests(admin, requests);
      return { refused: new Set(outcomes.flatMap((outcome) => ("refused" in outcome ? [outcome.id] : []))) };
    },
    rejectFulfillmentRequest: async (id, reason, message, lines) => {
      await rejectFulfillmentRequest(admin, { id, reason, message, ...(lines?.length ? { lines: [...lines] } : {}) });
    },
    closeFulfillmentOrder: async (id, message) => {
      await closeFulfillmentOrder(admin, { id, message });
    },
    fulfillmentOrderRemaining: (id) => readFulfillmentOrderRemaining(admin, id),
    checkAccess: () => checkShopAccess(admin),
    acceptCancellationRequest: async (id, message) => {
      await acceptCancellationRequest(admin, { id, message });
    },
    rejectCancellationRequest: async (id, message) => {
      await rejectCancellationRequest(admin, { id, message });
    },
    createFulfilment: async (input) => {
      const created = await createFulfillment(admin, fulfillmentToCreate(input));
      return { id: created.id };
    },
    createFulfilments: async (inputs) => {
      const outcomes = await createFulfillments(admin, inputs.map(fulfillmentToCreate));
      return outcomes.map((outcome) => ("created" in outcome ? { id: outcome.created.id } : outcome));
    },
    fulfilmentsOf: async (fulfillmentOrderId) => {
      const fulfilments = (await listFulfillmentsOf(admin, FulfillmentOrderGid.parse(fulfillmentOrderId))) ?? [];
      return fulfilments.map((f) => ({
        id: f.id,
        status: f.status,
        createdAt: dateOrNull(f.createdAt),
        trackingNumbers: f.trackingInfo.flatMap((info) => (info.number ? [info.number] : [])),
      }));
    },
    updateTracking: async (fulfilmentId, info, notifyCustomer) => {
      await updateTracking(admin, { fulfillmentId: fulfillmentGid(fulfilmentId), tracking: tracking(info), notifyCustomer });
    },
    createFulfilmentEvents: async (fulfilmentId, events) => {
      const outcomes = await createFulfillmentEvents(
        admin,
        events.map((event) => ({
          fulfillmentId: fulfillmentGid(fulfilmentId),
          status: event.status,
          happenedAt: event.happenedAt ?? now(),
          message: event.message,
          city: event.city,
          province: event.province,
          country: event.country,
          zip: event.zip,
        })),
      );
      return outcomes.map((outcome) => ("created" in outcome ? { id: outcome.created.id } : outcome));
    },
    fulfilmentEvents: async (fulfilmentId) =>
      ((await listFulfillmentEvents(admin, fulfillmentGid(fulfilmentId))) ?? []).map((e) => ({
        id: e.id,
        status: e.status,
        happenedAt: dateOrNull(e.happenedAt),
      })),
    locations: async () =>
      (await allPages((after) => listLocations(admin, { after }))).map(({ id, name, address }) => ({ id, name, address })),
    startVariantsRead: () => runBulkQuery(admin, VARIANTS_BULK_QUERY),
    bulkOperation: (id) => bulkOperationState(admin, id),
    variantsOfRead: async (url) => {
      const lines = await readJsonLines(url);
      const variants: VariantLine[] = [];
      let unreadable = 0;
      for (const line of lines) {
        const parsed = VariantLine.safeParse(line);
        if (parsed.success) variants.push(parsed.data);
        else unreadable += 1;
      }
      return { variants, unreadable };
    },
    stockAt: async (locationId) => {
      const id = LocationGid.parse(locationId);
      const first = await listStockAt(admin, id);
      if (first === null) return null;
      const rest =
        first.nextCursor === null
          ? []
          : await allPages(async (after) => (await listStockAt(admin, id, { after })) ?? { items: [], nextCursor: null, cost: undefined });
      return [...first.items, ...rest];
    },
    setOnHand: async ({ idempotencyKey, referenceDocumentUri, quantities }) => {
      await setStockQuantities(admin, { name: "on_hand", reason: "correction", idempotencyKey, referenceDocumentUri, quantities });
    },
    activateStock: (activations) => activateStock(admin, activations),
    readReturn: (returnId) => readReturn(admin, returnId),
    restockReturned: (locationId, lines) => restockReturned(admin, LocationGid.parse(locationId), lines),
  };
}
