/**
 * The app as several processes, as on several hosts: N intake processes (the app's web process)
 * sharing one port, and N job workers, each a child of this process on the same database. For the
 * pipeline benchmark (`--apps`, `--workers`) and the multi-process fault test, which kills workers
 * with SIGKILL halfway.
 */
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { ShopAccess } from "../../test/pipeline/deps";
import type { RequestCounts } from "./counts";

const here = import.meta.dirname;

/**
 * The children's environment. Run from a shell (no NODE_ENV) they are production, which seals the
 * deliveries they store and refuses the development key: they get one key of the run, shared as the
 * app's processes share theirs. Under a test's NODE_ENV, or with a key given, nothing is added.
 */
const childEnv: NodeJS.ProcessEnv =
  (process.env.NODE_ENV ?? "production") === "production" && process.env.PROVIDER_CREDENTIALS_KEY === undefined
    ? { ...process.env, PROVIDER_CREDENTIALS_KEY: randomBytes(32).toString("base64") }
    : process.env;

function readyMessage<T>(child: ChildProcess, what: string): Promise<T> {
  return new Promise<T>((ready, failed) => {
    child.once("message", (message) => ready(message as T));
    child.once("exit", (code) => failed(new Error(`${what} exited with ${code} before it was ready`)));
  });
}

function ask<T>(child: ChildProcess): Promise<T> {
  return new Promise<T>((resolve) => {
    child.once("message", (message) => resolve(message as T));
    child.send("report");
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((stopped) => {
    child.once("exit", () => stopped());
    child.send("stop");
  });
}

export interface Intakes {
  /** The intakes' URL: one port, the kernel spreading connections among the processes. */
  url: string;
  /** The intake processes' ids. */
  pids: number[];
  /** The intake processes' highest peak RSS, and the statements they sent to PostgreSQL since they listened (0 on SQLite). */
  report(): Promise<IntakesReport>;
  close(): Promise<void>;
}

export interface IntakesReport {
  peakRssBytes: number;
  statements: number;
}

function forkIntake(databaseUrl: string, port: number): ChildProcess {
  return fork(path.join(here, "intake.ts"), [databaseUrl, String(port)], {
    execArgv: ["--import", "tsx"],
    env: childEnv,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

/**
 * `count` intake processes on the database, all listening on one port (SO_REUSEPORT): the kernel
 * spreads the connections among them, as a load balancer in front of several hosts would, with no
 * proxy in this process to share the cores with them. The first takes a free port, the others join it.
 */
export async function startIntakes(databaseUrl: string, count: number): Promise<Intakes> {
  const first = forkIntake(databaseUrl, 0);
  const { url } = await readyMessage<{ url: string }>(first, "intake 1");
  const port = Number(new URL(url).port);
  const others = Array.from({ length: count - 1 }, () => forkIntake(databaseUrl, port));
  await Promise.all(others.map((child, i) => readyMessage<{ url: string }>(child, `intake ${i + 2}`)));
  const children = [first, ...others];
  return {
    url,
    pids: children.map((child) => child.pid ?? -1),
    async report() {
      const reports = await Promise.all(children.map((child) => ask<IntakesReport>(child)));
      return {
        peakRssBytes: Math.max(...reports.map((report) => report.peakRssBytes)),
        statements: reports.reduce((sum, report) => sum + report.statements, 0),
      };
    },
    async close() {
      await Promise.all(children.map(stopChild));
    },
  };
}

export interface WorkerOptions {
  databaseUrl: string;
  sandboxUrl: string;
  graphqlUrl: string;
  concurrency: number;
  polling: "production" | "fast";
  /** Shops installed beside the demo shop (`graphqlUrl` is the demo shop's). */
  moreShops?: ShopAccess[];
  /** Runs the catalogue's and the stock's jobs too (bench:catalogue). */
  catalogue?: boolean;
}

export interface WorkerReport {
  counts: RequestCounts;
  peakRssBytes: number;
  /** CPU time (user and system) spent since the worker was ready, in ms. */
  cpuMs: number;
  /** Statements sent to PostgreSQL since ready (every query of node-postgres: Prisma's, the app's own, BEGIN, locks, COMMIT); 0 on SQLite. */
  statements: number;
  failures: string[];
}

export interface WorkerProcess {
  pid: number;
  report(): Promise<WorkerReport>;
  /** SIGKILL: no drain, its leases left to expire. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  readonly alive: boolean;
}

/**
 * The workers' CPU time, in all and per order fulfilled: what planning, pushing, polling and
 * fulfilling an order cost the machine (the benchmark's own counting of requests included).
 */
export function describeWorkerCpu(reports: WorkerReport[], fulfilled: number): string {
  const cpuMs = reports.reduce((sum, report) => sum + report.cpuMs, 0);
  return `worker CPU (user and system, since ready): ${(cpuMs / 1000).toFixed(1)} s = ${(cpuMs / Math.max(1, fulfilled)).toFixed(1)} ms per order fulfilled`;
}

/** One job worker process running the pipeline (bench/pipeline/worker.ts). */
export async function startWorkerProcess(options: WorkerOptions, extra: { leaseMs?: number } = {}): Promise<WorkerProcess> {
  const child = fork(path.join(here, "worker.ts"), [JSON.stringify({ ...options, ...extra })], {
    execArgv: ["--import", "tsx"],
    env: childEnv,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await readyMessage(child, "a worker");
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    pid: child.pid ?? -1,
    report: () => ask<WorkerReport>(child),
    kill: () =>
      new Promise<void>((killed) => {
        if (!alive()) return killed();
        child.once("exit", () => killed());
        child.kill("SIGKILL");
      }),
    stop: () => stopChild(child),
    get alive() {
      return alive();
    },
  };
}

/** Adds up the request counts of several workers. */
export function addCounts(reports: WorkerReport[]): RequestCounts {
  const [first, ...rest] = reports;
  if (first === undefined) throw new Error("no worker reports");
  const sum = structuredClone(first.counts);
  for (const { counts } of rest) {
    for (const [operation, n] of Object.entries(counts.providerCalls))
      sum.providerCalls[operation] = (sum.providerCalls[operation] ?? 0) + n;
    for (const [name, n] of Object.entries(counts.shopifyMutations)) sum.shopifyMutations[name] = (sum.shopifyMutations[name] ?? 0) + n;
    sum.shopifyQueries += counts.shopifyQueries;
    sum.shopifyRequests += counts.shopifyRequests;
    for (const [name, latency] of Object.entries(counts.shopifyLatency)) {
      const into = sum.shopifyLatency[name];
      if (into === undefined) sum.shopifyLatency[name] = { ...latency };
      else {
        into.calls += latency.calls;
        into.totalMs += latency.totalMs;
        into.maxMs = Math.max(into.maxMs, latency.maxMs);
        into.requestedCost += latency.requestedCost;
        into.actualCost += latency.actualCost;
      }
    }
  }
  return sum;
}
