import { describe, expect, it } from "vitest";
import { readEnv, shopifyCredentials } from "./env.server";

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
