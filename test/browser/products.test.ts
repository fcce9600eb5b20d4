/**
 * The Products page in the browser, as a merchant uses it with the worker running: read the
 * catalogue and watch it arrive, register the missing SKUs and watch the progress bar finish, read
 * why one could not be registered, fix it in the SKU's entry (its own page, checked as it is typed,
 * saved from the admin's save bar) and register it again. The provider (the sandbox) knows the SKUs
 * afterwards. Leaving a SKU's page with changes not saved asks first.
 */
import { describe, expect, it } from "vitest";
import { getShopSettings, saveShopSettings } from "~/stores/shops/shop.server";
import { seedCatalogue } from "../support/catalogue";
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
});
