import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export interface CommandOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Receives each output line (stdout and stderr). */
  output?: (line: string) => void;
  /** Stops the command (SIGTERM). The promise still waits for it to exit, so nothing is left unreaped. */
  signal?: AbortSignal;
}

/**
 * Runs a one-off command (a build, a migration) to completion; rejects with its last output lines
 * when it fails.
 */
export function runCommand(what: string, command: string, args: readonly string[], options: CommandOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"], signal: options.signal });
    const lines: string[] = [];
    // Whole lines, decoded as UTF-8 across chunks: a line or a character that straddles two reads
    // of the pipe arrives in one piece (as children.ts reads its children).
    const collect = (line: string) => {
      if (line.trim() === "") return;
      lines.push(line);
      options.output?.(line);
    };
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on("line", collect);
    createInterface({ input: child.stderr, crlfDelay: Infinity }).on("line", collect);
    // An abort also raises "error"; the exit that follows settles the promise.
    child.once("error", (error) => {
      if (child.pid === undefined) reject(new Error(`${what} could not run: ${error.message}`));
    });
    // "close", not "exit": it comes after the pipes are drained, so every line has been read.
    child.once("close", (code, signal) => {
      if (code === 0) return resolve();
      if (options.signal?.aborted) return reject(new Error(`${what} was stopped`));
      reject(new Error(`${what} failed (${signal ?? `code ${code}`}):\n${lines.slice(-40).join("\n")}`));
    });
  });
}
