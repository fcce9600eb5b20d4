/**
 * Orders enter the emulator as Shopify's own `orders/create` webhook payload (the documented REST
 * shape), so tests and the demo can replay real examples. Creating one does what the platform does:
 * assign the order a name, route its lines to locations by stock (fulfillment orders), commit the
 * stock, then tell the app: orders/create, fulfillment_orders/order_routing_complete, and fulfillment
 * requests to fulfillment services.
 */
import { z } from "zod";
import { bundleLines } from "./bundles";
import { findVariantBySku } from "./catalogue";
import { companyOfPayload, paymentTermsOfPayload, RestCompany, RestPaymentTerms } from "./companies";
import {
  cancelFulfillmentOrder,
  fulfillmentOrderLines,
  newFulfillmentOrder,
  requestIfAutomatic,
  type LineShare,
} from "./fulfillment-orders";
import { money, orderTotals, restFulfillmentOrderRef, restOrder } from "./payloads";
import {
  emptyAddress,
  type Address,
  type EmulatorState,
  type FulfillmentOrderRecord,
  type LineItemRecord,
  type OrderRecord,
  type ShopRecord,
  type VariantRecord,
} from "./state";
import type { Platform } from "./platform";
import type { DeliveryMode } from "./webhooks";

const id = z.union([z.number(), z.string()]).nullish();
const text = z.string().nullish();
const amount = z.union([z.string(), z.number()]).nullish();

const RestAddress = z.looseObject({
  first_name: text,
  last_name: text,
  company: text,
  address1: text,
  address2: text,
  city: text,
  province: text,
  province_code: text,
  country: text,
  country_code: text,
  zip: text,
  phone: text,
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
});

const RestLineItemFields = z.looseObject({
  variant_id: id,
  product_id: id,
  sku: text,
  title: text,
  name: text,
  variant_title: text,
  vendor: text,
  quantity: z.number().int().positive(),
  price: amount,
  total_discount: amount,
  grams: z.number().nullish(),
  requires_shipping: z.boolean().nullish(),
  taxable: z.boolean().nullish(),
  gift_card: z.boolean().nullish(),
  properties: z.array(z.object({ name: z.string(), value: z.unknown() })).nullish(),
  /**
   * Duties charged at checkout, as REST writes them: the amount in `price_set` (or, in older
   * examples, `shop_money` / `presentment_money` beside the codes). The emulator's orders have one
   * currency: the shop's amount is kept.
   */
  duties: z
    .array(
      z.looseObject({
        harmonized_system_code: text,
        country_code_of_origin: text,
        price_set: z.looseObject({ shop_money: z.looseObject({ amount }) }).nullish(),
        shop_money: z.looseObject({ amount }).nullish(),
      }),
    )
    .nullish(),
});

/**
 * A line item of the posted payload. A line with `components` is a Shopify bundle as the customer
 * bought it: its title, variant and quantity are the bundle's, each component's quantity is per
 * bundle. The order gets the components as its lines (bundles.ts), as Shopify's checkout expands a
 * bundle; `components` is the emulator's key, no REST payload carries it.
 */
const RestLineItem = RestLineItemFields.extend({ components: z.array(RestLineItemFields).min(1).nullish() });
type RestLineItem = z.infer<typeof RestLineItemFields>;

/** The parts of an orders/create payload the emulator models; everything else is echoed back. */
export const OrderCreatePayload = z.looseObject({
  email: text,
  contact_email: text,
  phone: text,
  currency: text,
  created_at: text,
  processed_at: text,
  financial_status: text,
  test: z.boolean().nullish(),
  note: text,
  tags: text,
  source_name: text,
  payment_gateway_names: z.array(z.string()).nullish(),
  total_tax: amount,
  total_discounts: amount,
  taxes_included: z.boolean().nullish(),
  duties_included: z.boolean().nullish(),
  /** The checkout's language ("en", "zh-CN"); absent: "en", as a storefront in English sets it; null: none (an order made by an app). */
  customer_locale: z.string().nullish(),
  shipping_address: RestAddress.nullish(),
  billing_address: RestAddress.nullish(),
  customer: z.looseObject({ id, first_name: text, last_name: text, email: text, phone: text }).nullish(),
  line_items: z.array(RestLineItem).min(1),
  shipping_lines: z.array(z.looseObject({ title: text, code: text, source: text, carrier_identifier: text, price: amount })).nullish(),
  /** B2B: the company and company location the order is for, and its payment terms (REST Order). */
  company: RestCompany.nullish(),
  payment_terms: RestPaymentTerms.nullish(),
});
export type OrderCreatePayload = z.input<typeof OrderCreatePayload>;

