/**
 * A shop for the "orders that change" tests: the merchant's studio (merchant-managed), a provider
 * warehouse the app registered as a fulfillment service (with a callback), products stocked at both,
 * and an app that subscribes to every topic those changes send (the app's own TOML may not yet).
 * Everything is driven as the app would: GraphQL with the token, webhooks received over HTTP.
 */
import { startShopifyEmulator, type ShopifyEmulator } from "./server";
import { APP_TOML, adminGraphql, dig, digString, startReceiver, type ReceivedRequest, type Receiver } from "./test-support";

export const SHOP = "changes-shop.myshopify.com";
export const TOKEN = "shpat_changes_shop";
export const SECRET = "changes-secret";
export const STUDIO = "Studio";

/**
 * The app's scopes (test/fixtures/webhooks/shopify.app.toml) plus what a merchant's admin actions
 * need as mutations: orders (update, mark as paid, refunds, risk), order edits, and fulfillment orders
 * at other apps' services. A test of those actions is an app holding these scopes.
 */
export const SCOPES = [
  "write_fulfillments",
  "read_assigned_fulfillment_orders",
  "write_assigned_fulfillment_orders",
  "read_merchant_managed_fulfillment_orders",
  "write_merchant_managed_fulfillment_orders",
  "write_third_party_fulfillment_orders",
  "read_orders",
  "write_orders",
  "write_order_edits",
  "read_products",
  "write_inventory",
  "read_locations",
  "write_shipping",
  "read_returns",
  "write_returns",
];

export const CHANGE_TOPICS = [
  "orders/create",
  "orders/updated",
  "orders/edited",
  "orders/paid",
  "orders/cancelled",
  "orders/risk_assessment_changed",
  "refunds/create",
  "fulfillment_orders/order_routing_complete",
  "fulfillment_orders/placed_on_hold",
  "fulfillment_orders/hold_released",
  "fulfillment_holds/added",
  "fulfillment_holds/released",
  "fulfillment_orders/scheduled_fulfillment_order_ready",
  "fulfillment_orders/rescheduled",
  "fulfillment_orders/split",
  "fulfillment_orders/merged",
  "fulfillment_orders/moved",
  "fulfillment_orders/cancelled",
  "fulfillment_orders/fulfillment_service_failed_to_complete",
  "fulfillment_orders/fulfillment_request_submitted",
  "fulfillment_orders/fulfillment_request_accepted",
  "fulfillment_orders/fulfillment_request_rejected",
  "fulfillment_orders/cancellation_request_submitted",
  "fulfillment_orders/cancellation_request_accepted",
  "fulfillment_orders/cancellation_request_rejected",
  "fulfillments/create",
  "inventory_levels/update",
  "returns/request",
  "returns/approve",
  "reverse_fulfillment_orders/dispose",
] as const;

export interface ChangesWorld {
  emulator: ShopifyEmulator;
  receiver: Receiver;
  /** The emulator's clock; tests move it. */
  clock: { now: Date };
  gql(query: string, variables?: Record<string, unknown>): ReturnType<typeof adminGraphql>;
  /** Set up again: empty world, shop re-seeded, the warehouse registered, nothing received. */
  reset(): Promise<void>;
  warehouse: string;
  studio: string;
  /** Places an order through the control route; returns its gid and its fulfillment orders' gids by location. */
  placeOrder(
    payload: unknown,
    query?: string,
  ): Promise<{ order: string; fulfillmentOrders: { id: string; location: string; status: string; requestStatus: string }[] }>;
  /** Webhook bodies received for a topic, in arrival order (waits for deliveries to settle). */
  received(topic: string): Promise<unknown[]>;
  /** Fulfillment-service notifications received (`kind` of each). */
  notifications(): Promise<string[]>;
  /** Lines of a fulfillment order: id, sku and quantities. */
  lines(fulfillmentOrder: string): Promise<{ id: string; sku: string | null; totalQuantity: number; remainingQuantity: number }[]>;
  close(): Promise<void>;
}

