/**
 * The Products page in the browser, as a merchant uses it with the worker running: read the
 * catalogue and watch it arrive, register the missing SKUs and watch the progress bar finish, read
 * why one could not be registered, fix it in the SKU's entry (its own page, checked as it is typed,
 * saved from the admin's save bar) and register it again. The provider (the sandbox) knows the SKUs
 * afterwards. Leaving a SKU's page with changes not saved asks first.
 */
import { describe, expect, it } from "vitest";
import { getShopSettings, saveShopSettings } from "~/stores/shops/shop.server";
import { MerchantSku } from "~/fulfilment";
import { saveProviderSkus } from "~/stores/catalogue/provider-skus.server";
import { saveKit } from "~/stores/catalogue/kits.server";
import { seedCatalogue, seedKitToSetUp } from "../support/catalogue";
import { englishLeftOn } from "./english-left";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, saveBarButton, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: true });

describe("the Products page", () => {
  it(
    "reads the catalogue, registers what is missing with a progress bar, and says what keeps a SKU back until it is fixed",
    async () => {
      const s = admin.stack();
      await saveShopSettings(s.db, s.shop, { mode: "sandbox" });
      s.shopify.addProducts(s.shop, [
        {
          title: "Linen apron",
          vendor: "Northfield Home",
          productType: "Apron",
          variants: [{ sku: "APRON-LIN-NAT", price: "38.00", weight: { value: 350, unit: "GRAMS" }, harmonizedSystemCode: "630790" }],
        },
        {
          title: "Beeswax wrap",
          vendor: "Northfield Home",
          productType: "Wrap",
          variants: [{ sku: "WRAP-BEE-3", price: "14.00", weight: { value: 60, unit: "GRAMS" } }],
        },
      ]);

      const products = await admin.openAdminPage("/app/products", { name: "/app/products (empty)" });
      await expectVisible(products.page.getByText("Read your catalogue first"));
      await products.mainAction(() => products.page.getByRole("button", { name: "Read the catalogue", exact: true }).click());
      await expectVisible(products.page.getByText(/^Read \d+ variants from Shopify/), 30_000);
      await expectVisible(products.page.getByRole("tab", { name: "Not registered (2)" }));
      await products.audit();

      // Neither new SKU has a size, and the shop has no default size: both are held back, and say so.
      await products.page.getByRole("tab", { name: "Not registered (2)" }).click();
      await expectVisible(products.page.getByText(/Size is missing/).first());
      const register = await admin.openAdminPage("/app/products?state=NOT_REGISTERED", { name: "/app/products (register)" });
      await register.mainAction(() => register.page.getByRole("button", { name: "Register all missing (2)" }).click());
      await expectVisible(register.page.getByText("Registered 0 SKUs; 2 could not be: each says why."), 30_000);
      await expectVisible(register.page.getByRole("row", { name: /Linen apron/ }).getByText(/Size is missing/));

      // The apron's size in its entry, on the SKU's own page: typed wrong first, which the form says
      // before anything is sent; then saved from the admin's save bar.
      await register.page.getByRole("link", { name: "Add the entry of SKU APRON-LIN-NAT" }).click();
      const { page } = register;
      await expectVisible(page.getByRole("heading", { name: "SKU APRON-LIN-NAT", level: 1 }));
      await expectVisible(page.getByText(/Size is missing/));
      await page.getByLabel("Length (cm)").fill("30");
      await page.getByLabel("Width (cm)").fill("20");
      await page.getByLabel("Height (cm)").fill("0");
      await page.getByLabel("Length (cm)").focus();
      await expectVisible(page.getByText("must be more than 0"));
      await page.getByLabel("Height (cm)").fill("2.5");
      await register.mainAction(() => saveBarButton(page, "Save").click());
      await expectVisible(page.getByText("SKU APRON-LIN-NAT saved. Its registration and shipments use it from now on."));
      await page.locator("ui-save-bar[data-shown]").waitFor({ state: "detached" });
      // What kept it back is gone: the page shows the SKU as it stands now.
      await expectVisible(page.getByText("Nothing keeps it back: register it from Products."));

      // Back to the list as it was left (the tab of SKUs not registered).
      await page.getByRole("link", { name: "Products" }).first().click();
      await expectVisible(page.getByRole("tab", { name: "Not registered (2)", selected: true }));
      // Registered now, chosen row by row.
      await page
        .getByRole("row", { name: /Linen apron/ })
        .getByRole("checkbox")
        .check();
      await page.getByRole("button", { name: "Register selected" }).click();
      await expectVisible(page.getByText("Registered 1 SKU with the provider."), 30_000);
      await register.audit();

      const known = await fetch(`${s.sandboxUrl}/v1/sku/page`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: "Bearer browser-test" },
        body: JSON.stringify({ SkuList: ["APRON-LIN-NAT", "WRAP-BEE-3"] }),
      }).then((response) => response.json());
      expect(known).toMatchObject({
        TotalCount: 1,
        SkuInfoList: [{ Sku: "APRON-LIN-NAT", Weight: 350, Length: 30, Width: 20, Height: 2.5 }],
      });
    },
    BROWSER_TEST_TIMEOUT_MS * 2,
  );

  it(
    "asks before leaving a SKU's page with changes not saved; Stay keeps them, and Discard puts the entry back",
    async () => {
      const s = admin.stack();
      await seedCatalogue(s.db, s.shop, [{ sku: "TOTE-CANVAS-L", name: "Canvas tote, large", grams: 240 }]);
      const entry = await admin.openAdminPage("/app/products/TOTE-CANVAS-L", { name: "/app/products/:sku" });
      const { page } = entry;
      await expectVisible(page.getByRole("heading", { name: "SKU TOTE-CANVAS-L", level: 1 }));
      // Nothing changed yet: no save bar.
      expect(await page.locator("ui-save-bar[data-shown]").count()).toBe(0);
      const customsName = page.getByLabel("Customs name");
      await customsName.fill("Canvas tote");
      await expectVisible(saveBarButton(page, "Save"));

      // The page's back link: asked first; Stay keeps what was typed.
      await page.getByRole("link", { name: "Products" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
      await expectVisible(dialog);
      await dialog.getByRole("button", { name: "Stay" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await customsName.inputValue()).toBe("Canvas tote");
      await entry.audit();

      await saveBarButton(page, "Discard").click();
      await page.waitForFunction(() => (document.querySelector('input[name="declaredName"]') as HTMLInputElement | null)?.value === "");
      expect(await page.locator("ui-save-bar[data-shown]").count()).toBe(0);
      // Nothing to save now: the back link leaves at once, and nothing was stored.
      await entry.mainAction(() => page.getByRole("link", { name: "Products" }).first().click());
      await expectVisible(page.getByRole("heading", { name: "Products", level: 1 }));
      expect((await getShopSettings(s.db, s.shop)).skus.bySku["TOTE-CANVAS-L"]).toBeUndefined();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "sets a variant up as a kit from its SKU's page: a wrong component is said at its row, the kit saved from the save bar, then its mapping removed",
    async () => {
      const s = admin.stack();
      await seedKitToSetUp(s.db, s.shop, { sku: "GIFT-MUG-CANDLE", name: "Gift set, mug and candle" });
      // The SKU's page offers to set it up as a kit.
      const skuPage = await admin.openAdminPage("/app/products/GIFT-MUG-CANDLE", { name: "/app/products/:sku (not a kit)" });
      await expectVisible(skuPage.page.getByRole("link", { name: "Set up as a kit" }));
      await skuPage.audit();

      const entry = await admin.openAdminPage("/app/products/GIFT-MUG-CANDLE/kit", { name: "/app/products/:sku/kit" });
      const { page } = entry;
      await expectVisible(page.getByRole("heading", { name: "Kit GIFT-MUG-CANDLE", level: 1 }));

      await page.getByLabel("Provider SKU").first().fill("MUG-CER-350-WHT");
      await page.getByLabel("Units per kit").first().fill("2");
      await page.getByRole("button", { name: "Add a component" }).click();
      await page.getByLabel("Provider SKU").nth(1).fill("CANDLE-LAVENDER");
      await page.getByLabel("Units per kit").nth(1).fill("1.5");
      await page.getByLabel("Provider SKU").first().focus();
      await expectVisible(
        page.getByText("Component 2: CANDLE-LAVENDER is not one of the provider's SKUs. Check the spelling, or register it first."),
      );
      await expectVisible(page.getByText("Component 2: the units per kit must be a whole number of 1 or more, not 1.5."));
      await page.getByLabel("Provider SKU").nth(1).fill("CANDLE-SOY-200-LAV");
      await page.getByLabel("Units per kit").nth(1).fill("1");
      await entry.mainAction(() => saveBarButton(page, "Save").click());
      await expectVisible(page.getByText(/^Kit GIFT-MUG-CANDLE saved\./));
      await page.locator("ui-save-bar[data-shown]").waitFor({ state: "detached" });
      await entry.audit();
      expect(
        (await s.db.kitComponent.findMany({ where: { shop: s.shop, kitSku: "GIFT-MUG-CANDLE" }, orderBy: { position: "asc" } })).map(
          (row) => [row.componentSku, row.quantity],
        ),
      ).toEqual([
        ["MUG-CER-350-WHT", 2],
        ["CANDLE-SOY-200-LAV", 1],
      ]);

      // The SKU's page says what it is picked as.
      await page.getByRole("link", { name: "SKU GIFT-MUG-CANDLE" }).first().click();
      await expectVisible(page.getByText("Picked as 2 × MUG-CER-350-WHT, 1 × CANDLE-SOY-200-LAV.").first());
      await page.getByRole("link", { name: "Edit the kit" }).click();
      await page.getByRole("button", { name: "Remove the kit mapping" }).click();
      await expectVisible(page.getByText(/^SKU GIFT-MUG-CANDLE is no longer a kit/));
      expect(await s.db.kitComponent.count({ where: { shop: s.shop } })).toBe(0);
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});

describe("the Products pages in Chinese", () => {
  it(
    "list the catalogue, a SKU's entry and a kit in Chinese, each wrong field said in Chinese; names and SKUs as written",
    async () => {
      const s = admin.stack();
      await seedKitToSetUp(s.db, s.shop, { sku: "GIFT-MUG-CANDLE", name: "Gift set, mug and candle" });
      // One component the provider does not know: the kit's row says so.
      await saveKit(s.db, s.shop, "GIFT-MUG-CANDLE", [
        { sku: "MUG-CER-350-WHT", quantity: 2 },
        { sku: "CANDLE-LAVENDER", quantity: 1 },
      ]);
      // Written by the shop (its products' names): shown as written. The runs' summaries and the SKU
      // checks are said in Chinese, so no word of theirs is allowed here.
      const variants = await s.db.catalogueVariant.findMany({ where: { shop: s.shop } });
      // "HS" (the Harmonized System) names the customs code in Chinese too: HS 编码.
      const names = ["HS", ...variants.map((variant) => `${variant.productTitle} ${variant.variantTitle}`)].flatMap(
        (text) => text.match(/[A-Za-z]+/g) ?? [],
      );

      // The first test's wrap has no size: its row says so in Chinese, and the last registration's
      // summary (stored with its sentence) is Chinese too.
      const missing = await admin.openAdminPage("/app/products?state=NOT_REGISTERED&locale=zh-CN", {
        name: "/app/products not registered in zh-CN",
      });
      const wrap = missing.page.getByRole("row").filter({ hasText: "WRAP-BEE-3" });
      await expectVisible(wrap.getByText(/^缺少尺寸：服务商需要每件商品的长、宽、高。请在“商品”页面该 SKU 的条目中填写尺寸/));
      expect(await englishLeftOn(missing.page, names)).toEqual([]);
      await missing.audit();
      const wrapEntry = await admin.openAdminPage("/app/products/WRAP-BEE-3?locale=zh-CN", { name: "/app/products/:sku checks in zh-CN" });
      await expectVisible(wrapEntry.page.getByText(/^缺少尺寸：/));
      expect(await englishLeftOn(wrapEntry.page, names)).toEqual([]);
      await wrapEntry.audit();

      // The apron the first test registered, as the provider now records it lighter and thinner:
      // its row says how, the units in Chinese.
      await saveProviderSkus(
        s.db,
        s.shop,
        [
          MerchantSku.parse({
            Sku: "APRON-LIN-NAT",
            Weight: 300,
            Length: 30,
            Width: 20,
            Height: 2,
            DeclareName: "Linen apron",
            DeclareValue: 38,
            HsCode: "630790",
          }),
        ],
        new Date(),
      );
      const differs = await admin.openAdminPage("/app/products?state=DIFFERS&locale=zh-CN", { name: "/app/products differs in zh-CN" });
      const apron = differs.page.getByRole("row").filter({ hasText: "APRON-LIN-NAT" });
      await expectVisible(apron.getByText("重量：服务商为 300 克，Shopify 为 350 克"));
      await expectVisible(apron.getByText("尺寸：服务商为 30 × 20 × 2 厘米，Shopify 为 30 × 20 × 2.5 厘米"));
      expect(await englishLeftOn(differs.page, names)).toEqual([]);
      await differs.audit();

      // The Kits tab.
      const list = await admin.openAdminPage("/app/products?state=KIT&locale=zh-CN", { name: "/app/products in zh-CN" });
      const { page } = list;
      await expectVisible(page.getByRole("heading", { name: "商品", exact: true, level: 1 }));
      await expectVisible(page.getByRole("tab", { name: "组合商品（1）", selected: true }));
      await expectVisible(page.getByRole("button", { name: /^备案全部未备案的 SKU（\d+）$/ }));
      await expectVisible(page.getByRole("columnheader", { name: "须知" }));
      const kit = page.getByRole("row").filter({ hasText: "GIFT-MUG-CANDLE" });
      await expectVisible(kit.getByText("拣货为 MUG-CER-350-WHT × 2、CANDLE-LAVENDER × 1。"));
      await expectVisible(kit.getByText(/^组件 CANDLE-LAVENDER 不在服务商的 SKU 中/));
      expect(await englishLeftOn(page, names)).toEqual([]);
      await list.audit();

      const entry = await admin.openAdminPage("/app/products/GIFT-MUG-CANDLE?locale=zh-CN", { name: "/app/products/:sku in zh-CN" });
      await expectVisible(entry.page.getByRole("heading", { name: "SKU GIFT-MUG-CANDLE", level: 1 }));
      await expectVisible(entry.page.getByRole("heading", { name: "报关" }));
      await expectVisible(entry.page.getByRole("link", { name: "编辑组合商品" }));
      expect(await englishLeftOn(entry.page, names)).toEqual([]);
      await entry.audit();
      // Checked as it is typed, in the admin's language.
      await entry.page.getByLabel("长（厘米）").fill("30");
      await entry.page.getByLabel("宽（厘米）").fill("20");
      await entry.page.getByLabel("高（厘米）").fill("0");
      await entry.page.getByLabel("长（厘米）").focus();
      await expectVisible(entry.page.getByText("必须大于 0"));

      const kitPage = await admin.openAdminPage("/app/products/GIFT-MUG-CANDLE/kit?locale=zh-CN", {
        name: "/app/products/:sku/kit in zh-CN",
      });
      await expectVisible(kitPage.page.getByRole("heading", { name: "组合商品 GIFT-MUG-CANDLE", level: 1 }));
      await expectVisible(kitPage.page.getByRole("heading", { name: "组合商品如何发货和销售" }));
      expect(await englishLeftOn(kitPage.page, names)).toEqual([]);
      await kitPage.audit();
      // Each row is checked as it is typed, in the admin's language (the server's answer: test/admin/kits.test.ts).
      await kitPage.page.getByLabel("服务商 SKU").nth(1).fill("CANDLE-LAVENDER");
      await kitPage.page.getByLabel("每件组合的数量").nth(1).fill("1.5");
      await kitPage.page.getByLabel("服务商 SKU").first().focus();
      await expectVisible(kitPage.page.getByText("组件 2：CANDLE-LAVENDER 不是服务商的 SKU。请检查拼写，或先完成备案。"));
      await expectVisible(kitPage.page.getByText("组件 2：每件组合的数量必须是大于等于 1 的整数，而不是 1.5。"));
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