/** Keys the emulator computes itself; the rest of a posted payload is kept and echoed in webhooks. */
const COMPUTED_KEYS = new Set([
  "id",
  "admin_graphql_api_id",
  "name",
  "number",
  "order_number",
  "token",
  "line_items",
  "fulfillments",
  "refunds",
  "returns",
  "updated_at",
  "cancelled_at",
  "cancel_reason",
  "closed_at",
  "fulfillment_status",
  "order_status_url",
  "duties_included",
  "customer_locale",
  "current_total_duties_set",
  "original_total_duties_set",
]);

function address(raw: z.infer<typeof RestAddress> | null | undefined): Address | null {
  if (!raw) return null;
  return {
    ...emptyAddress(),
    firstName: raw.first_name ?? null,
    lastName: raw.last_name ?? null,
    company: raw.company ?? null,
    address1: raw.address1 ?? null,
    address2: raw.address2 ?? null,
    city: raw.city ?? null,
    province: raw.province ?? null,
    provinceCode: raw.province_code ?? null,
    country: raw.country ?? null,
    countryCode: raw.country_code ?? null,
    zip: raw.zip ?? null,
    phone: raw.phone ?? null,
    latitude: raw.latitude ?? null,
    longitude: raw.longitude ?? null,
  };
}

const decimal = (value: string | number | null | undefined, fallback = "0.00") =>
  value === null || value === undefined ? fallback : money(Number(value));

/** A line's variant: by `variant_id` (the variant's legacy id), else by SKU; none for custom items. */
export function variantFor(state: EmulatorState, shop: string, line: Pick<RestLineItem, "variant_id" | "sku">): VariantRecord | undefined {
  const byId = line.variant_id != null ? state.owned(state.variants, Number(line.variant_id), shop) : undefined;
  return byId ?? (line.sku ? findVariantBySku(state, shop, line.sku) : undefined);
}

