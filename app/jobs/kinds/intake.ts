/**
 * The job kinds the webhook intake queues (app/intake). Payloads are references: the receipt whose
 * stored payload holds the event's facts, and the Shopify id the event is about.
 *
 * Handlers: the compliance kinds and fulfillment-services.ensure in app/jobs/handlers; the order,
 * fulfillment-order and request-fetch kinds in app/pipeline/handlers.server.ts.
 */
import { z } from "zod";
import { FulfillmentOrderGid, OrderGid } from "~/connector/fulfillment-order";

/** The WebhookReceipt a job was queued for: its stored payload holds the event's facts. */
const ReceiptId = z.string().min(1);
const OrderEvent = z.strictObject({ receiptId: ReceiptId, orderId: OrderGid });
const FulfillmentOrderEvent = z.strictObject({ receiptId: ReceiptId, fulfillmentOrderId: FulfillmentOrderGid });

export const intakeJobPayloadSchemas = {
  // One per event (dedupe key: kind, shop and X-Shopify-Event-Id).
  "orders.cancelled": OrderEvent,
  /** A fulfillment order was cancelled without a cancellation request (nobody had accepted it yet). */
  "fulfillment-orders.cancelled": FulfillmentOrderEvent,

  // At most one waiting per shop (app/intake/coalesce.server.ts): the job reads what is waiting
  // (requests assigned to the app's locations, ENQUEUED receipts) when it runs, so one run answers
  // any number of triggers.
  /** Read the fulfillment requests assigned to the app's locations; accept or reject each. */
  "fulfillment-requests.fetch": z.strictObject({}),
  /** Drop-ship path: plan the shop's routed fulfillment orders (the ENQUEUED routing receipts). */
  "fulfillment-orders.routed": z.strictObject({}),
  /** Plan again the held shipments of the shop's updated orders (the ENQUEUED orders/updated receipts). */
  "orders.updated": z.strictObject({}),
  /** Read the cancellation requests assigned to the app's locations; accept or reject each. */
  "cancellation-requests.fetch": z.strictObject({}),
  /** One fulfillment service (and so one Shopify location) per enabled provider warehouse. */
  "fulfillment-services.ensure": z.strictObject({}),

  /** customers/data_request: write the report of what the app stores about the customer. */
  "compliance.customer-data-request": z.strictObject({ complianceRequestId: z.string().min(1) }),
  /** customers/redact: erase the customer's personal data. */
  "compliance.customer-redact": z.strictObject({ complianceRequestId: z.string().min(1) }),
  /** shop/redact: erase everything the app holds about the shop. */
  "compliance.shop-redact": z.strictObject({ receiptId: ReceiptId }),
} satisfies Record<string, z.ZodType>;
