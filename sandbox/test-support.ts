/**
 * Test helpers: a sandbox on port 0 with a clock that only moves when the test says so, and a small
 * HTTP client over node's fetch. Tests talk to the sandbox over real HTTP, as the connector does.
 */
import { startSandbox, type Sandbox, type SandboxOptions } from "./server";

/** A fixed start, so dates in answers are predictable. */
export const START = Date.parse("2026-11-22T10:00:00.000Z");
export const TOKEN = "test-token";

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON, or undefined when empty. */
  readonly json: unknown;
}

export interface CallOptions {
  readonly method?: "GET" | "POST" | "DELETE";
  readonly body?: unknown;
  /** Bearer token; null sends no Authorization header. */
  readonly token?: string | null;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
  readonly redirect?: RequestRedirect;
}

export interface TestSandbox {
  readonly sandbox: Sandbox;
  readonly url: string;
  call(path: string, options?: CallOptions): Promise<Answer>;
  /** POST with a JSON body and the test token. */
  post(path: string, body: unknown): Promise<Answer>;
  /** Moves the sandbox clock forward through the control route. */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox({
    port: 0,
    seed: 42,
    createDelayMs: 1000,
    trackingStepMs: 60_000,
    inboundDelayMs: 5000,
    now: () => START,
    ...options,
  });

  async function call(path: string, o: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...o.headers };
    const token = o.token === undefined ? TOKEN : o.token;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (o.body !== undefined) {
      body = typeof o.body === "string" ? o.body : JSON.stringify(o.body);
      headers["Content-Type"] ??= "application/json";
    }
    const response = await fetch(`${sandbox.url}${path}`, {
      method: o.method ?? (o.body === undefined ? "GET" : "POST"),
      headers,
      body,
      signal: o.signal,
      redirect: o.redirect,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: text === "" ? undefined : JSON.parse(text) };
  }

  return {
    sandbox,
    url: sandbox.url,
    call,
    post: (path, body) => call(path, { body }),
    advance: async (ms) => {
      const answer = await call("/__sandbox/clock", { body: { advanceMs: ms } });
      if (answer.status !== 200) throw new Error(`advancing the clock failed: ${answer.text}`);
    },
    close: () => sandbox.close(),
  };
}

/** A drop-ship package the seeded world can create (US01-EXP serves CA). */
export function dropshipPackage(packageId: string, overrides: Record<string, unknown> = {}) {
  return {
    PackageId: packageId,
    ServiceCode: "US01-EXP",
    ShipToAddress: { Contact: "Ada Lovelace", Country: "CA", City: "Montreal", Street1: "1 Rue Sainte-Catherine", Postcode: "H2X 1K4" },
    Weight: 450,
    Length: 20,
    Width: 15,
    Height: 10,
    Skus: [{ Sku: "MUG-CER-350-WHT", Quantity: 1, DeclareValue: 6.5, DeclareNameEn: "Ceramic mug" }],
    ...overrides,
  };
}

/** An outbound package shipping seeded stock. */
export function outboundPackage(packageId: string, overrides: Record<string, unknown> = {}) {
  return {
    PackageId: packageId,
    ServiceCode: "US01-STD",
    ShipToAddress: { Contact: "Grace Hopper", Country: "US", City: "Arlington", Province: "VA", Postcode: "22201" },
    Skus: [{ Sku: "MUG-CER-350-WHT", Quantity: 2 }],
    ...overrides,
  };
}
