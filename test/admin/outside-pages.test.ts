/**
 * The pages outside Shopify's admin, served by the app as deployed (the stack): the landing page,
 * the login page and the provider login's pages. No Shopify `locale` reaches them the way it reaches
 * the admin's pages, so each speaks the language its link names (`?locale=`), else the browser's
 * (Accept-Language: any Chinese reads Simplified Chinese, anything else English), and says so in
 * `<html lang>`.
 */
import { describe, expect, it } from "vitest";
import { useStack } from "../support/stack";
import { BROWSER_USER_AGENT } from "./support";

// The app registered with the provider, as in production: the provider login's pages get as far as the attempt.
process.env.PROVIDER_CLIENT_ID = "connector-test-client";
process.env.PROVIDER_CLIENT_SECRET = "connector-test-secret";
const stack = useStack({ worker: false });

async function page(path: string, languages?: string, init: RequestInit = {}): Promise<{ status: number; html: string }> {
  const headers: Record<string, string> = { "User-Agent": BROWSER_USER_AGENT };
  if (languages !== undefined) headers["Accept-Language"] = languages;
  const response = await fetch(new URL(path, stack().appUrl), { redirect: "manual", ...init, headers: { ...headers, ...init.headers } });
  return { status: response.status, html: await response.text() };
}

const langOf = (html: string) => /<html[^>]* lang="([^"]+)"/.exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe("the landing page", () => {
  it("speaks the browser's Chinese, or the link's, in Simplified Chinese, and English otherwise", async () => {
    for (const [path, languages] of [
      ["/", "zh-CN,zh;q=0.9,en;q=0.8"],
      ["/", "zh-Hans"],
      ["/", "zh-TW,en;q=0.5"],
      ["/?locale=zh-CN", "en-US,en;q=0.9"],
    ] as const) {
      const { status, html } = await page(path, languages);
      expect(status, `${path} ${languages}`).toBe(200);
      expect(langOf(html), `${path} ${languages}`).toBe("zh-CN");
      expect(titleOf(html)).toBe("履约连接器");
      expect(html).toContain("将您的 Shopify 订单发送给海外履约服务商");
      expect(html).toContain("店铺域名");
      expect(html).toContain("订单自动流转。");
      expect(html).toContain("为顾客提供物流跟踪。");
      // The login it sends to answers in the same language.
      expect(html).toContain('action="/auth/login?locale=zh-CN"');
      expect(html).not.toContain("Log in");
      expect(html).not.toContain("Hands-off orders");
    }
    for (const languages of [undefined, "en-GB", "fr-FR,fr;q=0.9", "*"]) {
      const { html } = await page("/", languages);
      expect(langOf(html), String(languages)).toBe("en");
      expect(titleOf(html)).toBe("Fulfilment connector");
      expect(html).toContain("Hands-off orders.");
      expect(html).toContain("Log in");
      expect(html).not.toContain("履约连接器");
    }
  });
});

describe("the login page", () => {
  it("speaks the browser's Chinese or the link's, with Polaris's own words in Chinese, and English otherwise", async () => {
    for (const [path, languages] of [
      ["/auth/login", "zh-CN,zh;q=0.9"],
      ["/auth/login?locale=zh-CN", undefined],
    ] as const) {
      const { status, html } = await page(path, languages);
      expect(status).toBe(200);
      expect(langOf(html), path).toBe("zh-CN");
      expect(titleOf(html)).toBe("登录");
      expect(html).toContain("店铺域名");
      expect(html).toContain("例如：example.myshopify.com");
      expect(html).not.toContain("Shop domain");
      // Polaris's words travel in the page's data: its Chinese ones.
      expect(html).toContain("Polaris");
      expect(html).toContain("头像和姓名缩写");
    }
    const { html } = await page("/auth/login", "en-US");
    expect(langOf(html)).toBe("en");
    expect(titleOf(html)).toBe("Log in");
    expect(html).toContain("Shop domain");
    expect(html).not.toContain("店铺域名");
  });

  it("names what is wrong with the shop typed in the page's language", async () => {
    const typed = (shop: string) => ({
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ shop }).toString(),
    });
    // As the landing page's form sends it, and as the login page's own form does for a Chinese browser.
    const fromLink = await page("/auth/login?locale=zh-CN", "en-US", typed(""));
    expect(langOf(fromLink.html)).toBe("zh-CN");
    expect(fromLink.html).toContain("请输入您的店铺域名以登录");
    const fromBrowser = await page("/auth/login", "zh-CN", typed("not a shop!"));
    expect(fromBrowser.html).toContain("请输入有效的店铺域名以登录");
    const english = await page("/auth/login", "en-US", typed("not a shop!"));
    expect(english.html).toContain("Please enter a valid shop domain to log in");
    expect(english.html).not.toContain("请输入");
  });
});

