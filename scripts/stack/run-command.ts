import { spawn } from "node:child_process";

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
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (line.trim() === "") continue;
        lines.push(line);
        options.output?.(line);
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    // An abort also raises "error"; the exit that follows settles the promise.
    child.once("error", (error) => {
      if (child.pid === undefined) reject(new Error(`${what} could not run: ${error.message}`));
    });
    child.once("exit", (code, signal) => {
      if (code === 0) return resolve();
      if (options.signal?.aborted) return reject(new Error(`${what} was stopped`));
      reject(new Error(`${what} failed (${signal ?? `code ${code}`}):\n${lines.slice(-40).join("\n")}`));
    });
  });
}
