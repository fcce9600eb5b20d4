import { afterEach, describe, expect, it } from "vitest";
import { ADMIN_API_VERSION } from "./admin-schema";
import { startShopifyEmulator, type ShopifyEmulator } from "./server";
import { APP_TOML, dig, postJson } from "./test-support";

const ONE = { domain: "only-shop.myshopify.com", accessToken: "shpat_only" };
const TWO = { domain: "second-shop.myshopify.com", accessToken: "shpat_second" };

let emulator: ShopifyEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function start(shops: { domain: string; accessToken: string }[]): Promise<ShopifyEmulator> {
  emulator = await startShopifyEmulator({
    apiSecret: "addressing-secret",
    appTomlPath: APP_TOML,
    shops: shops.map((shop) => ({ ...shop, products: [{ title: "Mug", variants: [{ sku: "MUG-1", stock: { "Shop location": 5 } }] }] })),
  });
  return emulator;
}

/** The Admin endpoint with the token alone: no shop in the path, no X-Shopify-Shop-Domain. */
async function graphqlWithToken(url: string, token: string, query: string) {
  const response = await fetch(`${url}/admin/api/${ADMIN_API_VERSION}/graphql.json`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("single-shop addressing (DESIGN.md section 7)", () => {
  it("serves the Admin API and the order route of the only shop with the token alone", async () => {
    const { url } = await start([ONE]);
    const read = await graphqlWithToken(url, ONE.accessToken, "{ shop { myshopifyDomain } }");
    expect(read).toMatchObject({ status: 200, body: { data: { shop: { myshopifyDomain: ONE.domain } } } });

    const placed = await postJson(
      `${url}/__emulator/orders`,
      { line_items: [{ sku: "MUG-1", quantity: 1 }] },
      { "X-Shopify-Access-Token": ONE.accessToken },
    );
    expect(placed.status).toBe(201);
    expect(dig(placed.body, "order", "name")).toBe("#1001");
    // A control route called without any credentials acts on the only shop there is.
    const anonymous = await postJson(`${url}/__emulator/orders`, { line_items: [{ sku: "MUG-1", quantity: 1 }] });
    expect(dig(anonymous.body, "order", "name")).toBe("#1002");
  });

  it("refuses a wrong token with 401, named shop or not, and still takes the named forms", async () => {
    const { url } = await start([ONE]);
    expect((await graphqlWithToken(url, "shpat_wrong", "{ shop { name } }")).status).toBe(401);
    expect(
      (
        await postJson(
          `${url}/__emulator/orders`,
          { line_items: [{ sku: "MUG-1", quantity: 1 }] },
          { "X-Shopify-Access-Token": "shpat_wrong" },
        )
      ).status,
    ).toBe(401);
    const byPath = await fetch(`${url}/shops/${ONE.domain}/admin/api/${ADMIN_API_VERSION}/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": ONE.accessToken },
      body: JSON.stringify({ query: "{ shop { myshopifyDomain } }" }),
    });
    expect(await byPath.json()).toMatchObject({ data: { shop: { myshopifyDomain: ONE.domain } } });
  });

  it("with several shops, finds the shop by a token unique to it, and asks to name it otherwise", async () => {
    const { url } = await start([ONE, TWO]);
    const second = await graphqlWithToken(url, TWO.accessToken, "{ shop { myshopifyDomain } }");
    expect(dig(second.body, "data", "shop", "myshopifyDomain")).toBe(TWO.domain);
    const placed = await postJson(
      `${url}/__emulator/orders`,
      { line_items: [{ sku: "MUG-1", quantity: 1 }] },
      { "X-Shopify-Access-Token": TWO.accessToken },
    );
    expect(placed.status).toBe(201);
    expect(emulator?.state.inShop(emulator.state.orders, TWO.domain)).toHaveLength(1);

    const unnamed = await postJson(`${url}/__emulator/orders`, { line_items: [{ sku: "MUG-1", quantity: 1 }] });
    expect(unnamed.status).toBe(404);
    expect(dig(unnamed.body, "errors")).toMatch(/Name the shop/);
  });

  it("asks to name the shop when several shops share the token", async () => {
    const { url } = await start([ONE, { ...TWO, accessToken: ONE.accessToken }]);
    const shared = await graphqlWithToken(url, ONE.accessToken, "{ shop { name } }");
    expect(shared.status).toBe(404);
    expect(dig(shared.body, "errors")).toMatch(/Several shops share this access token/);
  });
});

describe("a shop the Admin API no longer answers (PATCH /__emulator/shops/:domain {access})", () => {
  it("answers 401 for a revoked token, 402 for a frozen shop and 423 for a locked one, until access is ok again", async () => {
    const { url } = await start([ONE]);
    const patch = (access: string) =>
      fetch(`${url}/__emulator/shops/${ONE.domain}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ access }),
      });
    for (const [access, status, errors] of [
      ["revoked", 401, "[API] Invalid API key or access token (unrecognized login or wrong password)"],
      ["frozen", 402, "Unavailable Shop"],
      ["locked", 423, "This shop is unavailable"],
    ] as const) {
      expect(await (await patch(access)).json()).toMatchObject({ access });
      expect(await graphqlWithToken(url, ONE.accessToken, "{ shop { name } }")).toEqual({ status, body: { errors } });
    }
    await patch("ok");
    expect((await graphqlWithToken(url, ONE.accessToken, "{ shop { myshopifyDomain } }")).status).toBe(200);
    expect((await patch("asleep")).status).toBe(400);
  });
});
