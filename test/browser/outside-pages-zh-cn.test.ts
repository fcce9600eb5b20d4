/**
 * The pages outside Shopify's admin in a browser whose language is Simplified Chinese (Chromium's
 * locale sets Accept-Language): the login page and the landing page speak Chinese, Polaris's own
 * words included, with nothing English left but names, and `<html lang="zh-CN">`. Screenshots in
 * test-results/browser/ (look at them: no clipped or overflowing Chinese).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { englishLeftOn } from "./english-left";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, RESULTS_DIR, useAdminBrowser, waitForHydration } from "./support";

const admin = useAdminBrowser({ worker: false });

/** The page opened top-level (not embedded) by a Chinese browser, its screenshot taken once `check` passes. */
async function openInChinese(pagePath: string, screenshot: string, check: (page: import("playwright-core").Page) => Promise<void>) {
  const context = await admin.browser().newContext({ locale: "zh-CN", viewport: { width: 1280, height: 800 }, timezoneId: "UTC" });
  try {
    const page = await context.newPage();
    const response = await page.goto(new URL(pagePath, admin.stack().appUrl).href, { waitUntil: "load" });
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("zh-CN");
    await check(page);
    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS_DIR, screenshot), fullPage: true, animations: "disabled", caret: "hide" });
  } finally {
    await context.close();
  }
}

describe("the pages outside the admin, in Chinese", () => {
  it(
    "the login page: its words and Polaris's in Chinese, and a wrong shop named in Chinese",
    async () => {
      await openInChinese("/auth/login", "auth-login-zh-cn.png", async (page) => {
        await expectVisible(page.getByRole("heading", { name: "登录" }));
        await page.getByLabel("店铺域名").fill("not a shop!");
        await page.getByRole("button", { name: "登录" }).click();
        await expectVisible(page.getByText("请输入有效的店铺域名以登录"));
        expect(await page.title()).toBe("登录");
        expect(await englishLeftOn(page, ["example", "myshopify", "com"])).toEqual([]);
      });
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "the landing page: what the app does and its login form in Chinese",
    async () => {
      await openInChinese("/", "landing-zh-cn.png", async (page) => {
        await expectVisible(page.getByRole("heading", { name: "履约连接器" }));
        await expectVisible(page.getByText("订单自动流转。"));
        await expectVisible(page.getByRole("button", { name: "登录" }));
        expect(await englishLeftOn(page, ["my", "shop", "domain", "myshopify", "com"])).toEqual([]);
      });
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
