/**
 * The one place that reads process.env. Everything else imports `env` (or `readEnv` in tests and
 * scripts that build their own). A misconfiguration fails at start with the variable's name.
 */
import { createHash } from "node:crypto";
import { z } from "zod";

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

const Base64Key = z
  .string()
  .refine(
    (value) => Buffer.from(value, "base64").length === 32 && /^[A-Za-z0-9+/]+=*$/.test(value),
    "must be 32 bytes in base64 (openssl rand -base64 32)",
  );

/** pino's levels (app/lib/log.server.ts checks that they are). */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const blankIsUnset = (value: unknown) => (value === "" ? undefined : value);

const EnvSchema = z.object({
  /**
   * Unset means production: a process started without it (the worker, a script) must never take
   * the development key. `shopify app dev` (Vite) sets development, vitest sets test.
   */
  NODE_ENV: z.enum(["development", "test", "production"]).default("production"),
  /** Prisma connection string. SQLite file by default: the embedded install. */
  DATABASE_URL: z.string().min(1).default("file:./.data/app.sqlite"),

  SHOPIFY_API_KEY: z.string().default(""),
  SHOPIFY_API_SECRET: z.string().default(""),
  SHOPIFY_APP_URL: z.string().default("http://127.0.0.1:3000"),
  /** Port of the dev server; `shopify app dev` sets it and proxies the app URL to it. */
  PORT: z.coerce.number().int().positive().default(3000),
  /** Port of Vite's HMR socket when the app runs behind the CLI's tunnel. */
  FRONTEND_PORT: z.coerce.number().int().positive().optional(),
  SCOPES: z.string().optional(),
  SHOP_CUSTOM_DOMAIN: z.string().optional(),
  /**
   * Stack and tests only: the Shopify Admin emulator's base URL. When set, the Shopify library's
   * calls to `https://<shop>/admin/...` go there instead (app/shopify/admin-transport.server.ts).
   * Loopback only, so a deployment that sets it by mistake cannot send shop tokens anywhere.
   */
  SHOPIFY_ADMIN_API_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .refine(
      (value) => isLoopback(new URL(value).hostname),
      "must be a loopback URL (127.0.0.1, localhost or [::1]): the emulator, never a real host",
    )
    .optional(),

  /** Base URL of the fulfilment provider's interface; the sandbox by default. */
  PROVIDER_BASE_URL: z.url().default("http://127.0.0.1:4010"),
  PROVIDER_CLIENT_ID: z.string().optional(),
  PROVIDER_CLIENT_SECRET: z.string().optional(),
  /**
   * The AES-256 key that encrypts secrets at rest: each shop's provider credentials
   * (Shop.providerCredentialsCiphertext) and Shopify's session tokens (Session.accessToken and
   * refreshToken). 32 random bytes in base64 (`openssl rand -base64 32`). Required in production;
   * see credentialsKeys for the development key used without it, and docs/decisions/0008 and 0014.
   */
  PROVIDER_CREDENTIALS_KEY: Base64Key.optional(),
  /**
   * Keys used before PROVIDER_CREDENTIALS_KEY, comma-separated: they still open what they sealed,
   * never seal anything, until the re-encryption job has moved every row to the current key.
   */
  PROVIDER_CREDENTIALS_OLD_KEYS: z
    .preprocess((value) => (value === "" ? undefined : value), z.string().optional())
    .transform((value) => (value === undefined ? [] : value.split(",").map((part) => part.trim())))
    .pipe(z.array(Base64Key)),

  /**
   * The pipeline's pace (app/flows/ports/policy.ts): "fast" shortens every wait for the sandbox's
   * fast clock (the stack and the demo); never against a real provider.
   */
  PIPELINE_POLICY: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["production", "fast"]).default("production")),

  /** The least a log line must weigh to be written (pino's levels); "debug" for a closer look. */
  LOG_LEVEL: z.preprocess(blankIsUnset, z.enum(LOG_LEVELS).default("info")),
  /**
   * The bearer token a Prometheus scraper sends for /metrics (app and worker). Unset: /metrics
   * answers 404, so nothing about the app's traffic is public by default.
   */
  METRICS_TOKEN: z.preprocess(blankIsUnset, z.string().min(16, "must be at least 16 characters (openssl rand -hex 16)").optional()),
  /** The worker's health port (/healthz, /readyz, /metrics) for a supervisor; off when unset. */
  WORKER_HEALTH_PORT: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(65_535).optional()),
  /** The address the worker's health port listens on: every interface, so a supervisor on the host's network reaches it. */
  WORKER_HEALTH_HOST: z.preprocess(blankIsUnset, z.string().default("0.0.0.0")),
  /** How long the app, told to stop (SIGTERM), answers the requests it holds before it exits anyway. */
  DRAIN_GRACE_MS: z.preprocess(blankIsUnset, z.coerce.number().int().positive().default(10_000)),
  /**
   * The app server's bounds on slow clients (server/serve.mjs, docs/operations.md): seconds to send
   * a request's headers, and the whole request; how long a kept-alive connection may sit idle; how
   * many connections one process holds at once (more are closed as they come).
   */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(300).default(10)),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(300).default(30)),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(300).default(65)),
  HTTP_MAX_CONNECTIONS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).default(1_000)),
  /** The migrations the database must have applied before /readyz says ready; relative to the working directory. */
  MIGRATIONS_DIR: z.preprocess(blankIsUnset, z.string().default("prisma/migrations")),
  /** Finished jobs and processed webhook receipts older than this many days are purged by the housekeeping job. */
  RETENTION_DAYS: z.preprocess(
    blankIsUnset,
    z.coerce
      .number()
      .int()
      .min(2, "must be at least 2 days: a receipt or job younger than Shopify's redelivery window still stops a duplicate")
      .default(30),
  ),
});