export async function startChangesWorld(options: { autoRequestFulfillment?: boolean } = {}): Promise<ChangesWorld> {
  const receiver = await startReceiver();
  const clock = { now: new Date("2026-11-02T09:00:00Z") };
  const emulator = await startShopifyEmulator({
    apiSecret: SECRET,
    appUrl: receiver.url,
    appTomlPath: APP_TOML,
    now: () => clock.now,
    delivery: { retryDelaysMs: [], timeoutMs: 1000 },
    subscriptions: CHANGE_TOPICS.map((topic) => ({ topics: [topic], uri: `/webhooks/${topic}` })),
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        autoRequestFulfillment: options.autoRequestFulfillment ?? true,
        scopes: SCOPES,
        locations: [{ name: STUDIO }],
        products: [
          {
            title: "Scented candle",
            variants: [{ sku: "CANDLE", price: "18.00", weight: { value: 300, unit: "GRAMS" }, stock: { [STUDIO]: 20 } }],
          },
          {
            title: "Green tea",
            variants: [{ sku: "TEA", price: "12.00", weight: { value: 110, unit: "GRAMS" }, stock: { [STUDIO]: 20 } }],
          },
        ],
      },
    ],
  });
  const gql = (query: string, variables?: Record<string, unknown>) => adminGraphql(emulator.url, SHOP, TOKEN, query, variables);
  const world: ChangesWorld = {
    emulator,
    receiver,
    clock,
    gql,
    warehouse: "",
    studio: "",
    async reset() {
      await emulator.settled();
      clock.now = new Date("2026-11-02T09:00:00Z");
      emulator.reset();
      const created = await gql(
        `mutation ($callbackUrl: URL) { fulfillmentServiceCreate(name: "Provider US01", callbackUrl: $callbackUrl, trackingSupport: true) {
          fulfillmentService { location { id } } userErrors { message } } }`,
        { callbackUrl: `${receiver.url}/fulfillment_service` },
      );
      world.warehouse = digString(created.body.data, "fulfillmentServiceCreate", "fulfillmentService", "location", "id");
      world.studio = `gid://shopify/Location/${emulator.state.shop(SHOP)?.primaryLocationId}`;
      // The warehouse stocks mugs and socks; the candle is also kept there, so moves have somewhere to go.
      emulator.addProducts(SHOP, [
        {
          title: "Ceramic mug",
          variants: [{ sku: "MUG", price: "16.00", weight: { value: 420, unit: "GRAMS" }, stock: { [world.warehouse]: 50 } }],
        },
        {
          title: "Wool socks",
          variants: [{ sku: "SOCKS", price: "27.00", weight: { value: 160, unit: "GRAMS" }, stock: { [world.warehouse]: 50 } }],
        },
        {
          title: "Scented candle",
          variants: [
            { sku: "CANDLE", price: "18.00", weight: { value: 300, unit: "GRAMS" }, stock: { [STUDIO]: 20, [world.warehouse]: 10 } },
          ],
        },
      ]);
      receiver.requests.length = 0;
      receiver.respond = () => 200;
    },
    async placeOrder(payload, query = "") {
      const response = await fetch(`${emulator.url}/__emulator/orders${query}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": TOKEN },
        body: JSON.stringify(payload),
      });
      const body: unknown = await response.json();
      if (response.status !== 201) throw new Error(`order not created: ${response.status} ${JSON.stringify(body)}`);
      const fos = dig(body, "fulfillmentOrders");
      return {
        order: digString(body, "order", "admin_graphql_api_id"),
        fulfillmentOrders: (Array.isArray(fos) ? fos : []).map((fo: unknown) => ({
          id: digString(fo, "id"),
          location: digString(fo, "assignedLocationId"),
          status: digString(fo, "status"),
          requestStatus: digString(fo, "requestStatus"),
        })),
      };
    },
    async received(topic) {
      await emulator.settled();
      return receiver.requests.filter((r: ReceivedRequest) => r.headers["x-shopify-topic"] === topic).map((r) => r.json);
    },
    async notifications() {
      await emulator.settled();
      return receiver.requests.filter((r) => r.path.endsWith("/fulfillment_order_notification")).map((r) => String(dig(r.json, "kind")));
    },
    async lines(fulfillmentOrder) {
      const { body } = await gql(
        `query ($id: ID!) { fulfillmentOrder(id: $id) { lineItems(first: 10) { nodes { id sku totalQuantity remainingQuantity } } } }`,
        { id: fulfillmentOrder },
      );
      const nodes = dig(body.data, "fulfillmentOrder", "lineItems", "nodes");
      return Array.isArray(nodes) ? (nodes as { id: string; sku: string | null; totalQuantity: number; remainingQuantity: number }[]) : [];
    },
    async close() {
      await emulator.close();
      await receiver.close();
    },
  };
  return world;
}

/** A fulfillment order's status, request status, location and holds, as the app reads them. */
export const FULFILLMENT_ORDER = `query ($id: ID!) { fulfillmentOrder(id: $id) {
  id status requestStatus fulfillAt assignedLocation { location { id } }
  fulfillmentHolds { id reason reasonNotes handle heldByRequestingApp }
  supportedActions { action }
  lineItems(first: 10) { nodes { id sku totalQuantity remainingQuantity } } } }`;
