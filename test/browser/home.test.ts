/**
 * Home (/app) in the browser: the setup guide reads the shop's real state (a fresh install: the
 * provider is the sandbox, nothing else is done yet), the counts, and the admin's menu leads on
 * to the Shipments page by a client-side navigation that still authenticates.
 */
import { describe, expect, it } from "vitest";
import { zhCN } from "~/lib/words/zh-CN";
import { markChannelFailing } from "~/stores/alerts/channels.server";
import { webhookAnswered } from "../support/alert-receivers";
import { englishLeftOn } from "./english-left";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

describe("Home", () => {
  it(
    "guides the setup from the shop's real state, shows the counts, and the admin's menu leads to Shipments",
    async () => {
      const home = await admin.openAdminPage("/app");
      const { page } = home;
      await expectVisible(page.getByRole("heading", { name: "Fulfilment connector" }));
      await expectVisible(page.getByText("1 of 5 done"));
      await expectVisible(page.getByText("Sandbox mode: everything runs against the provider simulator, no real parcels."));
      await expectVisible(
        page.getByText("No warehouse yet: add the provider's warehouse ID (for example US01) in Settings > Warehouses and routing."),
      );
      await expectVisible(page.getByRole("link", { name: "Add a warehouse" }));
      await expectVisible(page.getByText("Needs attention"));
      await expectVisible(page.getByText("Sending a package again never creates a second parcel at the provider."));
      await home.audit();

      // Orders placed before the app: asked for, the search is queued and the page says so.
      await page.getByRole("button", { name: "Find open orders" }).click();
      await expectVisible(page.getByText("Looking for open orders at your provider locations."));
      await home.audit();

      await home.navigateFromAdminMenu("Shipments");
      await expectVisible(page.getByRole("heading", { name: "Shipments" }));
      await expectVisible(page.getByText("Each order your fulfilment provider ships appears here"));
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "speaks Chinese to an admin in Chinese: the guide, the counts, the answer to a search, and no English left",
    async () => {
      // An alert channel that fails: the app's own refusal is said in Chinese too.
      const s = admin.stack();
      await s.db.alertChannel.create({ data: { shop: s.shop, channel: "WEBHOOK", enabled: true, language: "zh-CN" } });
      await markChannelFailing(s.db, s.shop, "WEBHOOK", webhookAnswered(503), new Date());
      const home = await admin.openAdminPage("/app?locale=zh-CN", { name: "/app in zh-CN" });
      const { page } = home;
      await expectVisible(page.getByText(zhCN.channelRefusals.webhookAnswered("503"), { exact: false }));
      await expectVisible(page.getByRole("heading", { name: "海外仓履约连接器" }));
      expect(await page.title()).toBe("海外仓履约连接器");
      await expectVisible(page.getByText("已完成 1/5"));
      await expectVisible(page.getByText("沙盒模式：一切都在服务商模拟器上运行，不会产生真实包裹。"));
      await expectVisible(page.getByRole("link", { name: "添加仓库" }));
      await expectVisible(page.getByRole("heading", { name: "需要处理" }));
      await expectVisible(page.getByText("重新发送包裹绝不会在服务商那里生成第二个包裹。"));

      // The action's answer is written on the server, in the admin's language too.
      await page.getByRole("button", { name: "查找未完成订单" }).click();
      await expectVisible(page.getByText("正在查找您服务商地点的未完成订单。找到的订单稍后会出现在“发货”页面。"));
      expect(await englishLeftOn(page)).toEqual([]);
      await home.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
