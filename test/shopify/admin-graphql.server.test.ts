import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { assertNoUserErrors, operationName, runGraphql, type AdminGraphql } from "~/shopify/admin-graphql.server";
import {
  ShopifyGraphqlError,
  ShopifyResponseShapeError,
  ShopifyShopUnavailableError,
  ShopifyThrottledError,
  ShopifyUserError,
} from "~/shopify/errors";
import { listLocations } from "~/shopify/locations.server";
import {
  drainBucket,
  fetchAdmin,
  libraryAdmin,
  orderPayload,
  placeOrder,
  startTestShopify,
  type TestShopify,
} from "../support/shopify-admin";
import { DEMO_SHOP } from "../emulator/seed";

let shopify: TestShopify;

beforeAll(async () => {
  shopify = await startTestShopify();
});
afterAll(() => shopify.close());
beforeEach(() => shopify.emulator.reset());

const SHOP_NAME = `#graphql
  query ShopName { shop { name currencyCode } }`;

// Both ways an admin client reports Shopify's refusals: the library throws (GraphqlQueryError),
// a bare fetch returns them in the body. The app must see the same typed errors from either.
const clients: [string, () => AdminGraphql][] = [
  ["the library's admin.graphql", () => libraryAdmin(shopify.emulator.url)],
  ["a bare fetch client", () => fetchAdmin(shopify.emulator.url)],
];

describe.each(clients)("through %s", (_, client) => {
  it("returns the parsed data and what the call cost", async () => {
    const { data, cost, operation } = await runGraphql(
      client(),
      SHOP_NAME,
      {},
      z.object({ shop: z.object({ name: z.string(), currencyCode: z.string() }) }),
    );
    expect(data.shop).toEqual({ name: "Northfield Goods", currencyCode: "USD" });
    expect(operation).toBe("ShopName");
    expect(cost).toMatchObject({ requestedQueryCost: 1, throttleStatus: { maximumAvailable: 1000, restoreRate: 100 } });
  });

  it("says how long to wait when the shop's bucket is empty", async () => {
    await drainBucket(shopify.emulator, 0);
    const throttled = listLocations(client());
    await expect(throttled).rejects.toBeInstanceOf(ShopifyThrottledError);
    const error: unknown = await throttled.catch((e: unknown) => e);
    if (!(error instanceof ShopifyThrottledError)) throw error;
    // 50 locations a page ask for 152 points; at 100 a second the bucket holds them once what it
    // lacks when Shopify answered has come back: at most ~1.5 s from empty. (The bucket refills from
    // the drain on, so a busy machine's answer finds more in it: 1.33 s at load 15.)
    const available = error.throttleStatus?.currentlyAvailable ?? Number.NaN;
    expect(available).toBeLessThan(152);
    expect(error.retryAfterMs).toBeCloseTo(((152 - available) / 100) * 1000, -1);
    expect(error.retryAfterMs).toBeLessThanOrEqual(1520);
    expect(error.throttleStatus?.restoreRate).toBe(100);
    expect(error.hasCode("THROTTLED")).toBe(true);
    expect(error.message).toMatch(/^Shopify throttled Locations: retry in \d+(\.\d)? s$/);
  });

  it("reports a document the schema refuses, with Shopify's code", async () => {
    const invalid = runGraphql(client(), `query Broken { shop { nope } }`, {}, z.unknown());
    await expect(invalid).rejects.toBeInstanceOf(ShopifyGraphqlError);
    await expect(invalid).rejects.toThrow("Shopify refused Broken: Field 'nope' doesn't exist on type 'Shop'");
  });

  it("reports a field the app's scopes do not cover (Order.customer needs read_customers)", async () => {
    const { order } = await placeOrder(shopify.emulator, orderPayload([{ sku: "TEA-GREEN-100G", quantity: 1 }]));
    const denied = runGraphql(
      client(),
      `query OrderCustomer($id: ID!) { order(id: $id) { customer { id } } }`,
      { id: order.admin_graphql_api_id },
      z.unknown(),
    );
    const error: unknown = await denied.catch((e: unknown) => e);
    expect(error instanceof ShopifyGraphqlError && error.hasCode("ACCESS_DENIED")).toBe(true);
  });

  it("refuses an answer that is not the shape the app relies on", async () => {
    const shape = runGraphql(client(), SHOP_NAME, {}, z.object({ shop: z.object({ name: z.number() }) }));
    await expect(shape).rejects.toBeInstanceOf(ShopifyResponseShapeError);
    await expect(shape).rejects.toThrow(/Unexpected answer to ShopName: shop\.name: /);
  });
});

describe("a refused access token", () => {
  it("is a ShopifyGraphqlError with the status when the body carries it", async () => {
    const refused = runGraphql(fetchAdmin(shopify.emulator.url, "shpat_revoked"), SHOP_NAME, {}, z.unknown());
    const error: unknown = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyGraphqlError);
    expect(error instanceof ShopifyGraphqlError && error.status).toBe(401);
    expect(String(error)).toMatch(/Invalid API key or access token/);
  });
});

// A job's client (unauthenticated.admin) has no re-auth to fall back on: the library's HttpResponseError
// becomes the same typed error as a bare fetch's, so the job can pause the shop (app/flows/shop-access/).
// An admin page's client turns a 401 into a re-auth before this layer sees it.
describe.each(clients)("a shop Shopify refuses as a whole, through %s", (_, client) => {
  it.each([
    ["revoked", 401, "REVOKED"],
    ["frozen", 402, "FROZEN"],
    ["locked", 423, "LOCKED"],
  ] as const)("%s: %i is a ShopifyShopUnavailableError (%s)", async (access, status, unavailable) => {
    await fetch(`${shopify.emulator.url}/__emulator/shops/${DEMO_SHOP}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ access }),
    });
    const refused = runGraphql(client(), SHOP_NAME, {}, z.unknown());
    const error: unknown = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyShopUnavailableError);
    expect(error instanceof ShopifyShopUnavailableError && [error.status, error.unavailable]).toEqual([status, unavailable]);
  });
});

describe("userErrors", () => {
  it("become a ShopifyUserError naming each field and message", () => {
    expect(() => assertNoUserErrors("FulfillmentCreate", [])).not.toThrow();
    const refuse = () =>
      assertNoUserErrors("InventorySetQuantities", [
        {
          field: ["input", "quantities", "0", "changeFromQuantity"],
          message: "The changeFromQuantity (7) does not match the persisted value (0).",
          code: "CHANGE_FROM_QUANTITY_STALE",
        },
        { field: null, message: "Something else" },
      ]);
    expect(refuse).toThrow(ShopifyUserError);
    expect(refuse).toThrow(
      "Shopify refused InventorySetQuantities: input.quantities.0.changeFromQuantity: The changeFromQuantity (7) does not match the persisted value (0). (CHANGE_FROM_QUANTITY_STALE); Something else",
    );
  });
});

describe("operationName", () => {
  it("reads the operation's name, not a fragment's", () => {
    expect(operationName("#graphql\n  fragment F on Shop { name }\n  mutation FulfillmentCreate($f: FulfillmentInput!) { x }")).toBe(
      "FulfillmentCreate",
    );
    expect(operationName("{ shop { name } }")).toBe("anonymous operation");
  });
});
