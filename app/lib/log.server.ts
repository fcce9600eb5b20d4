/**
 * Structured logs: one JSON line per event (pino), with the fields a support request needs (request
 * id, shop, job id and kind, durations) and never a secret or a customer's address.
 *
 * Redaction is by field name, wherever the field sits up to two levels down: whoever logs an object
 * that happens to carry a token, a session, a webhook payload or an address gets "[redacted]" in its
 * place. Messages are free text and cannot be redacted, so no caller puts such values into one.
 */
import pino from "pino";

export type Logger = pino.Logger;
export type LogLevel = pino.LevelWithSilent;

/** Field names whose values never reach a log line. */
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
  /** Which process wrote the line: "app" or "worker". */
  name: string;
  /** Where lines go; stdout by default (a test passes its own stream). */
  destination?: pino.DestinationStream;
}

export function createLogger({ level, name, destination }: LogOptions): Logger {
  return pino(
    {
      name,
      level,
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      // Time as ISO 8601 text: read by people as often as by machines.
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
