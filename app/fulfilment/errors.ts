/**
 * What can go wrong when the app talks to the fulfilment provider, as one class per thing a person
 * would do differently: fix the data (validation), reconnect (auth), check the id (not found), wait
 * (rate limited, server, network), or report a changed interface (response). Every message can be
 * shown to a merchant or quoted to the provider's support as it is, and never contains credentials.
 */
import type { z } from "zod";
import { FULFILMENT_DEFAULTS } from "./config";
import { ProviderErrorBody } from "./schemas";

/** One problem named by the provider (or by our own validation). For validation, `code` is the field. */
export interface ProviderErrorDetail {
  readonly code: string;
  readonly message: string;
}

/** The request an error belongs to, quoted in its message so support can find it. */
export interface ProviderRequestInfo {
  /** The operation's name in the client (`createOutbound`), or `oauthToken` for the token endpoint. */
  readonly operation: string;
  readonly method: string;
  /** Path and query as sent, without the base URL. */
  readonly path: string;
}

export type ProviderErrorKind =
  "validation" | "auth" | "not-found" | "precondition" | "rate-limited" | "server" | "network" | "response" | "unexpected";

export interface ProviderErrorContext extends ProviderRequestInfo {
  readonly status?: number;
  readonly ticketId?: string;
  readonly errors?: readonly ProviderErrorDetail[];
  /** Requests sent for this call, retries included. */
  readonly attempts?: number;
  readonly cause?: unknown;
  /** Values to blank out of the message and details (tokens in use). Not kept on the error. */
  readonly secrets?: readonly string[];
}

interface Wording {
  readonly summary: string;
  /** What the reader can do about it. */
  readonly advice?: string;
}

/**
 * Its message names the operation, the request path, the HTTP status and the provider's TicketId.
 * Request headers are never quoted, and anything taken from a response body is scrubbed of the
 * tokens in use and of any `Bearer ...` text (redact).
 */
export class ProviderError extends Error {
  override name = "ProviderError";
  readonly kind: ProviderErrorKind = "unexpected";
  /** Worth trying again later without changing anything (rate limit, provider fault, network). */
  readonly retryable: boolean = false;
  readonly status: number | undefined;
  readonly ticketId: string | undefined;
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  readonly errors: readonly ProviderErrorDetail[];
  readonly attempts: number;

  constructor(context: ProviderErrorContext, wording?: Wording) {
    const secrets = context.secrets ?? [];
    const errors = (context.errors ?? []).map((detail) => ({
      code: redact(detail.code, secrets),
      message: redact(detail.message, secrets),
    }));
    const attempts = context.attempts ?? 1;
    const text = wording ?? {
      summary: `The fulfilment provider answered with an unexpected status`,
      advice: "Report this to the app's support with the details below.",
    };
    super(redact(compose(text, { ...context, errors, attempts }), secrets), { cause: context.cause });
    this.status = context.status;
    this.ticketId = context.ticketId;
    this.operation = context.operation;
    this.method = context.method;
    this.path = context.path;
    this.errors = errors;
    this.attempts = attempts;
  }
}

/**
 * The data is not what the provider accepts. Either the provider said so (400), or our own check of
 * the reference's rules failed and nothing was sent (`status` undefined, `sent` false). Each entry of
 * `errors` names one field, e.g. `Packages[0].ShipToAddress.Country`.
 */
export class ProviderValidationError extends ProviderError {
  override name = "ProviderValidationError";
  override readonly kind = "validation";
  readonly sent: boolean;

  constructor(context: ProviderErrorContext) {
    const sent = context.status !== undefined;
    const count = context.errors?.length ?? 0;
    super(context, {
      summary: sent
        ? "The fulfilment provider rejected the data"
        : `Not sent to the fulfilment provider: ${count} ${count === 1 ? "field needs" : "fields need"} fixing`,
      advice: "Correct the fields named and send again.",
    });
    this.sent = sent;
  }

  /** Our own validation failed before sending: one entry per failing field. */
  static beforeSending(request: ProviderRequestInfo, issues: readonly z.core.$ZodIssue[]) {
    return new ProviderValidationError({ ...request, errors: detailsFromIssues(issues, "request") });
  }
}

