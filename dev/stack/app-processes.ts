/**
 * The app and its job worker as child processes, configured for the stack: the built app served by
 * server/serve.mjs (as `npm start` does) and `server/worker.ts`, both on the stack's database, the
 * Admin API redirected to the emulator and the provider pointed at the sandbox.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PROJECT_ROOT, SERVER_BUILD } from "./build";
import { spawnChild, type Child } from "./children";
import { freePort } from "./ports";

export interface AppSettings {
  databaseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** The emulator: where the app's Admin API calls go (SHOPIFY_ADMIN_API_ORIGIN). */
  shopifyUrl: string;
  sandboxUrl: string;
  scopes: readonly string[];
  /** PROVIDER_CREDENTIALS_KEY of the run (database.ts newCredentialsKey): the processes run as production. */
  credentialsKey: Buffer;
  /** Receives the children's output lines. */
  output: (line: string) => void;
  /** More variables for both processes (LOG_LEVEL, METRICS_TOKEN, WORKER_HEALTH_PORT...), over the ones above. */
  env?: Record<string, string>;
}

export interface AppProcesses {
  appUrl: string;
  app: Child;
  /** The first worker (the only one unless `workers` asked for more). */
  worker: Child | undefined;
  /** Every worker process, in start order. */
  workers: Child[];
  /** Stops the workers and the app (SIGTERM, then SIGKILL after the grace time). */
  stop(): Promise<void>;
}

const EXIT_WITH_PARENT = pathToFileURL(path.join(import.meta.dirname, "exit-with-parent.mjs")).href;
const SERVE_CLUSTER = path.join(import.meta.dirname, "serve-cluster.mjs");
/** The app's own server entry (remix-serve's job, with an access log that drops query strings). */
export const SERVE = path.join(import.meta.dirname, "..", "..", "server", "serve.mjs");
const START_TIMEOUT_MS = 30_000;

/** The app's environment (app/env.server.ts), the same for the server and the worker. */
export function appEnvironment(settings: AppSettings, appUrl: string): Record<string, string> {
  return {
    // The built app, as deployed; NODE_ENV=test (vitest's) would give React's development build.
    NODE_ENV: "production",
    DATABASE_URL: settings.databaseUrl,
    SHOPIFY_API_KEY: settings.apiKey,
    SHOPIFY_API_SECRET: settings.apiSecret,
    SHOPIFY_APP_URL: appUrl,
    SHOPIFY_ADMIN_API_ORIGIN: settings.shopifyUrl,
    // As `shopify app dev` passes them: the scopes the session was granted.
    SCOPES: settings.scopes.join(","),
    PROVIDER_BASE_URL: settings.sandboxUrl,
    PROVIDER_CREDENTIALS_KEY: settings.credentialsKey.toString("base64"),
    ...settings.env,
  };
}

/**
 * The app's own line once it listens (server/serve.mjs). Not a TCP connect to the port: when the app
 * cannot bind it because another process took it since freePort(), a connect reaches that other
 * process, and the tests talk to a server that is not the app.
 */
const APP_LISTENING = /"msg":"App server listening"/;

/**
 * The port is chosen before the app starts (its URL is part of its configuration); when someone
 * takes it in the meantime, another is tried, unless the caller asked for that port.
 */
async function startAppServer(
  settings: AppSettings,
  firstPort: number,
  fixedPort: boolean,
  processes: number,
): Promise<{ app: Child; appUrl: string }> {
  const server = processes === 1 ? SERVE : SERVE_CLUSTER;
  for (let attempt = 1, port = firstPort; ; attempt++, port = await freePort()) {
    const appUrl = `http://127.0.0.1:${port}`;
    const app = spawnChild({
      name: "app",
      command: process.execPath,
      args: ["--import", EXIT_WITH_PARENT, server, SERVER_BUILD],
      env: {
        ...process.env,
        ...appEnvironment(settings, appUrl),
        HOST: "127.0.0.1",
        PORT: String(port),
        ...(processes > 1 ? { APP_PROCESSES: String(processes) } : {}),
      },
      cwd: PROJECT_ROOT,
      output: settings.output,
    });
    try {
      await app.waitForLine(APP_LISTENING, START_TIMEOUT_MS);
      return { app, appUrl };
    } catch (error) {
      await app.stop(2_000);
      const portTaken = /EADDRINUSE/.test(app.recentOutput());
      if (fixedPort || !portTaken || attempt >= 3) throw error;
    }
  }
}

