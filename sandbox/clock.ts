/**
 * The sandbox's sense of time. Everything that changes over time (creation, tracking, inbound
 * receipt, token expiry) is computed from this clock when it is read, so tests move time forward
 * with `advance` instead of sleeping, and no timers run in the background.
 */
export class SandboxClock {
  constructor(
    private readonly base: () => number,
    private advanced = 0,
  ) {}

  now(): number {
    return this.base() + this.advanced;
  }

  /** How far the clock has been moved forward in total. */
  get advancedMs(): number {
    return this.advanced;
  }

  /** Moves the clock forward; time never goes back. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("the clock only moves forward");
    this.advanced += ms;
  }
}
