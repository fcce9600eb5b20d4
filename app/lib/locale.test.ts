import { describe, expect, it } from "vitest";
import { canonicalLocale, localeCookie, requestLocale, visitorLocale } from "./locale";

const request = (url: string, headers: Record<string, string> = {}) => new Request(`https://app.example${url}`, { headers });

describe("the admin's language", () => {
  it("is the one Shopify's admin names in the link, and the app remembers it", () => {
    expect(requestLocale(request("/app?locale=zh-CN", { "accept-language": "en-US" }))).toEqual({ locale: "zh-CN", fromAdmin: true });
    expect(requestLocale(request("/app?locale=zh_cn"))).toEqual({ locale: "zh-CN", fromAdmin: true });
  });

  it("comes from the cookie on the app's later requests, then from the browser, then English", () => {
    expect(requestLocale(request("/app/stock", { cookie: "other=1; admin_locale=zh-CN", "accept-language": "en" })).locale).toBe("zh-CN");
    expect(requestLocale(request("/app/stock", { "accept-language": "fr-CA;q=0.4, de-DE, *;q=0.1" })).locale).toBe("de-DE");
    expect(requestLocale(request("/app/stock", { "accept-language": "fr;q=0" })).locale).toBe("en");
    expect(requestLocale(request("/app/stock")).locale).toBe("en");
  });

  it("ignores what is not a language tag, wherever it comes from", () => {
    expect(canonicalLocale("en-US<script>")).toBeNull();
    expect(canonicalLocale("x".repeat(100))).toBeNull();
    expect(requestLocale(request("/app?locale=%22%3E", { cookie: "admin_locale=; x" })).locale).toBe("en");
  });

  it("is kept in a cookie the admin's frame may hold and no script can read", () => {
    expect(localeCookie("zh-CN")).toBe("admin_locale=zh-CN; Path=/; Max-Age=31536000; Secure; HttpOnly; SameSite=None; Partitioned");
  });
});

describe("the language of a page outside the admin", () => {
  it("is the link's, else the browser's, never the admin's cookie, else English", () => {
    expect(visitorLocale(request("/auth/login?locale=zh-CN", { "accept-language": "en-US" }))).toBe("zh-CN");
    expect(visitorLocale(request("/", { "accept-language": "zh-Hans-CN,zh;q=0.9" }))).toBe("zh-Hans-CN");
    expect(visitorLocale(request("/", { cookie: "admin_locale=zh-CN", "accept-language": "en-GB" }))).toBe("en-GB");
    expect(visitorLocale(request("/?locale=%22%3E", { "accept-language": "*" }))).toBe("en");
  });
});
