/**
 * Settings > Notifications in the browser: the webhook channel filled in, saved from the admin's
 * save bar, shown as saved (where it sends, never the address), and its test alert sent from the
 * page arriving at a real HTTP receiver on loopback, the outcome said in the channel's card.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpReceiver, type HttpReceiver } from "../support/alert-receivers";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, saveBarButton, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

let hook: HttpReceiver;
beforeAll(async () => {
  hook = await startHttpReceiver();
});
afterAll(() => hook.close());

describe("Settings > Notifications", () => {
  it(
    "saves the webhook channel from the save bar and sends a test alert to it",
    async () => {
      const notifications = await admin.openAdminPage("/app/settings/notifications");
      const { page } = notifications;
      await expectVisible(page.getByRole("heading", { name: "Notifications", level: 1 }));
      await expectVisible(page.getByText("Alerts", { exact: true }));
      // Nothing saved yet: no channel to test.
      expect(await page.getByRole("button", { name: "Send a test alert" }).count()).toBe(0);

      await page.getByLabel("Send alerts to the webhook").check();
      await page.getByLabel("Webhook address").fill(hook.url);
      await page.getByLabel("When (webhook)").selectOption("HOURLY");
      await notifications.mainAction(() => saveBarButton(page, "Save").click());
      await expectVisible(page.getByText("Settings saved."));
      await page.locator("ui-save-bar[data-shown]").waitFor({ state: "detached" });

      const stored = await admin.stack().db.alertChannel.findUnique({
        where: { shop_channel: { shop: admin.stack().shop, channel: "WEBHOOK" } },
      });
      expect(stored).toMatchObject({ enabled: true, schedule: "HOURLY" });
      // Shown as saved: where it sends, the field itself blank (the address is the secret).
      await expectVisible(page.getByText(/Saved: sends to 127\.0\.0\.1:\d+/));

      await page.getByRole("button", { name: "Send a test alert" }).click();
      await expectVisible(page.getByText("A test alert was sent to the webhook. Check that it arrived."));
      expect(hook.posts).toHaveLength(1);
      await notifications.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
  it(
    "in Chinese: a new channel's messages are in the admin's language, and its test alert arrives in Chinese",
    async () => {
      const s = admin.stack();
      await s.db.alertChannel.deleteMany({ where: { shop: s.shop } });
      hook.posts.length = 0;
      const notifications = await admin.openAdminPage("/app/settings/notifications?locale=zh-CN", {
        name: "/app/settings/notifications in zh-CN",
      });
      const { page } = notifications;
      await expectVisible(page.getByRole("heading", { name: "通知", level: 1 }));
      // Neither channel saved: both would write in Chinese, the admin's language.
      expect(await page.getByLabel("消息语言（Webhook）").inputValue()).toBe("zh-CN");
      expect(await page.getByLabel("消息语言（电子邮件）").inputValue()).toBe("zh-CN");

      await page.getByLabel("向 Webhook 发送提醒").check();
      await page.getByLabel("Webhook 地址").fill(hook.url);
      await notifications.mainAction(() => saveBarButton(page, "保存").click());
      await expectVisible(page.getByText("设置已保存。"));
      const stored = await s.db.alertChannel.findUnique({ where: { shop_channel: { shop: s.shop, channel: "WEBHOOK" } } });
      expect(stored).toMatchObject({ enabled: true, language: "zh-CN" });

      await page.getByRole("button", { name: "发送测试提醒" }).click();
      await expectVisible(page.getByText("已向 Webhook 发送测试提醒，请确认是否收到。"));
      expect(hook.posts).toHaveLength(1);
      expect((hook.posts[0]?.body as { text: string }).text).toContain("这是来自履约连接器的测试提醒");
      await notifications.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
