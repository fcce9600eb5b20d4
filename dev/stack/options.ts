/** `npm run stack -- [flags]`: the flags, checked with one schema; a bad one names itself. */
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { PROJECT_ROOT } from "./build";

export const usage = `Usage: npm run --silent stack -- [flags]

Starts the provider sandbox, the Shopify Admin emulator (demo shop), the app and its worker on
127.0.0.1 with a fresh database (SQLite, or a PostgreSQL server of its own with --db postgres),
sets the demo shop up through the app's own admin pages (settings, warehouses US01 and DE01, SKUs
registered, stock synced), and prints one line on stdout:
  READY {"appUrl":...,"sandboxUrl":...,"shopifyUrl":...,"shop":...,"accessToken":...}
Everything else goes to stderr. Ctrl-C (SIGINT) or SIGTERM stops it all.

  --app-port <n>           app port (default: a free one)
  --sandbox-port <n>       sandbox port (default: a free one)
  --shopify-port <n>       emulator port (default: a free one)
  --create-delay-ms <n>    sandbox: order accepted -> Created (default 500)
  --tracking-step-ms <n>   sandbox: time between tracking checkpoints (default 2000)
  --inbound-delay-ms <n>   sandbox: inbound shipment -> received (default 2000)
  --seed <n>               sandbox: reproducible ids and tracking numbers
  --api-key <key>          the app's API key (default stack-api-key)
  --api-secret <secret>    the app's API secret, which signs webhooks (default stack-api-secret)
  --db <sqlite|postgres>   the database (default sqlite): a SQLite file in --data-dir, or a PostgreSQL
                           server started on loopback in a fresh temporary folder, migrated, and
                           stopped (its folder removed) when the stack stops
  --data-dir <dir>         where the stack's SQLite database lives (default .data/stack; emptied at start)
  --app-processes <n>      app server processes on the app's one port (default 1, or APP_PROCESSES)
  --workers <n>            worker processes (default 1)
  --bare                   leave the demo shop as after a fresh install (no settings, nothing synced),
                           for setting it up yourself in the admin
  --no-worker              start no worker process (implies --bare: the setup needs the worker)
  --quiet                  no request and process logs on stderr (failures still say why)
  --help                   this text
`;

const port = z.coerce.number().int().min(0).max(65535);
const milliseconds = z.coerce.number().int().min(0);

const StackFlags = z
  .strictObject({
    "app-port": port.optional(),
    "sandbox-port": port.default(0),
    "shopify-port": port.default(0),
    "create-delay-ms": milliseconds.default(500),
    "tracking-step-ms": milliseconds.min(1).default(2_000),
    "inbound-delay-ms": milliseconds.default(2_000),
    seed: z.coerce.number().int().min(0).optional(),
    "api-key": z.string().min(1).default("stack-api-key"),
    "api-secret": z.string().min(1).default("stack-api-secret"),
    db: z.enum(["sqlite", "postgres"]).default("sqlite"),
    "data-dir": z
      .string()
      .min(1)
      .default(path.join(PROJECT_ROOT, ".data", "stack")),
    "app-processes": z.coerce.number().int().min(1).optional(),
    workers: z.coerce.number().int().min(1).default(1),
    "no-worker": z.boolean().default(false),
    bare: z.boolean().default(false),
    quiet: z.boolean().default(false),
    help: z.boolean().default(false),
  })
  .transform((flags) => ({
    appPort: flags["app-port"],
    sandboxPort: flags["sandbox-port"],
    shopifyPort: flags["shopify-port"],
    createDelayMs: flags["create-delay-ms"],
    trackingStepMs: flags["tracking-step-ms"],
    inboundDelayMs: flags["inbound-delay-ms"],
    seed: flags.seed,
    apiKey: flags["api-key"],
    apiSecret: flags["api-secret"],
    db: flags.db,
    dataDir: flags["data-dir"],
    /** Undefined: APP_PROCESSES from the environment, else 1 (app-processes.ts). */
    appProcesses: flags["app-processes"],
    /** Worker processes; 0 with --no-worker. */
    workers: flags["no-worker"] ? 0 : flags.workers,
    /** The merchant's setup through the app before READY (dev/stack/merchant-setup.ts). */
    setUp: !flags.bare && !flags["no-worker"],
    quiet: flags.quiet,
    help: flags.help,
  }));

export type StackOptions = z.output<typeof StackFlags>;

/** The options, or an error message naming the flag. */
export function parseStackOptions(argv: readonly string[]): StackOptions | { error: string } {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        "app-port": { type: "string" },
        "sandbox-port": { type: "string" },
        "shopify-port": { type: "string" },
        "create-delay-ms": { type: "string" },
        "tracking-step-ms": { type: "string" },
        "inbound-delay-ms": { type: "string" },
        seed: { type: "string" },
        "api-key": { type: "string" },
        "api-secret": { type: "string" },
        db: { type: "string" },
        "data-dir": { type: "string" },
        "app-processes": { type: "string" },
        workers: { type: "string" },
        "no-worker": { type: "boolean" },
        bare: { type: "boolean" },
        quiet: { type: "boolean" },
        help: { type: "boolean" },
      },
    }).values;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const parsed = StackFlags.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return { error: `--${String(issue?.path[0] ?? "")}: ${issue?.message ?? "is invalid"}` };
}
