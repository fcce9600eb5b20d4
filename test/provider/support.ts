/**
 * The provider client against the provider sandbox over real HTTP: a fresh sandbox per test on
 * port 0, a client pointed at it, and one clock for both. Time moves only when a test says so
 * (`advance`, through the sandbox's control route), so nothing here sleeps.
 *
 *   const world = await startWorld();
 *   await world.client.createOutbound(...);
 *   await world.advance(CREATE_DELAY_MS);
 *
 * `requests` is the sandbox's own request log: what actually reached it. A request the client
 * refused before sending leaves no line there.
 */
import { onTestFinished } from "vitest";
import {
  createFulfilmentClient,
  ProviderError,
  staticToken,
  type FulfilmentClient,
  type FulfilmentClientOptions,
} from "../../app/fulfilment";
import type { OperationName } from "../../app/fulfilment/operations";
import { startSandbox, type Sandbox, type SandboxOptions } from "../../sandbox/server";

/** The sandbox clock's start (and the client's), so dates in answers are predictable. */
export const START = Date.parse("2026-11-22T10:00:00.000Z");
export const CREATE_DELAY_MS = 1000;
export const TRACKING_STEP_MS = 60_000;
export const INBOUND_DELAY_MS = 5000;
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface FaultPlan {
  readonly operation: OperationName | "*";
  readonly kind: "429" | "500" | "timeout" | "drop";
  readonly count?: number;
  readonly retryAfterSeconds?: number;
  readonly afterProcessing?: boolean;
}

export interface ClientUnderTest {
  readonly client: FulfilmentClient;
  /** Every wait the client asked for between attempts, in ms (its sleep is injected and instant). */
  readonly sleeps: number[];
}

export interface ProviderWorld extends ClientUnderTest {
  readonly sandbox: Sandbox;
  readonly url: string;
  /** The sandbox's request log, one line per request: `POST /v1/outboundOrders → 201 (2 ms)`. */
  readonly requests: string[];
  /** The log lines of calls to /v1 operations (what a client sent), optionally of one path only. */
  operationCalls(path?: string): string[];
  /** The shared clock, as the client reads it (milliseconds since the epoch). */
  now(): number;
  /** Moves the sandbox's clock (through its control route) and the client's by `ms`. */
  advance(ms: number): Promise<void>;
  /** Plans a fault through the sandbox's control route. */
  plan(fault: FaultPlan): Promise<void>;
  /** Another client of the same sandbox, with other settings. */
  clientWith(options?: Partial<FulfilmentClientOptions>): ClientUnderTest;
}

export const STATIC_TOKEN = "sandbox-test-token";

export async function startWorld(
  options: { sandbox?: SandboxOptions; client?: Partial<FulfilmentClientOptions> } = {},
): Promise<ProviderWorld> {
  const requests: string[] = [];
  const sandbox = await startSandbox({
    port: 0,
    seed: 7,
    createDelayMs: CREATE_DELAY_MS,
    trackingStepMs: TRACKING_STEP_MS,
    inboundDelayMs: INBOUND_DELAY_MS,
    now: () => START,
    log: (line) => requests.push(line),
    ...options.sandbox,
  });
  onTestFinished(() => sandbox.close());

  let advanced = 0;
  const now = () => START + advanced;

  async function control(path: string, body: unknown): Promise<void> {
    const response = await fetch(`${sandbox.url}${path}`, { method: "POST", body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`sandbox control ${path} failed: ${response.status} ${await response.text()}`);
  }

  function clientWith(overrides: Partial<FulfilmentClientOptions> = {}): ClientUnderTest {
    const sleeps: number[] = [];
    const client = createFulfilmentClient({
      baseUrl: sandbox.url,
      auth: staticToken(STATIC_TOKEN),
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      // Full jitter at its midpoint: backoff waits are predictable (250, 500, 1000 ms with the defaults).
      random: () => 0.5,
      now,
      ...options.client,
      ...overrides,
    });
    return { client, sleeps };
  }

  const main = clientWith();
  return {
    ...main,
    sandbox,
    url: sandbox.url,
    requests,
    operationCalls: (path) => requests.filter((line) => line.includes(" /v1/") && (path === undefined || line.includes(` ${path}`))),
    now,
    advance: async (ms) => {
      await control("/__sandbox/clock", { advanceMs: ms });
      advanced += ms;
    },
    plan: (fault) => control("/__sandbox/faults", fault),
    clientWith,
  };
}

/** The error a call failed with; fails the test when the call succeeded or threw something else. */
export async function failureOf(call: Promise<unknown>): Promise<ProviderError> {
  const outcome = await call.then(
    (value: unknown) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected the call to fail, it succeeded with ${JSON.stringify(outcome.value)}`);
  if (!(outcome.error instanceof ProviderError)) throw outcome.error;
  return outcome.error;
}

/** The fields an error names (its `code`s), for assertions. */
export function fieldsNamed(error: ProviderError): string[] {
  return error.errors.map((detail) => detail.code);
}

/** The outcome of each request in the log (`201`, `dropped (fault)`, ...), in order. */
export function outcomes(lines: readonly string[]): string[] {
  return lines.map((line) => /→ (.*) \(\d+ ms\)$/.exec(line)?.[1] ?? line);
}
