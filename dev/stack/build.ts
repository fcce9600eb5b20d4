/**
 * The app's production build (build/), made with `remix vite:build` when it is missing or older than
 * its sources, so the stack and the integration tests always serve the code as it is now.
 *
 * Builds are serialised across processes with a lock directory: test workers, a globalSetup and a
 * stack may all ask at once, and two builds into one directory would corrupt each other.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { runCommand } from "./run-command";

export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");
export const SERVER_BUILD = path.join(PROJECT_ROOT, "build", "server", "index.js");
const CLIENT_BUILD = path.join(PROJECT_ROOT, "build", "client");
const LOCK = path.join(PROJECT_ROOT, ".cache", "app-build.lock");
const LOCK_TIMEOUT_MS = 5 * 60_000;

/** What the build is made of. Tests beside the code are not part of it. */
const SOURCES = ["app", "public", "vite.config.ts", "tsconfig.json", "package-lock.json"];
const NOT_SOURCE = /\.test\.[cm]?[jt]sx?$/;

function newestSourceMtimeMs(root: string): number {
  let newest = 0;
  for (const source of SOURCES) {
    const full = path.join(root, source);
    if (!existsSync(full)) continue;
    const stat = statSync(full);
    if (stat.isFile()) {
      newest = Math.max(newest, stat.mtimeMs);
      continue;
    }
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || NOT_SOURCE.test(entry.name)) continue;
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** True when build/ has both halves and its server bundle is newer than every source file. */
export function appBuildIsFresh(root = PROJECT_ROOT): boolean {
  if (!existsSync(SERVER_BUILD) || !existsSync(CLIENT_BUILD)) return false;
  return statSync(SERVER_BUILD).mtimeMs >= newestSourceMtimeMs(root);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return !(error instanceof Error && "code" in error && error.code === "ESRCH");
  }
}

/** Takes the build lock, breaking it when the process that holds it is gone. */
async function acquireLock(output: (line: string) => void): Promise<() => void> {
  const deadline = Date.now() + LOCK_TIMEOUT_MS;
  let announced = false;
  mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(path.join(LOCK, "pid"), String(process.pid));
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (error) {
      if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(path.join(LOCK, "pid"), "utf8"));
    } catch {
      // Taken a moment ago, pid not written yet: wait like for any holder.
    }
    if (Number.isInteger(holder) && holder > 0 && !processAlive(holder)) {
      rmSync(LOCK, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Waited ${LOCK_TIMEOUT_MS} ms for another build to finish (lock ${LOCK})`);
    if (!announced) output(`[build] waiting for another process's build to finish`);
    announced = true;
    await sleep(200);
  }
}

function runBuild(root: string, output: (line: string) => void, signal: AbortSignal | undefined): Promise<void> {
  const remix = createRequire(import.meta.url).resolve("@remix-run/dev/dist/cli.js");
  return runCommand("remix vite:build", process.execPath, [remix, "vite:build"], {
    cwd: root,
    // NODE_ENV=production: under vitest it is "test", which would give the client React's development build.
    env: { ...process.env, NODE_ENV: "production" },
    output: (line) => output(`[build] ${line}`),
    // A stack stopped while building stops the build too.
    signal,
  });
}

export interface BuildOptions {
  output?: (line: string) => void;
  signal?: AbortSignal;
  root?: string;
}

/** Builds the app unless build/ is up to date; says which it did. */
export async function ensureAppBuild({ output = () => {}, signal, root = PROJECT_ROOT }: BuildOptions = {}): Promise<"fresh" | "built"> {
  if (appBuildIsFresh(root)) return "fresh";
  const release = await acquireLock(output);
  try {
    // Another process may have built it while this one waited for the lock.
    if (appBuildIsFresh(root)) return "fresh";
    const started = Date.now();
    output(`[build] build/ is missing or older than the sources: remix vite:build`);
    await runBuild(root, output, signal);
    output(`[build] done in ${Date.now() - started} ms`);
    return "built";
  } finally {
    release();
  }
}
