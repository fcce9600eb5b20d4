/**
 * The app's job kinds: each kind's payload schema (the generic queue in app/jobs knows none; the
 * handlers are registered in app/flows/job-handlers.server.ts, and a kind without one fails typecheck).
 *
 * Payloads carry references (shop, fulfillment order id, PackageId, the receipt whose stored
 * payload holds an event's facts), never personal data: the handler reads the current facts when
 * it runs.
 */
import { z } from "zod";
import { NestedSay } from "~/lib/words/reason-said";
import { FulfillmentOrderGid, OrderGid } from "~/connector/fulfillment-order";
import type { JobHandler, JobHandlers } from "~/jobs/handler";

// ---- What webhooks and callbacks set going (app/flows/receive-webhooks) ----

/** The WebhookReceipt a job was queued for: its stored payload holds the event's facts. */
const ReceiptId = z.string().min(1);
const OrderEvent = z.strictObject({ receiptId: ReceiptId, orderId: OrderGid });
const FulfillmentOrderEvent = z.strictObject({ receiptId: ReceiptId, fulfillmentOrderId: FulfillmentOrderGid });

const intakeKinds = {
  // One per event (dedupe key: kind, shop and X-Shopify-Event-Id).
  "cancel.order": OrderEvent,
  /** A fulfillment order was cancelled without a cancellation request (nobody had accepted it yet). */
  "cancel.fulfillment-order": FulfillmentOrderEvent,

  // At most one waiting per shop (app/jobs/coalesce.server.ts): the job reads what is waiting
  // (requests assigned to the app's locations, ENQUEUED receipts) when it runs, so one run answers
  // any number of triggers.
  /** Read the fulfillment requests assigned to the app's locations; accept or reject each. */
  "plan.requests": z.strictObject({}),
  /** Drop-ship path: plan the shop's routed fulfillment orders (the ENQUEUED routing receipts). */
  "plan.routed": z.strictObject({}),
  /**
   * Bring the shipments of the shop's changed orders in line with Shopify (the ENQUEUED receipts of
   * every change topic: updates, edits, holds, schedules, splits, merges, moves, payment, risk).
   */
  "change.orders": z.strictObject({}),
  /** Bring in the open fulfillment orders already at the shop's provider locations (install, a location connected, Home's "Find open orders"). */
  "plan.backfill": z.strictObject({}),
  /** Read the cancellation requests assigned to the app's locations; accept or reject each. */
  "cancel.requests": z.strictObject({}),
  /** One fulfillment service (and so one Shopify location) per enabled provider warehouse. */
  "install.fulfillment-services": z.strictObject({}),

  /** customers/data_request: write the report of what the app stores about the customer. */
  "compliance.customer-data-request": z.strictObject({ complianceRequestId: z.string().min(1) }),
  /** customers/redact: erase the customer's personal data. */
  "compliance.customer-redact": z.strictObject({ complianceRequestId: z.string().min(1) }),
  /** shop/redact: erase everything the app holds about the shop. */
  "compliance.shop-redact": z.strictObject({ receiptId: ReceiptId }),
  /** returns/approve: send the return's units that warehouses shipped back to them (operation 9). */
  "returns.open": z.strictObject({ receiptId: ReceiptId, returnId: z.string().regex(/^gid:\/\/shopify\/Return\/\d+$/) }),
  /** app/uninstalled: act on the shop's recorded deliveries once Shopify refuses its token (one waiting per shop). */
  "receive-webhooks.uninstall-confirm": z.strictObject({}),
  /** app/scopes_update: the offline session's scopes as Shopify holds them, not as the body says (one waiting per shop). */
  "receive-webhooks.scopes-refresh": z.strictObject({}),
} satisfies Record<string, z.ZodType>;

// ---- The pipeline's stages: each works one shop's shipments in one state and queues itself again
// while work remains. One live job per key (shop, and warehouse or handling location for pushes),
// so many READY shipments make few provider calls and one slow shop never holds another's work.

const Shop = z.string().min(1);
const ShipmentKind = z.enum(["OUTBOUND", "DROPSHIP"]);

const pipelineKinds = {
  /** Send the READY shipments of one warehouse (outbound) or handling location (drop-ship), 20 per request. */
  "push.batch": z.strictObject({ shop: Shop, kind: ShipmentKind, origin: z.string().min(1) }),
  /**
   * One package a person sent now (the order page block's Send or Retry) with the single-package
   * operation: queued before the send to finish it if the request stops halfway; the request ends
   * it itself otherwise. Holds the package's sending claim (one live job per shipment).
   */
  "push.one": z.strictObject({ shop: Shop, shipmentId: z.string().min(1) }),
  /** Ask the provider about SUBMITTED shipments (and non-final tracking numbers) until created or failed. */
  "follow.poll": z.strictObject({ shop: Shop, kind: ShipmentKind }),
  /** Write CREATED shipments to Shopify as fulfilments with tracking. */
  "write-back.fulfil": z.strictObject({ shop: Shop }),
  /** Read the checkpoints of fulfilled parcels and write them to Shopify as fulfilment events, until delivered. */
  "track.checkpoints": z.strictObject({ shop: Shop }),
  /** Plan again the shop's shipments whose wait has a date that has come (scheduled fulfillment orders). */
  "change.wake": z.strictObject({ shop: Shop }),
  /**
   * A package a cancellation or change withdrew while a send may have reached the provider: ask the
   * provider whether it has it, cancel it or follow it by the answer, and tell Shopify (decision
   * 0040). One live job per shipment; `because` is the withdrawal's reason, in the timeline's words,
   * and `becauseSay` its sentence, to say it again in the admin's language (none in jobs queued before).
   */
  "cancel.in-doubt": z.strictObject({
    shop: Shop,
    shipmentId: z.string().min(1),
    because: z.string().min(1).max(500),
    becauseSay: NestedSay.optional(),
  }),
  /** Follow the shop's returns to their warehouses until delivered, then restock them in Shopify. */
  "returns.follow": z.strictObject({ shop: Shop }),
} satisfies Record<string, z.ZodType>;