/** The provider refused the credentials (401) or access (403). */
export class ProviderAuthError extends ProviderError {
  override name = "ProviderAuthError";
  override readonly kind = "auth";
  /** Only a person can fix it: the merchant must connect the provider again (or paste a new token). */
  readonly reconnectRequired: boolean;

  constructor(context: ProviderErrorContext, options: { summary?: string; reconnectRequired?: boolean } = {}) {
    const reconnectRequired = options.reconnectRequired ?? context.status === 401;
    super(context, {
      summary:
        options.summary ??
        (context.status === 403
          ? "The fulfilment provider refused access to this operation"
          : "The fulfilment provider did not accept the app's credentials"),
      advice: reconnectRequired
        ? "The merchant must reconnect the fulfilment provider (or enter a new API token) in the app's settings."
        : "Check with the provider that the account may use this operation.",
    });
    this.reconnectRequired = reconnectRequired;
  }
}

/** The package, order or tracking number asked about is unknown to the provider (404). */
export class ProviderNotFoundError extends ProviderError {
  override name = "ProviderNotFoundError";
  override readonly kind = "not-found";

  constructor(context: ProviderErrorContext) {
    super(context, {
      summary: "The fulfilment provider has no record of what was asked for",
      advice: "Check the package id or tracking number; a package that was never sent is unknown there.",
    });
  }
}

/** The provider refused a change because the order is no longer in a state that allows it (412). */
export class ProviderPreconditionError extends ProviderError {
  override name = "ProviderPreconditionError";
  override readonly kind = "precondition";

  constructor(context: ProviderErrorContext) {
    super(context, {
      summary: "The fulfilment provider refused because the order is no longer in a state that allows this",
      advice: "Check the order's status at the provider before trying again.",
    });
  }
}

/** Too many requests (429). `retryAfterMs` is the provider's own Retry-After when it sent one. */
export class ProviderRateLimitedError extends ProviderError {
  override name = "ProviderRateLimitedError";
  override readonly kind = "rate-limited";
  override readonly retryable = true;
  readonly retryAfterMs: number | undefined;

  constructor(context: ProviderErrorContext, retryAfterMs?: number) {
    super(context, {
      summary: "The fulfilment provider is limiting how fast the app may send",
      advice:
        retryAfterMs === undefined
          ? "It is tried again automatically later."
          : `It is tried again automatically after ${seconds(retryAfterMs)}.`,
    });
    this.retryAfterMs = retryAfterMs;
  }
}

/** The provider failed on its side (5xx). */
export class ProviderServerError extends ProviderError {
  override name = "ProviderServerError";
  override readonly kind = "server";
  override readonly retryable = true;

  constructor(context: ProviderErrorContext) {
    super(context, {
      summary: "The fulfilment provider had an internal fault",
      advice: "It is tried again automatically; if it persists, give the TicketId to the provider's support.",
    });
  }
}

/** No answer: the connection was refused or dropped, or the provider did not answer in time. */
export class ProviderNetworkError extends ProviderError {
  override name = "ProviderNetworkError";
  override readonly kind = "network";
  override readonly retryable = true;
  readonly timedOut: boolean;

  constructor(context: ProviderErrorContext, failure: { timedOut: true; timeoutMs: number } | { timedOut: false; reason: string }) {
    super(context, {
      summary: failure.timedOut
        ? `The fulfilment provider did not answer within ${seconds(failure.timeoutMs)}`
        : `Could not reach the fulfilment provider (${failure.reason})`,
      advice: "It is tried again automatically; if it persists, check the provider's address in the settings.",
    });
    this.timedOut = failure.timedOut;
  }
}

/**
 * A successful status whose body is not what the reference describes, or a status the operation
 * does not list. Each entry of `errors` names the field of the answer that did not match.
 */
export class ProviderResponseError extends ProviderError {
  override name = "ProviderResponseError";
  override readonly kind = "response";

  constructor(context: ProviderErrorContext, summary = "The fulfilment provider's answer is not in the expected form") {
    super(context, {
      summary,
      advice: "The provider may have changed its interface; report this to the app's support with the details below.",
    });
  }
}

