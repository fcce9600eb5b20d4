/**
 * Helpers for the emulator's own tests: a tiny HTTP receiver standing in for the app (records every
 * request with its raw body, answers what the test says), and a GraphQL client over real HTTP.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { ADMIN_API_VERSION } from "./admin-schema";
import { hmacBase64 } from "./webhooks";

/** The tests' app config (scopes, subscriptions), independent of the app's evolving shopify.app.toml. */
export const APP_TOML = join(import.meta.dirname, "../fixtures/webhooks/shopify.app.toml");

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  json: unknown;
}

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** Decides the status of each answer (default 200), or that the request is never answered. */
  respond: (request: ReceivedRequest) => number | "no answer";
  waitFor(predicate: (requests: ReceivedRequest[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: "",
    requests: [],
    respond: () => 200,
    async waitFor(predicate, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(receiver.requests)) {
        if (Date.now() > deadline)
          throw new Error(`receiver: condition not met in ${timeoutMs} ms (got ${receiver.requests.length} requests)`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      let json: unknown = null;
      try {
        json = JSON.parse(rawBody);
      } catch {
        json = null;
      }
      const request = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, rawBody, json };
      receiver.requests.push(request);
      const status = receiver.respond(request);
      // Left open: the sender's own timeout ends it.
      if (status !== "no answer") res.writeHead(status).end();
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

/** Verifies a delivery the way the app must: HMAC of the exact raw body with the app secret. */
export function signedBy(secret: string, request: ReceivedRequest): boolean {
  return request.headers["x-shopify-hmac-sha256"] === hmacBase64(secret, request.rawBody);
}

export interface GraphqlAnswer {
  status: number;
  body: {
    data?: unknown;
    errors?: { message: string; extensions?: Record<string, unknown>; path?: (string | number)[] }[];
    extensions?: {
      cost: {
        requestedQueryCost: number;
        actualQueryCost: number | null;
        throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
      };
    };
  };
}

/** POSTs to the header-addressed endpoint, as the app's rewritten Admin client does. */
export async function adminGraphql(
  emulatorUrl: string,
  shop: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphqlAnswer> {
  const response = await fetch(`${emulatorUrl}/admin/api/${ADMIN_API_VERSION}/graphql.json`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": shop, "X-Shopify-Access-Token": token },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as GraphqlAnswer["body"] };
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Walks into parsed JSON by keys and indexes: `dig(body, "data", "order", "lineItems", "nodes", 0)`. */
export function dig(value: unknown, ...keys: (string | number)[]): unknown {
  let current = value;
  for (const key of keys) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

export function digString(value: unknown, ...keys: (string | number)[]): string {
  const found = dig(value, ...keys);
  if (typeof found !== "string") throw new Error(`expected a string at ${keys.join(".")}, got ${JSON.stringify(found)}`);
  return found;
}
