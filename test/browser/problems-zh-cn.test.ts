/**
 * What went wrong, for an admin in Chinese (Shopify's `locale=zh-CN`): the jobs that stopped on the
 * Shipments page (what each did, and why it stopped, the app's own sentences in Chinese) and the
 * reason a return was not sent on the Returns page. What the provider, Shopify or an exception said
 * stays as they said it.
 */
import { describe, expect, it } from "vitest";
import { jobErrorSaid } from "~/lib/words/job-error-said";
import { returnReasons } from "~/lib/words/en/return-reasons";
import { saidFrom } from "~/lib/words/reason-said";
import { returnErrorColumns } from "~/stores/returns/returns.server";
import { englishLeftOn } from "./english-left";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

describe("what went wrong, in Chinese", () => {
  it(
    "the Shipments page names each stopped job and says why it stopped in Chinese",
    async () => {
      const s = admin.stack();
      const now = new Date();
      const gaveUp = jobErrorSaid("gaveUp", "8", "Error: socket hang up");
      const vanished = jobErrorSaid("workerVanished", "8");
      for (const [id, kind, said] of [
        ["zh-dead-1", "plan.requests", gaveUp],
        ["zh-dead-2", "cancel.in-doubt", vanished],
      ] as const) {
        await s.db.job.create({
          data: {
            id,
            shop: s.shop,
            kind,
            payload: "{}",
            status: "DEAD",
            attempts: 8,
            maxAttempts: 8,
            runAt: now,
            finishedAt: now,
            lastError: said.message,
            lastErrorSay: JSON.stringify(said.say),
          },
        });
      }
      const list = await admin.openAdminPage("/app/shipments?locale=zh-CN", { name: "/app/shipments stopped jobs in zh-CN" });
      const { page } = list;
      await expectVisible(page.getByRole("heading", { name: "已停止的任务" }));
      await expectVisible(page.getByText("答复履约请求", { exact: true }));
      await expectVisible(page.getByText("尝试 8 次后放弃。Error: socket hang up"));
      await expectVisible(page.getByText("向服务商核实已撤回的包裹", { exact: true }));
      await expectVisible(page.getByText("尝试 8 次后放弃：最后一次运行时，应用的后台进程停止了响应（重启或崩溃）。请重试。"));
      await expectVisible(page.getByRole("button", { name: "重试：答复履约请求" }));
      // The exception's own words, as it said them.
      expect(await englishLeftOn(page, ["Error", "socket", "hang", "up"])).toEqual([]);
      await list.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "the Returns page says why a return was not sent in Chinese, and the provider's words as it said them",
    async () => {
      const s = admin.stack();
      const base = {
        shop: s.shop,
        state: "FAILED" as const,
        orderId: "gid://shopify/Order/9301",
        orderName: "#3301",
        warehouseCode: "US01",
        locationId: "gid://shopify/Location/1",
        lines: JSON.stringify([
          { reverseLineId: "gid://shopify/ReverseFulfillmentOrderLineItem/1", sku: "MUG-CER-350-WHT", title: "Mug", quantity: 1 },
        ]),
        units: 1,
      };
      await s.db.customerReturn.create({
        data: {
          ...base,
          returnId: "gid://shopify/Return/9301",
          returnName: "#3301-R1",
          packageId: "RT-9301-US01",
          ...returnErrorColumns("NO_SERVICE", saidFrom(returnReasons)("noService", "US01", "FR")),
        },
      });
      await s.db.customerReturn.create({
        data: {
          ...base,
          returnId: "gid://shopify/Return/9302",
          returnName: "#3301-R2",
          packageId: "RT-9302-US01",
          lastErrorCode: "E42",
          lastErrorText: "Warehouse closed for stocktaking",
        },
      });
      const returns = await admin.openAdminPage("/app/returns?locale=zh-CN", { name: "/app/returns reasons in zh-CN" });
      const { page } = returns;
      await expectVisible(page.getByText("仓库 US01 没有为 FR 设置服务，也没有默认服务：请在“设置 > 仓库与路由”中添加。"));
      await expectVisible(page.getByText("Warehouse closed for stocktaking"));
      expect(await englishLeftOn(page, ["Warehouse", "closed", "for", "stocktaking", "FR"])).toEqual([]);
      await returns.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