export type Env = z.infer<typeof EnvSchema>;

/**
 * Development and tests only: a fixed, published key, so a developer's database and the tests need
 * no setup. Anything it encrypts is as good as plain text, so production refuses it, as the key or
 * an old key, in every process (checked at start, below).
 */
const DEVELOPMENT_CREDENTIALS_KEY = createHash("sha256")
  .update("fulfilment-connector development key, never for real credentials")
  .digest();

const isDevelopmentKey = (base64: string) => Buffer.from(base64, "base64").equals(DEVELOPMENT_CREDENTIALS_KEY);

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  if (
    env.NODE_ENV === "production" &&
    [env.PROVIDER_CREDENTIALS_KEY, ...env.PROVIDER_CREDENTIALS_OLD_KEYS].some((key) => key !== undefined && isDevelopmentKey(key))
  ) {
    throw new Error(
      "Invalid environment:\n  PROVIDER_CREDENTIALS_KEY: the published development key is refused in production (openssl rand -base64 32)",
    );
  }
  if (env.HTTP_HEADERS_TIMEOUT_SECONDS > env.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new Error("Invalid environment:\n  HTTP_HEADERS_TIMEOUT_SECONDS: must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS");
  }
  return env;
}

/**
 * The Shopify app cannot start without its credentials, while scripts and the sandbox can: so
 * shopify.server.ts demands them through this check instead of the schema requiring them.
 */
export function shopifyCredentials(source: Env): { apiKey: string; apiSecretKey: string } {
  const missing = (["SHOPIFY_API_KEY", "SHOPIFY_API_SECRET"] as const).filter((name) => source[name] === "");
  if (missing.length > 0) {
    throw new Error(`Invalid environment:\n${missing.map((name) => `  ${name}: required by the Shopify app`).join("\n")}`);
  }
  return { apiKey: source.SHOPIFY_API_KEY, apiSecretKey: source.SHOPIFY_API_SECRET };
}

export const env: Env = readEnv();

/** The keys that seal and open secrets at rest: `current` seals, every one of `all` (current first) opens. */
export interface CredentialsKeys {
  current: Buffer;
  all: Buffer[];
}

/**
 * The keys for secrets at rest. Without PROVIDER_CREDENTIALS_KEY the development key is used, but
 * only when NODE_ENV is development or test: never in production, whatever else is set (the stack
 * and the tests' app processes run as production, with a random key of their own). Asked when
 * secrets are read or written, not at start: the build and scripts load this module in production
 * mode without needing the key.
 */
export function credentialsKeys(source: Env): CredentialsKeys {
  const old = source.PROVIDER_CREDENTIALS_OLD_KEYS.map((key) => Buffer.from(key, "base64"));
  if (source.PROVIDER_CREDENTIALS_KEY !== undefined) {
    const current = Buffer.from(source.PROVIDER_CREDENTIALS_KEY, "base64");
    return { current, all: [current, ...old] };
  }
  if (source.NODE_ENV !== "production") return { current: DEVELOPMENT_CREDENTIALS_KEY, all: [DEVELOPMENT_CREDENTIALS_KEY, ...old] };
  throw new Error(
    "Invalid environment:\n  PROVIDER_CREDENTIALS_KEY: required in production to encrypt the provider credentials and Shopify tokens the app stores (32 bytes in base64: openssl rand -base64 32)",
  );
}
