/**
 * Work Shopify does after answering (bulk operations run "in the background"): scheduled on real
 * timers, tracked so `emulator.settled()` can wait for it, and dropped when the emulator closes.
 */
export class BackgroundJobs {
  private readonly running = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  /** Runs `work` after `delayMs`; errors are the work's own business (it records them in state). */
  later(delayMs: number, work: () => void | Promise<void>): void {
    if (this.closed) return;
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (this.closed) return resolve();
        Promise.resolve()
          .then(work)
          .catch(() => undefined)
          .finally(resolve);
      }, delayMs);
      this.timers.add(timer);
    });
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
  }

  /** Resolves when no scheduled work is left (work may schedule more; that is waited for too). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.running.clear();
  }
}
