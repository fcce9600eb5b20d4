/**
 * The `--state` file: loaded at start, written (debounced) after changes and on shutdown, so a
 * restarted sandbox still knows its orders, tracking, stock and tokens. Written to a temporary file
 * and renamed, so a crash mid-write never leaves half a state behind.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { SandboxState, stateToFile } from "./state";
import { fieldPath } from "./validation";

export class StateFile {
  private timer: NodeJS.Timeout | undefined;
  private lastWritten: string | undefined;

  constructor(
    readonly path: string,
    private readonly debounceMs: number,
  ) {}

  /** The saved state, or undefined when there is no file yet. A file that is not a sandbox state is an error. */
  load(): SandboxState | undefined {
    if (!existsSync(this.path)) return undefined;
    const text = readFileSync(this.path, "utf8");
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new Error(`--state ${this.path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    const parsed = SandboxState.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first === undefined ? "" : ` (${fieldPath(first.path) || "top level"}: ${first.message})`;
      throw new Error(`--state ${this.path} is not a sandbox state file${where}`);
    }
    this.lastWritten = text;
    return parsed.data;
  }

  /** Saves soon; many changes in a burst make one write. */
  saveSoon(snapshot: () => SandboxState): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.saveNow(snapshot());
    }, this.debounceMs);
    // A pending save must not keep a finished process alive; shutdown saves anyway.
    this.timer.unref();
  }

  saveNow(state: SandboxState): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const text = JSON.stringify(stateToFile(state), null, 2);
    if (text === this.lastWritten) return;
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, this.path);
    this.lastWritten = text;
  }
}