/** Builds the order record from the payload; ids, name and numbers are the emulator's own. */
export function orderFromPayload(state: EmulatorState, shop: ShopRecord, raw: unknown): OrderRecord {
  const payload = OrderCreatePayload.parse(raw);
  const now = state.timestamp();
  const orderId = state.newId();
  const orderNumber = shop.nextOrderNumber++;
  const lineItem = (line: RestLineItem): LineItemRecord => {
    const variant = variantFor(state, shop.domain, line);
    const product = variant ? state.products.get(variant.productId) : undefined;
    const item = variant ? state.inventoryItems.get(variant.inventoryItemId) : undefined;
    const title = line.title ?? product?.title ?? line.name ?? "Custom item";
    const variantTitle = line.variant_title ?? (variant && variant.title !== "Default Title" ? variant.title : null);
    return {
      id: state.newId(),
      orderId,
      title,
      name: line.name ?? (variantTitle ? `${title} - ${variantTitle}` : title),
      variantTitle,
      vendor: line.vendor ?? product?.vendor ?? null,
      sku: line.sku ?? variant?.sku ?? null,
      quantity: line.quantity,
      currentQuantity: line.quantity,
      price: decimal(line.price, variant?.price ?? "0.00"),
      totalDiscount: decimal(line.total_discount),
      grams: line.grams ?? (item?.weight ? gramsOf(item.weight.value, item.weight.unit) : 0),
      requiresShipping: line.requires_shipping ?? item?.requiresShipping ?? true,
      taxable: line.taxable ?? true,
      giftCard: line.gift_card ?? false,
      variantId: variant?.id ?? null,
      productId: variant?.productId ?? null,
      properties: (line.properties ?? []).map((p) => ({ name: p.name, value: String(p.value) })),
      duties: (line.duties ?? []).map((duty) => ({
        id: state.newId(),
        harmonizedSystemCode: duty.harmonized_system_code ?? null,
        countryCodeOfOrigin: duty.country_code_of_origin ?? null,
        amount: decimal(duty.price_set?.shop_money.amount ?? duty.shop_money?.amount),
      })),
    };
  };
  const lineItems: LineItemRecord[] = payload.line_items.flatMap(({ components, ...line }) =>
    components ? bundleLines(state, shop.domain, line, components, lineItem) : [lineItem(line)],
  );
  const customer = payload.customer
    ? {
        id: state.newId(),
        firstName: payload.customer.first_name ?? null,
        lastName: payload.customer.last_name ?? null,
        email: payload.customer.email ?? null,
        phone: payload.customer.phone ?? null,
      }
    : null;
  const extraRestFields = Object.fromEntries(Object.entries(payload).filter(([key]) => !COMPUTED_KEYS.has(key)));
  const company = companyOfPayload(state, shop.domain, payload.company);
  const order: OrderRecord = {
    id: orderId,
    shop: shop.domain,
    name: `#${orderNumber}`,
    number: orderNumber - 1000,
    orderNumber,
    email: payload.email ?? payload.contact_email ?? customer?.email ?? null,
    phone: payload.phone ?? null,
    currencyCode: payload.currency ?? shop.currencyCode,
    createdAt: now,
    processedAt: payload.processed_at ?? now,
    updatedAt: now,
    cancelledAt: null,
    cancelReason: null,
    closedAt: null,
    // An order on payment terms is not paid when placed (Shopify: pending until paid).
    financialStatus:
      payload.financial_status && payload.financial_status !== "voided"
        ? payload.financial_status
        : payload.payment_terms
          ? "pending"
          : "paid",
    test: payload.test ?? false,
    note: payload.note ?? null,
    tags: (payload.tags ?? "")
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
    sourceName: payload.source_name ?? "web",
    paymentGatewayNames: payload.payment_gateway_names ?? ["bogus"],
    shippingAddress: address(payload.shipping_address),
    billingAddress: address(payload.billing_address ?? payload.shipping_address),
    customer,
    lineItems,
    shippingLines: (payload.shipping_lines ?? []).map((line) => ({
      id: state.newId(),
      title: line.title ?? "Standard",
      code: line.code ?? null,
      source: line.source ?? "shopify",
      carrierIdentifier: line.carrier_identifier ?? null,
      price: decimal(line.price),
    })),
    totalTax: decimal(payload.total_tax),
    totalDiscounts: decimal(payload.total_discounts),
    taxesIncluded: payload.taxes_included ?? false,
    dutiesIncluded: payload.duties_included ?? false,
    customerLocale: payload.customer_locale === undefined ? "en" : payload.customer_locale,
    edited: false,
    riskAssessments: [],
    company,
    paymentTerms: null,
    extraRestFields,
  };
  order.paymentTerms = paymentTermsOfPayload(state, payload.payment_terms, order.processedAt, money(orderTotals(order).total));
  return order;
}

export function gramsOf(value: number, unit: string): number {
  const factor = { GRAMS: 1, KILOGRAMS: 1000, OUNCES: 28.3495, POUNDS: 453.592 }[unit] ?? 1;
  return Math.round(value * factor);
}

interface Assignment {
  lineItem: LineItemRecord;
  locationId: number;
  quantity: number;
}

/**
 * Shopify's default routing, simplified: locations ranked primary first, then by age. If one
 * location stocks every stocked line in full, the whole order goes there. Otherwise each line goes to
 * the first location with enough `available` stock, or is split across locations that have some.
 * Whatever no location stocks (custom items, sold-out lines) goes to the primary location. Edits
 * route the units they add the same way (`shares`).
 */
