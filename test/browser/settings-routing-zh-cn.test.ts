/**
 * Settings > Warehouses and routing and Settings > Catalogue and stock for an admin in Chinese
 * (Shopify's `locale=zh-CN`): headings, fields, the suggested services (countries named in
 * Chinese, delivery times in days) and the answers of a save in Simplified Chinese; warehouse and
 * service codes, SKUs and Shopify's location names stay as written.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { encodePackageRequest, PackageId } from "~/connector";
import { getShopSettings, saveShopSettings } from "~/stores/shops/shop.server";
import { studioLocationId } from "../support/studio";
import { englishLeftOn } from "./english-left";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, saveBarButton, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

/** The admin's save bar, which the admin labels in its own language outside the app (the test's stand-in writes "Save" and "Discard"). */
const SAVE_BAR = "SaveDiscard";

const Locations = z.object({ data: z.object({ locations: z.object({ nodes: z.array(z.object({ name: z.string() })) }) }) });

describe("warehouses, routing and the catalogue's settings in Chinese", () => {
  it(
    "Warehouses and routing: the warehouse, drop-ship and suggested services in Chinese, and a warehouse the provider does not have refused in Chinese at its field",
    async () => {
      const s = admin.stack();
      const studio = await studioLocationId(s);
      await saveShopSettings(s.db, s.shop, {
        warehouses: [
          {
            warehouseId: "US01",
            country: "US",
            handlingDays: 2,
            services: { defaultService: "US01-EXP", byCountry: { US: "US01-STD" }, byShippingMethod: { Express: "US01-EXP" } },
          },
        ],
        dropShip: { handlingLocation: "SZ-HUB", merchantLocationIds: [studio], services: { defaultService: "US01-EXP" } },
      });
      for (const [index, country] of ["GB", "GB", "JP"].entries()) {
        const packageId = PackageId.parse(`ZH-SUGGEST-${index}`);
        await s.db.shipment.create({
          data: {
            shop: s.shop,
            kind: "OUTBOUND",
            state: "FULFILLED",
            fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${630_000 + index}`,
            orderId: `gid://shopify/Order/${640_000 + index}`,
            packageId,
            warehouseCode: "US01",
            requestSent: encodePackageRequest({
              kind: "OUTBOUND",
              body: { PackageId: packageId, ShipToAddress: { Country: country }, Skus: [{ Sku: "MUG-CER-350-WHT", Quantity: 1 }] },
            }),
          },
        });
      }
      // Shopify's names of the shop's locations are data, shown as Shopify has them.
      const locationNames = Locations.parse(
        await s.adminGraphql("{ locations(first: 20) { nodes { name } } }"),
      ).data.locations.nodes.flatMap((location) => location.name.match(/[A-Za-z]{2,}/g) ?? []);
      // Country codes are codes.
      const data = [...locationNames, "Express", "GB", "JP", "US"];

      const routing = await admin.openAdminPage("/app/settings/routing?locale=zh-CN", { name: "/app/settings/routing in zh-CN" });
      const { page } = routing;
      routing.allowConsoleError(/status of 400/, "the app answers a refused form with 400, and Chromium logs every 4xx");
      await expectVisible(page.getByRole("heading", { name: "仓库与路由", level: 1 }));
      await expectVisible(page.getByText("仓库 US01", { exact: true }));
      await expectVisible(page.getByText("一件代发", { exact: true }));
      expect(await page.getByLabel("仓库所在国家/地区").inputValue()).toBe("US");
      expect(await page.getByLabel("处理点", { exact: true }).inputValue()).toBe("SZ-HUB");
      await expectVisible(page.getByText("过去 90 天内您发往的 2 个国家/地区（GB, JP）中，每个已启用仓库最便宜的物流服务。"));
      expect(await englishLeftOn(page, data)).toEqual([]);
      await routing.audit();

      await routing.mainAction(() => page.getByRole("button", { name: "推荐物流服务" }).click());
      await expectVisible(page.getByText("仓库 US01，按 1 × MUG-CER-350-WHT 询价（您发货最多的 SKU）"));
      const line = (country: string) => page.getByRole("row").filter({ hasText: country });
      await expectVisible(line("英国（GB）").getByText(/^US01-[A-Z]+ · .+ · \d+–\d+ 天$/));
      await expectVisible(line("日本（JP）").getByText(/^US01-[A-Z]+ · .+ · \d+–\d+ 天$/));
      await expectVisible(line("英国（GB）").getByText("US01-EXP（默认）"));
      await expectVisible(page.getByRole("button", { name: "为 US01 全部使用并保存" }));
      // The prices' currency as Intl writes it in Chinese ("US$"): a code, among the data above.
      expect(await englishLeftOn(page, data)).toEqual([]);
      await routing.audit();

      // A warehouse the sandbox does not have: only the provider can say so, in the admin's language, naming those it has.
      const before = await getShopSettings(s.db, s.shop);
      await page.getByRole("button", { name: "添加仓库" }).click();
      await page.getByLabel("仓库代码").fill("ZZ99");
      await routing.mainAction(() => saveBarButton(page, "保存").click());
      await expectVisible(page.getByText("设置未保存：请更正下列字段。"));
      await expectVisible(page.getByText("仓库代码（仓库 ZZ99）：不是您服务商账户下的仓库：请从 US01, DE01 中选择"));
      expect(await englishLeftOn(page, [...data, SAVE_BAR])).toEqual([]);
      await routing.audit();
      expect(await getShopSettings(s.db, s.shop)).toEqual(before);
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "Catalogue and stock: its fields in Chinese, and a size that is no number named in Chinese, nothing saved",
    async () => {
      const s = admin.stack();
      const before = await getShopSettings(s.db, s.shop);
      const catalogue = await admin.openAdminPage("/app/settings/catalogue?locale=zh-CN", { name: "/app/settings/catalogue in zh-CN" });
      const { page } = catalogue;
      await expectVisible(page.getByRole("heading", { name: "商品目录与库存", level: 1 }));
      await expectVisible(page.getByText("SKU 自身条目未填写时"));
      await expectVisible(page.getByLabel("按计划同步库存"));
      await expectVisible(page.getByText("5 至 1,440。"));
      expect(await englishLeftOn(page)).toEqual([]);
      await catalogue.audit();

      const length = page.getByLabel("默认长度（厘米）");
      await length.fill("abc");
      await catalogue.mainAction(() => saveBarButton(page, "保存").click());
      await expectVisible(page.getByText("设置未保存：请更正下列字段。"));
      await expectVisible(page.getByText("默认长度：必须是数字，例如 12.5"));
      expect(await length.getAttribute("aria-invalid")).toBe("true");
      expect(await englishLeftOn(page, [SAVE_BAR])).toEqual([]);
      await catalogue.audit();
      expect(await getShopSettings(s.db, s.shop)).toEqual(before);
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
