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

export const APP_TOPICS = ["app/uninstalled", "app/scopes_update"] as const;

export const COMPLIANCE_TOPICS = ["customers/data_request", "customers/redact", "shop/redact"] as const;

export const WEBHOOK_TOPICS = [...ORDER_TOPICS, ...FULFILLMENT_ORDER_TOPICS, ...APP_TOPICS, ...COMPLIANCE_TOPICS] as const;

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
