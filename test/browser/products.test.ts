/**
 * The Products page in the browser, as a merchant uses it with the worker running: read the
 * catalogue and watch it arrive, register the missing SKUs and watch the progress bar finish, read
 * why one could not be registered, fix it in the SKU's entry (checked as it is typed) and register
 * it again. The provider (the sandbox) knows the SKUs afterwards.
 */
import { describe, expect, it } from "vitest";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

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

      // The apron's size in its entry: typed wrong first, which the form says before anything is sent.
      await register.page.getByRole("button", { name: "Add the entry of SKU APRON-LIN-NAT" }).click();
      const dialog = register.page.getByRole("dialog");
      await dialog.getByLabel("Length (cm)").fill("30");
      await dialog.getByLabel("Width (cm)").fill("20");
      await dialog.getByLabel("Height (cm)").fill("0");
      await dialog.getByLabel("Length (cm)").focus();
      await expectVisible(dialog.getByText("must be more than 0"));
      await dialog.getByLabel("Height (cm)").fill("2.5");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expectVisible(register.page.getByText("SKU APRON-LIN-NAT saved. Its registration and shipments use it from now on."));

      // Registered now, chosen row by row.
      await register.page
        .getByRole("row", { name: /Linen apron/ })
        .getByRole("checkbox")
        .check();
      await register.page.getByRole("button", { name: "Register selected" }).click();
      await expectVisible(register.page.getByText("Registered 1 SKU with the provider."), 30_000);
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
});
