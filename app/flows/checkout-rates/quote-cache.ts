/**
 * Quotes kept in memory for checkout: a cart priced once is answered from here for the shop's set
 * number of minutes, so a customer moving back and forth in checkout, and the next customer with the
 * same cart, never wait for the provider. Bounded: past `maxEntries` the least recently used goes
 * first, so a flood of distinct carts cannot grow the process (decision 0018).
 */
export class QuoteCache<Value> {
  private readonly entries = new Map<string, { value: Value; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    // Map keeps insertion order: put back last, as the most recently used.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: Value, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