async function startWorkerProcess(settings: AppSettings, appUrl: string, name = "worker"): Promise<Child> {
  const worker = spawnChild({
    name,
    command: process.execPath,
    // The stack's worker polls often: the demo should not wait a second per step.
    args: ["--import", "tsx", "--import", EXIT_WITH_PARENT, "server/worker.ts", "--poll-interval-ms", "200", "--stop-timeout-ms", "5000"],
    env: { ...process.env, ...appEnvironment(settings, appUrl) },
    cwd: PROJECT_ROOT,
    output: settings.output,
  });
  try {
    await worker.waitForLine(/"msg":"Worker running"/, START_TIMEOUT_MS);
    return worker;
  } catch (error) {
    await worker.stop(2_000);
    throw error;
  }
}

/** APP_PROCESSES from the environment: how many app processes the stack runs when not told. */
export function appProcessesFromEnvironment(value = process.env.APP_PROCESSES): number {
  if (value === undefined || value === "") return 1;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`APP_PROCESSES must be a whole number of at least 1, not ${JSON.stringify(value)}`);
  return count;
}

/** Starts `count` workers side by side; when one fails, stops those that started and throws. */
async function startWorkerProcesses(settings: AppSettings, appUrl: string, count: number): Promise<Child[]> {
  const names = Array.from({ length: count }, (_, index) => (count === 1 ? "worker" : `worker-${index + 1}`));
  const settled = await Promise.allSettled(names.map((name) => startWorkerProcess(settings, appUrl, name)));
  const started = settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = settled.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(started.map((worker) => worker.stop(2_000)));
    throw failed.reason;
  }
  return started;
}

/**
 * Starts the app server and its workers (one by default; none with `worker: false` or `workers: 0`),
 * side by side. One app process unless asked for more (`appProcesses`, or APP_PROCESSES in the
 * environment): then serve-cluster.mjs runs that many server processes on the one port. Each worker
 * is its own process on the same database, as several hosts would run them.
 */
export async function startAppProcesses(
  settings: AppSettings,
  {
    port,
    worker: withWorker = true,
    workers: workerCount = withWorker ? 1 : 0,
    appProcesses = appProcessesFromEnvironment(),
  }: { port?: number; worker?: boolean; workers?: number; appProcesses?: number } = {},
): Promise<AppProcesses> {
  if (!Number.isInteger(workerCount) || workerCount < 0) throw new Error(`workers must be a whole number, not ${workerCount}`);
  // The URL is known before the server listens, so the workers start meanwhile.
  const firstPort = port ?? (await freePort());
  const firstUrl = `http://127.0.0.1:${firstPort}`;
  const [server, workers] = await Promise.allSettled([
    startAppServer(settings, firstPort, port !== undefined, appProcesses),
    startWorkerProcesses(settings, firstUrl, workerCount),
  ]);
  if (server.status === "rejected" || workers.status === "rejected") {
    await Promise.all([
      server.status === "fulfilled" ? server.value.app.stop(2_000) : undefined,
      ...(workers.status === "fulfilled" ? workers.value.map((worker) => worker.stop(2_000)) : []),
    ]);
    throw server.status === "rejected" ? server.reason : workers.status === "rejected" ? workers.reason : undefined;
  }
  const { app, appUrl } = server.value;
  let current = workers.value;
  if (current.length > 0 && appUrl !== firstUrl) {
    // The server had to move to another port: the workers' SHOPIFY_APP_URL must follow.
    await Promise.all(current.map((worker) => worker.stop(2_000)));
    current = await startWorkerProcesses(settings, appUrl, workerCount).catch(async (error: unknown) => {
      await app.stop(2_000);
      throw error;
    });
  }
  const started = current;
  return {
    appUrl,
    app,
    worker: started[0],
    workers: started,
    async stop() {
      // Side by side, so Ctrl-C is quick; each waits for its own in-flight work.
      await Promise.all([...started.map((worker) => worker.stop()), app.stop()]);
    },
  };
}
