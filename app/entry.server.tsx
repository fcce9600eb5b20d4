import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { RequestLocaleProvider } from "./components/locale";
import { env } from "./env.server";
import { requestLocale } from "./lib/locale";
import { accessLog, log } from "./lib/log.server";
import { requestRefusals } from "./metrics/metrics.server";
import { addDocumentResponseHeaders } from "./shopify.server";
import { isShopDomain } from "./shopify/shop-domain";
import { operationsAnswer } from "./wiring/operations.server";
import { bodyLimitFor } from "./wiring/request-limits.server";

const appLog = log.child({ process: "app" });

/**
 * What server/serve.mjs takes from the build besides Remix's handler: the answers of /healthz,
 * /readyz and /metrics, the logger of its access lines, how long it drains when told to stop, and
 * its bounds on what a client may send and how slowly (request-limits.server.ts, docs/operations.md).
 */
export const operations = {
  answer: operationsAnswer,
  log: appLog,
  // The access line's fields are fixed (request id, method, path, status, bytes, duration, shop):
  // none can hold a secret, and walking the redaction's 78 paths cost more than the rest of the
  // line, about 5% of the intake's CPU per webhook delivery (docs/benchmarks.md, bench:intake).
  accessLog: accessLog.child({ process: "app" }, { redact: [] }),
  drainGraceMs: env.DRAIN_GRACE_MS,
  bodyLimitFor,
  refused: (reason: "body too large" | "malformed shop") => requestRefusals.inc({ reason }),
  isShopDomain: (shop: string) => isShopDomain(shop) || (env.SHOP_CUSTOM_DOMAIN !== undefined && shop === env.SHOP_CUSTOM_DOMAIN),
  http: {
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    maxConnections: env.HTTP_MAX_CONNECTIONS,
  },
};

export const streamTimeout = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Shopify admin embeds the app in an iframe: every document needs its frame-ancestors CSP.
  addDocumentResponseHeaders(request, responseHeaders);
  // Bots get the whole page at once; people get the shell as soon as it is ready.
  const callbackName = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <RequestLocaleProvider locale={requestLocale(request).locale}>
        <RemixServer context={remixContext} url={request.url} />
      </RequestLocaleProvider>,
      {
        [callbackName]: () => {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          appLog.error({ err: error }, "Rendering a page failed");
        },
      },
    );

    // Abort a little after streamTimeout, so React can still flush the rejected boundaries.
    // unref: a finished render must not keep the process alive until the timer fires.
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}
