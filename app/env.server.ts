/**
 * The one place that reads process.env. Everything else imports `env` (or `readEnv` in tests and
 * scripts that build their own). A misconfiguration fails at start with the variable's name.
 */
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
