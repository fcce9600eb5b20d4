/**
 * Settings > Warehouses and routing, "Suggest services", in the browser: the countries of the last 90 days'
 * shipments are listed at the click, the provider's cheapest service fills each line in place, and
 * "Use all" puts them in the warehouse's services by country and saves the settings, which the
 * merchant reads, and which stay after a reload.
 */
import { describe, expect, it } from "vitest";
import { encodePackageRequest, PackageId } from "~/connector";
import { getShopSettings, saveShopSettings } from "~/stores/shops/shop.server";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

describe("suggested services on the settings page", () => {
  it(
    "suggests the cheapest service per country shipped to, and Use all saves them into the warehouse's services",
    async () => {
      const s = admin.stack();
      await saveShopSettings(s.db, s.shop, {
        warehouses: [{ warehouseId: "US01", services: { defaultService: "US01-EXP", byCountry: { US: "US01-STD" } } }],
      });
      for (const [index, country] of ["GB", "GB", "JP"].entries()) {
        const packageId = PackageId.parse(`BROWSER-SUGGEST-${index}`);
        await s.db.shipment.create({
          data: {
            shop: s.shop,
            kind: "OUTBOUND",
            state: "FULFILLED",
            fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${610_000 + index}`,
            orderId: `gid://shopify/Order/${620_000 + index}`,
            packageId,
            warehouseCode: "US01",
            requestSent: encodePackageRequest({
              kind: "OUTBOUND",
              body: { PackageId: packageId, ShipToAddress: { Country: country }, Skus: [{ Sku: "MUG-CER-350-WHT", Quantity: 1 }] },
            }),
          },
        });
      }

      const settings = await admin.openAdminPage("/app/settings/routing", { name: "/app/settings/routing (suggested services)" });
      const { page } = settings;
      await expectVisible(page.getByText("for the 2 countries you shipped to in the last 90 days (GB, JP)"));
      await settings.mainAction(() => page.getByRole("button", { name: "Suggest services" }).click());
      await expectVisible(page.getByText("Warehouse US01, priced for 1 × MUG-CER-350-WHT (your most shipped SKU)"));
      const line = (country: string) => page.getByRole("row").filter({ hasText: country });
      await expectVisible(line("United Kingdom (GB)").getByText(/^US01-[A-Z]+ · \$\d+\.\d\d · \d+–\d+ days$/));
      await expectVisible(line("Japan (JP)").getByText(/^US01-[A-Z]+ · \$\d+\.\d\d · \d+–\d+ days$/));
      const suggested = async (country: string) =>
        /^(US01-[A-Z]+) ·/.exec(await line(country).locator("td").nth(2).innerText())?.[1] ?? "?";
      const [gb, jp] = [await suggested("United Kingdom (GB)"), await suggested("Japan (JP)")];
      await expectVisible(line("United Kingdom (GB)").getByText("US01-EXP (default)"));

      await page.getByRole("button", { name: "Use all for US01 and save" }).click();
      await expectVisible(page.getByText("Settings saved."));
      await expectVisible(line("United Kingdom (GB)").getByText("In use"));
      await settings.audit();
      expect((await getShopSettings(s.db, s.shop)).warehouses[0]?.services).toEqual({
        defaultService: "US01-EXP",
        byShippingMethod: {},
        byCountry: { US: "US01-STD", GB: gb, JP: jp },
      });

      await page.reload();
      expect(
        await page
          .locator('input[name^="warehouses."][name*=".byCountry."][name$=".country"]')
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
      ).toEqual(["US", "GB", "JP"]);
      expect(
        await page
          .locator('input[name^="warehouses."][name*=".byCountry."][name$=".service"]')
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
      ).toEqual(["US01-STD", gb, jp]);
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
