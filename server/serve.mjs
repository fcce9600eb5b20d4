/**
 * The app's HTTP server: `node server/serve.mjs build/server/index.js` (`npm start`, the stack, the
 * benchmarks). It does what remix-serve did (the built app, its static assets, gzip, HOST and PORT,
 * NODE_ENV production unless set), plus what remix-serve cannot be told to: a JSON access log
 * without query strings (they carry tokens), /healthz, /readyz and /metrics before Remix, a draining
 * stop on SIGTERM (docs/operations.md), and the security headers (docs/security.md). Plain
 * JavaScript, like serve-cluster.mjs: the app server runs the built bundle with plain Node.
 */
/* global AbortController, Headers, Request, Response -- the Fetch API's, as installGlobals sets them for the build */
import { Buffer } from "node:buffer";
import { randomUUID } from "node:crypto";
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import { Transform } from "node:stream";
import path from "node:path";
import process from "node:process";
import { setImmediate, setTimeout } from "node:timers";
import { pathToFileURL, URL, URLSearchParams } from "node:url";
import { constants as zlib, createGzip } from "node:zlib";
import { createReadableStreamFromReadable, createRequestHandler, installGlobals, writeReadableStreamToWritable } from "@remix-run/node";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
process.setSourceMapsEnabled(true);

const buildArgument = process.argv[2];
if (!buildArgument) {
  process.stderr.write("Usage: node server/serve.mjs <server-build-path>\n");
  process.exit(1);
}
const buildPath = path.resolve(buildArgument);
const build = await import(pathToFileURL(buildPath).href);
installGlobals({ nativeFetch: build.future.v3_singleFetch });
const handle = createRequestHandler(build, process.env.NODE_ENV);
const assets = path.resolve(build.assetsBuildDirectory);
/** app/entry.server.tsx's `operations`: health answers, the logger, the drain grace. */
const { answer: operationsAnswer, log, accessLog, drainGraceMs, bodyLimitFor, isShopDomain, refused, http } = build.entry.module.operations;

/** True from SIGTERM on: /readyz says so, and each connection is closed once it has nothing in flight. */
let draining = false;

/**
 * What every response carries; a Content-Security-Policy with frame-ancestors already set is kept.
 * Framing is refused unless the page itself allowed Shopify's admin (embedded documents, through
 * addDocumentResponseHeaders); HSTS, nosniff, and a referrer policy that keeps URLs (and their
 * tokens) to our own origin.
 */
function securityHeaders(headers) {
  headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  const policy = headers.get("Content-Security-Policy");
  if (policy === null) headers.set("Content-Security-Policy", "frame-ancestors 'none'");
  else if (!/frame-ancestors/.test(policy))
    headers.set("Content-Security-Policy", `${policy.replace(/;?\s*$/, "; ")}frame-ancestors 'none'`);
  if (!/frame-ancestors (?!'none')/.test(headers.get("Content-Security-Policy") ?? "")) headers.set("X-Frame-Options", "DENY");
}

const TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg)/;

/** A file of the client build for GET/HEAD `pathname`, or null: nothing outside the folder. */
function assetFor(pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const file = path.resolve(assets, `.${path.posix.normalize(decoded)}`);
  if (!file.startsWith(`${assets}${path.sep}`)) return null;
  try {
    const stat = statSync(file);
    return stat.isFile() ? { file, size: stat.size } : null;
  } catch {
    return null;
  }
}

function gzipWanted(request, type) {
  return COMPRESSIBLE.test(type ?? "") && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
}

/** The Node response's body sink: gzip (flushed as it goes, so a streamed page arrives as it renders) or plain. */
function bodySink(request, response, headers) {
  if (request.method === "HEAD" || !gzipWanted(request, headers.get("Content-Type")) || headers.has("Content-Encoding")) return response;
  headers.delete("Content-Length");
  headers.set("Content-Encoding", "gzip");
  headers.append("Vary", "Accept-Encoding");
  const gzip = createGzip({ flush: zlib.Z_SYNC_FLUSH });
  gzip.pipe(response);
  return gzip;
}

