import { describe, expect, it } from "vitest";
import { throttledWaitMs, UNKNOWN_THROTTLE_WAIT_MS, waitBeforeNextCall, waitForPoints } from "./throttle";

const standard = (currentlyAvailable: number) => ({ maximumAvailable: 1000, currentlyAvailable, restoreRate: 100 });

describe("the cost budget", () => {
  it("waits (requested − available) / restoreRate", () => {
    expect(waitForPoints(standard(50), 250)).toBe(2000);
    expect(waitForPoints(standard(300), 250)).toBe(0);
    expect(waitForPoints({ maximumAvailable: 20000, currentlyAvailable: 0, restoreRate: 1000 }, 500)).toBe(500);
  });

  it("never waits for more than the bucket can hold", () => {
    expect(waitForPoints(standard(0), 5000)).toBe(10_000);
  });

  it("gives a throttled request at least a moment, and a default when Shopify gave no cost", () => {
    expect(throttledWaitMs({ requestedQueryCost: 152, actualQueryCost: null, throttleStatus: standard(0) })).toBe(1520);
    expect(throttledWaitMs({ requestedQueryCost: 10, actualQueryCost: null, throttleStatus: standard(10) })).toBe(1);
    expect(throttledWaitMs(undefined)).toBe(UNKNOWN_THROTTLE_WAIT_MS);
  });

  it("counts the refill since the last answer before the next call", () => {
    expect(waitBeforeNextCall(standard(100), 700)).toBe(6000);
    expect(waitBeforeNextCall(standard(100), 700, 4000)).toBe(2000);
    expect(waitBeforeNextCall(standard(100), 700, 60_000)).toBe(0);
  });
});
