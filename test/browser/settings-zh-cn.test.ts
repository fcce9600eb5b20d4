/**
 * The Settings pages for an admin in Chinese (Shopify's `locale=zh-CN`): their headings, fields and
 * answers in Simplified Chinese, a wrong field named in Chinese under it and above the form, and no
 * English left on the page but names that are the same in every language (Shopify, SKU, SMTP…).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { getShopSettings } from "~/stores/shops/shop.server";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, saveBarButton, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

/** Names a Chinese page writes as they are: products, standards and codes, not sentences. */
const SAME_IN_CHINESE = new Set([
  "Shopify",
  "SKU",
  "IOSS",
  "Webhook",
  "JSON",
  "Slack",
  "SMTP",
  "STARTTLS",
  "TLS",
  "B2B",
  "COD",
  "HS",
  "VAT",
  "API",
]);

/** The Latin words the page shows, but those names, and web and e-mail addresses. */
async function englishLeft(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return (
    (
      text
        .replace(/https?:\/\/\S+/g, "")
        .replace(/\S+@\S+/g, "")
        // Messages go as {"text": …}: the JSON itself, as the receiver reads it.
        .replace(/\{"text": …\}/g, "")
        // The usual name of the payment method, as Shopify's checkout writes it.
        .replace("Cash on Delivery", "")
        .match(/[A-Za-z]{2,}/g) ?? []
    ).filter((word) => !SAME_IN_CHINESE.has(word))
  );
}

describe("the settings pages in Chinese", () => {
  it(
    "the overview names each page and where it stands in Chinese",
    async () => {
      const settings = await admin.openAdminPage("/app/settings?locale=zh-CN", { name: "/app/settings in zh-CN" });
      const { page } = settings;
      await expectVisible(page.getByRole("heading", { name: "设置", level: 1 }));
      await expectVisible(page.getByRole("link", { name: "服务商连接" }));
      await expectVisible(page.getByRole("link", { name: "订单与发出之后" }));
      await expectVisible(page.getByText("尚未设置：没有仓库，也没有一件代发。"));
      await expectVisible(page.getByText("沙盒：不会发出真实包裹。"));
      expect(await englishLeft(page)).toEqual([]);
      await settings.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "Orders and after sending: a wrong number of days is named in Chinese under its field, and nothing is saved",
    async () => {
      const s = admin.stack();
      const before = await getShopSettings(s.db, s.shop);
      const orders = await admin.openAdminPage("/app/settings/orders?locale=zh-CN", { name: "/app/settings/orders in zh-CN" });
      const { page } = orders;
      await expectVisible(page.getByRole("heading", { name: "订单与发出之后", level: 1 }));
      await expectVisible(page.getByText("按付款条款下单的公司订单"));
      expect(await page.getByLabel("发出按账期付款的订单").isChecked()).toBe(true);
      expect(await englishLeft(page)).toEqual([]);
      await orders.audit();

      const days = page.getByLabel("多少天没有物流更新后停止跟踪包裹");
      await days.fill("400");
      await orders.mainAction(() => saveBarButton(page, "保存").click());
      await expectVisible(page.getByText("设置未保存：请更正下列字段。"));
      await expectVisible(page.getByText("多少天没有物流更新后停止跟踪包裹：不能大于 365"));
      expect(await days.getAttribute("aria-invalid")).toBe("true");
      expect(await englishLeft(page)).toEqual([]);
      await orders.audit();
      expect(await getShopSettings(s.db, s.shop)).toEqual(before);
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "Notifications: the action refuses a webhook turned on without an address, in Chinese, at its field",
    async () => {
      const notifications = await admin.openAdminPage("/app/settings/notifications?locale=zh-CN", {
        name: "/app/settings/notifications in zh-CN",
      });
      const { page } = notifications;
      notifications.allowConsoleError(/status of 400/, "the app answers a refused form with 400, and Chromium logs every 4xx");
      await expectVisible(page.getByRole("heading", { name: "通知", level: 1 }));
      await expectVisible(page.getByText("提醒", { exact: true }));
      await expectVisible(page.getByLabel("发送时间（电子邮件）"));
      expect(await englishLeft(page)).toEqual([]);
      await notifications.audit();

      // Only the server knows no address is saved: the answer is the action's, in the admin's language.
      await page.getByLabel("向 Webhook 发送提醒").check();
      await notifications.mainAction(() => saveBarButton(page, "保存").click());
      await expectVisible(page.getByText("设置未保存：请更正下列字段。"));
      await expectVisible(page.getByText("Webhook 地址：向 Webhook 发送提醒时必填"));
      expect(await page.getByLabel("Webhook 地址").getAttribute("aria-invalid")).toBe("true");
      expect(await englishLeft(page)).toEqual([]);
      await notifications.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "Provider connection: the action refuses a token with a space in it, in Chinese, at its field",
    async () => {
      const provider = await admin.openAdminPage("/app/settings/provider?locale=zh-CN", { name: "/app/settings/provider in zh-CN" });
      const { page } = provider;
      provider.allowConsoleError(/status of 400/, "the app answers a refused token with 400, and Chromium logs every 4xx");
      await expectVisible(page.getByRole("heading", { name: "服务商连接", level: 1 }));
      await expectVisible(page.getByLabel("模式"));
      await expectVisible(page.getByText("未连接：正式环境需要 API 令牌，或通过服务商登录进行连接。"));
      expect(await englishLeft(page)).toEqual([]);
      await provider.audit();

      const token = page.getByLabel("API 令牌");
      await token.fill("sk live with spaces");
      await provider.mainAction(() => page.getByRole("button", { name: "验证并保存令牌" }).click());
      await expectVisible(page.getByText("令牌未保存。"));
      await expectVisible(page.getByText("只能包含字母、数字和符号，不能有空格"));
      expect(await token.getAttribute("aria-invalid")).toBe("true");
      expect(await englishLeft(page)).toEqual([]);
      await provider.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
