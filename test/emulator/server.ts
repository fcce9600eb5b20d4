/**
 * The Shopify Admin emulator: a real HTTP server on loopback serving the Admin GraphQL endpoint of
 * 2026-10 for seeded shops, delivering webhooks and fulfillment-service notifications to the app, and
 * offering `/__emulator/*` control routes for tests, the stack and the demo. See README.md.
 */
import { addCompany } from "./companies";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { adminShop, controlShop, type ShopResolution } from "./addressing";
import { ADMIN_API_VERSION, loadAdminApi } from "./admin-schema";
import { BackgroundJobs } from "./background";
import { addLocation, addShop, grantedScopes, LocationInput, upsertProducts, type ProductInput, type ShopInput } from "./catalogue";
import { submitFulfillmentRequest } from "./fulfillment-orders";
import { AdminGraphql } from "./graphql";
import { parseGid } from "./ids";
import { accessTokenRequest } from "./oauth";
import { cancelOrder, createOrder, editShippingAddress, type OrderOptions } from "./orders";
import type { Platform } from "./platform";
import { defaultPayload, restFulfillment, restOrder, restShop } from "./payloads";
import { cancelFulfillment } from "./fulfillments";
import { openDue } from "./scheduled";
import { EmulatorState, type ShopAccess, type ShopRecord } from "./state";
import {
  DEFAULT_DELIVERY,
  parseAppToml,
  WebhookDispatcher,
  type AppConfig,
  type DeliveryMode,
  type DeliveryOptions,
  type DeliveryRecord,
  type DispatcherConfig,
  type WebhookSubscription,
} from "./webhooks";

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** A shop to create at start (and again on reset), optionally with its catalogue. */
export type SeedShop = ShopInput & { products?: ProductInput[] };

export interface EmulatorOptions {
  /** Where webhooks and relative callback URLs go (the app's base URL). Can be set later. */
  appUrl?: string;
  /** The app's API secret: the HMAC key of webhooks and fulfillment-service notifications. */
  apiSecret: string;
  apiKey?: string;
  port?: number;
  shops?: SeedShop[];
  /** The app's shopify.app.toml (webhook subscriptions, scopes); defaults to the project's. */
  appTomlPath?: string;
  /** Replaces the TOML's webhook subscriptions (tests that subscribe to more than the app does yet). */
  subscriptions?: WebhookSubscription[];
  delivery?: Partial<DeliveryOptions>;
  throttle?: { maximumAvailable?: number; restoreRate?: number };
  enforceAccessScopes?: boolean;
  now?: () => Date;
  /** How long a bulk operation stays RUNNING before its JSONL is ready (default 50 ms). */
  bulkOperationMs?: number;
}

export interface ShopifyEmulator {
  url: string;
  state: EmulatorState;
  webhooks: WebhookDispatcher;
  graphql: AdminGraphql;
  /** The GraphQL endpoint for a shop in path form (no header needed). */
  graphqlUrl(shop: string): string;
  setAppUrl(url: string): void;
  createOrder(shop: string, payload: unknown, mode?: DeliveryMode, options?: OrderOptions): ReturnType<typeof createOrder>;
  /** Opens scheduled fulfillment orders that are due by the emulator's clock (also done before every request). */
  tick(): void;
  cancelOrder(shop: string, orderId: number, input?: unknown): ReturnType<typeof cancelOrder>;
  publish(shop: string, topic: string, payload?: unknown, options?: DeliveryMode & { uri?: string }): DeliveryRecord[];
  addProducts(shop: string, products: ProductInput[]): void;
  deliveries(): DeliveryRecord[];
  /** Waits until no delivery is in flight or waiting for a retry. */
  settled(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === "string" ? body : JSON.stringify(body));
  }
}

function readAppConfig(options: EmulatorOptions): AppConfig {
  const path = options.appTomlPath ?? join(projectRoot, "shopify.app.toml");
  const config = existsSync(path)
    ? parseAppToml(readFileSync(path, "utf8"))
    : { apiVersion: ADMIN_API_VERSION, scopes: [], subscriptions: [] };
  return options.subscriptions ? { ...config, subscriptions: options.subscriptions } : config;
}

