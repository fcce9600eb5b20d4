/**
 * The process's logger: JSON lines on stdout at LOG_LEVEL, secrets and addresses redacted by field
 * name (app/lib/log.server.ts). The app server and the worker log through it; a child logger adds
 * the fields of what it logs about (`log.child({ jobId, kind, shop })`).
 */
import { env, type LOG_LEVELS } from "./env.server";
import { createLogger, type Logger, type LogLevel } from "./lib/log.server";

// The environment's list of levels is pino's own, or this fails typecheck.
const level: LogLevel = env.LOG_LEVEL satisfies (typeof LOG_LEVELS)[number];

/**
 * Under vitest (NODE_ENV=test) the lines go through the console, each at its level's method: an
 * error logged by the code under test fails that test (vitest.setup.ts), and a test can silence or
 * read the warnings it expects, as it did when the code wrote to the console itself.
 */
const throughTheConsole = {
  write(line: string) {
    const text = line.trimEnd();
    if (/"level":"(error|fatal)"/.test(text)) console.error(text);
    else if (/"level":"warn"/.test(text)) console.warn(text);
    else console.info(text);
  },
};

export const log: Logger = createLogger({ level, name: "fulfilment-connector", destination: env.NODE_ENV === "test" ? throughTheConsole : undefined });
