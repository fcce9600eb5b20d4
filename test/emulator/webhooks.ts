/**
 * Webhook and fulfillment-service notification delivery, the way Shopify does it: POST to the app,
 * body signed with the app secret (base64 HMAC-SHA256 of the exact raw bytes), retried with backoff
 * on a non-2xx answer or a timeout, at least once (duplicates and reordering on request).
 *
 * Which topics reach which path comes from the app's own `shopify.app.toml`, as on the platform.
 */
import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { parse as parseToml } from "smol-toml";

export interface WebhookSubscription {
  topics: string[];
  uri: string;
}

export interface AppConfig {
  apiVersion: string;
  scopes: string[];
  subscriptions: WebhookSubscription[];
}

/** Reads `[access_scopes]` and `[webhooks]` of a shopify.app.toml. Compliance topics are subscriptions too. */
export function parseAppToml(text: string): AppConfig {
  const toml = parseToml(text) as Record<string, unknown>;
  const webhooks = record(toml.webhooks);
  const scopes = String(record(toml.access_scopes).scopes ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const subscriptions: WebhookSubscription[] = [];
  for (const raw of Array.isArray(webhooks.subscriptions) ? webhooks.subscriptions : []) {
    const entry = record(raw);
    const uri = typeof entry.uri === "string" ? entry.uri : undefined;
    const topics = [...strings(entry.topics), ...strings(entry.compliance_topics)];
    if (uri && topics.length) subscriptions.push({ topics, uri });
  }
  return { apiVersion: String(webhooks.api_version ?? "2026-10"), scopes, subscriptions };
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function hmacBase64(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody, "utf8").digest("base64");
}

export interface DeliveryOptions {
  /** Delay before each retry; its length is the number of retries (Shopify: 8 over about 4 hours). */
  retryDelaysMs: number[];
  /** How long the app has to answer (Shopify waits about 5 s). */
  timeoutMs: number;
}

/** The emulator's default: Shopify's eight retries, compressed from hours to about four minutes. */
export const DEFAULT_DELIVERY: DeliveryOptions = {
  retryDelaysMs: [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000],
  timeoutMs: 5_000,
};

/** Per-publication requests for the misbehaviour Shopify allows itself. */
export interface DeliveryMode {
  /** Deliver each event twice (same X-Shopify-Event-Id, a new X-Shopify-Webhook-Id). */
  duplicate?: boolean;
  /** Keep deliveries back until `release()`, which sends them out of order. */
  hold?: boolean;
}

export interface DeliveryAttempt {
  at: string;
  status: number | null;
  durationMs: number;
  error: string | null;
}

export type DeliveryKind = "webhook" | "fulfillment_service_notification";

export interface DeliveryRecord {
  id: number;
  kind: DeliveryKind;
  topic: string | null;
  shop: string;
  url: string;
  eventId: string;
  webhookId: string;
  triggeredAt: string;
  body: string;
  headers: Record<string, string>;
  attempts: DeliveryAttempt[];
  state: "held" | "pending" | "delivered" | "failed" | "not_subscribed";
  /** Set on the second copy of a duplicated delivery: the id of the first. */
  duplicateOf: number | null;
}

export interface DispatcherConfig {
  /** The app's base URL; until it is known, deliveries to relative URIs fail at once (logged). */
  appUrl: string | undefined;
  apiSecret: string;
  app: AppConfig;
  delivery: DeliveryOptions;
  clock: () => Date;
}

export class WebhookDispatcher {
  private readonly records: DeliveryRecord[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private mode: DeliveryMode = {};
  private closed = false;

  constructor(private readonly config: DispatcherConfig) {}

  /** Mode applied to every later event until changed (control route `POST /__emulator/delivery`). */
  setMode(mode: DeliveryMode): void {
    this.mode = { ...mode };
  }

  /** The subscription path for a topic, or undefined when the app does not subscribe to it. */
  uriFor(topic: string): string | undefined {
    return this.config.app.subscriptions.find((s) => s.topics.includes(topic))?.uri;
  }

  /**
   * Publishes one event of a topic. Delivered only when the app subscribes (or `uri` is forced), like
   * Shopify; otherwise logged as not_subscribed so a test can see the event happened.
   */
  publish(shop: string, topic: string, payload: unknown, options: DeliveryMode & { uri?: string } = {}): DeliveryRecord[] {
    const uri = options.uri ?? this.uriFor(topic);
    const body = JSON.stringify(payload);
    const eventId = randomUUID();
    const triggeredAt = this.config.clock().toISOString();
    const url = uri ? resolveUri(uri, this.config.appUrl) : "";
    const headers = (webhookId: string) => ({
      "Content-Type": "application/json",
      "User-Agent": "Shopify-Captain-Hook",
      "X-Shopify-Topic": topic,
      "X-Shopify-Shop-Domain": shop,
      "X-Shopify-API-Version": this.config.app.apiVersion,
      "X-Shopify-Webhook-Id": webhookId,
      "X-Shopify-Event-Id": eventId,
      "X-Shopify-Triggered-At": triggeredAt,
      "X-Shopify-Hmac-Sha256": hmacBase64(this.config.apiSecret, body),
    });
    const make = (duplicateOf: number | null): DeliveryRecord => {
      const webhookId = randomUUID();
      return this.add({
        kind: "webhook",
        topic,
        shop,
        url,
        eventId,
        webhookId,
        triggeredAt,
        body,
        headers: headers(webhookId),
        state: uri ? "pending" : "not_subscribed",
        duplicateOf,
      });
    };
    const first = make(null);
    const copies = [first];
    if (uri && (options.duplicate ?? this.mode.duplicate)) copies.push(make(first.id));
    if (uri) for (const copy of copies) this.dispatch(copy, options.hold ?? this.mode.hold);
    return copies;
  }

  /**
   * POSTs `{callbackUrl}/fulfillment_order_notification`, signed like a webhook: how Shopify tells a
   * fulfillment service about fulfillment and cancellation requests.
   */
  notifyFulfillmentService(shop: string, callbackUrl: string, kind: "FULFILLMENT_REQUEST" | "CANCELLATION_REQUEST"): DeliveryRecord {
    const body = JSON.stringify({ kind });
    const webhookId = randomUUID();
    const record = this.add({
      kind: "fulfillment_service_notification",
      topic: null,
      shop,
      url: `${callbackUrl.replace(/\/$/, "")}/fulfillment_order_notification`,
      eventId: randomUUID(),
      webhookId,
      triggeredAt: this.config.clock().toISOString(),
      body,
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Shopify-Captain-Hook",
        "X-Shopify-Shop-Domain": shop,
        "X-Shopify-API-Version": this.config.app.apiVersion,
        "X-Shopify-Webhook-Id": webhookId,
        "X-Shopify-Hmac-Sha256": hmacBase64(this.config.apiSecret, body),
      },
      state: "pending",
      duplicateOf: null,
    });
    this.dispatch(record, this.mode.hold);
    return record;
  }

  /**
   * Sends held deliveries one after another, newest first by default, so the app sees them out of
   * order (each waits for the previous one's first attempt, so the order is the one that arrives).
   */
  release(order: "reverse" | "fifo" = "reverse"): DeliveryRecord[] {
    const held = this.records.filter((r) => r.state === "held");
    if (order === "reverse") held.reverse();
    for (const record of held) record.state = "pending";
    this.track(held.reduce((chain, record) => chain.then(() => this.attempt(record, 0)), Promise.resolve()));
    return held;
  }

  log(): DeliveryRecord[] {
    return this.records;
  }

  clearLog(): void {
    this.records.length = 0;
  }

  /** Resolves when nothing is being delivered or waiting for a retry (held deliveries don't count). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
    // Wake every pending retry so `settled()` cannot hang on a closed emulator.
    for (const [timer, wake] of this.timers) {
      clearTimeout(timer);
      wake();
    }
    this.timers.clear();
  }

  private add(fields: Omit<DeliveryRecord, "id" | "attempts">): DeliveryRecord {
    const record: DeliveryRecord = { id: this.records.length + 1, attempts: [], ...fields };
    this.records.push(record);
    return record;
  }

  private dispatch(record: DeliveryRecord, hold: boolean | undefined): void {
    if (hold) record.state = "held";
    else void this.attempt(record, 0);
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /**
   * One attempt, then a retry scheduled after the next delay; tracked so `settled()` can wait.
   * Resolves once this attempt's POST has been answered (not when the retries are over).
   */
  private attempt(record: DeliveryRecord, retriesDone: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    let answered: () => void = () => undefined;
    const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
    this.track(
      (async () => {
        const ok = await this.post(record);
        answered();
        if (record.state === "failed") return;
        if (ok) {
          record.state = "delivered";
          return;
        }
        const delay = this.config.delivery.retryDelaysMs[retriesDone];
        if (delay === undefined) {
          record.state = "failed";
          return;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            resolve();
          }, delay);
          this.timers.set(timer, resolve);
        });
        if (!this.closed) void this.attempt(record, retriesDone + 1);
      })(),
    );
    return firstAnswer;
  }

  private async post(record: DeliveryRecord): Promise<boolean> {
    const started = performance.now();
    const at = this.config.clock().toISOString();
    if (record.url === "") {
      record.attempts.push({
        at,
        status: null,
        durationMs: 0,
        error: "The emulator has no appUrl (option appUrl, or POST /__emulator/config)",
      });
      record.state = "failed";
      return true; // nothing to retry against
    }
    try {
      const status = await postOnce(record.url, record.headers, record.body, this.config.delivery.timeoutMs);
      record.attempts.push({ at, status, durationMs: elapsed(started), error: null });
      return status >= 200 && status < 300;
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      record.attempts.push({ at, status: null, durationMs: elapsed(started), error: message });
      return false;
    }
  }
}

