import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./backoff";

const policy = { baseDelayMs: 1_000, maxDelayMs: 10_000 };

describe("retryDelayMs", () => {
  it("doubles the ceiling per failed attempt and scales it by the random draw", () => {
    const nearlyOne = () => 0.999_999;
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, nearlyOne, policy))).toEqual([999, 1_999, 3_999, 7_999]);
    expect(retryDelayMs(3, () => 0.5, policy)).toBe(2_000);
  });

  it("never exceeds the cap, however many attempts failed", () => {
    expect(retryDelayMs(5, () => 0.999_999, policy)).toBe(9_999);
    expect(retryDelayMs(10_000, () => 0.999_999, policy)).toBe(9_999);
  });

  it("can retry at once: full jitter starts at zero", () => {
    expect(retryDelayMs(6, () => 0, policy)).toBe(0);
  });
});
