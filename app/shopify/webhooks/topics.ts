/**
 * The webhook topics the app subscribes to (shopify.app.toml says which route handles each; a test
 * keeps the two lists equal). Compliance topics are mandatory for every app listed on Shopify.
 */
export const ORDER_TOPICS = ["orders/create", "orders/updated", "orders/cancelled"] as const;

export const FULFILLMENT_ORDER_TOPICS = [
  "fulfillment_orders/order_routing_complete",
  "fulfillment_orders/fulfillment_request_submitted",
  "fulfillment_orders/cancellation_request_submitted",
  "fulfillment_orders/cancelled",
] as const;

/**
 * How orders change in Shopify: each one makes the app look at the order's fulfillment orders again
 * (holds and releases, schedules, edits, splits, merges, moves, payment, fraud risk, refunds).
 */
export const ORDER_CHANGE_TOPICS = ["orders/edited", "orders/paid", "orders/risk_assessment_changed", "refunds/create"] as const;

export const FULFILLMENT_ORDER_CHANGE_TOPICS = [
  "fulfillment_orders/placed_on_hold",
  "fulfillment_orders/hold_released",
  "fulfillment_holds/added",
  "fulfillment_holds/released",
  "fulfillment_orders/scheduled_fulfillment_order_ready",
  "fulfillment_orders/rescheduled",
  "fulfillment_orders/split",
  "fulfillment_orders/merged",
  "fulfillment_orders/moved",
] as const;

/** Every topic whose event is an order changing: worked through together, order by order. */
export const CHANGE_TOPICS = ["orders/updated", ...ORDER_CHANGE_TOPICS, ...FULFILLMENT_ORDER_CHANGE_TOPICS] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/** A return approved (or opened at once): its units that warehouses shipped are sent back to them. */
export const RETURN_TOPICS = ["returns/approve"] as const;

export const APP_TOPICS = ["app/uninstalled", "app/scopes_update"] as const;

/** The shop's own settings changed in Shopify: its time zone, which the admin writes dates in. */
export const SHOP_TOPICS = ["shop/update"] as const;

export const COMPLIANCE_TOPICS = ["customers/data_request", "customers/redact", "shop/redact"] as const;

export const WEBHOOK_TOPICS = [
  ...ORDER_TOPICS,
  ...FULFILLMENT_ORDER_TOPICS,
  ...ORDER_CHANGE_TOPICS,
  ...FULFILLMENT_ORDER_CHANGE_TOPICS,
  ...RETURN_TOPICS,
  ...APP_TOPICS,
  ...SHOP_TOPICS,
  ...COMPLIANCE_TOPICS,
] as const;

export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];
export type ComplianceTopic = (typeof COMPLIANCE_TOPICS)[number];

/**
 * How `authenticate.webhook` reports a topic: the library upper-cases X-Shopify-Topic and turns "/"
 * and "." into "_" (ORDERS_CREATE). Compared to catch a subscription pointed at the wrong route.
 */
export function topicAsReported(topic: string): string {
  return topic.toUpperCase().replace(/[/.]/g, "_");
}

export function isComplianceTopic(topic: string): topic is ComplianceTopic {
  return COMPLIANCE_TOPICS.some((candidate) => candidate === topic);
}
