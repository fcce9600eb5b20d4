/**
 * The emulator's in-memory world: plain records keyed by numeric id, one id sequence for everything
 * (ids are unique across types and shops, which makes mix-ups between, say, an order id and a
 * fulfillment order id fail loudly instead of resolving to the wrong thing). GraphQL views, REST
 * webhook payloads and the `/__emulator/state` snapshot are all derived from these records.
 */

export type WeightUnit = "GRAMS" | "KILOGRAMS" | "OUNCES" | "POUNDS";
export interface Weight {
  value: number;
  unit: WeightUnit;
}

/** A postal address as Shopify keeps it on orders and fulfillment orders. */
export interface Address {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  country: string | null;
  countryCode: string | null;
  zip: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface ShopRecord {
  id: number;
  domain: string;
  name: string;
  email: string;
  currencyCode: string;
  weightUnit: WeightUnit;
  ianaTimezone: string;
  /** When the shop's settings last changed (shop/update's `updated_at`). */
  updatedAt: string;
  address: Address;
  /** Offline access token the app holds for this shop (X-Shopify-Access-Token). */
  accessToken: string;
  /** Granted access scopes; the emulator enforces the schema's required access against them. */
  scopes: string[];
  primaryLocationId: number;
  /**
   * Shopify requests fulfillment from a fulfillment service automatically when the merchant's
   * settings say so (the common case for fulfillment-service apps). Off: orders at fulfillment-service
   * locations stay UNSUBMITTED until a control route submits the request.
   */
  autoRequestFulfillment: boolean;
  nextOrderNumber: number;
  /**
   * Whether the Admin API answers the app (control route `PATCH /shops/:domain {access}`): revoked
   * (401, the token no longer works), frozen (402, an unpaid bill) or locked (423). Absent: it answers.
   */
  access?: ShopAccess;
  /**
   * Whether the shop's plan includes carrier-calculated shipping (Advanced and up, Shopify plan
   * billed yearly or with the add-on, development stores). False: carrierServiceCreate is refused
   * (control route `PATCH /shops/:domain {carrierCalculatedShipping}`). Absent: included.
   */
  carrierCalculatedShipping?: boolean;
}

export type ShopAccess = "ok" | "revoked" | "frozen" | "locked";

export interface LocationRecord {
  id: number;
  shop: string;
  name: string;
  address: Address;
  isActive: boolean;
  fulfillsOnlineOrders: boolean;
  fulfillmentServiceId: number | null;
  createdAt: string;
  updatedAt: string;
  deactivatedAt: string | null;
}

export interface FulfillmentServiceRecord {
  id: number;
  shop: string;
  serviceName: string;
  handle: string;
  callbackUrl: string | null;
  inventoryManagement: boolean;
  trackingSupport: boolean;
  requiresShippingMethod: boolean;
  locationId: number;
}

export interface ProductRecord {
  id: number;
  shop: string;
  title: string;
  handle: string;
  vendor: string;
  productType: string;
  status: "ACTIVE" | "ARCHIVED" | "DRAFT";
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

export interface VariantRecord {
  id: number;
  shop: string;
  productId: number;
  title: string;
  sku: string | null;
  barcode: string | null;
  price: string;
  position: number;
  inventoryItemId: number;
  createdAt: string;
  updatedAt: string;
}

export interface CountryHarmonizedSystemCode {
  countryCode: string;
  harmonizedSystemCode: string;
}

export interface InventoryItemRecord {
  id: number;
  shop: string;
  tracked: boolean;
  requiresShipping: boolean;
  weight: Weight | null;
  harmonizedSystemCode: string | null;
  countryCodeOfOrigin: string | null;
  provinceCodeOfOrigin: string | null;
  countryHarmonizedSystemCodes: CountryHarmonizedSystemCode[];
  unitCost: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Shopify's inventory states. `on_hand` is the sum of ON_HAND_PARTS, so available = on_hand minus
 * committed, reserved, damaged, safety_stock and quality_control; `incoming` is not on hand yet.
 */
export const QUANTITY_NAMES = [
  "available",
  "committed",
  "damaged",
  "incoming",
  "on_hand",
  "quality_control",
  "reserved",
  "safety_stock",
] as const;
export type QuantityName = (typeof QUANTITY_NAMES)[number];
export const ON_HAND_PARTS = [
  "available",
  "committed",
  "reserved",
  "damaged",
  "safety_stock",
  "quality_control",
] as const satisfies readonly QuantityName[];

export interface InventoryLevelRecord {
  id: number;
  shop: string;
  inventoryItemId: number;
  locationId: number;
  quantities: Record<QuantityName, number>;
  createdAt: string;
  updatedAt: string;
}

export interface MoneyAmount {
  amount: string;
  currencyCode: string;
}

/** A duty charged at checkout on a line (all its units), in the order's currency (the emulator's orders have one). */
export interface DutyRecord {
  id: number;
  harmonizedSystemCode: string | null;
  countryCodeOfOrigin: string | null;
  amount: string;
}

export interface LineItemRecord {
  id: number;
  orderId: number;
  title: string;
  name: string;
  variantTitle: string | null;
  vendor: string | null;
  sku: string | null;
  quantity: number;
  price: string;
  totalDiscount: string;
  grams: number;
  /**
   * Units the order holds now: `quantity` (everything ever ordered, edits' increases included)
   * minus what edits removed and refunds took back. Shopify's `currentQuantity`.
   */
  currentQuantity: number;
  requiresShipping: boolean;
  taxable: boolean;
  giftCard: boolean;
  variantId: number | null;
  productId: number | null;
  properties: { name: string; value: string }[];
  /** Duties charged at checkout (delivered duty paid); none when the shop does not collect them. */
  duties: DutyRecord[];
  /**
   * The bundle this line is a component of (`LineItem.lineItemGroup`), shared by the bundle's
   * components; absent for a line sold on its own (bundles.ts).
   */
  lineItemGroup?: LineItemGroupRecord;
}

/** A Shopify bundle as sold on an order: the parent product the customer bought, and how many. */
export interface LineItemGroupRecord {
  id: number;
  title: string;
  quantity: number;
  productId: number | null;
  variantId: number | null;
  variantSku: string | null;
  customAttributes: { name: string; value: string }[];
}

export interface ShippingLineRecord {
  id: number;
  title: string;
  code: string | null;
  source: string | null;
  carrierIdentifier: string | null;
  price: string;
}

/** A B2B company (Shopify B2B) and its locations, which a company's orders name (REST `company`). */
export interface CompanyRecord {
  id: number;
  shop: string;
  name: string;
  locations: { id: number; name: string }[];
}

/** An order's payment terms (REST `payment_terms`, GraphQL PaymentTerms) with its payment schedules. */
export interface PaymentTermsRecord {
  id: number;
  /** PaymentTermsType: FIXED, FULFILLMENT, NET, RECEIPT, UNKNOWN. */
  type: string;
  name: string;
  dueInDays: number | null;
  schedules: { id: number; issuedAt: string | null; dueAt: string | null; completedAt: string | null; amount: string }[];
}

export interface CustomerRecord {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
}

export interface OrderRecord {
  id: number;
  shop: string;
  name: string;
  number: number;
  orderNumber: number;
  email: string | null;
  phone: string | null;
  currencyCode: string;
  createdAt: string;
  processedAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  closedAt: string | null;
  financialStatus: string;
  test: boolean;
  note: string | null;
  tags: string[];
  sourceName: string;
  paymentGatewayNames: string[];
  shippingAddress: Address | null;
  billingAddress: Address | null;
  customer: CustomerRecord | null;
  /** The B2B company and company location the order was placed for; null for a customer's order. */
  company: { companyId: number; locationId: number } | null;
  paymentTerms: PaymentTermsRecord | null;
  lineItems: LineItemRecord[];
  shippingLines: ShippingLineRecord[];
  totalTax: string;
  totalDiscounts: string;
  taxesIncluded: boolean;
  /** Whether the prices include duties (Order.dutiesIncluded). */
  dutiesIncluded: boolean;
  /** The language the customer bought in (Order.customerLocale, REST customer_locale); null when Shopify names none. */
  customerLocale: string | null;
  /** True once an order edit was committed (Order.edited). */
  edited: boolean;
  /** Risk assessments apps created with orderRiskAssessmentCreate, oldest first. */
  riskAssessments: RiskAssessmentRecord[];
  /** Fields of the posted orders/create payload the emulator does not model, echoed in webhooks. */
  extraRestFields: Record<string, unknown>;
}

export type RiskLevel = "HIGH" | "LOW" | "MEDIUM" | "NONE" | "PENDING";

export interface RiskAssessmentRecord {
  riskLevel: RiskLevel;
  facts: { description: string; sentiment: "NEGATIVE" | "NEUTRAL" | "POSITIVE" }[];
  createdAt: string;
}

/** A refund: what it took back from which line, and whether stock went back on the shelf. */
export interface RefundRecord {
  id: number;
  shop: string;
  orderId: number;
  note: string | null;
  createdAt: string;
  processedAt: string;
  lineItems: {
    id: number;
    lineItemId: number;
    quantity: number;
    restockType: "CANCEL" | "LEGACY_RESTOCK" | "NO_RESTOCK" | "RETURN";
    restocked: boolean;
    locationId: number | null;
    subtotal: string;
  }[];
  shipping: string;
  total: string;
  /** The refund's money transaction (REST `transactions[0]`). */
  transactionId: number;
}

/** An order edit session (`orderEditBegin` ... `orderEditCommit`): the CalculatedOrder's changes. */
export interface OrderEditRecord {
  /** The CalculatedOrder id; the session has its own id. */
  id: number;
  sessionId: number;
  shop: string;
  orderId: number;
  /** New quantities of existing line items, keyed by line item id. */
  quantities: Record<number, { quantity: number; restock: boolean; locationId: number | null }>;
  /** Variants added (each a future line item; `id` is its CalculatedLineItem id). */
  additions: { id: number; variantId: number; quantity: number; locationId: number | null }[];
  committedAt: string | null;
  createdAt: string;
}

export interface FulfillmentOrderLineItemRecord {
  id: number;
  lineItemId: number;
  totalQuantity: number;
  remainingQuantity: number;
  inventoryItemId: number | null;
  variantId: number | null;
}

export type FulfillmentOrderStatus = "CANCELLED" | "CLOSED" | "INCOMPLETE" | "IN_PROGRESS" | "ON_HOLD" | "OPEN" | "SCHEDULED";
export type FulfillmentOrderRequestStatus =
  | "ACCEPTED"
  | "CANCELLATION_ACCEPTED"
  | "CANCELLATION_REJECTED"
  | "CANCELLATION_REQUESTED"
  | "CLOSED"
  | "REJECTED"
  | "SUBMITTED"
  | "UNSUBMITTED";

export interface MerchantRequestRecord {
  id: number;
  kind: "FULFILLMENT_REQUEST" | "CANCELLATION_REQUEST";
  message: string | null;
  requestOptions: Record<string, unknown>;
  responseData: Record<string, unknown> | null;
  sentAt: string;
}

/** A fulfillment hold. All holds placed through the API are the calling app's (heldByRequestingApp). */
export interface FulfillmentHoldRecord {
  id: number;
  reason: string;
  reasonNotes: string | null;
  /** Unique among one app's holds on one fulfillment order; "" when not given (Shopify's default). */
  handle: string;
  externalId: string | null;
  notifyMerchant: boolean;
  createdAt: string;
}

/** What a fulfillment service answered (accept, reject, close), readable as the request's responseData. */
export interface ServiceResponse {
  action:
    "ACCEPT_FULFILLMENT_REQUEST" | "REJECT_FULFILLMENT_REQUEST" | "ACCEPT_CANCELLATION_REQUEST" | "REJECT_CANCELLATION_REQUEST" | "CLOSE";
  message: string | null;
  at: string;
  reason?: string | null;
  estimatedShippedAt?: string | null;
  lineItems?: { fulfillmentOrderLineItemId: number; message: string | null }[];
}

export interface FulfillmentOrderRecord {
  id: number;
  shop: string;
  orderId: number;
  assignedLocationId: number;
  status: FulfillmentOrderStatus;
  requestStatus: FulfillmentOrderRequestStatus;
  lineItems: FulfillmentOrderLineItemRecord[];
  destination: (Address & { id: number; email: string | null }) | null;
  merchantRequests: MerchantRequestRecord[];
  /** What the fulfillment service last said (accept / reject / close message, reason, estimate). */
  lastResponse: ServiceResponse | null;
  holds: FulfillmentHoldRecord[];
  /** The status a released hold restores (ON_HOLD remembers where it came from). */
  statusBeforeHold: FulfillmentOrderStatus | null;
  fulfillAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TrackingInfo {
  company: string | null;
  number: string | null;
  url: string | null;
}

export type FulfillmentEventStatus =
  | "ATTEMPTED_DELIVERY"
  | "CARRIER_PICKED_UP"
  | "CONFIRMED"
  | "DELAYED"
  | "DELIVERED"
  | "FAILURE"
  | "IN_TRANSIT"
  | "LABEL_PRINTED"
  | "LABEL_PURCHASED"
  | "OUT_FOR_DELIVERY"
  | "READY_FOR_PICKUP";

export interface FulfillmentLineItemRecord {
  id: number;
  lineItemId: number;
  fulfillmentOrderLineItemId: number;
  quantity: number;
}

export interface FulfillmentRecord {
  id: number;
  shop: string;
  orderId: number;
  locationId: number;
  fulfillmentOrderIds: number[];
  name: string;
  status: "SUCCESS" | "CANCELLED" | "ERROR" | "FAILURE";
  displayStatus: string;
  trackingInfo: TrackingInfo[];
  /** Every notifyCustomer value the app sent (create, then tracking updates), in order. */
  notifyCustomer: boolean[];
  message: string | null;
  originAddress: Record<string, string | null> | null;
  lineItems: FulfillmentLineItemRecord[];
  estimatedDeliveryAt: string | null;
  inTransitAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface FulfillmentEventRecord {
  id: number;
  shop: string;
  fulfillmentId: number;
  status: FulfillmentEventStatus;
  message: string | null;
  happenedAt: string;
  createdAt: string;
  estimatedDeliveryAt: string | null;
  address1: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface CarrierServiceRecord {
  id: number;
  shop: string;
  name: string;
  callbackUrl: string;
  active: boolean;
  supportsServiceDiscovery: boolean;
}

export interface InventoryChangeRecord {
  name: string;
  delta: number;
  quantityAfterChange: number;
  inventoryItemId: number;
  locationId: number;
}

export interface InventoryAdjustmentGroupRecord {
  id: number;
  shop: string;
  reason: string;
  referenceDocumentUri: string | null;
  changes: InventoryChangeRecord[];
  createdAt: string;
}

export type BulkOperationStatus = "CANCELED" | "CANCELING" | "COMPLETED" | "CREATED" | "EXPIRED" | "FAILED" | "RUNNING";

/** A `bulkOperationRunQuery`: its query, progress, and the JSONL result once it has run. */
export interface BulkOperationRecord {
  id: number;
  shop: string;
  type: "QUERY";
  status: BulkOperationStatus;
  query: string;
  groupObjects: boolean;
  createdAt: string;
  completedAt: string | null;
  errorCode: "ACCESS_DENIED" | "INTERNAL_SERVER_ERROR" | "TIMEOUT" | null;
  /** Why it failed, for tests and the state snapshot (Shopify shows only the code). */
  errorDetail: string | null;
  objectCount: number;
  rootObjectCount: number;
  /** The JSONL result, served at `url` (a random path, as Shopify's signed storage URLs are). */
  jsonl: string | null;
  urlPath: string | null;
}

export type ReturnStatus = "CANCELED" | "CLOSED" | "DECLINED" | "OPEN" | "REQUESTED";
export type DispositionType = "MISSING" | "NOT_RESTOCKED" | "PROCESSING_REQUIRED" | "RESTOCKED";

/** What happened to returned units: put back at a location, or not. */
export interface DispositionRecord {
  id: number;
  type: DispositionType;
  quantity: number;
  locationId: number | null;
  createdAt: string;
}

/** One line of a reverse fulfillment order: the returned units of one fulfilment line item. */
export interface ReverseFulfillmentOrderLineRecord {
  id: number;
  fulfillmentLineItemId: number;
  totalQuantity: number;
  dispositions: DispositionRecord[];
}

/** The work of taking a return's units back; created when the return opens (approved). */
export interface ReverseFulfillmentOrderRecord {
  id: number;
  status: "CANCELED" | "CLOSED" | "OPEN";
  lines: ReverseFulfillmentOrderLineRecord[];
}

/** A return (`returnRequest`, `returnCreate`): units of fulfilment line items coming back. */
export interface ReturnRecord {
  id: number;
  shop: string;
  orderId: number;
  /** "#1001-R1": the order's name and the return's number on it, as Shopify names returns. */
  name: string;
  status: ReturnStatus;
  lines: { id: number; fulfillmentLineItemId: number; quantity: number; returnReasonNote: string; customerNote: string | null }[];
  reverseFulfillmentOrder: ReverseFulfillmentOrderRecord | null;
  createdAt: string;
  requestApprovedAt: string | null;
  closedAt: string | null;
}

/** A stored result of an `@idempotent` mutation, replayed for the same key and arguments. */
export interface IdempotencyRecord {
  fingerprint: string;
  result: unknown;
}

export class EmulatorState {
  private nextId = 1001;
  readonly shops = new Map<string, ShopRecord>();
  readonly locations = new Map<number, LocationRecord>();
  readonly fulfillmentServices = new Map<number, FulfillmentServiceRecord>();
  readonly products = new Map<number, ProductRecord>();
  readonly variants = new Map<number, VariantRecord>();
  readonly inventoryItems = new Map<number, InventoryItemRecord>();
  readonly inventoryLevels = new Map<number, InventoryLevelRecord>();
  readonly orders = new Map<number, OrderRecord>();
  readonly fulfillmentOrders = new Map<number, FulfillmentOrderRecord>();
  readonly fulfillments = new Map<number, FulfillmentRecord>();
  readonly fulfillmentEvents = new Map<number, FulfillmentEventRecord>();
  readonly carrierServices = new Map<number, CarrierServiceRecord>();
  readonly adjustmentGroups = new Map<number, InventoryAdjustmentGroupRecord>();
  readonly idempotency = new Map<string, IdempotencyRecord>();
  readonly bulkOperations = new Map<number, BulkOperationRecord>();
  readonly refunds = new Map<number, RefundRecord>();
  readonly orderEdits = new Map<number, OrderEditRecord>();
  readonly returns = new Map<number, ReturnRecord>();
  readonly companies = new Map<number, CompanyRecord>();
  /** The emulator's own base URL (for URLs it hands out, such as bulk operation results). */
  baseUrl = "";

  constructor(readonly clock: () => Date) {}

  /** Empties the world (control route `POST /__emulator/reset`); ids start over. */
  clear(): void {
    this.nextId = 1001;
    for (const value of Object.values(this)) if (value instanceof Map) value.clear();
  }

  newId(): number {
    return this.nextId++;
  }

  timestamp(): string {
    return this.clock().toISOString();
  }

  shop(domain: string): ShopRecord | undefined {
    return this.shops.get(domain);
  }

  /** A record of the given map that belongs to the shop, or undefined (other shops' ids don't exist). */
  owned<T extends { shop: string }>(map: Map<number, T>, id: number | undefined, shop: string): T | undefined {
    if (id === undefined) return undefined;
    const record = map.get(id);
    return record?.shop === shop ? record : undefined;
  }

  inShop<T extends { shop: string }>(map: Map<number, T>, shop: string): T[] {
    return [...map.values()].filter((r) => r.shop === shop);
  }

  inventoryLevel(inventoryItemId: number, locationId: number): InventoryLevelRecord | undefined {
    for (const level of this.inventoryLevels.values()) {
      if (level.inventoryItemId === inventoryItemId && level.locationId === locationId) return level;
    }
    return undefined;
  }

  variantOfInventoryItem(inventoryItemId: number): VariantRecord | undefined {
    for (const variant of this.variants.values()) if (variant.inventoryItemId === inventoryItemId) return variant;
    return undefined;
  }

  lineItem(id: number): { order: OrderRecord; lineItem: LineItemRecord } | undefined {
    for (const order of this.orders.values()) {
      const lineItem = order.lineItems.find((li) => li.id === id);
      if (lineItem) return { order, lineItem };
    }
    return undefined;
  }

  fulfillmentOrderLineItem(id: number): { fulfillmentOrder: FulfillmentOrderRecord; lineItem: FulfillmentOrderLineItemRecord } | undefined {
    for (const fulfillmentOrder of this.fulfillmentOrders.values()) {
      const lineItem = fulfillmentOrder.lineItems.find((li) => li.id === id);
      if (lineItem) return { fulfillmentOrder, lineItem };
    }
    return undefined;
  }

  fulfillmentOrdersOf(orderId: number): FulfillmentOrderRecord[] {
    return [...this.fulfillmentOrders.values()].filter((fo) => fo.orderId === orderId);
  }

  refundsOf(orderId: number): RefundRecord[] {
    return [...this.refunds.values()].filter((r) => r.orderId === orderId);
  }

  fulfillmentsOf(orderId: number): FulfillmentRecord[] {
    return [...this.fulfillments.values()].filter((f) => f.orderId === orderId);
  }

  returnsOf(orderId: number): ReturnRecord[] {
    return [...this.returns.values()].filter((r) => r.orderId === orderId);
  }

  /** A fulfilment line item with its fulfilment (units shipped, and from where). */
  fulfillmentLineItem(id: number): { fulfillment: FulfillmentRecord; lineItem: FulfillmentLineItemRecord } | undefined {
    for (const fulfillment of this.fulfillments.values()) {
      const lineItem = fulfillment.lineItems.find((li) => li.id === id);
      if (lineItem) return { fulfillment, lineItem };
    }
    return undefined;
  }

  /** A reverse fulfillment order line with its return. */
  reverseFulfillmentOrderLine(
    id: number,
  ): { ret: ReturnRecord; rfo: ReverseFulfillmentOrderRecord; line: ReverseFulfillmentOrderLineRecord } | undefined {
    for (const ret of this.returns.values()) {
      const rfo = ret.reverseFulfillmentOrder;
      const line = rfo?.lines.find((l) => l.id === id);
      if (rfo && line) return { ret, rfo, line };
    }
    return undefined;
  }

  eventsOf(fulfillmentId: number): FulfillmentEventRecord[] {
    return [...this.fulfillmentEvents.values()].filter((e) => e.fulfillmentId === fulfillmentId);
  }

  fulfillmentServiceAt(locationId: number): FulfillmentServiceRecord | undefined {
    const location = this.locations.get(locationId);
    return location?.fulfillmentServiceId != null ? this.fulfillmentServices.get(location.fulfillmentServiceId) : undefined;
  }

  /** Everything but the shops' credentials, for `GET /__emulator/state` and test assertions. */
  snapshot() {
    const all = <T>(map: Map<number, T>) => [...map.values()];
    return {
      shops: [...this.shops.values()].map(({ accessToken: _token, ...shop }) => shop),
      locations: all(this.locations),
      fulfillmentServices: all(this.fulfillmentServices),
      products: all(this.products),
      variants: all(this.variants),
      inventoryItems: all(this.inventoryItems),
      inventoryLevels: all(this.inventoryLevels),
      orders: all(this.orders),
      fulfillmentOrders: all(this.fulfillmentOrders),
      fulfillments: all(this.fulfillments),
      fulfillmentEvents: all(this.fulfillmentEvents),
      carrierServices: all(this.carrierServices),
      inventoryAdjustmentGroups: all(this.adjustmentGroups),
      refunds: all(this.refunds),
      orderEdits: all(this.orderEdits),
      returns: all(this.returns),
      companies: all(this.companies),
      bulkOperations: all(this.bulkOperations).map(({ jsonl: _jsonl, ...operation }) => operation),
    };
  }
}

export function emptyAddress(): Address {
  return {
    firstName: null,
    lastName: null,
    company: null,
    address1: null,
    address2: null,
    city: null,
    province: null,
    provinceCode: null,
    country: null,
    countryCode: null,
    zip: null,
    phone: null,
    latitude: null,
    longitude: null,
  };
}

export function zeroQuantities(): Record<QuantityName, number> {
  return Object.fromEntries(QUANTITY_NAMES.map((name) => [name, 0])) as Record<QuantityName, number>;
}
