/**
 * Starts the provider sandbox: an HTTP server answering the whole reference under /v1, OAuth under
 * /oauth2, and control routes under /__sandbox. Tests start it in-process on port 0 with an injected
 * clock; the command line (cli.ts) starts it as a program.
 */
import { randomInt } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AuthSettings } from "./auth";
import { SandboxClock } from "./clock";
import type { ControlPanel } from "./control";
import { Faults } from "./faults";
import { settle } from "./lifecycle";
import type { SandboxContext, WorldSettings } from "./operation";
import { settingsFrom, type SandboxOptions } from "./options";
import { handleRequest, type Pipeline } from "./pipeline";
import { seededRandom } from "./random";
import { seededState, type SandboxState } from "./state";
import { StateFile } from "./store";

export type { SandboxOptions } from "./options";

export interface Sandbox {
  /** Base URL, e.g. http://127.0.0.1:4010 (operations are under `${url}/v1`). */
  readonly url: string;
  readonly port: number;
  /** The seed in use (given, or chosen at random), to reproduce a run. */
  readonly seed: number;
  /** Moves the sandbox clock forward, as `POST /__sandbox/clock` does. */
  advanceClock(ms: number): void;
  /** The live state, for assertions and tools. */
  state(): SandboxState;
  /** Stops listening, ends open connections (including held ones) and saves the state file. */
  close(): Promise<void>;
}

/** Ticket ids in the style of ASP.NET trace identifiers: a process id, then a counter. */
function ticketIds(random: () => number): () => string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
  const prefix = Array.from({ length: 13 }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
  let count = 0;
  return () => `${prefix}:${(++count).toString(16).toUpperCase().padStart(8, "0")}`;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address();
      resolve(typeof address === "object" && address !== null ? address.port : port);
    });
  });
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const { now: timeSource = Date.now, log, ...given } = options;
  const settings = settingsFrom(given);
  const seed = settings.seed ?? randomInt(2 ** 31);

  const stateFile = settings.statePath === undefined ? undefined : new StateFile(settings.statePath, settings.persistDebounceMs);
  const loaded = stateFile?.load();
  const clock = new SandboxClock(timeSource, loaded?.clockAdvancedMs ?? 0);
  let state = loaded ?? seededState(clock.now());

  const world: WorldSettings = {
    createDelayMs: settings.createDelayMs,
    trackingStepMs: settings.trackingStepMs,
    inboundDelayMs: settings.inboundDelayMs,
    seed,
  };
  const auth: AuthSettings = {
    staticToken: settings.token,
    accessTokenTtlS: settings.accessTokenTtlS,
    refreshTokenTtlS: settings.refreshTokenTtlS,
    seed,
  };
  const faults = new Faults(seededRandom(seed), settings.faultRate, settings.faultKinds);

  const snapshot = (): SandboxState => {
    state.clockAdvancedMs = clock.advancedMs;
    return state;
  };
  const panel: ControlPanel = {
    clock,
    faults,
    world: (): SandboxContext => {
      const ctx = { state, now: clock.now(), settings: world };
      settle(ctx);
      return ctx;
    },
    reset: () => {
      state = seededState(clock.now(), clock.advancedMs);
      faults.clear();
    },
  };
  const pipeline: Pipeline = {
    panel,
    auth,
    state: () => state,
    ticketId: ticketIds(seededRandom(seed + 1)),
    finished: (line) => {
      log?.(line);
      stateFile?.saveSoon(snapshot);
    },
  };

  const server = createServer((req, res) => void handleRequest(req, res, pipeline));
  const port = await listen(server, settings.port, settings.host);
  const host = settings.host.includes(":") ? `[${settings.host}]` : settings.host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    seed,
    advanceClock: (ms) => clock.advance(ms),
    state: () => state,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => stateFile?.saveNow(snapshot()))),
  };
}