describe("the provider login's pages", () => {
  it("refuse in the language the start page's link names, else the browser's, else English", async () => {
    const start = await page("/provider-oauth/start?attempt=unknown&locale=zh-CN", "en-US");
    expect(start.status).toBe(400);
    expect(langOf(start.html)).toBe("zh-CN");
    expect(titleOf(start.html)).toBe("服务商连接");
    expect(start.html).toContain("<h1>未能连接服务商</h1>");
    expect(start.html).toContain("本应用并未在等待此连接");

    // The provider's redirect to the callback carries no language of ours: the browser's.
    const callback = await page("/provider-oauth/callback?error=access_denied", "zh-CN,zh;q=0.9");
    expect(callback.status).toBe(400);
    expect(langOf(callback.html)).toBe("zh-CN");
    expect(callback.html).toContain("服务商未批准此连接。请在本应用的设置中点击“连接”重试。");
    expect(callback.html).not.toContain("access_denied");

    const english = await page("/provider-oauth/callback?error=access_denied", "de-DE");
    expect(langOf(english.html)).toBe("en");
    expect(titleOf(english.html)).toBe("Provider connection");
    expect(english.html).toContain("<h1>The provider was not connected</h1>");
    expect(english.html).toContain("The provider did not approve the connection.");
  });
});

describe("an address the app has no page for", () => {
  it("answers 404 with a page that says so in the link's language, not the framework's English", async () => {
    const chinese = await page("/no-such-page?locale=zh-CN");
    expect(chinese.status).toBe(404);
    expect(langOf(chinese.html)).toBe("zh-CN");
    expect(titleOf(chinese.html)).toBe("此页面不存在");
    expect(chinese.html).toContain("请从 Shopify 后台重新打开应用。");
    expect(chinese.html).not.toContain("Application Error");
    const english = await page("/no-such-page");
    expect(english.status).toBe(404);
    expect(langOf(english.html)).toBe("en");
    expect(titleOf(english.html)).toBe("This page does not exist");
    // A language the app does not speak is answered in English, and the page says it is English.
    expect(langOf((await page("/no-such-page?locale=fr")).html)).toBe("en");
  });

  it("with no locale in the link, speaks the admin's remembered language, else the browser's", async () => {
    // The admin's cookie (set by the app's first page inside the admin) rules over the browser's language.
    const remembered = await page("/app/no-such-page", "en-US,en;q=0.9", { headers: { Cookie: "admin_locale=zh-CN" } });
    expect(remembered.status).toBe(404);
    expect(langOf(remembered.html)).toBe("zh-CN");
    expect(titleOf(remembered.html)).toBe("此页面不存在");
    const browsers = await page("/no-such-page", "zh-CN,zh;q=0.9,en;q=0.8");
    expect(browsers.status).toBe(404);
    expect(langOf(browsers.html)).toBe("zh-CN");
    expect(browsers.html).toContain("请从 Shopify 后台重新打开应用。");
    const otherwise = await page("/no-such-page", "fr-FR,fr;q=0.9");
    expect(langOf(otherwise.html)).toBe("en");
    expect(titleOf(otherwise.html)).toBe("This page does not exist");
  });
});
