import { describe, expect, it } from "vitest";
import { RetryLater } from "~/jobs/handler";
import { ProviderRateLimitedError, ProviderServerError } from "~/fulfilment";
import { ShopifyThrottledError } from "~/shopify/errors";
import { forQueue, throttledWait } from "./errors";
import { PRODUCTION_PIPELINE_POLICY as PIPELINE_POLICY } from "./policy";

const now = new Date("2030-01-01T00:00:00.000Z");
const request = { operation: "createOutboundBatch", method: "POST", path: "/v1/outboundOrders/multiple" };

describe("forQueue", () => {
  it("turns the provider's 429 into RetryLater at its Retry-After, or the policy's wait without one", () => {
    const later = forQueue(new ProviderRateLimitedError({ ...request, status: 429 }, 7_000), now, PIPELINE_POLICY);
    expect(later).toBeInstanceOf(RetryLater);
    expect(later instanceof RetryLater && later.at).toEqual(new Date(now.getTime() + 7_000));
    const unsaid = forQueue(new ProviderRateLimitedError({ ...request, status: 429 }), now, PIPELINE_POLICY);
    expect(unsaid instanceof RetryLater && unsaid.at).toEqual(new Date(now.getTime() + PIPELINE_POLICY.rateLimitedWaitMs));
  });

  it("leaves other failures to the queue's backoff", () => {
    const error = new ProviderServerError({ ...request, status: 500 });
    expect(forQueue(error, now, PIPELINE_POLICY)).toBe(error);
  });
});

describe("throttledWait", () => {
  const throttled = (currentlyAvailable: number, retryAfterMs: number) =>
    new ShopifyThrottledError("FulfillmentOrderFacts", [{ message: "Throttled", code: "THROTTLED", path: undefined }], retryAfterMs, {
      maximumAvailable: 1000,
      currentlyAvailable,
      restoreRate: 100,
    });

  it("waits until the bucket could pay for the refused request from empty, not just for the missing points", () => {
    // 470 requested with 450 available: 0.2 s by Shopify's numbers, 4.7 s from empty.
    expect(throttledWait(throttled(450, 200), () => 0)).toBe(4_700);
    expect(throttledWait(throttled(450, 200), () => 0.999)).toBe(Math.ceil(4_700 * 1.4995));
  });
});