/**
 * Kept-alive connections to the app, as Shopify's senders keep them: the pipeline's tests and
 * benchmarks send thousands of deliveries, and fetch cost the emulator several times node:http's
 * CPU for each (docs/benchmarks.md).
 */
const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };

class DeliveryTimeout extends Error {
  override name = "TimeoutError";
}

/**
 * One POST of a delivery: the answer's status once its body has been read, or an error (refused,
 * cut, or no whole answer within `timeoutMs`). Redirects are not followed.
 */
function postOnce(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<number> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? https.request : http.request;
  const bytes = Buffer.from(body, "utf8");
  return new Promise((resolve, reject) => {
    const request = send(target, {
      method: "POST",
      headers: { ...headers, "content-length": String(bytes.length) },
      agent: agents[target.protocol === "https:" ? "https:" : "http:"],
    });
    const timer = setTimeout(() => request.destroy(new DeliveryTimeout(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.once("response", (response) => {
      response.on("data", () => undefined);
      response.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      response.once("end", () => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
      });
    });
    request.end(bytes);
  });
}

/** An absolute subscription URI as is; a relative one against the app's URL ("" when unknown). */
function resolveUri(uri: string, appUrl: string | undefined): string {
  if (/^https?:\/\//.test(uri)) return uri;
  return appUrl ? new URL(uri, appUrl).toString() : "";
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
