import { describe, expect, it } from "vitest";
import { QuoteCache } from "./quote-cache";

describe("the quote cache", () => {
  it("answers a quote until it expires", () => {
    let now = 1_000;
    const cache = new QuoteCache<string>(10, () => now);
    cache.set("cart", "12.50 USD", 600_000);
    now += 599_999;
    expect(cache.get("cart")).toBe("12.50 USD");
    now += 1;
    expect(cache.get("cart")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps at most its bound, dropping the least recently used", () => {
    const cache = new QuoteCache<number>(2, () => 0);
    cache.set("a", 1, 1_000);
    cache.set("b", 2, 1_000);
    expect(cache.get("a")).toBe(1); // a is now the most recently used
    cache.set("c", 3, 1_000);
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect([cache.get("a"), cache.get("c")]).toEqual([1, 3]);
  });
});
