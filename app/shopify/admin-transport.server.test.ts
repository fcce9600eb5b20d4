import { abstractFetch, setAbstractFetchFunc, type AbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { afterEach, describe, expect, it } from "vitest";
import { readEnv } from "../env.server";
import { adminTransportInstalled, emulatorAdminUrl, installAdminTransport, redirectingFetch } from "./admin-transport.server";

const origin = new URL("http://127.0.0.1:4321");

/** A fetch that answers with the URL it was asked for, and records the calls. */
function echoFetch() {
  const calls: { url: string; method: string | undefined }[] = [];
  const fetchFunc: AbstractFetchFunc = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? (typeof input === "object" && "method" in input ? input.method : undefined);
    calls.push({ url, method });
    return new Response(url);
  };
  return { fetchFunc, calls };
}

describe("emulatorAdminUrl", () => {
  it("moves a shop's Admin API path under /shops/<shop> on the emulator, query included", () => {
    const url = new URL("https://demo-shop.myshopify.com/admin/api/2026-10/graphql.json?retry=1");
    expect(emulatorAdminUrl(url, origin)?.href).toBe(
      "http://127.0.0.1:4321/shops/demo-shop.myshopify.com/admin/api/2026-10/graphql.json?retry=1",
    );
  });

  it("covers token exchange too", () => {
    const url = new URL("https://demo-shop.myshopify.com/admin/oauth/access_token");
    expect(emulatorAdminUrl(url, origin)?.href).toBe("http://127.0.0.1:4321/shops/demo-shop.myshopify.com/admin/oauth/access_token");
  });

  it("leaves everything that is not a shop's Admin API alone", () => {
    for (const href of [
      "https://demo-shop.myshopify.com/apps/proxy",
      "http://127.0.0.1:3000/admin/api/x",
      "https://cdn.shopify.com/s/files/1/logo.png",
    ]) {
      expect(emulatorAdminUrl(new URL(href), origin)).toBeUndefined();
    }
  });
});

describe("redirectingFetch", () => {
  it("re-addresses string, URL and Request inputs and keeps the method", async () => {
    const { fetchFunc, calls } = echoFetch();
    const redirecting = redirectingFetch(fetchFunc, origin);
    await redirecting("https://a.myshopify.com/admin/api/2026-10/graphql.json", { method: "POST" });
    await redirecting(new URL("https://b.myshopify.com/admin/oauth/access_token"));
    await redirecting(new Request("https://c.myshopify.com/admin/api/2026-10/graphql.json", { method: "POST", body: "{}" }));
    expect(calls).toEqual([
      { url: "http://127.0.0.1:4321/shops/a.myshopify.com/admin/api/2026-10/graphql.json", method: "POST" },
      { url: "http://127.0.0.1:4321/shops/b.myshopify.com/admin/oauth/access_token", method: undefined },
      { url: "http://127.0.0.1:4321/shops/c.myshopify.com/admin/api/2026-10/graphql.json", method: "POST" },
    ]);
  });

  it("passes other requests through untouched", async () => {
    const { fetchFunc, calls } = echoFetch();
    await redirectingFetch(fetchFunc, origin)("http://127.0.0.1:4010/v1/warehouses");
    expect(calls).toEqual([{ url: "http://127.0.0.1:4010/v1/warehouses", method: undefined }]);
  });
});

describe("installAdminTransport", () => {
  const original = abstractFetch;
  afterEach(() => setAbstractFetchFunc(original));

  it("replaces the library's fetch, and installing again replaces rather than stacks the redirect", async () => {
    const { fetchFunc, calls } = echoFetch();
    setAbstractFetchFunc(fetchFunc);
    expect(adminTransportInstalled()).toBe(false);

    installAdminTransport("http://127.0.0.1:1111");
    installAdminTransport("http://127.0.0.1:2222");
    expect(adminTransportInstalled()).toBe(true);

    await abstractFetch("https://demo.myshopify.com/admin/api/2026-10/graphql.json");
    expect(calls).toEqual([{ url: "http://127.0.0.1:2222/shops/demo.myshopify.com/admin/api/2026-10/graphql.json", method: undefined }]);
  });
});

describe("SHOPIFY_ADMIN_API_ORIGIN", () => {
  it("accepts the emulator on loopback", () => {
    for (const origin of ["http://127.0.0.1:4321", "http://localhost:4321", "http://[::1]:4321"]) {
      expect(readEnv({ SHOPIFY_ADMIN_API_ORIGIN: origin }).SHOPIFY_ADMIN_API_ORIGIN).toBe(origin);
    }
  });

  it("refuses any other host, so a deployment cannot send shop tokens elsewhere by mistake", () => {
    expect(() => readEnv({ SHOPIFY_ADMIN_API_ORIGIN: "https://emulator.example.com" })).toThrow(
      /SHOPIFY_ADMIN_API_ORIGIN: must be a loopback URL/,
    );
  });
});
