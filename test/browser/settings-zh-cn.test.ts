/**
 * The Settings pages for an admin in Chinese (Shopify's `locale=zh-CN`): their headings, fields and
 * answers in Simplified Chinese, a wrong field named in Chinese under it and above the form, and no
 * English left on the page but names that are the same in every language (Shopify, SKU, SMTP…).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { getShopSettings, saveShopSettings } from "~/stores/shops/shop.server";
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

  it(
    "Customs and tax numbers: a wrong IOSS number is named in Chinese under its field and above the form, and nothing is saved",
    async () => {
      const s = admin.stack();
      await saveShopSettings(s.db, s.shop, { customs: { declareNameEn: "Home goods", hsCode: "691200" } });
      const before = await getShopSettings(s.db, s.shop);
      const customs = await admin.openAdminPage("/app/settings/customs?locale=zh-CN", { name: "/app/settings/customs in zh-CN" });
      const { page } = customs;
      await expectVisible(page.getByRole("heading", { name: "报关与税号", level: 1 }));
      await expectVisible(page.getByText("税号", { exact: true }));
      expect(await page.getByLabel("默认申报品名").inputValue()).toBe("Home goods");
      expect(await page.getByLabel("默认 HS 编码").inputValue()).toBe("691200");
      expect(await englishLeft(page)).toEqual([]);
      await customs.audit();

      const ioss = page.getByLabel("IOSS 号码");
      await ioss.fill("IM123");
      await customs.mainAction(() => saveBarButton(page, "保存").click());
      await expectVisible(page.getByText("设置未保存：请更正下列字段。"));
      await expectVisible(page.getByText("IOSS 号码：必须是 IM 加 10 位数字"));
      expect(await ioss.getAttribute("aria-invalid")).toBe("true");
      // "IM" is the number's own prefix, as the tax office writes it.
      expect((await englishLeft(page)).filter((word) => word !== "IM")).toEqual([]);
      await customs.audit();
      expect(await getShopSettings(s.db, s.shop)).toEqual(before);
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "Checkout rates: turned on in Chinese, Shopify's name for the rates as Shopify gave it; a wrong flat rate named in Chinese",
    async () => {
      const s = admin.stack();
      await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01", services: { defaultService: "US01-INT" } }] });
      const rates = await admin.openAdminPage("/app/settings/checkout-rates?locale=zh-CN", {
        name: "/app/settings/checkout-rates in zh-CN",
      });
      const { page } = rates;
      rates.allowConsoleError(/status of 400/, "the app answers refused flat rates with 400, and Chromium logs every 4xx");
      const section = page.locator("#checkout-rates-settings");
      await expectVisible(page.getByRole("heading", { name: "结账运费", level: 1 }));
      await expectVisible(section.getByText("已关闭：结账时只显示在 Shopify“设置 > 发货和配送”中设置的运费。"));
      await expectVisible(section.getByText("当服务商在 2 秒内未答复、服务中断，或不认识购物车中的某个 SKU 时", { exact: false }));
      expect(await englishLeft(page)).toEqual([]);
      await rates.audit();

      await rates.mainAction(() => section.getByRole("button", { name: "开启结账运费" }).click());
      // The carrier service's name is Shopify's (the emulator's), shown as Shopify wrote it.
      const shopifysName = "Warehouse shipping (Rates provided by app)";
      await expectVisible(section.getByText(`结账运费已开启：Shopify 以“${shopifysName}”的名称向本应用请求运费。`));
      await expectVisible(section.getByText("已开启", { exact: true }));
      await expectVisible(section.getByRole("button", { name: "关闭结账运费" }));
      expect((await englishLeft(page)).filter((word) => !shopifysName.includes(word))).toEqual([]);
      await rates.audit();

      await section.getByRole("button", { name: "添加固定运费" }).click();
      await section.getByLabel("结账时显示的运费名称").fill("标准运费");
      await section.getByLabel("金额").fill("nine");
      await section.getByLabel("币种").fill("USD");
      await rates.mainAction(() => saveBarButton(page, "保存").click());
      await expectVisible(section.getByText("结账运费未保存：请更正下列字段。"));
      await expectVisible(section.getByText("固定运费 1：金额：必须是金额，例如 9.95"));
      // The row's own Remove too.
      expect((await englishLeft(page)).filter((word) => !shopifysName.includes(word))).toEqual([]);
      expect((await getShopSettings(s.db, s.shop)).checkoutRates.flatRates).toEqual([]);
      await rates.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
