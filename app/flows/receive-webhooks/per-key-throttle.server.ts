/**
 * At most one write per key (a shop and what it wakes) per window, in this process: the first call
 * of a window writes at once; the calls after it within the window are folded into one write at the
 * window's end (the trailing edge), so a burst costs two writes and a flood one a second.
 */
/**
 * Only for wake-ups whose job reads the shop's current state when it runs: a wake-up written a
 * moment later loses nothing, since it comes after the call it stands for and so after whatever
 * that call announced. A trailing write lost with the process (a crash within the window) is made
 * good by the webhook Shopify sends for the same requests.
 */
type TrailingEntry = { lastAt: number; trailing: (() => Promise<unknown>) | null; timer: NodeJS.Timeout | null };

export class PerKeyThrottle {
  readonly #windowMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #writing = new Set<Promise<void>>();
  readonly #keys = new Map<string, TrailingEntry>();

  constructor(windowMs: number, onError: (error: unknown) => void) {
    this.#windowMs = windowMs;
    this.#onError = onError;
  }

  /** `write()` now (its promise returned), or folded into the window's trailing write (null). */
  run<T>(key: string, write: () => Promise<T>, now = Date.now()): Promise<T> | null {
    const entry = this.#keys.get(key);
    if (entry === undefined || now >= entry.lastAt + this.#windowMs) {
      if (entry?.timer) clearTimeout(entry.timer);
      this.#prune(now);
      this.#keys.set(key, { lastAt: now, trailing: null, timer: null });
      return write();
    }
    entry.trailing = write;
    if (entry.timer === null) {
      entry.timer = setTimeout(() => this.#writeTrailing(entry), entry.lastAt + this.#windowMs - now);
      entry.timer.unref();
    }
    return null;
  }

  /** Trailing writes waiting for their window's end, or being written. */
  get pending(): number {
    let waiting = this.#writing.size;
    for (const entry of this.#keys.values()) if (entry.timer !== null) waiting += 1;
    return waiting;
  }

  /**
   * Writes every trailing write now rather than at its window's end, and waits until every write
   * under way is done: before the database they write to is closed.
   */
  async settle(): Promise<void> {
    for (const entry of this.#keys.values()) if (entry.timer !== null) this.#writeTrailing(entry);
    await Promise.all(this.#writing);
  }

  #writeTrailing(entry: TrailingEntry): void {
    if (entry.timer !== null) clearTimeout(entry.timer);
    const trailing = entry.trailing;
    entry.lastAt = Date.now();
    entry.trailing = null;
    entry.timer = null;
    if (trailing === null) return;
    const writing: Promise<void> = trailing()
      .then(() => undefined, this.#onError)
      .finally(() => this.#writing.delete(writing));
    this.#writing.add(writing);
  }

  /** Forgets keys whose window is over with nothing pending, so many shops do not grow the map for ever. */
  #prune(now: number): void {
    if (this.#keys.size < 10_000) return;
    for (const [key, entry] of this.#keys) if (entry.timer === null && now >= entry.lastAt + this.#windowMs) this.#keys.delete(key);
  }
}
