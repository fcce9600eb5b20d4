import type { JobLogger } from "./handler";

/** The default: the console, one line per event. A failed attempt is a warning; a dead job an error. */
export const consoleJobLogger: JobLogger = {
  info: (message, fields) => console.info(`[jobs] ${message}`, fields ?? ""),
  warn: (message, fields) => console.warn(`[jobs] ${message}`, fields ?? ""),
  error: (message, fields) => console.error(`[jobs] ${message}`, fields ?? ""),
};

/** The same logger with `fields` added to every line (the job's id, kind and attempt). */
export function withFields(logger: JobLogger, fields: Record<string, unknown>): JobLogger {
  return {
    info: (message, more) => logger.info(message, { ...fields, ...more }),
    warn: (message, more) => logger.warn(message, { ...fields, ...more }),
    error: (message, more) => logger.error(message, { ...fields, ...more }),
  };
}

/** How an error reads in lastError and in logs: its name and message, cut to `maxChars`. */
export function describeError(error: unknown, maxChars = 2_000): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}