export function routeOrder(state: EmulatorState, shop: ShopRecord, shares: LineShare[]): Assignment[] {
  const locations = state
    .inShop(state.locations, shop.domain)
    .filter((l) => l.isActive && l.fulfillsOnlineOrders)
    .sort((a, b) => Number(b.id === shop.primaryLocationId) - Number(a.id === shop.primaryLocationId) || a.id - b.id);
  const itemOf = (li: LineItemRecord) => (li.variantId !== null ? state.variants.get(li.variantId)?.inventoryItemId : undefined);
  const available = (itemId: number | undefined, locationId: number) =>
    itemId === undefined ? 0 : Math.max(0, state.inventoryLevel(itemId, locationId)?.quantities.available ?? 0);

  const stocked = shares.filter(({ lineItem }) => locations.some((l) => available(itemOf(lineItem), l.id) > 0));
  const single = locations.find(
    (l) => stocked.length > 0 && stocked.every(({ lineItem, quantity }) => available(itemOf(lineItem), l.id) >= quantity),
  );
  const assignments: Assignment[] = [];
  for (const share of shares) {
    const { lineItem, quantity } = share;
    const itemId = itemOf(lineItem);
    if (single && stocked.includes(share)) {
      assignments.push({ lineItem, locationId: single.id, quantity });
      continue;
    }
    const whole = locations.find((l) => available(itemId, l.id) >= quantity);
    if (whole) {
      assignments.push({ lineItem, locationId: whole.id, quantity });
      continue;
    }
    let remaining = quantity;
    for (const location of locations) {
      const take = Math.min(remaining, available(itemId, location.id));
      if (take <= 0) continue;
      assignments.push({ lineItem, locationId: location.id, quantity: take });
      remaining -= take;
    }
    if (remaining > 0) assignments.push({ lineItem, locationId: shop.primaryLocationId, quantity: remaining });
  }
  return assignments;
}

/** Assignments grouped by location, in the order locations first appear. */
export function byLocation(assignments: Assignment[]): Map<number, LineShare[]> {
  const grouped = new Map<number, LineShare[]>();
  for (const { locationId, lineItem, quantity } of assignments)
    grouped.set(locationId, [...(grouped.get(locationId) ?? []), { lineItem, quantity }]);
  return grouped;
}

/**
 * One fulfillment order per location, holding that location's share of each line. A `fulfillAt` in
 * the future makes them SCHEDULED (subscriptions, pre-orders): they open when it is due.
 */
function createFulfillmentOrders(
  platform: Platform,
  order: OrderRecord,
  assignments: Assignment[],
  fulfillAt: string | null,
): FulfillmentOrderRecord[] {
  const now = platform.state.timestamp();
  const scheduled = fulfillAt !== null && Date.parse(fulfillAt) > Date.parse(now);
  return [...byLocation(assignments).entries()].map(([locationId, shares]) =>
    newFulfillmentOrder(platform, order, locationId, fulfillmentOrderLines(platform, shares), {
      status: scheduled ? "SCHEDULED" : "OPEN",
      fulfillAt: fulfillAt ?? now,
      commitStock: true,
    }),
  );
}

/** What the control route may ask beyond the payload: fulfillment orders scheduled for later. */
export interface OrderOptions {
  fulfillAt?: string | null;
}

/**
 * `POST /__emulator/orders`: the order, its fulfillment orders, and what Shopify tells the app, in
 * the platform's order (orders/create, then routing complete per fulfillment order, then requests).
 */
export function createOrder(platform: Platform, shop: ShopRecord, payload: unknown, mode: DeliveryMode = {}, options: OrderOptions = {}) {
  const { state, webhooks } = platform;
  const order = orderFromPayload(state, shop, payload);
  state.orders.set(order.id, order);
  const shares = order.lineItems.map((lineItem) => ({ lineItem, quantity: lineItem.quantity }));
  const fulfillmentOrders = createFulfillmentOrders(platform, order, routeOrder(state, shop, shares), options.fulfillAt ?? null);
  webhooks.publish(shop.domain, "orders/create", restOrder(state, order), mode);
  for (const fo of fulfillmentOrders) {
    webhooks.publish(
      shop.domain,
      "fulfillment_orders/order_routing_complete",
      { fulfillment_order: restFulfillmentOrderRef(fo, false) },
      mode,
    );
  }
  for (const fo of fulfillmentOrders) requestIfAutomatic(platform, fo, mode);
  return { order, fulfillmentOrders };
}

export const CancelOrderInput = z.object({
  reason: z.enum(["customer", "declined", "fraud", "inventory", "other", "staff"]).default("customer"),
  message: z.string().nullish(),
});

/**
 * `POST /__emulator/orders/:id/cancel`, as a merchant cancelling in the admin: fulfillment orders a
 * fulfillment service was asked to fulfil get a cancellation request (callback + webhook) the
 * service must answer; all others are cancelled at once.
 */
