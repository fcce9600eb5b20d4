import { describe, expect, it } from "vitest";
import { cachedCheck } from "./cached-check";

describe("cachedCheck", () => {
  it("asks once for any number of callers within its age, and again once the answer is older", async () => {
    let clock = 0;
    let checks = 0;
    const ready = cachedCheck(
      async () => ++checks,
      5_000,
      () => clock,
    );
    const answers = await Promise.all(Array.from({ length: 100 }, () => ready()));
    expect(new Set(answers)).toEqual(new Set([1]));
    clock = 4_999;
    expect(await ready()).toBe(1);
    clock = 5_000;
    expect(await ready()).toBe(2);
    expect(checks).toBe(2);
  });

  it("does not keep a check that threw", async () => {
    let fail = true;
    const ready = cachedCheck(
      async () => {
        if (fail) throw new Error("no database");
        return "ready";
      },
      5_000,
      () => 0,
    );
    await expect(ready()).rejects.toThrow("no database");
    fail = false;
    expect(await ready()).toBe("ready");
  });
});
