import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startShopifyEmulator, type ShopifyEmulator } from "./server";
import { adminGraphql, dig, postJson } from "./test-support";

const SHOP = "graphql-shop.myshopify.com";
const TOKEN = "shpat_graphql_shop";
const SCOPES = [
  "read_orders",
  "read_products",
  "read_locations",
  "read_inventory",
  "write_fulfillments",
  "write_assigned_fulfillment_orders",
];

let emulator: ShopifyEmulator;
const gql = (query: string, variables?: Record<string, unknown>) => adminGraphql(emulator.url, SHOP, TOKEN, query, variables);

beforeAll(async () => {
  emulator = await startShopifyEmulator({
    apiSecret: "test-secret",
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        name: "GraphQL Shop",
        scopes: SCOPES,
        products: [{ title: "Mug", variants: [{ sku: "MUG-1", price: "12.00", stock: { "Shop location": 5 } }] }],
      },
    ],
  });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

describe("Admin GraphQL endpoint", () => {
  it("answers a valid query with data and Shopify's cost extension", async () => {
    const { status, body } = await gql(`{ shop { name myshopifyDomain currencyCode } locations(first: 10) { nodes { id name } } }`);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data).toMatchObject({
      shop: { name: "GraphQL Shop", myshopifyDomain: SHOP, currencyCode: "USD" },
      locations: { nodes: [{ id: expect.stringMatching(/^gid:\/\/shopify\/Location\/\d+$/), name: "Shop location" }] },
    });
    // shop 1, connection 2 + 10 × 1 requested; 2 + 1 node actually returned.
    expect(body.extensions?.cost).toEqual({
      requestedQueryCost: 13,
      actualQueryCost: 4,
      throttleStatus: { maximumAvailable: 1000, currentlyAvailable: expect.any(Number), restoreRate: 100 },
    });
  });

  it("validates every document against the 2026-10 schema, like Shopify (200 with errors)", async () => {
    const unknownField = await gql(`{ shop { name planName } }`);
    expect(unknownField.status).toBe(200);
    expect(unknownField.body.data).toBeUndefined();
    expect(unknownField.body.errors).toEqual([
      expect.objectContaining({
        message: "Field 'planName' doesn't exist on type 'Shop'",
        extensions: { code: "undefinedField", typeName: "Shop", fieldName: "planName" },
      }),
    ]);

    // permitsSkuSharing is gone from 2026-10: sending it is a validation error, not a silent no-op.
    const removedArgument = await gql(
      `mutation { fulfillmentServiceCreate(name: "US01", permitsSkuSharing: true) { userErrors { message } } }`,
    );
    expect(removedArgument.body.errors?.[0]).toMatchObject({
      message: "Field 'fulfillmentServiceCreate' doesn't accept argument 'permitsSkuSharing'",
      extensions: { code: "argumentNotAccepted", argumentName: "permitsSkuSharing" },
    });
    expect(emulator.state.fulfillmentServices.size).toBe(0);
  });

  it("answers a field it has no resolver for with an explicit error, never a silent null", async () => {
    const { body } = await gql(`{ shop { name } abandonedCheckouts(first: 1) { nodes { id } } }`);
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining("does not implement QueryRoot.abandonedCheckouts"),
        path: ["abandonedCheckouts"],
        extensions: expect.objectContaining({ code: "NOT_IMPLEMENTED_IN_EMULATOR" }),
      }),
    ]);
  });

  it("refuses a wrong access token with 401, as Shopify does", async () => {
    const { status, body } = await adminGraphql(emulator.url, SHOP, "shpat_wrong", `{ shop { name } }`);
    expect(status).toBe(401);
    expect(body).toEqual({ errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" });
  });

  it("addresses the shop by path as well as by header", async () => {
    const response = await fetch(emulator.graphqlUrl(SHOP), {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": TOKEN },
      body: JSON.stringify({ query: "{ shop { myshopifyDomain } }" }),
    });
    expect(await response.json()).toMatchObject({ data: { shop: { myshopifyDomain: SHOP } } });
    const unknown = await adminGraphql(emulator.url, "nobody.myshopify.com", TOKEN, "{ shop { name } }");
    expect(unknown.status).toBe(404);
  });

  it("throttles once the bucket is empty and refuses queries over the single-query maximum", async () => {
    // Each asks for 2 + 250 × (1 + 2 + 250 × 1) points' worth of nothing: over 1000 at once.
    const tooBig = await gql(`{ products(first: 250) { nodes { id variants(first: 250) { nodes { id } } } } }`);
    expect(tooBig.body.errors?.[0]?.extensions).toMatchObject({ code: "MAX_COST_EXCEEDED", maxCost: 1000 });

    const costly = `{ productVariants(first: 250) { nodes { id inventoryItem { id } } } }`; // 2 + 250 × 2 = 502
    const first = await gql(costly);
    expect(first.body.extensions?.cost.requestedQueryCost).toBe(502);
    emulator.graphql.bucket(SHOP).set(100);
    const throttled = await gql(costly);
    expect(throttled.status).toBe(200);
    expect(throttled.body.errors).toEqual([{ message: "Throttled", extensions: { code: "THROTTLED", documentation: expect.any(String) } }]);
    expect(throttled.body.extensions?.cost).toMatchObject({ requestedQueryCost: 502, actualQueryCost: null });
    expect(throttled.body.extensions?.cost.throttleStatus.currentlyAvailable).toBeLessThan(502);
  });

  it("enforces access scopes from the schema's published rules", async () => {
    await gql(`{ shop { name } }`);
    const order = emulator.createOrder(SHOP, {
      email: "a@example.com",
      customer: { first_name: "Ada" },
      line_items: [{ sku: "MUG-1", quantity: 1 }],
    }).order;
    const { body } = await gql(`query ($id: ID!) { order(id: $id) { name customer { firstName } } }`, {
      id: `gid://shopify/Order/${order.id}`,
    });
    expect(dig(body.data, "order", "name")).toBe("#1001");
    expect(body.errors).toEqual([
      expect.objectContaining({ path: ["order", "customer"], extensions: expect.objectContaining({ code: "ACCESS_DENIED" }) }),
    ]);
  });

  it("pages connections the Shopify way: first or last required, opaque cursors", async () => {
    emulator.addProducts(SHOP, [{ title: "Tee", variants: [{ sku: "TEE-M" }, { sku: "TEE-L", title: "L" }] }]);
    const missing = await gql(`{ productVariants { nodes { sku } } }`);
    expect(missing.body.errors?.[0]?.message).toBe("you must provide one of first or last");
    const page1 = await gql(`{ productVariants(first: 2) { nodes { sku } pageInfo { hasNextPage endCursor } } }`);
    expect(dig(page1.body.data, "productVariants", "nodes")).toEqual([{ sku: "MUG-1" }, { sku: "TEE-M" }]);
    const after = dig(page1.body.data, "productVariants", "pageInfo", "endCursor");
    const page2 = await gql(
      `query ($after: String) { productVariants(first: 2, after: $after) { nodes { sku } pageInfo { hasNextPage } } }`,
      { after },
    );
    expect(dig(page2.body.data, "productVariants")).toEqual({ nodes: [{ sku: "TEE-L" }], pageInfo: { hasNextPage: false } });
    const bySku = await gql(`{ productVariants(first: 5, query: "sku:TEE-L") { nodes { sku } } }`);
    expect(dig(bySku.body.data, "productVariants", "nodes")).toEqual([{ sku: "TEE-L" }]);
  });

  it("flags deprecated fields with Shopify's deprecation header", async () => {
    const ask = (query: string) =>
      fetch(emulator.graphqlUrl(SHOP), {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": TOKEN },
        body: JSON.stringify({ query }),
      });
    expect((await ask("{ shop { name } }")).headers.get("x-shopify-api-deprecated-reason")).toBeNull();
    // 2026-10 moved assignedFulfillmentOrders from Shop to QueryRoot; the old field still answers.
    const old = await ask("{ shop { assignedFulfillmentOrders(first: 1) { nodes { id } } } }");
    expect(old.headers.get("x-shopify-api-deprecated-reason")).toMatch(/deprecation/);
    expect(await old.json()).toMatchObject({ data: { shop: { assignedFulfillmentOrders: { nodes: [] } } } });
    // A second sending of the same text (judged once) is flagged the same way.
    const again = await ask("{ shop { assignedFulfillmentOrders(first: 1) { nodes { id } } } }");
    expect(again.headers.get("x-shopify-api-deprecated-reason")).toMatch(/deprecation/);
  });

  it("judges a query's text once and its variables on every request", async () => {
    const query = `query Nodes($ids: [ID!]!) { nodes(ids: $ids) { id } }`;
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `gid://shopify/Product/${i + 1}`);
    expect((await gql(query, { ids: ids(2) })).body.errors).toBeUndefined();
    // The same text, prepared already: the variables are still measured, so 251 ids are refused.
    expect((await gql(query, { ids: ids(251) })).body.errors?.[0]).toMatchObject({
      message: "The input array size of 251 is greater than the maximum allowed of 250.",
      extensions: { code: "MAX_INPUT_SIZE_EXCEEDED" },
    });
    const literal = `{ nodes(ids: [${ids(251)
      .map((id) => JSON.stringify(id))
      .join(", ")}]) { id } }`;
    for (const _ of [1, 2]) {
      expect((await gql(literal)).body.errors?.[0]).toMatchObject({ extensions: { code: "MAX_INPUT_SIZE_EXCEEDED" } });
    }
    for (const _ of [1, 2]) {
      expect((await gql(`{ shop { name planName } }`)).body.errors?.[0]).toMatchObject({ extensions: { code: "undefinedField" } });
    }
  });

  it("refuses @idempotent where the schema does not document it", async () => {
    const { body } = await gql(`mutation { fulfillmentServiceCreate(name: "US01") @idempotent(key: "k1") { userErrors { message } } }`);
    expect(body.errors?.[0]?.message).toBe("The @idempotent directive is not supported on fulfillmentServiceCreate.");
  });
});

describe("access tokens for the app's auth code", () => {
  const jwt = (claims: Record<string, unknown>, secret: string) => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const unsigned = `${encode({ alg: "HS256", typ: "JWT" })}.${encode(claims)}`;
    return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
  };
  const exchange = (subjectToken: string) =>
    postJson(`${emulator.url}/shops/${SHOP}/admin/oauth/access_token`, {
      client_secret: "test-secret",
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      subject_token: subjectToken,
      subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
    });

  it("exchanges a valid session token for the shop's offline token", async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const ok = await exchange(jwt({ dest: `https://${SHOP}`, sub: "42", exp }, "test-secret"));
    expect(ok).toEqual({ status: 200, body: { access_token: TOKEN, scope: SCOPES.join(",") } });
    const forged = await exchange(jwt({ dest: `https://${SHOP}`, sub: "42", exp }, "not-the-secret"));
    expect(forged.status).toBe(400);
  });
});
