/**
 * The one place that reads process.env. Everything else imports `env` (or `readEnv` in tests and
 * scripts that build their own). A misconfiguration fails at start with the variable's name.
 */
import { createHash } from "node:crypto";
import { z } from "zod";

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
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
    .refine((value) => isLoopback(new URL(value).hostname), "must be a loopback URL (127.0.0.1, localhost or [::1]): the emulator, never a real host")
    .optional(),

  /** Base URL of the fulfilment provider's interface; the sandbox by default. */
  PROVIDER_BASE_URL: z.url().default("http://127.0.0.1:4010"),
  PROVIDER_CLIENT_ID: z.string().optional(),
  PROVIDER_CLIENT_SECRET: z.string().optional(),
  /**
   * The AES-256 key that encrypts each shop's provider credentials at rest (Shop.providerCredentialsCiphertext):
   * 32 random bytes in base64 (`openssl rand -base64 32`). Required in production; see
   * providerCredentialsKey for the development key used without it, and docs/decisions/0008.
   */
  PROVIDER_CREDENTIALS_KEY: z
    .string()
    .refine((value) => Buffer.from(value, "base64").length === 32 && /^[A-Za-z0-9+/]+=*$/.test(value), "must be 32 bytes in base64 (openssl rand -base64 32)")
    .optional(),

  /**
   * The pipeline's pace (app/flows/ports/policy.ts): "fast" shortens every wait for the sandbox's
   * fast clock (the stack and the demo); never against a real provider.
   */
  PIPELINE_POLICY: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["production", "fast"]).default("production")),
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
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

/**
 * Development and tests only: a fixed, published key, so a developer's database and the test
 * stack need no setup. Anything it encrypts is as good as plain text.
 */
const DEVELOPMENT_CREDENTIALS_KEY = createHash("sha256").update("fulfilment-connector development key, never for real credentials").digest();

/**
 * The key for provider credentials. Without PROVIDER_CREDENTIALS_KEY the development key is used,
 * but only outside production, or in the stack and tests (SHOPIFY_ADMIN_API_ORIGIN points the app
 * at the loopback-only Shopify emulator, which no real deployment sets). Asked when credentials
 * are read or written, not at start: the build and scripts load this module in production mode
 * without needing the key.
 */
export function providerCredentialsKey(source: Env): Buffer {
  if (source.PROVIDER_CREDENTIALS_KEY !== undefined) return Buffer.from(source.PROVIDER_CREDENTIALS_KEY, "base64");
  if (source.NODE_ENV !== "production" || source.SHOPIFY_ADMIN_API_ORIGIN !== undefined) return DEVELOPMENT_CREDENTIALS_KEY;
  throw new Error(
    "Invalid environment:\n  PROVIDER_CREDENTIALS_KEY: required in production to encrypt the provider credentials merchants save (32 bytes in base64: openssl rand -base64 32)",
  );
}