// ---- Catalogue and stock (app/flows/catalogue, app/flows/stock): each works through a SyncRun,
// whose rows and progress the merchant watches; a rerun after a crash resumes the run.

const RunId = z.string().min(1);

const catalogueKinds = {
  /** Read every variant from Shopify (a bulk operation) and every SKU from the provider. */
  "catalogue.read": z.strictObject({ runId: RunId }),
  /** Register the run's PENDING SKUs with the provider (operation 16), a few at a time. */
  "catalogue.register": z.strictObject({ runId: RunId }),
  /** Write the provider's stock into Shopify at the warehouses' locations. One live job per shop. */
  "stock.sync": z.strictObject({ shop: Shop, trigger: z.enum(["MERCHANT", "SCHEDULE", "SETUP", "PROVIDER_CHANGE"]) }),
} satisfies Record<string, z.ZodType>;

// ---- Shopify refusing a whole shop (app/flows/shop-access): 401, 402, 423.

const accessKinds = {
  /** Ask Shopify again whether it answers for the shop; resume its jobs when it does. One live job per shop. */
  "shop-access.check": z.strictObject({ shop: Shop }),
} satisfies Record<string, z.ZodType>;

// ---- Inbound shipments (app/flows/inbound): the merchant's boxes on their way into a warehouse.

const inboundKinds = {
  /** Ask the provider whether the shop's inbound shipments on their way have been received (decision 0016). One live job per shop. */
  "inbound.check": z.strictObject({ shop: Shop }),
} satisfies Record<string, z.ZodType>;

// ---- Alerts (app/flows/alerts, decision 0044): what needs the merchant, by e-mail or webhook.

const alertKinds = {
  /** Queue a delivery for each channel whose alerts are due. One live job across workers; queued as a worker starts, then every sweepMs. */
  "alerts.sweep": z.strictObject({}),
  /** Send one channel's waiting alerts as one message; a channel that is down gets it later. One live job per shop and channel. */
  "alerts.deliver": z.strictObject({ shop: Shop, channel: z.enum(["EMAIL", "WEBHOOK"]) }),
} satisfies Record<string, z.ZodType>;

export const jobPayloadSchemas = {
  /** Does nothing. Ops queue one to see that workers are running; tests and the benchmark use it. */
  noop: z.strictObject({ note: z.string().max(200).optional() }),
  /** Key rotation: seal every secret at rest with the current key (app/flows/keys). Queued as a worker starts. */
  "keys.reencrypt": z.strictObject({}),
  /** Purge old finished jobs and processed receipts; give up jobs of unknown kinds (app/flows/housekeeping). Queued as a worker starts, then daily. */
  "housekeeping.purge": z.strictObject({}),
  ...intakeKinds,
  ...pipelineKinds,
  ...catalogueKinds,
  ...accessKinds,
  ...inboundKinds,
  ...alertKinds,
} satisfies Record<string, z.ZodType>;

/**
 * The kinds that run before every due job of the other kinds (decision 0059): a package's send once
 * its batch may leave. Planned and gathered, it has done all its waiting; every second it queues
 * behind the planning of newer orders is added to its customer's. Delaying that planning costs the
 * newer orders nothing while their own packages would wait for company anyway, and there is little
 * of it to run: one live job per warehouse or handling location, made only by what planning made.
 */
export const firstJobKinds = ["push.batch", "push.one"] as const satisfies readonly (keyof typeof jobPayloadSchemas)[];

/**
 * The kinds no one waits for: each runs after every due job of the other kinds (decision 0058), so
 * in a sale the orders reach the warehouse and the buyers get their tracking before the carriers'
 * checkpoints are copied, the returns and inbound boxes are asked after, or the housekeeping runs.
 * They wait only while other work is due; on a quiet day they run when due.
 */
export const laterJobKinds = [
  "track.checkpoints",
  "returns.follow",
  "inbound.check",
  "housekeeping.purge",
  "keys.reencrypt",
] as const satisfies readonly (keyof typeof jobPayloadSchemas)[];

export type JobKinds = typeof jobPayloadSchemas;
export type JobKind = keyof JobKinds;

/** What a handler of kind K receives. */
export type JobPayload<K extends JobKind> = z.output<JobKinds[K]>;
/** What enqueue accepts for kind K. */
export type JobPayloadInput<K extends JobKind> = z.input<JobKinds[K]>;

/** The handler of one of the app's kinds. */
export type KindHandler<K extends JobKind> = JobHandler<JobPayload<K>>;
/** Handlers of some of the app's kinds (one worker may run only some). */
export type AppJobHandlers = JobHandlers<JobKinds>;
