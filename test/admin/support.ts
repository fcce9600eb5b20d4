/**
 * Reaching the built app's admin routes as the embedded admin does: an App Bridge session token
 * (HS256 with the app's secret) and a browser's User-Agent, asking Remix for a route's data as JSON.
 */
import { createHmac, randomUUID } from "node:crypto";
import type { TestStack } from "../support/stack";

/** The library answers requests from bots (Node's own user agent counts as one) with 410. */
export const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

/** `user`: the staff member (the token's `sub`). */
export function sessionToken(shop: string, apiKey: string, apiSecret: string, user = "42"): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const header = encode({ alg: "HS256", typ: "JWT" });
  const payload = encode({
    iss: `https://${shop}/admin`,
    dest: `https://${shop}`,
    aud: apiKey,
    sub: user,
    exp: now + 60,
    nbf: now - 5,
    iat: now - 5,
    jti: randomUUID(),
    sid: randomUUID(),
  });
  const signature = createHmac("sha256", apiSecret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/**
 * `path` (e.g. "/app/shipments?filter=attention") as route `routeId`'s data, signed in as the
 * stack's shop unless `signedIn` is false.
 */
export function adminData(
  stack: TestStack,
  path: string,
  routeId: string,
  { signedIn = true, form, user }: { signedIn?: boolean; form?: Record<string, string>; user?: string } = {},
): Promise<Response> {
  const url = new URL(path, stack.appUrl);
  url.searchParams.set("_data", routeId);
  return fetch(url, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      "User-Agent": BROWSER_USER_AGENT,
      ...(signedIn ? { Authorization: `Bearer ${sessionToken(stack.shop, stack.apiKey, stack.apiSecret, user)}` } : {}),
    },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
}

/** `path` as the embedded admin first loads it: the page's HTML, the session token in the query. */
export async function adminDocument(stack: TestStack, path: string): Promise<{ status: number; text: string; html: string }> {
  const url = new URL(path, stack.appUrl);
  url.searchParams.set("embedded", "1");
  url.searchParams.set("shop", stack.shop);
  url.searchParams.set("host", Buffer.from(`admin.shopify.com/store/${stack.shop.replace(".myshopify.com", "")}`).toString("base64url"));
  url.searchParams.set("id_token", sessionToken(stack.shop, stack.apiKey, stack.apiSecret));
  const response = await fetch(url, { redirect: "manual", headers: { "User-Agent": BROWSER_USER_AGENT } });
  const html = await response.text();
  // The words the merchant sees: no scripts (they carry the loader's data), no markup.
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { status: response.status, text, html };
}
