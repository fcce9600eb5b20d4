import { describe, expect, it } from "vitest";
import { retryPolicy } from "./config";
import { ProviderError, ProviderNetworkError, ProviderRateLimitedError, ProviderServerError, ProviderValidationError } from "./errors";
import { operationNames, operations } from "./operations";
import { canRepeat, parseRetryAfter, retryDelay } from "./retry";

const request = { operation: "trackOne", method: "GET", path: "/v1/trackings/1Z" };
const policy = retryPolicy({ maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 });
const highest = () => 0.999999;

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-11-22T10:00:00Z");

  it("reads delay-seconds", () => {
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
  });

  it("reads an HTTP date", () => {
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:00:07 GMT", now)).toBe(7000);
  });

  it("treats a date in the past as now", () => {
    expect(parseRetryAfter("Sun, 22 Nov 2026 09:00:00 GMT", now)).toBe(0);
  });

  it("ignores an absent or unreadable header", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
  });
});

describe("retryDelay", () => {
  it("retries provider faults, rate limits and network failures", () => {
    expect(retryDelay(new ProviderServerError({ ...request, status: 500 }), 1, policy, highest)).toBe(99);
    expect(retryDelay(new ProviderRateLimitedError({ ...request, status: 429 }), 2, policy, highest)).toBe(199);
    const timeout = new ProviderNetworkError(request, { timedOut: true, timeoutMs: 50 });
    expect(retryDelay(timeout, 1, policy, highest)).toBe(99);
  });

  it("waits exactly as long as Retry-After says", () => {
    const limited = new ProviderRateLimitedError({ ...request, status: 429 }, 2500);
    expect(retryDelay(limited, 1, policy, highest)).toBe(2500);
  });

  it("leaves a long Retry-After to the job queue instead of holding the worker", () => {
    const limited = new ProviderRateLimitedError({ ...request, status: 429 }, 60_000);
    expect(retryDelay(limited, 1, policy, highest)).toBeUndefined();
  });

  it("never retries what sending again cannot fix", () => {
    expect(retryDelay(new ProviderValidationError({ ...request, status: 400 }), 1, policy, highest)).toBeUndefined();
    expect(retryDelay(new ProviderError({ ...request, status: 409 }), 1, policy, highest)).toBeUndefined();
    expect(retryDelay(new Error("bug"), 1, policy, highest)).toBeUndefined();
  });

  it("stops at the last attempt", () => {
    expect(retryDelay(new ProviderServerError({ ...request, status: 500 }), 4, policy, highest)).toBeUndefined();
  });
});

describe("canRepeat", () => {
  it("allows every operation of the table to be repeated, each for a stated reason", () => {
    for (const name of operationNames) expect(canRepeat(name), name).toBe(true);
  });

  it("relies on the caller's key for creations", () => {
    const creations = operationNames.filter((name) => operations[name].idempotentCreation);
    expect(creations).toContain("createOutbound");
    expect(creations).toContain("createDropshipBatch");
  });
});

describe("retryPolicy", () => {
  it("keeps the defaults for settings passed through unset", () => {
    expect(retryPolicy({ maxAttempts: undefined, baseDelayMs: 10 })).toMatchObject({ maxAttempts: 4, baseDelayMs: 10 });
  });
});
