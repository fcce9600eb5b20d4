import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startShopifyEmulator, type ShopifyEmulator } from "./server";
import { APP_TOML, adminGraphql, dig, digString, startReceiver, type Receiver } from "./test-support";

const SHOP = "bulk-shop.myshopify.com";
const TOKEN = "shpat_bulk_shop";

let emulator: ShopifyEmulator;
let receiver: Receiver;
const gql = (query: string, variables?: Record<string, unknown>) => adminGraphql(emulator.url, SHOP, TOKEN, query, variables);

const RUN = `mutation ($query: String!, $group: Boolean!) {
  bulkOperationRunQuery(query: $query, groupObjects: $group) { bulkOperation { id status } userErrors { field message code } } }`;
const READ = `query ($id: ID!) { bulkOperation(id: $id) { id status errorCode objectCount rootObjectCount fileSize url partialDataUrl query } }`;

const PRODUCTS_WITH_VARIANTS = `{ products { edges { node { id title
  variants { edges { node { id sku inventoryItem { harmonizedSystemCode measurement { weight { value unit } } } } } } } } } }`;

beforeAll(async () => {
  receiver = await startReceiver();
  emulator = await startShopifyEmulator({
    apiSecret: "bulk-secret",
    bulkOperationMs: 300,
    appUrl: receiver.url,
    appTomlPath: APP_TOML,
    subscriptions: [{ topics: ["bulk_operations/finish"], uri: "/webhooks/bulk_operations/finish" }],
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        products: [
          {
            title: "Tee",
            variants: [
              { sku: "TEE-M", title: "M", weight: { value: 180, unit: "GRAMS" }, harmonizedSystemCode: "610910" },
              { sku: "TEE-L", title: "L", weight: { value: 195, unit: "GRAMS" }, harmonizedSystemCode: "610910" },
            ],
          },
          { title: "Mug", variants: [{ sku: "MUG-1", weight: { value: 420, unit: "GRAMS" }, harmonizedSystemCode: "691200" }] },
        ],
      },
    ],
  });
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});
beforeEach(async () => {
  await emulator.settled();
  emulator.reset();
  receiver.requests.length = 0;
});

async function run(query: string, group = false): Promise<string> {
  const { body } = await gql(RUN, { query, group });
  expect(dig(body.data, "bulkOperationRunQuery", "userErrors")).toEqual([]);
  expect(dig(body.data, "bulkOperationRunQuery", "bulkOperation", "status")).toBe("CREATED");
  return digString(body.data, "bulkOperationRunQuery", "bulkOperation", "id");
}

