/**
 * What has been started, to be stopped in reverse order however the stack ends: a signal, a failed
 * start, or a child that died. Something that finishes starting while the stack is already stopping
 * is added all the same and stopped by the next `run()`.
 */
export class Teardown {
  readonly #steps: { name: string; stop: () => Promise<unknown> }[] = [];
  #drained: Promise<void> = Promise.resolve();
  #stopping = false;

  constructor(private readonly output: (line: string) => void) {}

  add(name: string, stop: () => Promise<unknown>): void {
    this.#steps.push({ name, stop });
  }

  get stopping(): boolean {
    return this.#stopping;
  }

  /** Runs every step added so far, last added first; a failing step is reported and the rest still run. */
  run(): Promise<void> {
    this.#stopping = true;
    this.#drained = this.#drained.then(async () => {
      for (let step = this.#steps.pop(); step; step = this.#steps.pop()) {
        const started = Date.now();
        try {
          await step.stop();
          this.output(`[stack] stopped ${step.name} in ${Date.now() - started} ms`);
        } catch (error) {
          this.output(`[stack] stopping ${step.name} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    });
    return this.#drained;
  }
}
