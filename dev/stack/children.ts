/**
 * The stack's child processes. Each runs in a process group of its own (`detached`), for two
 * reasons: stopping a child by its group also stops whatever it started itself, and a Ctrl-C in the
 * terminal reaches the stack alone, which then stops its children in order instead of all of them
 * dying at once mid-request.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";

export interface ChildSpec {
  /** Prefixes its output lines: `[app] ...`. */
  name: string;
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Receives every line the child writes, stdout and stderr alike. */
  output: (line: string) => void;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Child {
  readonly name: string;
  readonly pid: number;
  /** Resolves once the process has exited (and been reaped). */
  readonly exited: Promise<ExitStatus>;
  hasExited(): boolean;
  /** Resolves with the first line (already written or still to come) that matches; rejects if the child exits first. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** The last lines it wrote, for error messages. */
  recentOutput(): string;
  /** SIGTERM to its group, then SIGKILL after `graceMs`; resolves when no process of the group is left. */
  stop(graceMs?: number): Promise<void>;
}

const KEPT_LINES = 200;

/** Every child started and not yet exited, so a shutdown in the middle of starting misses none. */
const live = new Set<Child>();

/** Stops every child still running (see Child.stop). */
export async function stopAllChildren(graceMs?: number): Promise<void> {
  await Promise.all([...live].map((child) => child.stop(graceMs)));
}

/** True while any process of the group led by `pid` exists (zombies included, until reaped). */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return !(error instanceof Error && "code" in error && error.code === "ESRCH");
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() >= deadline) return false;
    await sleep(20);
  }
  return true;
}

export function spawnChild(spec: ChildSpec): Child {
  const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const { pid } = child;
  if (pid === undefined) throw new Error(`Could not start ${spec.name}: ${spec.command} ${spec.args.join(" ")}`);

  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
      if (line.trim() === "") return;
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
      spec.output(`[${spec.name}] ${line}`);
      for (const listener of listeners) listener(line);
    });
  }

  let status: ExitStatus | undefined;
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once("error", (error) => {
      lines.push(`(could not run: ${error.message})`);
      status ??= { code: null, signal: null };
      resolve(status);
    });
    child.once("exit", (code, signal) => {
      status = { code, signal };
      resolve(status);
    });
  });

  const recentOutput = () => lines.slice(-40).join("\n");

  const handle: Child = {
    name: spec.name,
    pid,
    exited,
    hasExited: () => status !== undefined,
    recentOutput,
    waitForLine(pattern, timeoutMs) {
      const seen = lines.find((line) => pattern.test(line));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          listeners.delete(listener);
        };
        const listener = (line: string) => {
          if (!pattern.test(line)) return;
          done();
          resolve(line);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`${spec.name} did not say ${pattern} within ${timeoutMs} ms; its last output:\n${recentOutput()}`));
        }, timeoutMs);
        listeners.add(listener);
        void exited.then((exit) => {
          done();
          reject(
            new Error(
              `${spec.name} exited (${exit.signal ?? `code ${exit.code}`}) before saying ${pattern}; its last output:\n${recentOutput()}`,
            ),
          );
        });
      });
    },
    async stop(graceMs = 10_000) {
      signalGroup(pid, "SIGTERM");
      const gone = () => status !== undefined && !groupAlive(pid);
      if (!(await until(gone, graceMs))) {
        spec.output(`[${spec.name}] still running ${graceMs} ms after SIGTERM: killing its process group`);
        signalGroup(pid, "SIGKILL");
        await until(gone, 5_000);
      }
      await exited;
    },
  };
  live.add(handle);
  void exited.then(() => live.delete(handle));
  return handle;
}
