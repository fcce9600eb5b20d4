/** Helpers for tests that run the job queue. */
import { spawn } from "node:child_process";
import path from "node:path";
import { createLogger, type Logger } from "~/lib/log.server";
import type { EffectRecorderMode } from "./effect-recorder";

export interface LoggedLine {
  level: "info" | "warn" | "error";
  message: string;
  fields?: Record<string, unknown>;
}

/** The app's own logger, its lines kept for assertions instead of printed (and handed to `onLine`). */
export function recordingJobLogger(onLine?: (line: LoggedLine) => void): { logger: Logger; lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const destination = {
    write(text: string) {
      const { level, msg, time: _time, name: _name, ...fields } = JSON.parse(text) as Record<string, unknown>;
      const line: LoggedLine = { level: level as LoggedLine["level"], message: String(msg ?? ""), fields };
      lines.push(line);
      onLine?.(line);
    },
  };
  return { logger: createLogger({ level: "info", name: "test", destination }), lines };
}

/** Polls `check` until it returns something other than undefined/false, or fails after timeoutMs. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 5_000, intervalMs = 10, what = "condition" }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A clock tests move by hand: `now` for startWorker's option, `advance` to make jobs due. */
export function manualClock(start = new Date("2030-01-01T00:00:00.000Z")) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

export interface WorkerProcess {
  readonly pid: number;
  /** Resolves with the first stdout line starting with `prefix`. */
  waitForLine(prefix: string, timeoutMs?: number): Promise<string>;
  /** Sends the signal and resolves once the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Resolves with the exit code (null when a signal ended it). */
  readonly exitCode: Promise<number | null>;
}

/** Starts test/support/worker-process.ts in a child process (Node with tsx's loader) and waits for READY. */
export async function spawnWorkerProcess(
  url: string,
  mode: EffectRecorderMode,
  leaseMs: number,
  stopTimeoutMs?: number,
): Promise<WorkerProcess> {
  const extra = stopTimeoutMs === undefined ? [] : [String(stopTimeoutMs)];
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join("test", "support", "worker-process.ts"), url, mode, String(leaseMs), ...extra],
    {
      cwd: path.resolve(import.meta.dirname, "../.."),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const exitCode = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const exited = exitCode.then(() => undefined);
  const lines: string[] = [];
  let partial = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    const parts = (partial + chunk).split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts);
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  if (child.pid === undefined) throw new Error("The worker process did not start");
  const handle: WorkerProcess = {
    pid: child.pid,
    exitCode,
    waitForLine: (prefix, timeoutMs = 10_000) =>
      waitFor(
        () => {
          const line = lines.find((candidate) => candidate.startsWith(prefix));
          if (line === undefined && child.exitCode !== null) throw new Error(`The worker process exited (${child.exitCode}):\n${stderr}`);
          return line;
        },
        { timeoutMs, what: `"${prefix}" from the worker process` },
      ),
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  // Starting a process (tsx compiles the worker) took over 10 s beside a second CI (load 15 to 29).
  await handle.waitForLine("READY", 60_000);
  return handle;
}

/**
 * A clock whose reads are counted. The worker reads its clock once a poll (to claim what is due),
 * so a test waits for polls, not for a while, to show that a job was not run.
 */
export function countedClock(now: () => Date = () => new Date()) {
  let reads = 0;
  return {
    now: () => {
      reads += 1;
      return now();
    },
    /** Resolves once the clock has been read `more` more times than when this was called. */
    async readsMore(more: number): Promise<void> {
      const target = reads + more;
      await waitFor(() => reads >= target, { what: `${more} more polls of the worker` });
    },
  };
}
