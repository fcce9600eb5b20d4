/**
 * The Returns page in the browser: before any return, the empty state says what will appear there;
 * with one return, its row shows the return and order names, the warehouse, the provider's ids, the
 * units and what they are, the state in words and the tracking, and never another shop's return.
 *
 * Returns are rows as the returns flow leaves them (the way test/admin/returns.test.ts seeds them).
 */
import { describe, expect, it } from "vitest";
import { englishLeftOn } from "./english-left";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

describe("the returns page", () => {
  it(
    "says what will appear there while the shop has no return",
    async () => {
      const returns = await admin.openAdminPage("/app/returns", { name: "/app/returns (empty)" });
      const { page } = returns;
      await expectVisible(page.getByRole("heading", { name: "Returns" }));
      await expectVisible(page.getByText("No returns here yet"));
      await expectVisible(
        page.getByText(
          "When you approve a return of items a provider warehouse shipped, it is sent back to that warehouse and appears here.",
        ),
      );
      await returns.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "lists a return on its way back with its order, warehouse, provider ids, units, state and tracking",
    async () => {
      const s = admin.stack();
      const row = {
        state: "SENT" as const,
        returnId: "gid://shopify/Return/9101",
        returnName: "#3001-R1",
        orderId: "gid://shopify/Order/9201",
        orderName: "#3001",
        warehouseCode: "US01",
        locationId: "gid://shopify/Location/1",
        packageId: "RT-9101-US01",
        serviceCode: "US01-STD",
        svcPackageId: "SBX-RT-77",
        trackingNumber: "SBX0000077",
        trackingCarrier: "Sandbox Fulfilment",
        lines: JSON.stringify([
          { reverseLineId: "gid://shopify/ReverseFulfillmentOrderLineItem/1", sku: "MUG-CER-350-WHT", title: "Mug", quantity: 2 },
          { reverseLineId: "gid://shopify/ReverseFulfillmentOrderLineItem/2", sku: "CANDLE-SOY-200-LAV", title: "Candle", quantity: 1 },
        ]),
        units: 3,
        sentAt: new Date(),
      };
      await s.db.customerReturn.create({ data: { shop: s.shop, ...row } });
      await s.db.customerReturn.create({ data: { ...row, shop: "other-shop.myshopify.com", returnName: "#9999-R1", orderName: "#9999" } });

      const returns = await admin.openAdminPage("/app/returns", { name: "/app/returns" });
      const { page } = returns;
      const line = page.getByRole("row").filter({ hasText: "#3001-R1" });
      await expectVisible(line.getByText("Order #3001"));
      await expectVisible(line.getByRole("cell", { name: "US01", exact: true }));
      await expectVisible(line.getByText("RT-9101-US01"));
      await expectVisible(line.getByText("SBX-RT-77 · US01-STD"));
      await expectVisible(line.getByText("3", { exact: true }));
      await expectVisible(line.getByText("2 × MUG-CER-350-WHT, 1 × CANDLE-SOY-200-LAV"));
      await expectVisible(line.getByText("On its way back"));
      await expectVisible(line.getByText("SBX0000077"));
      await expectVisible(line.getByText("Sandbox Fulfilment"));
      expect(await page.getByRole("row").count()).toBe(2); // the headings and the shop's one return
      expect(await page.getByText("#9999-R1").count()).toBe(0);
      await returns.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "speaks Chinese to an admin in Chinese: tabs, columns, the state and the units, and no English left but the carrier's name",
    async () => {
      const s = admin.stack();
      await s.db.customerReturn.create({
        data: {
          shop: s.shop,
          state: "RECEIVED",
          returnId: "gid://shopify/Return/9102",
          returnName: "#3002-R1",
          orderId: "gid://shopify/Order/9202",
          orderName: "#3002",
          warehouseCode: "US01",
          locationId: "gid://shopify/Location/1",
          packageId: "RT-9102-US01",
          serviceCode: "US01-STD",
          lines: JSON.stringify([
            { reverseLineId: "gid://shopify/ReverseFulfillmentOrderLineItem/3", sku: "MUG-CER-350-WHT", title: "Mug", quantity: 2 },
            { reverseLineId: "gid://shopify/ReverseFulfillmentOrderLineItem/4", sku: "CANDLE-SOY-200-LAV", title: "Candle", quantity: 1 },
          ]),
          units: 3,
          sentAt: new Date(),
        },
      });

      const returns = await admin.openAdminPage("/app/returns?locale=zh-CN", { name: "/app/returns in zh-CN" });
      const { page } = returns;
      const line = page.getByRole("row").filter({ hasText: "#3002-R1" });
      await expectVisible(page.getByRole("heading", { name: "退货", exact: true }));
      await expectVisible(page.getByRole("tab", { name: "退回途中" }));
      await expectVisible(page.getByRole("columnheader", { name: "服务商单号" }));
      await expectVisible(line.getByText("订单 #3002"));
      await expectVisible(line.getByText("MUG-CER-350-WHT × 2、CANDLE-SOY-200-LAV × 1"));
      await expectVisible(line.getByText("已到仓库"));
      // The carrier's name (the earlier test's return) is the provider's, shown as it said it.
      expect(await englishLeftOn(page, ["Sandbox", "Fulfilment"])).toEqual([]);
      await returns.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
