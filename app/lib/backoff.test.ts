import { describe, expect, it } from "vitest";
import { backoffDelayMs } from "./backoff";

const policy = { baseDelayMs: 1_000, maxDelayMs: 10_000 };

describe("backoffDelayMs", () => {
  it("doubles the ceiling per failed attempt and scales it by the random draw", () => {
    const nearlyOne = () => 0.999_999;
    expect([1, 2, 3, 4].map((attempt) => backoffDelayMs(attempt, policy, nearlyOne))).toEqual([999, 1_999, 3_999, 7_999]);
    expect(backoffDelayMs(3, policy, () => 0.5)).toBe(2_000);
  });

  it("never exceeds the cap, however many attempts failed", () => {
    expect(backoffDelayMs(5, policy, () => 0.999_999)).toBe(9_999);
    expect(backoffDelayMs(10_000, policy, () => 0.999_999)).toBe(9_999);
  });

  it("can retry at once: full jitter starts at zero", () => {
    expect(backoffDelayMs(6, policy, () => 0)).toBe(0);
  });
});