export async function startShopifyEmulator(options: EmulatorOptions): Promise<ShopifyEmulator> {
  const clock = options.now ?? (() => new Date());
  const api = await loadAdminApi();
  const app = readAppConfig(options);
  const dispatcherConfig: DispatcherConfig = {
    appUrl: options.appUrl,
    apiSecret: options.apiSecret,
    app,
    delivery: { ...DEFAULT_DELIVERY, ...options.delivery },
    clock,
  };
  const platform: Platform = {
    state: new EmulatorState(clock),
    webhooks: new WebhookDispatcher(dispatcherConfig),
    jobs: new BackgroundJobs(),
  };
  const graphql = new AdminGraphql(api, platform, {
    maximumAvailable: options.throttle?.maximumAvailable ?? 1000,
    restoreRate: options.throttle?.restoreRate ?? 100,
    enforceAccessScopes: options.enforceAccessScopes ?? true,
    clock,
    bulkOperationMs: options.bulkOperationMs ?? 50,
  });

  const seed = () => {
    for (const { products, ...shop } of options.shops ?? []) {
      addShop(platform.state, { ...shop, scopes: grantedScopes(shop, app.scopes) });
      if (products) upsertProducts(platform.state, shop.domain, { products });
    }
  };
  seed();

  const shopOr404 = (domain: string | undefined): ShopRecord => {
    const shop = domain ? platform.state.shop(domain) : undefined;
    if (!shop)
      throw new HttpError(404, {
        errors: domain ? `Unknown shop ${domain}` : "Name the shop: X-Shopify-Shop-Domain header, ?shop= or /shops/<shop>/...",
      });
    return shop;
  };

  const emulator: Omit<ShopifyEmulator, "url"> & { url: string } = {
    url: "",
    state: platform.state,
    webhooks: platform.webhooks,
    graphql,
    graphqlUrl: (shop) => `${emulator.url}/shops/${shop}/admin/api/${ADMIN_API_VERSION}/graphql.json`,
    setAppUrl: (url) => {
      dispatcherConfig.appUrl = url;
    },
    createOrder: (shop, payload, mode, orderOptions) => createOrder(platform, shopOr404(shop), payload, mode, orderOptions),
    tick: () => openDue(platform),
    cancelOrder: (shop, orderId, input) => {
      const order = platform.state.owned(platform.state.orders, orderId, shopOr404(shop).domain);
      if (!order) throw new HttpError(404, { errors: `No order ${orderId} in ${shop}` });
      return cancelOrder(platform, order, input);
    },
    publish: (shop, topic, payload, publishOptions) => {
      const record = shopOr404(shop);
      const body = payload ?? defaultPayload(platform.state, record, topic);
      if (body === undefined) throw new HttpError(422, { errors: `No payload given and no example known for topic ${topic}` });
      return platform.webhooks.publish(record.domain, topic, body, publishOptions);
    },
    addProducts: (shop, products) => void upsertProducts(platform.state, shopOr404(shop).domain, { products }),
    deliveries: () => platform.webhooks.log(),
    // Background work (bulk operations) first: it ends with webhooks of its own.
    settled: async () => {
      await platform.jobs.settled();
      await platform.webhooks.settled();
    },
    reset: () => {
      platform.state.clear();
      platform.webhooks.clearLog();
      graphql.resetBuckets();
      seed();
    },
    close: () =>
      new Promise<void>((done) => {
        platform.jobs.close();
        platform.webhooks.close();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) return send(res, error.status, error.body);
      if (error instanceof z.ZodError) return send(res, 400, { errors: "Invalid request body", issues: error.issues });
      send(res, 500, { errors: error instanceof Error ? error.message : String(error) });
    });
  });

  // Longer than a client keeps an idle pooled connection (undici: 4 s), so the emulator never closes
  // one just as a client reuses it for a POST: on a starved machine (load 15 to 29) placing an order
  // failed with ECONNRESET.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Time passes between requests: whatever was scheduled for now is open before anyone looks.
    openDue(platform);
    const url = new URL(req.url ?? "/", "http://emulator");
    const path = url.pathname;
    const method = req.method ?? "GET";
    const admin = /^(?:\/shops\/([^/]+))?\/admin\/api\/([^/]+)\/graphql\.json$/.exec(path);
    if (admin) return adminGraphql(req, res, admin[1], admin[2] ?? "");
    const oauth = /^(?:\/shops\/([^/]+))?\/admin\/oauth\/access_token$/.exec(path);
    if (oauth && method === "POST") {
      const shop = platform.state.shop(shopOf(req, oauth[1]) ?? "");
      if (!shop) throw new HttpError(404, { errors: "Not Found" });
      const raw = await readBody(req);
      const params = (header(req, "content-type") ?? "").includes("json")
        ? parseJsonObject(raw)
        : Object.fromEntries(new URLSearchParams(raw));
      const answer = accessTokenRequest(shop, { apiKey: options.apiKey, apiSecret: options.apiSecret, now: clock() }, params);
      return send(res, answer.status, answer.body);
    }
    if (!path.startsWith("/__emulator/")) throw new HttpError(404, { errors: "Not Found" });
    const bulkResult = /^\/__emulator\/bulk\/(\d+)\/[0-9a-f-]+\.jsonl$/.exec(path);
    if (bulkResult && method === "GET") {
      // Like Shopify's signed storage URL: the unguessable path is the credential.
      const operation = platform.state.bulkOperations.get(Number(bulkResult[1]));
      if (!operation?.jsonl || operation.urlPath !== path) throw new HttpError(404, { errors: "Not Found" });
      res.writeHead(200, { "Content-Type": "application/jsonl", "Content-Length": Buffer.byteLength(operation.jsonl) });
      return void res.end(operation.jsonl);
    }
    const shopParam = url.searchParams.get("shop") ?? header(req, "x-shopify-shop-domain");
    const token = header(req, "x-shopify-access-token");
    /** The shop a control route acts on: named, else the token's, else the only one (addressing.ts). */
    const requestShop = (named: string | undefined = shopParam): ShopRecord => resolved(controlShop(platform.state, named, token));
    const mode: DeliveryMode = { duplicate: url.searchParams.has("duplicate"), hold: url.searchParams.has("hold") };
    const control = `${method} ${path.slice("/__emulator".length)}`;

    if (control === "GET /state") return send(res, 200, { ...platform.state.snapshot(), deliveries: platform.webhooks.log() });
    if (control === "GET /deliveries") return send(res, 200, platform.webhooks.log());
    if (control === "POST /tick") return send(res, 200, { now: platform.state.timestamp() });
    if (control === "POST /reset") {
      emulator.reset();
      return send(res, 200, { ok: true });
    }
    if (control === "POST /shops") {
      const body = (await readJson(req)) as SeedShop;
      const { products, ...input } = body;
      const shop = addShop(platform.state, { ...input, scopes: grantedScopes(input, app.scopes) });
      if (products) upsertProducts(platform.state, shop.domain, { products });
      return send(res, 201, { shop: shop.domain, primaryLocationId: shop.primaryLocationId });
    }
    const shopSettings = /^PATCH \/shops\/([^/]+)$/.exec(control);
    if (shopSettings) {
      const shop = shopOr404(shopSettings[1]);
      const settings = z
        .object({
          autoRequestFulfillment: z.boolean().optional(),
          scopes: z.array(z.string()).optional(),
          access: z.enum(["ok", "revoked", "frozen", "locked"]).optional(),
          carrierCalculatedShipping: z.boolean().optional(),
          ianaTimezone: z.string().min(1).optional(),
        })
        .parse(await readJson(req));
      const zoneChanged = settings.ianaTimezone !== undefined && settings.ianaTimezone !== shop.ianaTimezone;
      Object.assign(shop, Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)));
      // The merchant's Settings > General in Shopify's admin: a changed shop sends shop/update.
      if (zoneChanged) {
        shop.updatedAt = platform.state.timestamp();
        platform.webhooks.publish(shop.domain, "shop/update", restShop(platform.state, shop), mode);
      }
      return send(res, 200, {
        shop: shop.domain,
        ianaTimezone: shop.ianaTimezone,
        autoRequestFulfillment: shop.autoRequestFulfillment,
        scopes: shop.scopes,
        access: shop.access ?? "ok",
        carrierCalculatedShipping: shop.carrierCalculatedShipping ?? true,
      });
    }
    if (control === "POST /products") {
      const shop = requestShop();
      const variants = upsertProducts(platform.state, shop.domain, await readJson(req));
      return send(res, 201, {
        variants: variants.map((v) => ({
          id: `gid://shopify/ProductVariant/${v.id}`,
          sku: v.sku,
          inventoryItemId: `gid://shopify/InventoryItem/${v.inventoryItemId}`,
        })),
      });
    }
    if (control === "POST /locations") {
      const shop = requestShop();
      const location = addLocation(platform.state, shop.domain, LocationInput.parse(await readJson(req)));
      return send(res, 201, { id: `gid://shopify/Location/${location.id}`, name: location.name });
    }
    if (control === "POST /companies") {
      const shop = requestShop();
      const company = addCompany(platform.state, shop.domain, await readJson(req));
      return send(res, 201, {
        id: company.id,
        admin_graphql_api_id: `gid://shopify/Company/${company.id}`,
        name: company.name,
        locations: company.locations.map((l) => ({
          id: l.id,
          admin_graphql_api_id: `gid://shopify/CompanyLocation/${l.id}`,
          name: l.name,
        })),
      });
    }
    if (control === "POST /orders") {
      const shop = requestShop();
      // `?fulfill_at=<ISO>` in the future: fulfillment orders SCHEDULED until then (subscriptions, pre-orders).
      const fulfillAt = url.searchParams.get("fulfill_at");
      if (fulfillAt !== null && Number.isNaN(Date.parse(fulfillAt)))
        throw new HttpError(400, { errors: `fulfill_at is not a date and time: ${fulfillAt}` });
      const { order, fulfillmentOrders } = createOrder(platform, shop, await readJson(req), mode, {
        fulfillAt: fulfillAt === null ? null : new Date(fulfillAt).toISOString(),
      });
      return send(res, 201, {
        order: restOrder(platform.state, order),
        fulfillmentOrders: fulfillmentOrders.map((fo) => ({
          id: `gid://shopify/FulfillmentOrder/${fo.id}`,
          assignedLocationId: `gid://shopify/Location/${fo.assignedLocationId}`,
          status: fo.status,
          requestStatus: fo.requestStatus,
          fulfillAt: fo.fulfillAt,
          lineItems: fo.lineItems.map((l) => ({
            id: `gid://shopify/FulfillmentOrderLineItem/${l.id}`,
            lineItemId: l.lineItemId,
            quantity: l.totalQuantity,
          })),
        })),
      });
    }
    const cancel = /^POST \/orders\/([^/]+)\/cancel$/.exec(control);
    if (cancel) {
      const shop = requestShop();
      const id = idFrom(cancel[1] ?? "", "Order");
      const order = platform.state.owned(platform.state.orders, id, shop.domain);
      if (!order) throw new HttpError(404, { errors: `No order ${cancel[1]} in ${shop.domain}` });
      return send(res, 200, { order: restOrder(platform.state, cancelOrder(platform, order, await readJson(req), mode)) });
    }
    const cancelOne = /^POST \/fulfillments\/([^/]+)\/cancel$/.exec(control);
    if (cancelOne) {
      const shop = requestShop();
      const fulfillment = platform.state.owned(platform.state.fulfillments, idFrom(cancelOne[1] ?? "", "Fulfillment"), shop.domain);
      if (!fulfillment) throw new HttpError(404, { errors: `No fulfillment ${cancelOne[1]} in ${shop.domain}` });
      return send(res, 200, { fulfillment: restFulfillment(platform.state, cancelFulfillment(platform, fulfillment)) });
    }
    const addressEdit = /^POST \/orders\/([^/]+)\/shipping-address$/.exec(control);
    if (addressEdit) {
      const shop = requestShop();
      const order = platform.state.owned(platform.state.orders, idFrom(addressEdit[1] ?? "", "Order"), shop.domain);
      if (!order) throw new HttpError(404, { errors: `No order ${addressEdit[1]} in ${shop.domain}` });
      return send(res, 200, { order: restOrder(platform.state, editShippingAddress(platform, order, await readJson(req), mode)) });
    }
    const submit = /^POST \/fulfillment_orders\/([^/]+)\/submit_fulfillment_request$/.exec(control);
    if (submit) {
      const shop = requestShop();
      const fo = platform.state.owned(platform.state.fulfillmentOrders, idFrom(submit[1] ?? "", "FulfillmentOrder"), shop.domain);
      if (!fo) throw new HttpError(404, { errors: `No fulfillment order ${submit[1]} in ${shop.domain}` });
      const body = z.object({ message: z.string().nullish() }).parse(await readJson(req));
      const error = submitFulfillmentRequest(platform, fo, { message: body.message ?? null, notifyCustomer: false }, mode);
      if (error) throw new HttpError(422, { errors: error });
      return send(res, 200, { id: `gid://shopify/FulfillmentOrder/${fo.id}`, status: fo.status, requestStatus: fo.requestStatus });
    }
    if (control === "POST /webhooks") {
      const body = z
        .object({
          topic: z.string().min(1),
          shop: z.string().optional(),
          payload: z.unknown().optional(),
          uri: z.string().optional(),
          duplicate: z.boolean().optional(),
          hold: z.boolean().optional(),
        })
        .parse(await readJson(req));
      const shop = requestShop(body.shop ?? shopParam);
      const records = emulator.publish(shop.domain, body.topic, body.payload, {
        uri: body.uri,
        duplicate: body.duplicate,
        hold: body.hold,
      });
      const status = records.every((r) => r.state === "not_subscribed") ? 422 : 202;
      return send(
        res,
        status,
        status === 422
          ? { errors: `The app does not subscribe to ${body.topic} (and no uri was given)`, deliveries: records }
          : { deliveries: records },
      );
    }
    if (control === "POST /delivery") {
      const body = z.object({ duplicate: z.boolean().optional(), hold: z.boolean().optional() }).parse(await readJson(req));
      platform.webhooks.setMode(body);
      return send(res, 200, body);
    }
    if (control === "POST /delivery/release") {
      const body = z.object({ order: z.enum(["reverse", "fifo"]).optional() }).parse(await readJson(req));
      return send(res, 200, { released: platform.webhooks.release(body.order).map((r) => r.id) });
    }
    if (control === "POST /throttle") {
      const body = z.object({ shop: z.string().optional(), currentlyAvailable: z.number().nonnegative() }).parse(await readJson(req));
      const bucket = graphql.bucket(requestShop(body.shop ?? shopParam).domain);
      bucket.set(body.currentlyAvailable);
      return send(res, 200, bucket.status());
    }
    if (control === "POST /config") {
      const body = z.object({ appUrl: z.string().url() }).parse(await readJson(req));
      emulator.setAppUrl(body.appUrl);
      return send(res, 200, body);
    }
    throw new HttpError(404, { errors: `No emulator control route ${control}` });
  }

  /** The Admin GraphQL endpoint: a known shop, its token, then the GraphQL pipeline. */
  async function adminGraphql(req: IncomingMessage, res: ServerResponse, pathShop: string | undefined, version: string) {
    if (req.method !== "POST") throw new HttpError(405, { errors: "Use POST for the Admin GraphQL API" });
    if (version !== ADMIN_API_VERSION) {
      throw new HttpError(404, { errors: `The Shopify emulator serves Admin API ${ADMIN_API_VERSION} only (asked for ${version})` });
    }
    const shop = resolved(adminShop(platform.state, shopOf(req, pathShop), header(req, "x-shopify-access-token")));
    const refused = SHOP_UNAVAILABLE[shop.access ?? "ok"];
    if (refused) throw new HttpError(refused.status, { errors: refused.errors });
    const raw = await readBody(req);
    let body: unknown;
    if ((header(req, "content-type") ?? "").includes("application/graphql")) body = { query: raw };
    else {
      try {
        body = JSON.parse(raw);
      } catch {
        throw new HttpError(400, { errors: { query: "Required parameter missing or invalid" } });
      }
    }
    const result = await graphql.handle(shop, body);
    send(res, result.status, result.body, { "X-Shopify-API-Version": ADMIN_API_VERSION, "X-Request-Id": randomUUID(), ...result.headers });
  }

  /**
   * Shop addressing: `/shops/<shop>/admin/...` (path form), else the X-Shopify-Shop-Domain header,
   * else a Host header that is the shop's own *.myshopify.com domain.
   */
  function shopOf(req: IncomingMessage, pathShop: string | undefined): string | undefined {
    const host = header(req, "host")?.replace(/:\d+$/, "");
    return pathShop ?? header(req, "x-shopify-shop-domain") ?? (host?.endsWith(".myshopify.com") ? host : undefined);
  }

  await new Promise<void>((ready) => server.listen(options.port ?? 0, "127.0.0.1", ready));
  emulator.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  platform.state.baseUrl = emulator.url;
  return emulator;
}

/** What Shopify's Admin API answers for a shop the app cannot reach (its documented status codes). */
const SHOP_UNAVAILABLE: Readonly<Record<ShopAccess, { status: number; errors: string } | undefined>> = {
  ok: undefined,
  revoked: { status: 401, errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" },
  frozen: { status: 402, errors: "Unavailable Shop" },
  locked: { status: 423, errors: "This shop is unavailable" },
};

function resolved(resolution: ShopResolution): ShopRecord {
  if ("shop" in resolution) return resolution.shop;
  throw new HttpError(resolution.status, { errors: resolution.error });
}

function idFrom(value: string, type: string): number | undefined {
  const decoded = decodeURIComponent(value);
  return /^\d+$/.test(decoded) ? Number(decoded) : parseGid(decoded, type);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = await readBody(req);
  if (raw.trim() === "") return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, { errors: "Body is not JSON" });
  }
}

function parseJsonObject(raw: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw || "{}");
  } catch {
    throw new HttpError(400, { errors: "Body is not JSON" });
  }
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { ...headers, "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(json) });
  res.end(json);
}
