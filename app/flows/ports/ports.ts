/**
 * What the pipeline needs from the world, as interfaces: the provider's operations it calls, the
 * Shopify reads and writes it makes (bound to app/shopify in shopify-port.server.ts), and the
 * shop's settings. Use cases take these, so tests can drive them with the real sandbox and
 * emulator, or with fakes that `satisfies` the same shapes.
 */
import type { ConnectorSettings, FulfillmentOrderFacts, FulfillmentOrderGid, OrderFacts } from "~/connector";
import type { RejectionReason } from "~/connector/rejection-reasons";
import type { FulfilmentClient } from "~/fulfilment";
import type { ShopifyUserError } from "~/shopify/errors";
import type { FulfillmentEventStatus } from "~/shopify/fulfillment-event-status";
import type { AssignmentStatus } from "~/shopify/fulfillment-order-lists.server";
import type { FactsWanted } from "~/shopify/fulfillment-order-reads.server";
import type { BulkOperationState } from "~/shopify/bulk-operations.server";
import type { VariantLine } from "~/shopify/catalogue.server";
import type { InventoryItemGid, LocationGid } from "~/shopify/ids";
import type { Activation, StockLevel } from "~/shopify/inventory.server";
import type { ReturnToReceive } from "~/shopify/returns.server";
import type { FulfillmentOrderRemaining } from "~/shopify/fulfillment-order-lines.server";

export type { FactsWanted, FulfillmentOrderRemaining };

export type { AssignmentStatus };

/** The provider operations the flows use. */
export type ProviderPort = Pick<
  FulfilmentClient,
  | "createOutboundBatch"
  | "createDropshipBatch"
  | "createDropshipWithBoxes"
  | "declarePackage"
  | "createOutbound"
  | "createDropship"
  | "outboundStatuses"
  | "dropshipStatuses"
  | "dropshipStatus"
  | "trackBatch"
  | "trackOne"
  | "createMerchantSku"
  | "searchSkus"
  | "inventoryAge"
  | "priceAllServices"
  | "priceOneService"
  | "createReturn"
  | "createInbound"
  | "modifyInboundBoxes"
  | "createLading"
>;

/** Shopify's FulfillmentOrderRejectionReason (app/connector/rejection-reasons.ts maps the app's reasons to it). */
export type { RejectionReason };

/** A fulfillment order in brief, as listed; read in full with readFulfillmentOrder. */
export interface FulfillmentOrderBrief {
  id: FulfillmentOrderGid;
  orderId: string;
  orderName: string;
  /** FulfillmentOrderStatus: OPEN, IN_PROGRESS, CLOSED, CANCELLED, ... */
  status: string;
  /** FulfillmentOrderRequestStatus: SUBMITTED, ACCEPTED, CANCELLATION_REQUESTED, ... */
  requestStatus: string;
  assignedLocationId: string | null;
}

export interface TrackingInfo {
  number: string;
  company: string | null;
  url: string | null;
  /** The package's other parcels, each with its tracking page when known: all go into the fulfilment. */
  others?: readonly { number: string; url: string | null }[];
}

/** A fulfillment order line item named in a rejection, with what is wrong with it. */
export interface RejectedLine {
  fulfillmentOrderLineItemId: string;
  message: string;
}

export interface FulfilmentInput {
  fulfillmentOrderId: string;
  /** Exactly these fulfillment order line items and quantities. */
  lineItems: readonly PlannedLine[];
  tracking: TrackingInfo;
  notifyCustomer: boolean;
}

/** A fulfilment as read back from Shopify: enough to recognise our own. */
export interface FulfilmentBrief {
  id: string;
  trackingNumbers: string[];
  createdAt: Date | null;
  /** Shopify's status of the fulfilment: SUCCESS, CANCELLED, ... */
  status: string | null;
}

export interface FulfilmentEventInput {
  status: FulfillmentEventStatus;
  happenedAt: Date | null;
  message: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  zip: string | null;
}

export interface FulfilmentEventBrief {
  id: string;
  status: string;
  happenedAt: Date | null;
}

