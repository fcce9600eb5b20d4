/**
 * The sandbox's settings: one schema for both `startSandbox(options)` and the command line, so a bad
 * value is refused the same way in both, naming the option (or the flag).
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { FAULT_KINDS } from "./faults";

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

export const Settings = z.object({
  port: wholeNumber(0, 65535).default(4010),
  host: z.string().min(1, { error: "must not be empty" }).default("127.0.0.1"),
  token: z.string().min(1, { error: "must not be empty" }).optional(),
  createDelayMs: wholeNumber(0).default(1000),
  trackingStepMs: wholeNumber(1).default(60_000),
  inboundDelayMs: wholeNumber(0).default(5000),
  faultRate: z
    .number({ error: "must be a number" })
    .min(0, { error: "must be from 0 to 1" })
    .max(1, { error: "must be from 0 to 1" })
    .default(0),
  // Random timeouts and drops are opt-in: they stall or break clients without timeouts.
  faultKinds: z
    .array(z.enum(FAULT_KINDS, { error: `must be among ${FAULT_KINDS.join(",")}` }))
    .min(1, { error: "must name at least one kind" })
    .default(["429", "500"]),
  statePath: z.string().min(1, { error: "must not be empty" }).optional(),
  seed: wholeNumber(0, 2 ** 32 - 1).optional(),
  accessTokenTtlS: wholeNumber(1).default(7200),
  refreshTokenTtlS: wholeNumber(1).default(30 * 24 * 60 * 60),
  persistDebounceMs: wholeNumber(0).default(200),
});
export type Settings = z.output<typeof Settings>;
export type SettingsInput = z.input<typeof Settings>;

export interface SandboxOptions extends SettingsInput {
  /** The clock's source; tests inject their own. Defaults to Date.now. */
  readonly now?: () => number;
  /** Receives one line per request answered; nothing is logged without it. */
  readonly log?: (line: string) => void;
}

/** Each setting's command-line flag. */
const flags: Record<keyof Settings, string> = {
  port: "--port",
  host: "--host",
  token: "--token",
  createDelayMs: "--create-delay-ms",
  trackingStepMs: "--tracking-step-ms",
  inboundDelayMs: "--inbound-delay-ms",
  faultRate: "--fault-rate",
  faultKinds: "--fault-kinds",
  statePath: "--state",
  seed: "--seed",
  accessTokenTtlS: "--access-token-ttl-s",
  refreshTokenTtlS: "--refresh-token-ttl-s",
  persistDebounceMs: "--persist-debounce-ms",
};

const isSetting = (key: PropertyKey): key is keyof Settings => typeof key === "string" && Object.hasOwn(flags, key);

/** Checks options given in code; the error names the option. */
export function settingsFrom(options: SettingsInput): Settings {
  const parsed = Settings.safeParse(options);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`sandbox option ${String(issue?.path[0] ?? "")} ${issue?.message ?? "is invalid"}`);
}

export const usage = `Usage: npm run sandbox -- [flags]

  --port <n>                 port to listen on (default 4010; 0 picks a free one)
  --host <host>              interface to listen on (default 127.0.0.1)
  --token <t>                only this bearer token (and tokens issued by /oauth2/token) may call /v1
  --create-delay-ms <n>      time from accepting an order to Created/CreateFailed (default 1000)
  --tracking-step-ms <n>     time between tracking checkpoints (default 60000)
  --inbound-delay-ms <n>     time until an inbound shipment is received into stock (default 5000)
  --fault-rate <0..1>        share of /v1 calls that fail at random (default 0)
  --fault-kinds <list>       kinds of random faults: 429,500,timeout,drop (default 429,500)
  --state <file>             load state from and save it to this JSON file
  --seed <n>                 makes ids, tokens, tracking numbers and random faults reproducible
  --access-token-ttl-s <n>   lifetime of issued access tokens (default 7200)
  --refresh-token-ttl-s <n>  lifetime of issued refresh tokens (default 2592000, 30 days)
  --persist-debounce-ms <n>  delay before changes are written to --state (default 200)
  --quiet                    do not log requests
  --help                     show this help
`;

export type CommandLine =
  | { readonly kind: "run"; readonly settings: Settings; readonly quiet: boolean }
  | { readonly kind: "help" }
  | { readonly kind: "error"; readonly message: string };

const NUMBER = /^-?\d+(\.\d+)?$/;

function readFlags(argv: readonly string[]): Record<string, string | boolean | undefined> {
  const options: Record<string, { type: "string" | "boolean" }> = {
    quiet: { type: "boolean" },
    help: { type: "boolean" },
  };
  for (const flag of Object.values(flags)) options[flag.slice(2)] = { type: "string" };
  return parseArgs({ args: [...argv], strict: true, allowPositionals: false, options }).values;
}

function flagError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const flag = /'(-[^' ]*)/.exec(text)?.[1];
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown flag ${flag ?? text} (see --help)`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return `flag ${flag ?? ""} needs a value`;
  if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") return `unexpected argument ${flag ?? text}`;
  return text;
}

/** Reads the command line; any mistake is an error message naming the flag. */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = readFlags(argv);
  } catch (error) {
    return { kind: "error", message: flagError(error) };
  }
  if (values.help === true) return { kind: "help" };

  const input: Record<string, unknown> = {};
  for (const [key, flag] of Object.entries(flags)) {
    const value = values[flag.slice(2)];
    if (typeof value !== "string") continue;
    if (key === "faultKinds") input[key] = value.split(",").map((kind) => kind.trim());
    else if (key === "host" || key === "token" || key === "statePath") input[key] = value;
    else if (NUMBER.test(value.trim())) input[key] = Number(value);
    else return { kind: "error", message: `${flag} must be a number (got "${value}")` };
  }
  const parsed = Settings.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path[0];
    const flag = key !== undefined && isSetting(key) ? flags[key] : String(key);
    return { kind: "error", message: `${flag} ${issue?.message ?? "is invalid"}` };
  }
  return { kind: "run", settings: parsed.data, quiet: values.quiet === true };
}