export interface HttpFailure {
  readonly request: ProviderRequestInfo;
  readonly status: number;
  readonly bodyText: string;
  /** Already parsed from the Retry-After header. */
  readonly retryAfterMs?: number;
  readonly attempts?: number;
  readonly secrets?: readonly string[];
  readonly excerptChars?: number;
}

/**
 * The one place an unsuccessful HTTP answer becomes a typed error. The body is read with
 * ProviderErrorBody; a body that is not that JSON (a proxy's HTML page, plain text) is quoted,
 * shortened, instead.
 */
export function providerErrorFromResponse(failure: HttpFailure): ProviderError {
  const { status } = failure;
  const body = readErrorBody(failure.bodyText, failure.excerptChars ?? FULFILMENT_DEFAULTS.errorExcerptChars);
  const context: ProviderErrorContext = {
    ...failure.request,
    status,
    ticketId: body.ticketId,
    errors: body.errors,
    attempts: failure.attempts,
    secrets: failure.secrets,
  };
  if (status === 400) return new ProviderValidationError(context);
  if (status === 401 || status === 403) return new ProviderAuthError(context);
  if (status === 404) return new ProviderNotFoundError(context);
  if (status === 412) return new ProviderPreconditionError(context);
  if (status === 429) return new ProviderRateLimitedError(context, failure.retryAfterMs);
  if (status >= 500 && status <= 599) return new ProviderServerError(context);
  return new ProviderError(context);
}

/** zod issues as one detail per field, `code` being the field's path (`Packages[0].Sku`). */
export function detailsFromIssues(issues: readonly z.core.$ZodIssue[], rootName: string): ProviderErrorDetail[] {
  return issues.map((issue) => ({ code: fieldPath(issue.path) || rootName, message: issue.message }));
}

/** `["Packages", 0, "ShipToAddress", "Country"]` → `Packages[0].ShipToAddress.Country`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    const name = String(key);
    return text === "" ? name : `${text}.${name}`;
  }, "");
}

function readErrorBody(text: string, excerptChars: number): { ticketId?: string; errors: ProviderErrorDetail[] } {
  const parsed = ProviderErrorBody.safeParse(parseJson(text));
  const ticketId = parsed.success ? (parsed.data.TicketId ?? undefined) : undefined;
  const errors = parsed.success
    ? parsed.data.Errors.flatMap((e) => {
        const message = e.Message ?? "";
        const code = e.Code ?? "";
        return message || code ? [{ code, message: message || "(no message)" }] : [];
      })
    : [];
  // Not the documented error body (or one without Errors): quote what came, so nothing is lost.
  if (errors.length === 0 && text.trim() !== "") {
    errors.push({ code: "", message: excerpt(text, excerptChars) });
  }
  return { ticketId, errors };
}

/** A response body as JSON, or undefined when it is not JSON (never throws). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A readable, bounded quote of a body: tags of an HTML error page dropped, whitespace collapsed. */
function excerpt(text: string, max: number): string {
  const plain = text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > max ? `${plain.slice(0, max)}…` : plain;
}

function compose(text: Wording, context: ProviderErrorContext & { errors: readonly ProviderErrorDetail[]; attempts: number }): string {
  const details = context.errors.map((e) => (e.code ? `${e.code}: ${e.message}` : e.message)).join("; ");
  const where = [
    `${context.method} ${context.path}`,
    context.status === undefined ? undefined : `HTTP ${context.status}`,
    context.ticketId ? `TicketId ${context.ticketId}` : undefined,
    context.attempts > 1 ? `after ${context.attempts} attempts` : undefined,
  ].filter((part) => part !== undefined);
  const sentences = [text.summary, details, text.advice].filter((part): part is string => Boolean(part)).map(endSentence);
  return `${sentences.join(" ")} (${context.operation}: ${where.join(", ")})`;
}

function endSentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

function seconds(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

const BEARER = /Bearer\s+[^\s"',;]+/gi;

/** Blanks out the given secrets and any bearer credential quoted back by a server. */
export function redact(text: string, secrets: readonly string[]): string {
  let clean = text.replace(BEARER, "Bearer [redacted]");
  for (const secret of secrets) {
    if (secret.length > 0) clean = clean.split(secret).join("[redacted]");
  }
  return clean;
}
