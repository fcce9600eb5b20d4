import { describe, expect, it } from "vitest";
import { credentialsKeys, readEnv, shopifyCredentials } from "./env.server";

describe("readEnv", () => {
  it("names the variable when PROVIDER_BASE_URL is not a URL", () => {
    expect(() => readEnv({ PROVIDER_BASE_URL: "not a url" })).toThrow(/PROVIDER_BASE_URL/);
  });

  it("runs the embedded install against the sandbox when nothing is set", () => {
    const env = readEnv({});
    expect(env.DATABASE_URL).toBe("file:./.data/app.sqlite");
    expect(env.PROVIDER_BASE_URL).toBe("http://127.0.0.1:4010");
    // Unset is production: a process started without it must not take the development key.
    expect(env.NODE_ENV).toBe("production");
    expect(env.PORT).toBe(3000);
  });

  it("runs in production with info logs, no metrics, no worker health port, a 10 s drain and 30 days of retention unless told otherwise", () => {
    const env = readEnv({});
    expect(env).toMatchObject({ LOG_LEVEL: "info", DRAIN_GRACE_MS: 10_000, RETENTION_DAYS: 30, MIGRATIONS_DIR: "prisma/migrations" });
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(env.WORKER_HEALTH_PORT).toBeUndefined();
    expect(readEnv({ LOG_LEVEL: "debug", WORKER_HEALTH_PORT: "9464", RETENTION_DAYS: "7" })).toMatchObject({
      LOG_LEVEL: "debug",
      WORKER_HEALTH_PORT: 9464,
      RETENTION_DAYS: 7,
    });
  });

  it("names the operations variable that is wrong", () => {
    expect(() => readEnv({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL/);
    expect(() => readEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => readEnv({ WORKER_HEALTH_PORT: "70000" })).toThrow(/WORKER_HEALTH_PORT/);
    expect(() => readEnv({ RETENTION_DAYS: "1" })).toThrow(/RETENTION_DAYS: must be at least 2 days/);
  });
});

describe("shopifyCredentials", () => {
  it("names every missing credential", () => {
    expect(() => shopifyCredentials(readEnv({}))).toThrow(/SHOPIFY_API_KEY[\s\S]*SHOPIFY_API_SECRET/);
  });

  it("passes the key and secret through when both are set", () => {
    const env = readEnv({ SHOPIFY_API_KEY: "key", SHOPIFY_API_SECRET: "secret" });
    expect(shopifyCredentials(env)).toEqual({ apiKey: "key", apiSecretKey: "secret" });
  });
});

describe("credentialsKeys", () => {
  const key = Buffer.alloc(32, 7).toString("base64");
  const old = Buffer.alloc(32, 9).toString("base64");
  const development = credentialsKeys(readEnv({ NODE_ENV: "development" })).current;

  it("is the configured key, which seals, then the old keys, which only open", () => {
    expect(credentialsKeys(readEnv({ NODE_ENV: "production", PROVIDER_CREDENTIALS_KEY: key }))).toEqual({
      current: Buffer.alloc(32, 7),
      all: [Buffer.alloc(32, 7)],
    });
    expect(credentialsKeys(readEnv({ PROVIDER_CREDENTIALS_KEY: key, PROVIDER_CREDENTIALS_OLD_KEYS: `${old}, ${key}` }))).toEqual({
      current: Buffer.alloc(32, 7),
      all: [Buffer.alloc(32, 7), Buffer.alloc(32, 9), Buffer.alloc(32, 7)],
    });
  });

  it("names the variable when a key is not 32 bytes of base64", () => {
    expect(() => readEnv({ PROVIDER_CREDENTIALS_KEY: Buffer.alloc(16).toString("base64") })).toThrow(
      /PROVIDER_CREDENTIALS_KEY: must be 32 bytes in base64/,
    );
    expect(() => readEnv({ PROVIDER_CREDENTIALS_OLD_KEYS: `${old},short` })).toThrow(
      /PROVIDER_CREDENTIALS_OLD_KEYS\.1: must be 32 bytes in base64/,
    );
  });

  it("is required in production, which is what an unset NODE_ENV means (the worker, a script)", () => {
    expect(() => credentialsKeys(readEnv({ NODE_ENV: "production" }))).toThrow(/PROVIDER_CREDENTIALS_KEY: required in production/);
    expect(() => credentialsKeys(readEnv({}))).toThrow(/PROVIDER_CREDENTIALS_KEY: required in production/);
    // The emulator stack is no exception any more: its app processes get a random key of their own.
    expect(() => credentialsKeys(readEnv({ NODE_ENV: "production", SHOPIFY_ADMIN_API_ORIGIN: "http://127.0.0.1:4020" }))).toThrow(
      /required in production/,
    );
  });

  it("refuses the published development key in production, as the key or an old key, at start", () => {
    const published = development.toString("base64");
    expect(() => readEnv({ NODE_ENV: "production", PROVIDER_CREDENTIALS_KEY: published })).toThrow(
      /the published development key is refused in production/,
    );
    expect(() => readEnv({ PROVIDER_CREDENTIALS_KEY: key, PROVIDER_CREDENTIALS_OLD_KEYS: published })).toThrow(
      /the published development key is refused in production/,
    );
    expect(credentialsKeys(readEnv({ NODE_ENV: "development", PROVIDER_CREDENTIALS_KEY: published })).current).toEqual(development);
  });

  it("falls back to the published development key in development and tests only", () => {
    expect(development).toHaveLength(32);
    expect(credentialsKeys(readEnv({ NODE_ENV: "test" })).current).toEqual(development);
  });
});
