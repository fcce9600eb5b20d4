/**
 * The transport against a real local HTTP server that plays the provider's bad days: rate limits,
 * faults, dropped connections, silence, refused tokens. Sleeps are injected, so retries cost nothing.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createProviderOAuth, staticToken } from "./auth.server";
import type { AuthProvider } from "./transport.server";
import {
  ProviderAuthError,
  ProviderError,
  ProviderNetworkError,
  ProviderNotFoundError,
  ProviderPreconditionError,
  ProviderRateLimitedError,
  ProviderServerError,
  ProviderValidationError,
} from "./errors";
import { createTransport, type ProviderRequest, type TransportOptions } from "./transport.server";

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  accept: string | undefined;
  contentType: string | undefined;
  body: string;
}

type Reply = (res: ServerResponse, req: IncomingMessage) => void;

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A provider that answers successive requests with `replies` in turn (the last one repeats). */
async function fakeProvider(replies: Reply[]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        url: req.url ?? "",
        authorization: req.headers.authorization,
        accept: req.headers.accept,
        contentType: req.headers["content-type"],
        body,
      });
      const reply = replies[Math.min(received.length, replies.length) - 1];
      reply?.(res, req);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the fake provider has no port");
  return { baseUrl: `http://127.0.0.1:${address.port}`, received };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
  (res) => {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
const providerError = (status: number, ticket: string, headers: Record<string, string> = {}) =>
  json(status, { Errors: [{ Code: "E", Message: `failed with ${status}` }], TicketId: ticket }, headers);
const dropConnection: Reply = (_res, req) => req.socket.destroy();
const neverAnswer: Reply = () => {};

const track: ProviderRequest = {
  operation: "trackOne",
  method: "GET",
  path: "/v1/trackings/1Z999",
  repeatable: true,
};

function transportFor(baseUrl: string, overrides: Partial<TransportOptions> = {}) {
  const sleep = vi.fn(async (_ms: number) => {});
  const transport = createTransport({
    baseUrl,
    auth: staticToken("tok-static-abc"),
    sleep,
    random: () => 0.5,
    retry: { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 10_000 },
    ...overrides,
  });
  return { transport, sleep };
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

describe("a request", () => {
  it("carries the bearer token, asks for JSON and sends its body as JSON", async () => {
    const provider = await fakeProvider([json(201, { ok: true })]);
    const { transport } = transportFor(provider.baseUrl);

    const answer = await transport.send({
      operation: "createOutbound",
      method: "POST",
      path: "/v1/outboundOrders",
      body: { WarehouseId: "US01" },
      repeatable: true,
    });

    expect(answer).toEqual({ status: 201, text: '{"ok":true}', attempts: 1 });
    expect(provider.received).toEqual([
      {
        method: "POST",
        url: "/v1/outboundOrders",
        authorization: "Bearer tok-static-abc",
        accept: "application/json",
        contentType: "application/json",
        body: '{"WarehouseId":"US01"}',
      },
    ]);
  });

  it("joins a base URL with a trailing slash without doubling it", async () => {
    const provider = await fakeProvider([json(200, {})]);
    await transportFor(`${provider.baseUrl}/`).transport.send(track);
    expect(provider.received[0]?.url).toBe("/v1/trackings/1Z999");
  });
});

describe("retries", () => {
  it("waits as long as Retry-After says after a 429, then succeeds", async () => {
    const provider = await fakeProvider([providerError(429, "T1", { "Retry-After": "2" }), json(200, [])]);
    const { transport, sleep } = transportFor(provider.baseUrl);

    const answer = await transport.send(track);

    expect(answer.status).toBe(200);
    expect(answer.attempts).toBe(2);
    expect(sleep.mock.calls).toEqual([[2000]]);
  });

  it("reads Retry-After given as an HTTP date against the injected clock", async () => {
    const provider = await fakeProvider([providerError(429, "T1", { "Retry-After": "Sun, 22 Nov 2026 10:00:03 GMT" }), json(200, [])]);
    const { transport, sleep } = transportFor(provider.baseUrl, { now: () => Date.parse("2026-11-22T10:00:00Z") });

    await transport.send(track);

    expect(sleep.mock.calls).toEqual([[3000]]);
  });

  it("gives a Retry-After longer than allowed back to the caller instead of waiting", async () => {
    const provider = await fakeProvider([providerError(429, "T-slow", { "Retry-After": "120" })]);
    const { transport, sleep } = transportFor(provider.baseUrl);

    const error = await failure(transport.send(track));

    expect(error).toBeInstanceOf(ProviderRateLimitedError);
    expect(error instanceof ProviderRateLimitedError && error.retryAfterMs).toBe(120_000);
    expect(error.message).toContain("tried again automatically after 120 s");
    expect(sleep).not.toHaveBeenCalled();
  });

  it("backs off with jitter after provider faults, then succeeds", async () => {
    const provider = await fakeProvider([providerError(500, "T1"), providerError(503, "T2"), json(200, [])]);
    const { transport, sleep } = transportFor(provider.baseUrl);

    const answer = await transport.send(track);

    expect(answer.attempts).toBe(3);
    // random() = 0.5 of the ceilings 100 and 200 ms
    expect(sleep.mock.calls).toEqual([[50], [100]]);
  });

  it("gives up after the configured attempts and says how many were made", async () => {
    const provider = await fakeProvider([providerError(500, "T-last")]);
    const { transport, sleep } = transportFor(provider.baseUrl, { retry: { maxAttempts: 3 } });

    const error = await failure(transport.send(track));

    expect(error).toBeInstanceOf(ProviderServerError);
    expect(provider.received).toHaveLength(3);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(error.attempts).toBe(3);
    expect(error.message).toContain("(trackOne: GET /v1/trackings/1Z999, HTTP 500, TicketId T-last, after 3 attempts)");
  });

  it("resends after the connection was dropped", async () => {
    const provider = await fakeProvider([dropConnection, json(200, [])]);
    const { transport, sleep } = transportFor(provider.baseUrl);

    const answer = await transport.send(track);

    expect(answer.attempts).toBe(2);
    expect(provider.received).toHaveLength(2);
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it("reports a dropped connection in words when it keeps happening", async () => {
    const provider = await fakeProvider([dropConnection]);
    const { transport } = transportFor(provider.baseUrl, { retry: { maxAttempts: 2 } });

    const error = await failure(transport.send(track));

    expect(error).toBeInstanceOf(ProviderNetworkError);
    expect(error instanceof ProviderNetworkError && error.timedOut).toBe(false);
    expect(error.message).toMatch(/^Could not reach the fulfilment provider \(connection dropped, UND_ERR_SOCKET\)/);
  });

  it("abandons a request the provider does not answer in time, and retries it", async () => {
    const provider = await fakeProvider([neverAnswer, neverAnswer]);
    const { transport, sleep } = transportFor(provider.baseUrl, { timeoutMs: 40, retry: { maxAttempts: 2 } });

    // Neither request is ever answered: an error at all is the transport giving up on them.
    const error = await failure(transport.send(track));

    expect(error).toBeInstanceOf(ProviderNetworkError);
    expect(error instanceof ProviderNetworkError && error.timedOut).toBe(true);
    expect(error.message).toMatch(/^The fulfilment provider did not answer within 40 ms\./);
    expect(provider.received).toHaveLength(2);
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it("resends after a timeout and takes the later answer", async () => {
    const provider = await fakeProvider([neverAnswer, json(200, [{ TrackingNumber: "1Z999" }])]);
    // Long enough for the second request's prompt answer on a busy machine: at 40 ms it was itself
    // abandoned under load, and a third request sent.
    const { transport } = transportFor(provider.baseUrl, { timeoutMs: 2_000 });

    const answer = await transport.send(track);

    expect(answer.attempts).toBe(2);
    expect(answer.text).toContain("1Z999");
  });

  it("reports a refused connection", async () => {
    const provider = await fakeProvider([]);
    const closed = provider.baseUrl;
    await new Promise((resolve) => servers.splice(0)[0]?.close(resolve));
    const { transport } = transportFor(closed, { retry: { maxAttempts: 1 } });

    const error = await failure(transport.send(track));

    expect(error).toBeInstanceOf(ProviderNetworkError);
    expect(error.message).toContain("connection refused, ECONNREFUSED");
  });

  it.each([
    [400, ProviderValidationError],
    [404, ProviderNotFoundError],
    [412, ProviderPreconditionError],
  ])("never resends after HTTP %i", async (status, ErrorClass) => {
    const provider = await fakeProvider([providerError(status, "T1")]);
    const { transport, sleep } = transportFor(provider.baseUrl);

    const error = await failure(transport.send(track));

    expect(error).toBeInstanceOf(ErrorClass);
    expect(provider.received).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it("never resends a request that is not safe to repeat", async () => {
    const provider = await fakeProvider([providerError(500, "T1")]);
    const { transport } = transportFor(provider.baseUrl);

    await failure(transport.send({ ...track, repeatable: false }));

    expect(provider.received).toHaveLength(1);
  });
});

describe("credentials", () => {
  it("reports a refused static token at once, asking for a new one, without quoting it", async () => {
    const provider = await fakeProvider([
      (res, req) =>
        json(401, { Errors: [{ Code: "Unauthorized", Message: `bad ${req.headers.authorization}` }], TicketId: "T-401" })(res, req),
    ]);
    const { transport } = transportFor(provider.baseUrl);

    const error = await failure(transport.send(track));

    expect(error).toBeInstanceOf(ProviderAuthError);
    expect(provider.received).toHaveLength(1);
    expect(error.message).toContain("enter a new API token");
    expect(error.message).toContain("TicketId T-401");
    expect(error.message).not.toContain("tok-static-abc");
  });

  it("never quotes the token a failing server echoes, whatever the failure", async () => {
    const echo =
      (status: number): Reply =>
      (res, req) => {
        res.writeHead(status, { "Content-Type": "text/plain" });
        res.end(`denied for ${req.headers.authorization?.replace("Bearer ", "")}`);
      };
    for (const status of [400, 403, 404, 429, 500]) {
      const provider = await fakeProvider([echo(status)]);
      const error = await failure(transportFor(provider.baseUrl, { retry: { maxAttempts: 1 } }).transport.send(track));
      expect(error.message, String(status)).toContain("denied for [redacted]");
      expect(JSON.stringify({ ...error, message: error.message }), String(status)).not.toContain("tok-static-abc");
    }
  });
});

describe("401 with an OAuth connection", () => {
  const farFuture = new Date("2099-01-01T00:00:00Z");

  async function oauthProvider(apiReplies: Reply[]) {
    const api: string[] = [];
    let tokenRequests = 0;
    let apiCalls = 0;
    const provider = await fakeProvider([
      (res, req) => {
        if (req.url === "/oauth2/token") {
          tokenRequests += 1;
          json(200, { AccessToken: `access-${tokenRequests + 1}`, AccessTokenExpiresIn: 3600, RefreshToken: "refresh-2" })(res, req);
          return;
        }
        api.push(req.headers.authorization ?? "");
        apiCalls += 1;
        apiReplies[Math.min(apiCalls, apiReplies.length) - 1]?.(res, req);
      },
    ]);
    const oauth = createProviderOAuth({
      baseUrl: provider.baseUrl,
      clientId: "client",
      clientSecret: "secret",
      redirectUri: "https://app.example/callback",
    });
    const auth: AuthProvider = oauth.tokenProvider({
      tokens: {
        accessToken: "access-1",
        accessTokenExpiresAt: farFuture,
        refreshToken: "refresh-1",
        refreshTokenExpiresAt: farFuture,
        customerId: "C1",
      },
    });
    return { ...provider, auth, api, tokenRequests: () => tokenRequests };
  }

  it("refreshes the token once and resends once", async () => {
    const provider = await oauthProvider([providerError(401, "T-401"), json(200, [])]);
    const { transport } = transportFor(provider.baseUrl, { auth: provider.auth });

    const answer = await transport.send(track);

    expect(answer.status).toBe(200);
    expect(provider.tokenRequests()).toBe(1);
    expect(provider.api).toEqual(["Bearer access-1", "Bearer access-2"]);
  });

  it("gives up when the fresh token is refused too", async () => {
    const provider = await oauthProvider([providerError(401, "T-401")]);
    const { transport, sleep } = transportFor(provider.baseUrl, { auth: provider.auth });

    const error = await failure(transport.send(track));

    expect(error).toBeInstanceOf(ProviderAuthError);
    expect(error.message).toContain("must reconnect the fulfilment provider");
    expect(provider.tokenRequests()).toBe(1);
    expect(provider.api).toHaveLength(2);
    expect(sleep).not.toHaveBeenCalled();
    expect(error.message).not.toMatch(/access-\d|refresh-\d/);
  });
});