/** securityHeaders' answer for a response that sets no header of its own: the same five, every time. */
const SECURITY_HEADERS_ALONE = (() => {
  const headers = new Headers();
  securityHeaders(headers);
  return Object.freeze(Object.fromEntries(headers));
})();

function writeHead(response, status, statusText, headers) {
  securityHeaders(headers);
  const raw = {};
  for (const [name, value] of headers) if (name !== "set-cookie") raw[name] = value;
  // Each cookie its own header line. The build's Headers (installGlobals' web-fetch) has getAll, not
  // Node's getSetCookie: reading only getSetCookie dropped every cookie the app set.
  const cookies = headers.getSetCookie?.() ?? headers.getAll?.("set-cookie") ?? [];
  if (cookies.length > 0) raw["set-cookie"] = cookies;
  if (statusText) response.statusMessage = statusText;
  response.writeHead(status, raw);
}

function serveAsset(request, response, asset, pathname) {
  const headers = new Headers({
    "Content-Type": TYPES[path.extname(asset.file)] ?? "application/octet-stream",
    "Content-Length": String(asset.size),
    // Vite names every built asset by its content hash: it never changes under the same name.
    "Cache-Control": pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
  });
  const sink = bodySink(request, response, headers);
  writeHead(response, 200, undefined, headers);
  if (request.method === "HEAD") return void response.end();
  createReadStream(asset.file).pipe(sink);
}

/** Requests whose body went past their route's limit while the app was reading it. */
const oversized = new WeakSet();

/**
 * The request's body as the app may read it: at most `limit` bytes. Past that the stream fails and
 * the request is marked, so the server answers 413 whatever the route made of the failure; what the
 * client still sends is not read on (refuseTooLarge).
 */
function boundedBody(request, limit) {
  let size = 0;
  const bounded = new Transform({
    transform(chunk, _encoding, done) {
      size += chunk.length;
      if (size <= limit) return done(null, chunk);
      oversized.add(request);
      request.unpipe(bounded);
      done(new RangeError(`The body is longer than ${limit} bytes`));
    },
  });
  return request.pipe(bounded);
}

/**
 * A webhook's whole body, read straight from Node's stream: at most `limit` bytes. Past that the
 * request is marked, the read stops, and the server answers 413 as for any route (serveApp). The
 * action is then given a Request over these bytes: a web stream piped from Node's through a
 * Transform cost a fifth of building each delivery's Request (docs/benchmarks.md, bench:intake).
 */
function bodyBytes(request, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      oversized.add(request);
      request.off("data", onData);
      request.pause();
      reject(new RangeError(`The body is longer than ${limit} bytes`));
    };
    request.on("data", onData);
    request.once("end", () => resolve(Buffer.concat(chunks, size)));
    request.once("error", reject);
    request.once("close", () => {
      if (!request.complete) reject(new Error("The client went before its request's body was sent"));
    });
  });
}

/**
 * The Fetch API request Remix expects, as @remix-run/express builds it; aborted when the client goes.
 * `bytes`: the body, already read (bodyBytes); otherwise the body is streamed as the app reads it.
 */
function remixRequest(request, response, limit, bytes) {
  const url = new URL(request.url ?? "/", `http://${request.headers.host ?? "localhost"}`);
  const controller = new AbortController();
  // Only a client gone before the answer was out aborts: aborting every finished request made a
  // DOMException and an abort event each, 2 to 3% of the intake's CPU per delivery.
  response.on("close", () => {
    if (!response.writableFinished) controller.abort();
  });
  // Name and value pairs: the Request makes its own Headers of them (one built here was copied again).
  const headers = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const one of value) headers.push([name, one]);
    else headers.push([name, value]);
  }
  const init = { method: request.method, headers, signal: controller.signal };
  if (bytes !== undefined) init.body = bytes;
  else if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(boundedBody(request, limit));
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/**
 * Webhook deliveries (the intake's hot path, hundreds a second in a sale) go straight to their
 * route's action: a resource route that Remix would only match and call, at the cost of its router
 * for every delivery (docs/decisions/0026). Same Request, same action, same answer; a thrown
 * Response is the answer, as Remix makes it.
 */
