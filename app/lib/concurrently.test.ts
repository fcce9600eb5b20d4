import { describe, expect, it } from "vitest";
import { forEachConcurrently } from "./concurrently";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("forEachConcurrently", () => {
  it("does every item, never more than the limit at once", async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await forEachConcurrently([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      done.push(n);
      running -= 1;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it("starts nothing new after a failure, lets the ones under way finish, and throws the first error", async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const run = forEachConcurrently([1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      if (n === 1) throw new Error("round 1 failed");
      await tick();
      finished.push(n);
    });
    await expect(run).rejects.toThrow("round 1 failed");
    expect(started).toEqual([1, 2]);
    expect(finished).toEqual([2]);
  });

  it("does nothing for no items", async () => {
    let calls = 0;
    await forEachConcurrently([], 4, async () => void (calls += 1));
    expect(calls).toBe(0);
  });
});