/** One fulfillment order line item and how many of it the package carries. */
export interface PlannedLine {
  id: string;
  quantity: number;
}

export interface LocationBrief {
  id: string;
  name: string;
  address: {
    address1: string | null;
    address2: string | null;
    city: string | null;
    provinceCode: string | null;
    zip: string | null;
    countryCode: string | null;
  };
}

/** A fulfillment order with its order's facts: what planning reads. */
export interface FulfillmentOrderWithOrder {
  fo: FulfillmentOrderFacts;
  order: OrderFacts;
}

/** On-hand quantities to set at a location, 250 at most, under one idempotency key. */
export interface OnHandToSet {
  idempotencyKey: string;
  /** Shown in the merchant's inventory history: which sync set it. */
  referenceDocumentUri: string;
  quantities: { inventoryItemId: InventoryItemGid; locationId: LocationGid; quantity: number; changeFromQuantity: number | null }[];
}

export interface ShopifyPort {
  /** With what `wanted` (the shop's settings, factsWantedFor) asks of its order. */
  readFulfillmentOrder(id: FulfillmentOrderGid, wanted: FactsWanted): Promise<FulfillmentOrderWithOrder | null>;
  /** Where each is assigned, cheaply (many to a query): undefined for one Shopify does not know, null for no location. */
  fulfillmentOrderLocations(ids: readonly FulfillmentOrderGid[]): Promise<Map<FulfillmentOrderGid, string | null | undefined>>;
  /** As fulfillmentOrderLocations, with each one's order: which order a change event is about. */
  fulfillmentOrderPlaces(
    ids: readonly FulfillmentOrderGid[],
  ): Promise<Map<FulfillmentOrderGid, { locationId: string | null; orderId: string } | undefined>>;
  /** Several at once (a few to a query); null for one Shopify does not know. */
  readFulfillmentOrders(
    ids: readonly FulfillmentOrderGid[],
    wanted: FactsWanted,
  ): Promise<Map<FulfillmentOrderGid, FulfillmentOrderWithOrder | null>>;
  /** Every fulfillment order at the app's fulfillment-service locations in that assignment status. */
  assignedFulfillmentOrders(status: AssignmentStatus): Promise<FulfillmentOrderBrief[]>;
  /** Their ids alone: cheaper, for reading them in full afterwards. */
  assignedFulfillmentOrderIds(status: AssignmentStatus): Promise<FulfillmentOrderGid[]>;
  /** The ids of every fulfillment order at a location that is not closed or cancelled. */
  openFulfillmentOrderIdsAt(locationId: string): Promise<FulfillmentOrderGid[]>;
  /** An order's fulfillment orders at every location; null for an unknown order. */
  orderFulfillmentOrders(orderId: string): Promise<FulfillmentOrderBrief[] | null>;
  acceptFulfillmentRequest(id: FulfillmentOrderGid, message: string): Promise<void>;
  /**
   * Several at once; the ids Shopify refused to accept (withdrawn, answered already) come back in
   * `refused`. `estimatedShippedAt`: when the warehouse should ship it (estimatedShipDate), if known.
   */
  acceptFulfillmentRequests(
    requests: readonly { id: FulfillmentOrderGid; message: string; estimatedShippedAt?: Date | null }[],
  ): Promise<{ refused: Set<FulfillmentOrderGid> }>;
  /** Says no to a request not accepted yet, with Shopify's reason and the lines at fault (app/connector/rejection-reasons.ts). */
  rejectFulfillmentRequest(
    id: FulfillmentOrderGid,
    reason: RejectionReason,
    message: string,
    lines?: readonly RejectedLine[],
  ): Promise<void>;
  /**
   * Gives back an accepted request the warehouse cannot do: the fulfillment order becomes INCOMPLETE
   * and the merchant decides. A ShopifyUserError when it is not in progress with an accepted request.
   */
  closeFulfillmentOrder(id: FulfillmentOrderGid, message: string): Promise<void>;
  /** The fulfillment order's status and what remains of each line item; null when Shopify does not know it. */
  fulfillmentOrderRemaining(id: FulfillmentOrderGid): Promise<FulfillmentOrderRemaining | null>;
  /** Resolves while Shopify answers for the shop; a ShopifyShopUnavailableError (401, 402, 423) otherwise. */
  checkAccess(): Promise<void>;
  acceptCancellationRequest(id: FulfillmentOrderGid, message: string): Promise<void>;
  rejectCancellationRequest(id: FulfillmentOrderGid, message: string): Promise<void>;
  createFulfilment(input: FulfilmentInput): Promise<{ id: string }>;
  /** Several at once, in the order given: each created, or refused by Shopify (a ShopifyUserError). */
  createFulfilments(inputs: readonly FulfilmentInput[]): Promise<({ id: string } | { refused: ShopifyUserError })[]>;
  /** The fulfilments of a fulfillment order (to find one we created before a crash). */
  fulfilmentsOf(fulfillmentOrderId: string): Promise<FulfilmentBrief[]>;
  updateTracking(fulfilmentId: string, tracking: TrackingInfo, notifyCustomer: boolean): Promise<void>;
  /**
   * Adds checkpoints to a fulfilment's timeline, in the order given, several to a request: each
   * event's id or Shopify's refusal, in that order; after a refusal the rest may be left out.
   */
  createFulfilmentEvents(
    fulfilmentId: string,
    events: readonly FulfilmentEventInput[],
  ): Promise<({ id: string } | { refused: ShopifyUserError })[]>;
  fulfilmentEvents(fulfilmentId: string): Promise<FulfilmentEventBrief[]>;
  locations(): Promise<LocationBrief[]>;
  /** Starts a bulk read of every variant of the shop; the bulk operation's id. */
  startVariantsRead(): Promise<string>;
  /** Where a bulk operation stands; null when Shopify no longer knows it. */
  bulkOperation(id: string): Promise<BulkOperationState | null>;
  /** The variants of a completed read; lines that are not a variant are counted, not thrown. */
  variantsOfRead(url: string): Promise<{ variants: VariantLine[]; unreadable: number }>;
  /** Everything a location stocks, with each item's on_hand, available and committed; null for an unknown location. */
  stockAt(locationId: string): Promise<StockLevel[] | null>;
  /** Sets on_hand (compare-and-set on changeFromQuantity); a stale count is a ShopifyUserError CHANGE_FROM_QUANTITY_STALE. */
  setOnHand(input: OnHandToSet): Promise<void>;
  /** Stocks items at a location with their first on_hand; the items Shopify refused. */
  activateStock(activations: readonly Activation[]): Promise<{ refused: { inventoryItemId: string; message: string }[] }>;
  /** A return with its lines and where each shipped from; null when Shopify does not know it. */
  readReturn(returnId: string): Promise<ReturnToReceive | null>;
  /** Returned units back on sale at the location (disposed of as RESTOCKED). */
  restockReturned(locationId: string, lines: readonly { reverseLineId: string; quantity: number }[]): Promise<void>;
  /** The share of the shop's API budget free now (0 to 1); undefined when not known yet. */
  budgetLeft(): number | undefined;
}

/** What the pipeline reads of a shop's settings. */
export interface PipelineSettings {
  connector: ConnectorSettings;
  /** Whether Shopify emails the customer when tracking is written. */
  notifyCustomer: boolean;
  /** holdForReview: every new shipment waits HELD for a person. */
  pushPolicy: "autoPush" | "holdForReview";
  afterSending: {
    /** A package the provider cannot create: hold (FAILED, fix and retry) or handBack (its fulfillment order closed, the merchant decides). */
    failedPackages: "hold" | "handBack";
    /** A parcel nobody has said anything new about for this many days is followed no further. */
    noNewsDays: number;
  };
  /** Working days a warehouse takes to ship what it accepted, by WarehouseId; absent: not known. */
  handlingDays: Readonly<Record<string, number>>;
}
