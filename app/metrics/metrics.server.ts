/**
 * What the app counts and times, as Prometheus metrics (prom-client), one registry per process: the
 * app server's on its /metrics, the worker's on its health port. Labels are bounded sets only, never
 * a shop, an order or a job id (docs/decisions/0020-logs-and-metrics.md). This module imports nothing
 * of the app, so stores, flows and the queue can all record into it.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Seconds, from a fast provider answer to the job lease (60 s) and beyond. */
const CALL_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds an order waits at a stage: from moments to the provider's slowest day. */
const ORDER_BUCKETS = [1, 5, 10, 30, 60, 120, 300, 600, 1_800, 3_600, 4 * 3_600, 24 * 3_600];

export const webhookDeliveries = new Counter({
  name: "webhook_deliveries_received_total",
  help: "Signed webhook deliveries recorded, by topic (duplicates included).",
  labelNames: ["topic"] as const,
  registers: [registry],
});

export const webhookRejections = new Counter({
  name: "webhook_deliveries_rejected_total",
  help: "Signed deliveries recorded REJECTED (unreadable, wrong topic, wrong shop), by topic.",
  labelNames: ["topic"] as const,
  registers: [registry],
});

export const webhookRefusals = new Counter({
  name: "webhook_deliveries_refused_total",
  help: "Deliveries refused before anything was recorded, by HTTP status (401: the signature does not match the app's secret; 400: malformed headers; 413: too large).",
  labelNames: ["status"] as const,
  registers: [registry],
});

export const unknownShopDeliveries = new Counter({
  name: "webhook_deliveries_unknown_shop_total",
  help: "Signed deliveries and fulfillment-service callbacks for a shop the app holds nothing of (never installed): answered alike, nothing written, by route (a replayed body under a made-up shop).",
  labelNames: ["route"] as const,
  registers: [registry],
});

export const requestRefusals = new Counter({
  name: "http_requests_refused_total",
  help: "Requests the app server refused before any route read them, by reason (body too large: 413; malformed shop: a shop parameter that is not a *.myshopify.com domain, 400).",
  labelNames: ["reason"] as const,
  registers: [registry],
});

export const callbackWakeUps = new Counter({
  name: "fulfillment_service_wake_ups_total",
  help: "Fulfillment-service callbacks by what became of them: woken (the shop's fetch job woken now) or folded (into one wake-up at the end of the shop's second).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

let pendingWakeUps: () => number = () => 0;
/** How to count the callback's wake-ups not yet written: its module says (this one imports nothing of the app). */
export function countPendingWakeUpsWith(count: () => number): void {
  pendingWakeUps = count;
}

export const callbackWakeUpsPending = new Gauge({
  name: "fulfillment_service_wake_ups_pending",
  help: "Wake-ups of folded fulfillment-service callbacks not yet written, in this process.",
  registers: [registry],
  collect() {
    this.set(pendingWakeUps());
  },
});

export const jobsFinished = new Counter({
  name: "jobs_finished_total",
  help: "Job runs by kind and outcome (done, retry scheduled, postponed, dead, lease lost).",
  labelNames: ["kind", "outcome"] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: "job_duration_seconds",
  help: "How long one run of a job took, by kind.",
  labelNames: ["kind"] as const,
  buckets: CALL_BUCKETS,
  registers: [registry],
});

export const providerCalls = new Histogram({
  name: "provider_call_duration_seconds",
  help: "Calls to the fulfilment provider by operation and outcome (ok or the error's kind), retries included.",
  labelNames: ["operation", "outcome"] as const,
  buckets: CALL_BUCKETS,
  registers: [registry],
});

export const shopifyCalls = new Histogram({
  name: "shopify_call_duration_seconds",
  help: "Admin GraphQL calls to Shopify by operation (the document's name) and outcome (ok or error).",
  labelNames: ["operation", "outcome"] as const,
  buckets: CALL_BUCKETS,
  registers: [registry],
});

export const orderToAccepted = new Histogram({
  name: "order_received_to_provider_accepted_seconds",
  help: "Per package: from the app recording the order's shipment to the provider accepting the package.",
  buckets: ORDER_BUCKETS,
  registers: [registry],
});

export const trackingToFulfilled = new Histogram({
  name: "order_tracking_known_to_fulfilled_seconds",
  help: "Per package: from the provider's tracking number known to the fulfilment with tracking written in Shopify.",
  buckets: ORDER_BUCKETS,
  registers: [registry],
});

/** Waiting jobs per kind, as the queue reads them at scrape time. */
export interface QueueDepth {
  kind: string;
  pending: number;
  oldestPendingAgeSeconds: number;
}

/**
 * Reads the queue on every scrape; a process that registers no reader shows neither gauge.
 * Registered once per process, by whoever owns the database (the app server, the worker).
 */
export function measureQueueWith(read: () => Promise<QueueDepth[]>): void {
  if (registry.getSingleMetric("jobs_pending")) return;
  // The two gauges are collected in one scrape: one read of the queue serves both.
  let latest: Promise<QueueDepth[]> | undefined;
  const depths = () => (latest ??= read().finally(() => setTimeout(() => (latest = undefined), 0)));
  const gauge = (name: string, help: string, value: (depth: QueueDepth) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["kind"] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const depth of await depths()) this.set({ kind: depth.kind }, value(depth));
      },
    });
  gauge("jobs_pending", "Jobs waiting to run (due or scheduled later), by kind.", (depth) => depth.pending);
  gauge(
    "jobs_oldest_pending_age_seconds",
    "How long the oldest due job of each kind has been due.",
    (depth) => depth.oldestPendingAgeSeconds,
  );
}

/** The registry's text, in Prometheus' exposition format, and its content type. */
export async function metricsText(): Promise<{ contentType: string; text: string }> {
  return { contentType: registry.contentType, text: await registry.metrics() };
}
