import { describe, expect, it } from "vitest";
import { providerCredentialsKey, readEnv, shopifyCredentials } from "./env.server";

describe("readEnv", () => {
  it("names the variable when PROVIDER_BASE_URL is not a URL", () => {
    expect(() => readEnv({ PROVIDER_BASE_URL: "not a url" })).toThrow(/PROVIDER_BASE_URL/);
  });

  it("runs the embedded install against the sandbox when nothing is set", () => {
    const env = readEnv({});
    expect(env.DATABASE_URL).toBe("file:./.data/app.sqlite");
    expect(env.PROVIDER_BASE_URL).toBe("http://127.0.0.1:4010");
    expect(env.NODE_ENV).toBe("development");
    expect(env.PORT).toBe(3000);
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

describe("providerCredentialsKey", () => {
  const key = Buffer.alloc(32, 7).toString("base64");

  it("is the configured key", () => {
    expect(providerCredentialsKey(readEnv({ NODE_ENV: "production", PROVIDER_CREDENTIALS_KEY: key }))).toEqual(Buffer.alloc(32, 7));
  });

  it("names the variable when the key is not 32 bytes of base64", () => {
    expect(() => readEnv({ PROVIDER_CREDENTIALS_KEY: Buffer.alloc(16).toString("base64") })).toThrow(/PROVIDER_CREDENTIALS_KEY: must be 32 bytes in base64/);
  });

  it("is required in production", () => {
    expect(() => providerCredentialsKey(readEnv({ NODE_ENV: "production" }))).toThrow(/PROVIDER_CREDENTIALS_KEY: required in production/);
  });

  it("falls back to the published development key in development, tests and the emulator stack only", () => {
    const development = providerCredentialsKey(readEnv({}));
    expect(development).toHaveLength(32);
    expect(providerCredentialsKey(readEnv({ NODE_ENV: "test" }))).toEqual(development);
    expect(providerCredentialsKey(readEnv({ NODE_ENV: "production", SHOPIFY_ADMIN_API_ORIGIN: "http://127.0.0.1:4020" }))).toEqual(development);
  });
});
