import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  fieldPath,
  ProviderAuthError,
  ProviderError,
  providerErrorFromResponse,
  ProviderNotFoundError,
  ProviderPreconditionError,
  ProviderRateLimitedError,
  ProviderServerError,
  ProviderValidationError,
} from "./errors";

const request = { operation: "createOutbound", method: "POST", path: "/v1/outboundOrders" };

const errorBody = (errors: { Code: string; Message: string }[], ticket = "T-7f3c-01") =>
  JSON.stringify({
    Errors: errors,
    TicketId: ticket,
    UtcDateTime: "2026-11-22T10:00:00Z",
    RequestUri: "/v1/outboundOrders",
  });

describe("providerErrorFromResponse", () => {
  it.each([
    [400, ProviderValidationError, "validation", false],
    [401, ProviderAuthError, "auth", false],
    [403, ProviderAuthError, "auth", false],
    [404, ProviderNotFoundError, "not-found", false],
    [412, ProviderPreconditionError, "precondition", false],
    [429, ProviderRateLimitedError, "rate-limited", true],
    [500, ProviderServerError, "server", true],
    [503, ProviderServerError, "server", true],
    [409, ProviderError, "unexpected", false],
  ] as const)("maps HTTP %i to its class", (status, ErrorClass, kind, retryable) => {
    const error = providerErrorFromResponse({
      request,
      status,
      bodyText: errorBody([{ Code: "Some.Field", Message: "is wrong" }]),
    });
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error.kind).toBe(kind);
    expect(error.retryable).toBe(retryable);
    expect(error.status).toBe(status);
    expect(error.ticketId).toBe("T-7f3c-01");
    expect(error.message).toContain(`HTTP ${status}`);
  });

  it("quotes each field the provider names, the TicketId and the request path", () => {
    const error = providerErrorFromResponse({
      request,
      status: 400,
      bodyText: errorBody([
        { Code: "Package.ShipToAddress.Country", Message: "Country is required" },
        { Code: "WarehouseId", Message: "Unknown warehouse" },
      ]),
    });
    expect(error.errors).toEqual([
      { code: "Package.ShipToAddress.Country", message: "Country is required" },
      { code: "WarehouseId", message: "Unknown warehouse" },
    ]);
    expect(error.message).toBe(
      "The fulfilment provider rejected the data. Package.ShipToAddress.Country: Country is required; " +
        "WarehouseId: Unknown warehouse. Correct the fields named and send again. " +
        "(createOutbound: POST /v1/outboundOrders, HTTP 400, TicketId T-7f3c-01)",
    );
  });

  it("keeps a body that is not JSON, shortened and without HTML tags", () => {
    const html = `<html><head><style>body{}</style></head><body><h1>502 Bad Gateway</h1>${"x".repeat(1000)}</body></html>`;
    const error = providerErrorFromResponse({ request, status: 502, bodyText: html, excerptChars: 40 });
    expect(error).toBeInstanceOf(ProviderServerError);
    expect(error.ticketId).toBeUndefined();
    expect(error.errors).toEqual([{ code: "", message: `502 Bad Gateway ${"x".repeat(24)}…` }]);
    expect(error.message).toContain("502 Bad Gateway xxx");
    expect(error.message).toContain("(createOutbound: POST /v1/outboundOrders, HTTP 502)");
    expect(error.message).not.toContain("<h1>");
  });

  it("quotes a JSON body of another shape rather than losing it", () => {
    const error = providerErrorFromResponse({
      request,
      status: 500,
      bodyText: JSON.stringify({ error: "database unavailable" }),
    });
    expect(error.message).toContain('{"error":"database unavailable"}');
  });

  it("says only what is known when the body is empty", () => {
    const error = providerErrorFromResponse({ request, status: 404, bodyText: "" });
    expect(error.errors).toEqual([]);
    expect(error.message).toBe(
      "The fulfilment provider has no record of what was asked for. Check the package id or tracking number; " +
        "a package that was never sent is unknown there. (createOutbound: POST /v1/outboundOrders, HTTP 404)",
    );
  });

  it("gives the wait of a rate limit in seconds", () => {
    const error = providerErrorFromResponse({ request, status: 429, bodyText: "", retryAfterMs: 2000 });
    expect(error).toBeInstanceOf(ProviderRateLimitedError);
    expect(error instanceof ProviderRateLimitedError && error.retryAfterMs).toBe(2000);
    expect(error.message).toContain("tried again automatically after 2 s");
  });

  it("tells the merchant to reconnect on 401", () => {
    const error = providerErrorFromResponse({ request, status: 401, bodyText: "" });
    expect(error instanceof ProviderAuthError && error.reconnectRequired).toBe(true);
    expect(error.message).toContain("must reconnect the fulfilment provider");
  });

  it("never repeats a token the server echoed back", () => {
    const error = providerErrorFromResponse({
      request,
      status: 401,
      bodyText: errorBody([{ Code: "Authorization", Message: "Bearer tok-SECRET-123 is not valid; key tok-SECRET-123" }]),
      secrets: ["tok-SECRET-123"],
    });
    expect(error.message).not.toContain("tok-SECRET-123");
    expect(JSON.stringify(error.errors)).not.toContain("tok-SECRET-123");
    expect(error.message).toContain("Bearer [redacted]");
  });

  it("counts the attempts made", () => {
    const error = providerErrorFromResponse({ request, status: 503, bodyText: "", attempts: 4 });
    expect(error.attempts).toBe(4);
    expect(error.message).toContain("after 4 attempts");
  });
});

describe("ProviderValidationError.beforeSending", () => {
  it("names every failing field and says nothing was sent", () => {
    const schema = z.object({
      WarehouseId: z.string().max(3, { error: "must be at most 3 characters" }),
      Packages: z.array(z.object({ ShipToAddress: z.object({ Country: z.string({ error: "is required" }) }) })),
    });
    const parsed = schema.safeParse({ WarehouseId: "TOO-LONG", Packages: [{ ShipToAddress: {} }] });
    expect(parsed.success).toBe(false);
    const error = ProviderValidationError.beforeSending(request, parsed.error?.issues ?? []);
    expect(error.status).toBeUndefined();
    expect(error.sent).toBe(false);
    expect(error.errors).toEqual([
      { code: "WarehouseId", message: "must be at most 3 characters" },
      { code: "Packages[0].ShipToAddress.Country", message: "is required" },
    ]);
    expect(error.message).toBe(
      "Not sent to the fulfilment provider: 2 fields need fixing. WarehouseId: must be at most 3 characters; " +
        "Packages[0].ShipToAddress.Country: is required. Correct the fields named and send again. " +
        "(createOutbound: POST /v1/outboundOrders)",
    );
  });
});

describe("fieldPath", () => {
  it("writes paths the way the provider's reference does", () => {
    expect(fieldPath(["Packages", 0, "Skus", 12, "Sku"])).toBe("Packages[0].Skus[12].Sku");
    expect(fieldPath([0, "PackageId"])).toBe("[0].PackageId");
    expect(fieldPath([])).toBe("");
  });
});