const WEBHOOK_ACTIONS = new Map(
  Object.values(build.routes)
    .filter(
      (route) =>
        typeof route.path === "string" && /^(webhooks|fulfillment-service)\//.test(route.path) && typeof route.module.action === "function",
    )
    .map((route) => [`/${route.path}`, route.module.action]),
);

async function answerOf(request, response, limit) {
  const action = request.method === "POST" ? WEBHOOK_ACTIONS.get((request.url ?? "/").split("?")[0]) : undefined;
  if (action === undefined) return handle(remixRequest(request, response, limit));
  const remix = remixRequest(request, response, limit, await bodyBytes(request, limit));
  try {
    return await action({ request: remix, params: {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/**
 * 413 with `Connection: close`: Node closes the connection as soon as the answer is out, and the
 * rest of the body is never read. A client still sending then finds the connection reset under it
 * (EPIPE, ECONNRESET), often before it has read the 413: that is the refusal too (issue 25).
 */
function refuseTooLarge(response, limit) {
  refused("body too large");
  const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
  writeHead(response, 413, "Payload Too Large", headers);
  response.end(`The body is longer than ${limit} bytes`);
}

function isEmpty(headers) {
  for (const _ of headers) return false;
  return true;
}

async function serveApp(request, response, limit) {
  let answer;
  try {
    answer = await answerOf(request, response, limit);
  } catch (error) {
    if (!oversized.has(request)) throw error;
  }
  if (oversized.has(request)) return refuseTooLarge(response, limit);
  // A webhook's 200: no header, no body. Its head is written without copying and judging headers.
  if (answer.body === null && answer.status !== 413 && answer.statusText === "" && isEmpty(answer.headers)) {
    response.writeHead(answer.status, SECURITY_HEADERS_ALONE);
    return void response.end();
  }
  const headers = new Headers(answer.headers);
  // A route's own 413 closes the connection the same way (refuseTooLarge).
  if (answer.status === 413) headers.set("Connection", "close");
  const sink = answer.body === null ? response : bodySink(request, response, headers);
  writeHead(response, answer.status, answer.statusText, headers);
  if (answer.body === null || request.method === "HEAD") return void response.end();
  await writeReadableStreamToWritable(answer.body, sink);
}

/** A request id the caller chose (a load balancer's), if it is a plain token; otherwise ours. */
function requestIdOf(request) {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
}

/** Answered before Remix, by app/wiring/operations.server.ts. */
const OPERATIONS = new Set(["/healthz", "/readyz", "/metrics"]);

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** The shop a request is for, when it names a well-formed one: a webhook's header or the admin's `shop` parameter. */
function shopOf(request) {
  const header = request.headers["x-shopify-shop-domain"];
  if (typeof header === "string" && SHOP_DOMAIN.test(header)) return header;
  const query = (request.url ?? "").split("?")[1];
  const shop = query === undefined ? null : new URLSearchParams(query).get("shop");
  return shop !== null && SHOP_DOMAIN.test(shop) ? shop : undefined;
}

/**
 * The access line (the build's pino logger: request id, method, path, status, bytes, duration, shop
 * when the request names a valid one): the path and never the query string. remix-serve's morgan
 * wrote whole URLs, and the admin's document requests carry the session token (`id_token`), the
 * provider's OAuth callback its `code` and `state`. A supervisor's probes that pass are debug, or
 * they would drown the rest.
 */
function logRequest(request, response, started, requestId) {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const length = response.getHeader("content-length");
  const pathname = (request.url ?? "/").split("?")[0];
  const level = OPERATIONS.has(pathname) && response.statusCode < 400 ? "debug" : "info";
  accessLog[level](
    {
      requestId,
      method: request.method,
      path: pathname,
      status: response.statusCode,
      bytes: length === undefined ? undefined : Number(length),
      durationMs: Math.round(ms * 1000) / 1000,
      shop: shopOf(request),
    },
    "request",
  );
}

async function serveOperations(request, response, pathname) {
  const answer = await operationsAnswer(pathname, request.headers.authorization, { draining });
  if (answer === undefined) return false;
  const headers = new Headers(answer.headers);
  writeHead(response, answer.status, undefined, headers);
  response.end(request.method === "HEAD" ? undefined : answer.body);
  return true;
}

function failed(response, error) {
  log.error({ err: error }, "Answering a request failed");
  if (!response.headersSent) {
    const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8" });
    writeHead(response, 500, "Internal Server Error", headers);
    response.end("Internal Server Error");
  } else response.destroy();
}

/**
 * The request's own bounds, before anything reads it: a body declared longer than its route's limit
 * is refused (413), and a `shop` parameter that is not a shop's domain never reaches the Shopify
 * library (400): its login and its auth read and log whatever they are given.
 */
function refusedAtOnce(request, response, pathname, limit) {
  if (Number(request.headers["content-length"] ?? "0") > limit) {
    refuseTooLarge(response, limit);
    return true;
  }
  const query = (request.url ?? "").split("?")[1];
  const shops = query === undefined ? [] : new URLSearchParams(query).getAll("shop");
  if (shops.length > 1 || (shops.length === 1 && !isShopDomain(shops[0]))) {
    refused("malformed shop");
    const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8" });
    writeHead(response, 400, "Bad Request", headers);
    response.end("The shop parameter must be a shop's *.myshopify.com domain");
    return true;
  }
  return false;
}

const server = createServer(
  {
    // Slow clients: a request's headers, and the whole request, within seconds (not Node's 300 s),
    // checked every second rather than every 30.
    headersTimeout: http.headersTimeoutMs,
    requestTimeout: http.requestTimeoutMs,
    connectionsCheckingInterval: 1_000,
  },
  (request, response) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(request);
    response.setHeader("X-Request-Id", requestId);
    response.once("finish", () => {
      logRequest(request, response, started, requestId);
      // Draining: a kept-alive connection goes once its last answer is out (a request already sent
      // on it, pipelined, is still answered first: it is not idle).
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
    const pathname = (request.url ?? "/").split("?")[0];
    const limit = bodyLimitFor(pathname);
    if (refusedAtOnce(request, response, pathname, limit)) return;
    if (OPERATIONS.has(pathname)) return void serveOperations(request, response, pathname).catch((error) => failed(response, error));
    const asset = request.method === "GET" || request.method === "HEAD" ? assetFor(pathname) : null;
    if (asset) return serveAsset(request, response, asset, pathname);
    serveApp(request, response, limit).catch((error) => failed(response, error));
  },
);
// Longer than a load balancer's idle timeout (65 s by default), so it never closes a kept-alive
// connection first; bounded all the same.
server.keepAliveTimeout = http.keepAliveTimeoutMs;
// Past this many open connections in this process, a new one is closed at once.
server.maxConnections = http.maxConnections;

const port = Number(process.env.PORT ?? "3000");
const host = process.env.HOST;
server.listen(port, host, () => log.info({ url: `http://${host ?? "localhost"}:${port}` }, "App server listening"));

function drain(signal) {
  if (draining) return;
  draining = true;
  const startedAt = Date.now();
  log.info({ signal, graceMs: drainGraceMs }, "Draining: answering the requests in hand, taking no new connections");
  const exit = (code, how) => {
    log.info({ durationMs: Date.now() - startedAt, how }, "App server stopped");
    process.exit(code);
  };
  // Kept-alive connections with nothing in flight go now; busy ones close after their answer.
  server.close(() => exit(0, "every request answered"));
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    exit(0, "grace time over");
  }, drainGraceMs).unref();
}
for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => drain(signal));
