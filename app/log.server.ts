/**
 * The process's logger: JSON lines on stdout at LOG_LEVEL, secrets and addresses redacted by field
 * name (app/lib/log.server.ts). The app server and the worker log through it; a child logger adds
 * the fields of what it logs about (`log.child({ jobId, kind, shop })`).
 */
import { env, type LOG_LEVELS } from "./env.server";
import { createLogger, type Logger, type LogLevel } from "./lib/log.server";

// The environment's list of levels is pino's own, or this fails typecheck.
const level: LogLevel = env.LOG_LEVEL satisfies (typeof LOG_LEVELS)[number];

export const log: Logger = createLogger({ level, name: "fulfilment-connector" });
