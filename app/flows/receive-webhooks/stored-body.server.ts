/**
 * What a receipt keeps of a delivery's body: the body without the customer's fields, and for an
 * order's create and update a keyed digest of its shipping address. No job reads a customer's field
 * from a stored body (the work reads ids, and Shopify's API for the rest), so they are removed
 * before the receipt is written, never stored (decision 0038). Computed before the intake's
 * transaction, so the write lock is not held for it.
 */
import { shippingAddressLineOf, withoutCustomerFields } from "~/shopify/webhooks/customer-fields";
import type { WebhookTopic } from "~/shopify/webhooks/topics";
import { NO_SHIPPING_ADDRESS } from "~/stores/receipts/webhook-receipt.server";
import { keyedDigest, keysOf, type KeyOption } from "~/stores/shops/envelope.server";
import type { VerifiedWebhook } from "./delivery";
import { keptOfUnreadable } from "./signed-body.server";

/** The purpose the address digests are made for: a digest made for another cannot match them. */
export const SHIPPING_ADDRESS_DIGEST = "shipping address";

/** The topics whose body is the whole order with its address: the change flow compares their digests. */
const WHOLE_ORDER_TOPICS: readonly WebhookTopic[] = ["orders/create", "orders/updated"];

export interface StoredBody {
  payload: string;
  shippingAddressDigest: string | null;
}

export function storedBodyOf(topic: WebhookTopic, webhook: VerifiedWebhook, keyOption: KeyOption = {}): StoredBody {
  if (webhook.unreadable !== undefined) return { payload: keptOfUnreadable(webhook.body ?? ""), shippingAddressDigest: null };
  const { kept, removed } = withoutCustomerFields(webhook.payload);
  // A body with nothing to remove is kept as received: re-serialising would cost time for nothing.
  const payload = removed ? JSON.stringify(kept) : (webhook.body ?? JSON.stringify(webhook.payload));
  if (!WHOLE_ORDER_TOPICS.includes(topic)) return { payload, shippingAddressDigest: null };
  const line = shippingAddressLineOf(webhook.payload);
  const shippingAddressDigest =
    line === undefined ? null : line === "" ? NO_SHIPPING_ADDRESS : keyedDigest(keysOf(keyOption), SHIPPING_ADDRESS_DIGEST, line);
  return { payload, shippingAddressDigest };
}
