/**
 * The Customer data requests page in the browser: before any request, the empty state says what will
 * appear there; with a data request answered, its row says so and Download saves the report as the
 * JSON the app wrote, which the merchant passes on to the customer. Another shop's never shows.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { englishLeftOn } from "./english-left";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

describe("the customer data requests page", () => {
  it(
    "says what will appear there while the shop has no request",
    async () => {
      const opened = await admin.openAdminPage("/app/data-requests", { name: "/app/data-requests (empty)" });
      const { page } = opened;
      await expectVisible(page.getByRole("heading", { name: "Customer data requests" }));
      await expectVisible(page.getByText("No customer data requests"));
      await opened.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "lists an answered data request and downloads its report",
    async () => {
      const s = admin.stack();
      const report = { customerId: "gid://shopify/Customer/4242", shipments: [{ packageId: "PKG-4242", destination: "Oslo, NO" }] };
      for (const [shop, requestId] of [
        [s.shop, "5151"],
        ["other-shop.myshopify.com", "6161"],
      ] as const) {
        const receipt = await s.db.webhookReceipt.create({
          data: {
            shop,
            topic: "customers/data_request",
            webhookId: `dr-${requestId}`,
            eventId: `dr-${requestId}`,
            apiVersion: "2026-10",
            status: "PROCESSED",
          },
        });
        await s.db.complianceRequest.create({
          data: {
            shop,
            kind: "CUSTOMER_DATA_REQUEST",
            customerId: "gid://shopify/Customer/4242",
            orderIds: JSON.stringify(["gid://shopify/Order/4343"]),
            shopifyRequestId: requestId,
            receiptId: receipt.id,
            receivedAt: new Date(),
            completedAt: new Date(),
            report: JSON.stringify(report),
          },
        });
      }

      const opened = await admin.openAdminPage("/app/data-requests", { name: "/app/data-requests" });
      const { page } = opened;
      const row = page.getByRole("row").filter({ hasText: "Shopify request 5151" });
      await expectVisible(row.getByText("Data request"));
      await expectVisible(row.getByText("4242", { exact: true }));
      await expectVisible(row.getByText(/^Report written [A-Z][a-z]{2} \d{1,2}, \d{4}$/));
      expect(await page.getByText("6161").count()).toBe(0);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        opened.mainAction(() => row.getByRole("button", { name: /Download/ }).click()),
      ]);
      expect(download.suggestedFilename()).toBe("customer-data-request-5151.json");
      expect(JSON.parse(await readFile(await download.path(), "utf8"))).toEqual(report);
      await expectVisible(page.getByText("Saved customer-data-request-5151.json. Send it to the customer as Shopify's request asks."));
      await opened.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "in Chinese: the columns, the request's kind and state, and the download's answer in the admin's words",
    async () => {
      const s = admin.stack();
      const receipt = await s.db.webhookReceipt.create({
        data: {
          shop: s.shop,
          topic: "customers/data_request",
          webhookId: "dr-7171",
          eventId: "dr-7171",
          apiVersion: "2026-10",
          status: "PROCESSED",
        },
      });
      await s.db.complianceRequest.create({
        data: {
          shop: s.shop,
          kind: "CUSTOMER_DATA_REQUEST",
          customerId: "gid://shopify/Customer/7272",
          orderIds: JSON.stringify(["gid://shopify/Order/7373"]),
          shopifyRequestId: "7171",
          receiptId: receipt.id,
          receivedAt: new Date(),
          completedAt: new Date(),
          report: JSON.stringify({ customerId: "gid://shopify/Customer/7272" }),
        },
      });

      const opened = await admin.openAdminPage("/app/data-requests?locale=zh-CN", { name: "/app/data-requests in zh-CN" });
      const { page } = opened;
      await expectVisible(page.getByRole("heading", { name: "客户数据请求", level: 1 }));
      await expectVisible(page.getByRole("columnheader", { name: "收到时间" }));
      const row = page.getByRole("row").filter({ hasText: "Shopify 请求 7171" });
      await expectVisible(row.getByText("数据请求", { exact: true }));
      await expectVisible(row.getByText(/^报告已于 \d{4}年\d{1,2}月\d{1,2}日 生成$/));
      expect(await englishLeftOn(page)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        opened.mainAction(() => row.getByRole("button", { name: "下载请求 7171 的报告" }).click()),
      ]);
      expect(download.suggestedFilename()).toBe("customer-data-request-7171.json");
      await expectVisible(page.getByText("已保存 customer-data-request-7171.json。请按 Shopify 请求中的要求发送给顾客。"));
      // The file's name is the data: a name for the customer's mailbox, as the app wrote it.
      expect(await englishLeftOn(page, ["customer", "data", "request", "json"])).toEqual([]);
      await opened.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
