/**
 * What happens to one HTTP request: control routes, OAuth, or a /v1 operation (route → fault →
 * auth → validation → the world brought up to date → handler → answer). Every failure is answered
 * with the provider's error body.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { checkBearer, authorize, exchange, tokenRequestFields, unauthorized, type AuthSettings } from "./auth";
import { control, type ControlPanel } from "./control";
import { errorBody, notFound, SandboxError } from "./errors";
import type { Fault } from "./faults";
import { handlers } from "./handlers";
import { parseJson, readBody, redirect, send } from "./http";
import { matchOperation } from "./routes";
import type { SandboxState } from "./state";

export interface Pipeline {
  readonly panel: ControlPanel;
  readonly auth: AuthSettings;
  /** The live state (replaced on reset, so always read through this). */
  state(): SandboxState;
  ticketId(): string;
  /** Called once per request when it is over (answered, held or dropped). */
  finished(line: string): void;
}

/** What became of a request, for the log. */
type Fate = "answered" | "held open (timeout fault)" | "dropped (fault)";

function suffer(fault: Fault, req: IncomingMessage): Fate {
  switch (fault.kind) {
    case "429":
      throw new SandboxError(429, [{ Code: "TooManyRequests", Message: `too many requests; retry after ${fault.retryAfterSeconds} s` }], {
        "Retry-After": String(fault.retryAfterSeconds),
      });
    case "500":
      throw new SandboxError(500, [{ Code: "InternalServerError", Message: "the provider failed (simulated fault)" }]);
    case "timeout":
      // Never answered; the socket closes when the client gives up or the sandbox stops.
      return "held open (timeout fault)";
    case "drop":
      req.socket.destroy();
      return "dropped (fault)";
  }
}

async function callOperation(req: IncomingMessage, res: ServerResponse, url: URL, raw: string, pipeline: Pipeline): Promise<Fate> {
  const method = req.method ?? "GET";
  const match = matchOperation(method, url.pathname);
  if (match === undefined) throw notFound("Route", `no operation ${method} ${url.pathname}`);
  const fault = pipeline.panel.faults.next(match.name);
  if (fault !== undefined && !fault.afterProcessing) return suffer(fault, req);

  const bearer = checkBearer(req.headers.authorization, pipeline.state(), pipeline.panel.clock.now(), pipeline.auth);
  if (!bearer.ok) throw unauthorized(bearer.message);

  const call = {
    pathParams: match.pathParams,
    query: Object.fromEntries(url.searchParams),
    body: method === "GET" ? undefined : parseJson(raw),
  };
  const reply = handlers[match.name](call, pipeline.panel.world());
  if (fault !== undefined) return suffer(fault, req);
  send(res, reply.status, reply.body);
  return "answered";
}

async function route(req: IncomingMessage, res: ServerResponse, url: URL, pipeline: Pipeline): Promise<Fate> {
  const method = req.method ?? "GET";
  const raw = await readBody(req);
  const path = url.pathname;
  if (path === "/__sandbox" || path.startsWith("/__sandbox/")) {
    const reply = control(method, path, parseJson(raw), pipeline.panel);
    send(res, reply.status, reply.body);
    return "answered";
  }
  if (path === "/oauth2/authorization" && method === "GET") {
    redirect(res, authorize(Object.fromEntries(url.searchParams), pipeline.state(), pipeline.panel.clock.now(), pipeline.auth));
    return "answered";
  }
  if (path === "/oauth2/token" && method === "POST") {
    const fields = tokenRequestFields(raw, req.headers["content-type"], req.headers.authorization);
    send(res, 200, exchange(fields, pipeline.state(), pipeline.panel.clock.now(), pipeline.auth));
    return "answered";
  }
  if (path.startsWith("/v1/")) return callOperation(req, res, url, raw, pipeline);
  throw notFound("Route", `no route ${method} ${path}`);
}

/** Handles one request from start to end; never rejects. */
export async function handleRequest(req: IncomingMessage, res: ServerResponse, pipeline: Pipeline): Promise<void> {
  const started = performance.now();
  const url = new URL(req.url ?? "/", "http://sandbox.invalid");
  const requestUri = `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`;
  let fate: Fate = "answered";
  try {
    fate = await route(req, res, url, pipeline);
  } catch (error) {
    const known = error instanceof SandboxError;
    if (!known) console.error("sandbox: unexpected error while answering", req.method, req.url, error);
    const failure = known ? error : new SandboxError(500, [{ Code: "InternalServerError", Message: "the sandbox failed; see its log" }]);
    if (!res.headersSent && !res.destroyed) {
      const body = errorBody(failure.errors, pipeline.ticketId(), pipeline.panel.clock.now(), requestUri);
      send(res, failure.status, body, failure.headers);
    }
  }
  const outcome = fate === "answered" ? String(res.statusCode) : fate;
  pipeline.finished(`${req.method ?? "GET"} ${url.pathname}${url.search} → ${outcome} (${Math.round(performance.now() - started)} ms)`);
}
