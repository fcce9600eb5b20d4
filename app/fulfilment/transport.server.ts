/**
 * Sends one request to the provider and gets one answer back: bearer token, JSON, a timeout per
 * request, and retries where they are safe. Knows nothing of individual operations; the client
 * decides what is sent and what a good answer looks like.
 */
import { FULFILMENT_DEFAULTS, retryPolicy, type RetryPolicy } from "./config";
import { ProviderError, ProviderNetworkError, providerErrorFromResponse, type ProviderErrorKind, type ProviderRequestInfo } from "./errors";
import type { HttpMethod } from "./operations";
import { parseRetryAfter, retryDelay } from "./retry";

/** How every call gets its bearer token: a static token pasted in the settings, or OAuth2 (auth.server.ts). */
export interface AuthProvider {
  getAccessToken(): Promise<string>;
  /**
   * The provider refused `rejectedToken` (401): forget it so the next getAccessToken refreshes.
   * Absent for a static token, which nothing can renew.
   */
  invalidate?(rejectedToken: string): void;
}

/** The subset of `fetch` the client uses; `globalThis.fetch` fits, and so does a small test fake. */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface TransportOptions {
  /** The provider's address without `/v1`, e.g. `https://openapi.example.com`. */
  readonly baseUrl: string;
  readonly auth: AuthProvider;
  readonly fetch?: FetchFunction;
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  readonly sleep?: Sleep;
  readonly random?: () => number;
  /** Milliseconds since the epoch; reads Retry-After dates. */
  readonly now?: () => number;
  /**
   * Told of every call once it has its outcome, retries included: "ok" or the error's kind. The
   * app's metrics time the provider's operations with it; the transport knows nothing of them.
   */
  readonly observe?: (call: { operation: string; outcome: "ok" | ProviderErrorKind; durationMs: number }) => void;
}

export interface ProviderRequest extends ProviderRequestInfo {
  readonly method: HttpMethod;
  /** Sent as JSON; absent for GET. */
  readonly body?: unknown;
  /** May be sent again after a failure whose outcome is unknown (see `canRepeat` in retry.ts). */
  readonly repeatable: boolean;
}

/** A 2xx answer, body unread beyond its text: the client parses it against the operation's schema. */
export interface ProviderAnswer {
  readonly status: number;
  readonly text: string;
  readonly attempts: number;
}

export interface Transport {
  send(request: ProviderRequest): Promise<ProviderAnswer>;
}

export function createTransport(options: TransportOptions): Transport {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? FULFILMENT_DEFAULTS.timeoutMs;
  const policy = retryPolicy(options.retry);
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const baseUrl = withoutTrailingSlash(options.baseUrl);
  const { auth } = options;

  async function send(request: ProviderRequest): Promise<ProviderAnswer> {
    if (options.observe === undefined) return sendWithRetries(request);
    const started = Date.now();
    const report = (outcome: "ok" | ProviderErrorKind) =>
      options.observe?.({ operation: request.operation, outcome, durationMs: Date.now() - started });
    try {
      const answer = await sendWithRetries(request);
      report("ok");
      return answer;
    } catch (error) {
      report(error instanceof ProviderError ? error.kind : "unexpected");
      throw error;
    }
  }

  async function sendWithRetries(request: ProviderRequest): Promise<ProviderAnswer> {
    let attempt = 0; // counted against policy.maxAttempts
    let sent = 0; // reported in errors; includes the one resend after a token refresh
    let refreshedAfter401 = false;
    for (;;) {
      attempt += 1;
      sent += 1;
      // A failed token refresh is not retried here: a rotated refresh token may already be spent.
      // The error reaches the job, which tries the whole call again later.
      const token = await auth.getAccessToken();
      let failure: ProviderError;
      try {
        const answer = await sendOnce(fetchFn, `${baseUrl}${request.path}`, requestInit(request, token), {
          request,
          timeoutMs,
          attempts: sent,
        });
        if (answer.status >= 200 && answer.status < 300) {
          return { status: answer.status, text: answer.text, attempts: sent };
        }
        if (answer.status === 401 && auth.invalidate && !refreshedAfter401) {
          // An OAuth token can be revoked or expire before its stated time: refresh once, resend once.
          // A second 401 is real and reaches the merchant as "reconnect".
          refreshedAfter401 = true;
          auth.invalidate(token);
          attempt -= 1;
          continue;
        }
        failure = providerErrorFromResponse({
          request,
          status: answer.status,
          bodyText: answer.text,
          retryAfterMs: parseRetryAfter(answer.retryAfter, now()),
          attempts: sent,
          secrets: [token],
        });
      } catch (error) {
        if (!(error instanceof ProviderNetworkError)) throw error;
        failure = error;
      }
      // Retries are decided here. Only 429, 5xx and network failures/timeouts qualify (retryDelay),
      // and only for requests that are safe to repeat: reads, requests that replace state, and
      // creations keyed by PackageId/ShipmentId/Sku/OrderNo, which the provider answers "200, nothing
      // changed" the second time instead of creating twice (canRepeat in retry.ts says why per operation).
      const delay = request.repeatable ? retryDelay(failure, attempt, policy, random) : undefined;
      if (delay === undefined) throw failure;
      await sleep(delay);
    }
  }

  return { send };
}

function requestInit(request: ProviderRequest, token: string): RequestInit {
  const headers: Record<string, string> = {
    Accept: "application/json",
    Authorization: `Bearer ${token}`,
  };
  if (request.body === undefined) return { method: request.method, headers };
  headers["Content-Type"] = "application/json";
  return { method: request.method, headers, body: JSON.stringify(request.body) };
}

export interface RawAnswer {
  readonly status: number;
  readonly text: string;
  readonly retryAfter: string | null;
}

/**
 * One HTTP exchange with a deadline covering connect, send and reading the whole body. Any failure
 * to get an answer becomes a ProviderNetworkError (timedOut when the deadline hit). Also used for
 * the OAuth token endpoint.
 */
export async function sendOnce(
  fetchFn: FetchFunction,
  url: string,
  init: RequestInit,
  context: { request: ProviderRequestInfo; timeoutMs: number; attempts?: number },
): Promise<RawAnswer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, context.timeoutMs);
  try {
    const response = await fetchFn(url, { ...init, signal: controller.signal });
    const text = await response.text();
    return { status: response.status, text, retryAfter: response.headers.get("retry-after") };
  } catch (cause) {
    const errorContext = { ...context.request, attempts: context.attempts, cause };
    throw new ProviderNetworkError(
      errorContext,
      timedOut ? { timedOut: true, timeoutMs: context.timeoutMs } : { timedOut: false, reason: describeNetworkFailure(cause) },
    );
  } finally {
    clearTimeout(timer);
  }
}

const NETWORK_FAILURES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection dropped",
  EPIPE: "connection dropped",
  UND_ERR_SOCKET: "connection dropped",
  ENOTFOUND: "host name not found",
  EAI_AGAIN: "host name not found",
  ETIMEDOUT: "connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
};

/** fetch reports "fetch failed" and hides the reason in `cause`; dig out a readable one. */
function describeNetworkFailure(error: unknown): string {
  let innermost: unknown = error;
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const code = propertyText(current, "code");
    if (code) return `${NETWORK_FAILURES[code] ?? "network error"}, ${code}`;
    innermost = current;
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return propertyText(innermost, "message") || "network error";
}

function propertyText(value: unknown, key: "code" | "message"): string | undefined {
  if (typeof value !== "object" || value === null || !(key in value)) return undefined;
  const property: unknown = Reflect.get(value, key);
  return typeof property === "string" ? property : undefined;
}

export function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
