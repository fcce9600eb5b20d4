/**
 * The one place that reads process.env. Everything else imports `env` (or `readEnv` in tests and
 * scripts that build their own). A misconfiguration fails at start with the variable's name.
 */
import { z } from "zod";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** Prisma connection string. SQLite file by default: the embedded install. */
  DATABASE_URL: z.string().min(1).default("file:./.data/app.sqlite"),

  SHOPIFY_API_KEY: z.string().default(""),
  SHOPIFY_API_SECRET: z.string().default(""),
  SHOPIFY_APP_URL: z.string().default("http://127.0.0.1:3000"),
  SCOPES: z.string().optional(),
  SHOP_CUSTOM_DOMAIN: z.string().optional(),

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

export const env: Env = readEnv();
