/**
 * The one logger: JSON lines (pino) with the fields a support request needs (request id, shop, job
 * id and kind, durations), never a secret or a customer's address. The app server, the worker and
 * the job queue all log through `log` or a child of it (`log.child({ jobId, kind, shop })`).
 */
import pino from "pino";
import { env, type LOG_LEVELS } from "~/env.server";

export type Logger = pino.Logger;
export type LogLevel = pino.LevelWithSilent;

/**
 * Field names whose values never reach a log line, wherever they sit up to two levels down.
 * Messages are free text and cannot be redacted, so no caller puts such values into one.
 */
const SECRET_FIELDS = [
  "accessToken",
  "refreshToken",
  "token",
  "idToken",
  "id_token",
  "providerToken",
  "authorization",
  "Authorization",
  "cookie",
  "session",
  "secret",
  "password",
  "apiSecret",
  "credentials",
  // A customer's data: a webhook body or the request sent to the provider holds names and addresses.
  "payload",
  "body",
  "requestSent",
  "recipientSearchText",
  "address",
  "address1",
  "address2",
  "shippingAddress",
  "billingAddress",
  "email",
  "phone",
];

/** `token`, `*.token` and `*.*.token` for each name: pino's paths name fields, not patterns. */
export const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]);

export interface LogOptions {
  level: LogLevel;
  /** Which process wrote the line. */
  name: string;
  /** Where lines go; stdout by default (a test passes its own stream). */
  destination?: pino.DestinationStream;
}

/**
 * An `err` field as written: Shopify's library answers a refused token by throwing a Response (its
 * re-authentication), whose getters fail when the redaction walks them; its status is what matters.
 */
function errorForTheLog(value: unknown): unknown {
  if (
    value instanceof Response ||
    (typeof value === "object" && value !== null && "status" in value && "headers" in value && "bodyUsed" in value)
  )
    return { type: "Response", status: (value as { status: unknown }).status };
  return pino.stdSerializers.err(value as Error);
}

export function createLogger({ level, name, destination }: LogOptions): Logger {
  return pino(
    {
      name,
      level,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      serializers: { err: errorForTheLog },
      // Time as ISO 8601 text: read by people as often as by machines.
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/**
 * Under vitest (NODE_ENV=test) lines go through the console at their level's method: an error
 * logged by the code under test fails that test (vitest.setup.ts), and a test can silence or read
 * the warnings it expects.
 */
const throughTheConsole = {
  write(line: string) {
    const text = line.trimEnd();
    if (/"level":"(error|fatal)"/.test(text)) console.error(text);
    else if (/"level":"warn"/.test(text)) console.warn(text);
    else console.info(text);
  },
};

// The environment's list of levels is pino's own, or this fails typecheck.
const level: LogLevel = env.LOG_LEVEL satisfies (typeof LOG_LEVELS)[number];

/** How long an access line may wait to be written with the lines that follow it. */
export const GATHER_MS = 10;
/** Written at once past this many characters, however young. */
const GATHER_CHARACTERS = 64 * 1024;

/**
 * A destination that gathers the lines written within GATHER_MS of the first and hands them on in
 * one write, or at once when they grow past GATHER_CHARACTERS, or when the process exits. Under a
 * sale's webhooks the app server answers a request every few hundred microseconds, and the access
 * line's own write was a system call for each (docs/benchmarks.md, bench:intake).
 */
export function gathered(destination: pino.DestinationStream): pino.DestinationStream {
  let pending = "";
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const text = pending;
    pending = "";
    if (text !== "") destination.write(text);
  };
  process.on("exit", flush);
  return {
    write(line: string) {
      pending += line;
      if (pending.length > GATHER_CHARACTERS) flush();
      else timer ??= setTimeout(flush, GATHER_MS).unref();
    },
  };
}

const LOGGER_NAME = "fulfilment-connector";
/** Written synchronously: a line is out before the next statement runs, a crash's last line too. */
const stdout = env.NODE_ENV === "test" ? throughTheConsole : pino.destination({ dest: 1, sync: true });

/** The process's logger. */
export const log: Logger = createLogger({ level, name: LOGGER_NAME, destination: stdout });

/**
 * The app server's access lines (server/serve.mjs), one a request: the same lines on the same
 * output, gathered for a few milliseconds (gathered). Under tests, as `log` writes.
 */
export const accessLog: Logger = createLogger({
  level,
  name: LOGGER_NAME,
  destination: env.NODE_ENV === "test" ? stdout : gathered(stdout),
});

/** How an error reads in a job's lastError and in logs: its name and message, cut to `maxChars`. */
export function describeError(error: unknown, maxChars = 2_000): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}