async function jsonlOf(id: string): Promise<Record<string, unknown>[]> {
  const { body } = await gql(READ, { id });
  const response = await fetch(digString(body.data, "bulkOperation", "url"));
  expect(response.headers.get("content-type")).toBe("application/jsonl");
  const text = await response.text();
  expect(Buffer.byteLength(text)).toBe(Number(dig(body.data, "bulkOperation", "fileSize")));
  return text
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("bulk query operations", () => {
  it("runs in the background: CREATED, RUNNING, then COMPLETED with a JSONL of nodes and __parentId", async () => {
    const id = await run(PRODUCTS_WITH_VARIANTS);
    await new Promise((r) => setTimeout(r, 10));
    expect(dig((await gql(READ, { id })).body.data, "bulkOperation", "status")).toBe("RUNNING");
    await emulator.settled();

    const { body } = await gql(READ, { id });
    expect(dig(body.data, "bulkOperation")).toMatchObject({
      id,
      status: "COMPLETED",
      errorCode: null,
      objectCount: "5",
      rootObjectCount: "2",
      partialDataUrl: null,
    });
    const lines = await jsonlOf(id);
    const [tee, mug] = lines;
    // Not grouped (2026-10's default): every parent first, children after, each naming its parent.
    expect(lines).toEqual([
      { id: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/), title: "Tee" },
      { id: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/), title: "Mug" },
      {
        id: expect.any(String),
        sku: "TEE-M",
        inventoryItem: { harmonizedSystemCode: "610910", measurement: { weight: { value: 180, unit: "GRAMS" } } },
        __parentId: tee?.id,
      },
      {
        id: expect.any(String),
        sku: "TEE-L",
        inventoryItem: { harmonizedSystemCode: "610910", measurement: { weight: { value: 195, unit: "GRAMS" } } },
        __parentId: tee?.id,
      },
      {
        id: expect.any(String),
        sku: "MUG-1",
        inventoryItem: { harmonizedSystemCode: "691200", measurement: { weight: { value: 420, unit: "GRAMS" } } },
        __parentId: mug?.id,
      },
    ]);

    await emulator.settled();
    const finish = receiver.requests.find((r) => r.headers["x-shopify-topic"] === "bulk_operations/finish");
    expect(finish?.json).toEqual({
      admin_graphql_api_id: id,
      completed_at: expect.any(String),
      created_at: expect.any(String),
      error_code: null,
      status: "completed",
      type: "query",
    });
  });

  it("groups children right after their parent when asked to", async () => {
    const id = await run(PRODUCTS_WITH_VARIANTS, true);
    await emulator.settled();
    expect((await jsonlOf(id)).map((line) => line.title ?? line.sku)).toEqual(["Tee", "TEE-M", "TEE-L", "Mug", "MUG-1"]);
  });

  it("reads every page of a connection, whatever its size, and answers `nodes` selections too", async () => {
    emulator.addProducts(
      SHOP,
      Array.from({ length: 300 }, (_, i) => ({ title: `Print ${i + 1}`, variants: [{ sku: `PRINT-${i + 1}` }] })),
    );
    const id = await run(`{ productVariants(query: "sku:PRINT-*") { nodes { sku } } }`);
    await emulator.settled();
    expect(await jsonlOf(id)).toHaveLength(300);
  });

  it("is found through bulkOperations by status, node(id:), and the deprecated currentBulkOperation", async () => {
    const id = await run(`{ productVariants { edges { node { sku } } } }`);
    await emulator.settled();
    const { body, status } = await gql(
      `query ($id: ID!) {
      bulkOperations(first: 5, query: "status:completed") { nodes { id status } }
      node(id: $id) { ... on BulkOperation { status rootObjectCount } }
      currentBulkOperation { id } }`,
      { id },
    );
    expect(status).toBe(200);
    expect(body.data).toEqual({
      bulkOperations: { nodes: [{ id, status: "COMPLETED" }] },
      node: { status: "COMPLETED", rootObjectCount: "3" },
      currentBulkOperation: { id },
    });
    const running = await gql(`{ bulkOperations(first: 5, query: "status:running") { nodes { id } } }`);
    expect(dig(running.body.data, "bulkOperations", "nodes")).toEqual([]);
  });

  it("has no url when nothing matched", async () => {
    const id = await run(`{ products(query: "title:Nothing") { edges { node { id } } } }`);
    await emulator.settled();
    expect(dig((await gql(READ, { id })).body.data, "bulkOperation")).toMatchObject({
      status: "COMPLETED",
      objectCount: "0",
      url: null,
      fileSize: null,
    });
  });

  it("refuses queries Shopify refuses, as userErrors on query", async () => {
    const refused = async (query: string) => {
      const { body } = await gql(RUN, { query, group: false });
      expect(dig(body.data, "bulkOperationRunQuery", "bulkOperation")).toBeNull();
      return dig(body.data, "bulkOperationRunQuery", "userErrors", 0) as { field: string[]; message: string; code: string };
    };
    expect(await refused(`{ shop { name } }`)).toMatchObject({
      field: ["query"],
      code: "INVALID",
      message: "Bulk queries must contain at least one connection.",
    });
    expect((await refused(`{ products { edges { node { title variants { edges { node { sku } } } } } } }`)).message).toMatch(
      /must select the 'id' field/,
    );
    expect(
      (
        await refused(
          `{ products { edges { node { id variants { edges { node { id inventoryItem { id inventoryLevels { edges { node { id } } } } } } } } } } }`,
        )
      ).message,
    ).toMatch(/supports nested connections only directly|nesting depth/);
    expect(
      (
        await refused(
          `{ locations { edges { node { id inventoryLevels { edges { node { id item { variants { edges { node { id } } } } } } } } } } }`,
        )
      ).message,
    ).toMatch(/nesting depth|directly/);
    expect((await refused(`{ node(id: "gid://shopify/Product/1") { id } }`)).message).toMatch(/node/);
    expect((await refused(`{ products { edges { node { id titel } } } }`)).message).toMatch(
      /Invalid bulk query: Cannot query field "titel"/,
    );
    expect(emulator.state.bulkOperations.size).toBe(0);
  });

  it("fails the operation with ACCESS_DENIED when the query reads what the scopes do not allow", async () => {
    const shop = emulator.state.shop(SHOP);
    if (shop) shop.scopes = ["read_orders"];
    const id = await run(`{ productVariants { edges { node { sku } } } }`);
    await emulator.settled();
    expect(dig((await gql(READ, { id })).body.data, "bulkOperation")).toMatchObject({
      status: "FAILED",
      errorCode: "ACCESS_DENIED",
      url: null,
    });
  });
});
