/**
 * The app's own server (server/serve.mjs) as deployed, in the stack: its access log never writes a
 * query string (the admin's session token, the provider OAuth's code and state ride in them), and
 * every response, pages, data, webhooks and assets alike, carries the security headers; only an
 * embedded admin document may be framed, and then only by the shop's admin.
 */
import { createHmac, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../dev/stack/build";
import { BROWSER_USER_AGENT, sessionToken } from "../admin/support";
import { waitFor } from "../support/jobs";
import { useStack } from "../support/stack";

const stack = useStack({ worker: false });

/** The admin's first load of a page: embedded, with the shop, host and a fresh session token in the query. */
function embeddedUrl(pathname: string): URL {
  const { appUrl, shop, apiKey, apiSecret } = stack();
  const url = new URL(pathname, appUrl);
  url.searchParams.set("embedded", "1");
  url.searchParams.set("shop", shop);
  url.searchParams.set("host", Buffer.from(`admin.shopify.com/store/${shop.replace(".myshopify.com", "")}`).toString("base64url"));
  url.searchParams.set("id_token", sessionToken(shop, apiKey, apiSecret));
  return url;
}

async function get(url: URL | string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { redirect: "manual", ...init, headers: { "User-Agent": BROWSER_USER_AGENT, ...init.headers } });
  await response.arrayBuffer();
  return response;
}

describe("the app's server", () => {
  it("logs each request's path and never its query string: no session token, no OAuth code or state", async () => {
    const page = embeddedUrl("/app/settings");
    const token = page.searchParams.get("id_token") ?? "";
    expect((await get(page)).status).toBe(200);
    const callback = new URL("/provider-oauth/callback", stack().appUrl);
    callback.searchParams.set("code", "provider-code-7f3a9c");
    callback.searchParams.set("state", "provider-state-41d0e2");
    await get(callback);

    // The log line is written once the answer is sent.
    await waitFor(() => /"path":"\/provider-oauth\/callback"/.test(stack().logs()), { what: "the callback's log line" });
    const logs = stack().logs();
    expect(logs).toMatch(/"method":"GET","path":"\/app\/settings","status":200,/);
    expect(logs).toMatch(/"method":"GET","path":"\/provider-oauth\/callback","status":400,/);
    for (const secret of [token, token.split(".")[1] ?? "", "id_token", "provider-code-7f3a9c", "provider-state-41d0e2", "code="])
      expect(logs).not.toContain(secret);
  });

  it("sends HSTS, nosniff and a referrer policy everywhere, and refuses framing except of the shop's embedded pages", async () => {
    const { appUrl, shop } = stack();
    const asset = readdirSync(path.join(PROJECT_ROOT, "build", "client", "assets")).find((name) => name.endsWith(".js"));
    const webhook = await get(`${appUrl}/webhooks/orders/create`, {
      method: "POST",
      headers: { "X-Shopify-Hmac-Sha256": "forged", "X-Shopify-Shop-Domain": shop },
      body: "{}",
    });
    expect(webhook.status).toBe(401);
    // A delivery that is taken: answered 200 with no header or body of its own.
    const body = JSON.stringify({ id: 820982911946154500, admin_graphql_api_id: "gid://shopify/Order/820982911946154500" });
    const taken = await get(`${appUrl}/webhooks/orders/paid`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Hmac-Sha256": createHmac("sha256", stack().apiSecret).update(body).digest("base64"),
        "X-Shopify-Shop-Domain": shop,
        "X-Shopify-Topic": "orders/paid",
        "X-Shopify-API-Version": "2026-10",
        "X-Shopify-Webhook-Id": randomUUID(),
        "X-Shopify-Event-Id": randomUUID(),
      },
      body,
    });
    expect(taken.status).toBe(200);
    const framable = await get(embeddedUrl("/app"));
    const responses: [string, Response][] = [
      ["/", await get(`${appUrl}/`)],
      ["/auth/login", await get(`${appUrl}/auth/login`)],
      ["the OAuth callback", await get(`${appUrl}/provider-oauth/callback?error=access_denied`)],
      ["the provider login's start page", await get(`${appUrl}/provider-oauth/start?attempt=unknown`)],
      ["/app without a session", await get(`${appUrl}/app`)],
      ["a webhook's 401", webhook],
      ["a webhook's 200", taken],
      ["an asset", await get(`${appUrl}/assets/${asset}`)],
    ];
    for (const [name, response] of [...responses, ["an embedded page", framable] as [string, Response]]) {
      expect(response.headers.get("Strict-Transport-Security"), name).toMatch(/^max-age=\d{8,}/);
      expect(response.headers.get("X-Content-Type-Options"), name).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy"), name).toBe("strict-origin-when-cross-origin");
    }
    for (const [name, response] of responses) {
      expect(response.headers.get("Content-Security-Policy"), name).toMatch(/frame-ancestors 'none'/);
      expect(response.headers.get("X-Frame-Options"), name).toBe("DENY");
    }
    expect(framable.status).toBe(200);
    expect(framable.headers.get("Content-Security-Policy")).toContain(`frame-ancestors https://${shop} https://admin.shopify.com`);
    expect(framable.headers.get("X-Frame-Options")).toBeNull();
  });
});