export function cancelOrder(platform: Platform, order: OrderRecord, raw: unknown, mode: DeliveryMode = {}) {
  const { state, webhooks } = platform;
  const input = CancelOrderInput.parse(raw ?? {});
  const now = state.timestamp();
  order.cancelledAt = now;
  order.cancelReason = input.reason;
  order.updatedAt = now;
  for (const fo of state.fulfillmentOrdersOf(order.id)) {
    if (fo.status === "CLOSED" || fo.status === "CANCELLED") continue;
    const service = state.fulfillmentServiceAt(fo.assignedLocationId);
    if (service && (fo.requestStatus === "SUBMITTED" || fo.requestStatus === "ACCEPTED")) {
      requestCancellation(platform, fo, input.message ?? "Order cancelled by merchant", mode);
    } else {
      cancelFulfillmentOrder(platform, fo, mode);
    }
  }
  webhooks.publish(order.shop, "orders/cancelled", restOrder(state, order), mode);
  webhooks.publish(order.shop, "orders/updated", restOrder(state, order), mode);
  return order;
}

function requestCancellation(platform: Platform, fo: FulfillmentOrderRecord, message: string, mode: DeliveryMode) {
  const { state, webhooks } = platform;
  const service = state.fulfillmentServiceAt(fo.assignedLocationId);
  const request = {
    id: state.newId(),
    kind: "CANCELLATION_REQUEST" as const,
    message,
    requestOptions: {},
    responseData: null,
    sentAt: state.timestamp(),
  };
  fo.merchantRequests.push(request);
  fo.requestStatus = "CANCELLATION_REQUESTED";
  fo.updatedAt = request.sentAt;
  webhooks.publish(
    fo.shop,
    "fulfillment_orders/cancellation_request_submitted",
    {
      fulfillment_order: restFulfillmentOrderRef(fo),
      fulfillment_order_merchant_request: { id: `gid://shopify/FulfillmentOrderMerchantRequest/${request.id}`, message },
    },
    mode,
  );
  if (service?.callbackUrl) webhooks.notifyFulfillmentService(fo.shop, service.callbackUrl, "CANCELLATION_REQUEST");
}

/** `POST /__emulator/orders/:id/shipping-address`: the body of the REST `PUT /orders/:id.json` address edit. */
export const ShippingAddressEdit = z.object({ shipping_address: RestAddress });

/** The REST keys of an address and the record fields they set. */
const ADDRESS_FIELDS = {
  first_name: "firstName",
  last_name: "lastName",
  company: "company",
  address1: "address1",
  address2: "address2",
  city: "city",
  province: "province",
  province_code: "provinceCode",
  country: "country",
  country_code: "countryCode",
  zip: "zip",
  phone: "phone",
  latitude: "latitude",
  longitude: "longitude",
} as const satisfies Record<string, keyof Address>;

/**
 * A merchant editing the order's shipping address (admin, `orderUpdate`, or REST `PUT`): the fields
 * given replace the order's (null clears one), those left out are kept. Fulfillment orders that
 * still have something to ship take the new destination; closed or cancelled ones keep the address
 * they went to. The caller sends `orders/updated`, the only webhook Shopify sends for this edit.
 */
export function applyShippingAddress(platform: Platform, order: OrderRecord, changes: Partial<Address>): void {
  const { state } = platform;
  const edited: Address = { ...(order.shippingAddress ?? emptyAddress()) };
  for (const [field, value] of Object.entries(changes)) if (value !== undefined) Object.assign(edited, { [field]: value });
  const now = state.timestamp();
  order.shippingAddress = edited;
  order.updatedAt = now;
  for (const fo of state.fulfillmentOrdersOf(order.id)) {
    if (fo.status === "CLOSED" || fo.status === "CANCELLED") continue;
    fo.destination = { ...edited, id: fo.destination?.id ?? state.newId(), email: order.email };
    fo.updatedAt = now;
  }
}

/** `POST /__emulator/orders/:id/shipping-address`: the REST address edit, then `orders/updated`. */
export function editShippingAddress(platform: Platform, order: OrderRecord, raw: unknown, mode: DeliveryMode = {}) {
  const edit = ShippingAddressEdit.parse(raw).shipping_address;
  const changes: Partial<Address> = {};
  for (const [key, field] of Object.entries(ADDRESS_FIELDS)) {
    const value = edit[key as keyof typeof ADDRESS_FIELDS];
    if (value !== undefined) Object.assign(changes, { [field]: value });
  }
  applyShippingAddress(platform, order, changes);
  platform.webhooks.publish(order.shop, "orders/updated", restOrder(platform.state, order), mode);
  return order;
}
