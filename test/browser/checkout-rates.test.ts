/**
 * Settings > Checkout rates in the browser: turned on, the section says checkout now offers the
 * provider's prices (the carrier service is in the emulator); a wrong flat rate is refused under
 * its own field and a right one saved; on a plan without carrier-calculated shipping, the section
 * says so and what the merchant can do.
 */
import { describe, expect, it } from "vitest";
import { getShopSettings, saveShopSettings } from "~/stores/shops/shop.server";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, saveBarButton, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

describe("checkout rates in Settings", () => {
  it(
    "turns checkout rates on, refuses a wrong flat rate at its field and saves a right one",
    async () => {
      const s = admin.stack();
      await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01", services: { defaultService: "US01-INT" } }] });
      const settings = await admin.openAdminPage("/app/settings/checkout-rates");
      const { page } = settings;
      const section = page.locator("#checkout-rates-settings");
      await expectVisible(page.getByRole("heading", { name: "Checkout rates" }));
      await expectVisible(section.getByText("Off: checkout shows only the rates set in Shopify's Settings > Shipping and delivery."));

      await settings.mainAction(() => section.getByRole("button", { name: "Turn on checkout rates" }).click());
      await expectVisible(
        section.getByText('Checkout rates are on: Shopify asks the app for rates as "Warehouse shipping (Rates provided by app)".'),
      );
      await expectVisible(section.getByRole("button", { name: "Turn off checkout rates" }));
      expect([...s.shopify.state.carrierServices.values()].map((service) => service.name)).toEqual(["Warehouse shipping"]);

      settings.allowConsoleError(/status of 400/, "the app answers refused flat rates with 400, and Chromium logs every 4xx");
      await section.getByRole("button", { name: "Add a flat rate" }).click();
      await section.getByLabel("Rate name at checkout").fill("Standard shipping");
      await section.getByLabel("Amount").fill("nine");
      await section.getByLabel("Currency").fill("USD");
      await saveBarButton(page, "Save").click();
      await expectVisible(section.getByText("must be an amount such as 9.95"));
      await expectVisible(section.getByText("Flat rate 1: amount must be an amount such as 9.95"));
      expect((await getShopSettings(s.db, s.shop)).checkoutRates.flatRates).toEqual([]);

      await section.getByLabel("Amount").fill("7.50");
      await saveBarButton(page, "Save").click();
      await expectVisible(section.getByText("Checkout rates saved."));
      expect((await getShopSettings(s.db, s.shop)).checkoutRates.flatRates).toEqual([
        { serviceName: "Standard shipping", amount: 7.5, currency: "USD" },
      ]);
      await settings.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "says what the merchant can do when the plan has no carrier-calculated shipping",
    async () => {
      const s = admin.stack();
      for (const service of [...s.shopify.state.carrierServices.values()]) s.shopify.state.carrierServices.delete(service.id);
      await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01", services: { defaultService: "US01-INT" } }] });
      await fetch(`${s.shopifyUrl}/__emulator/shops/${s.shop}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ carrierCalculatedShipping: false }),
      });

      const settings = await admin.openAdminPage("/app/settings/checkout-rates", {
        name: "/app/settings/checkout-rates (refused by the plan)",
      });
      const { page } = settings;
      settings.allowConsoleError(/status of 400/, "the app answers Shopify's refusal with 400, and Chromium logs every 4xx");
      const section = page.locator("#checkout-rates-settings");
      await settings.mainAction(() => section.getByRole("button", { name: "Turn on checkout rates" }).click());
      await expectVisible(section.getByText("Checkout rates could not be turned on."));
      await expectVisible(section.getByText("Shopify would not add the app's rates to checkout"));
      await expectVisible(section.getByText("Refused by Shopify"));
      await expectVisible(section.getByText(/It comes with the Advanced and Plus plans/).first());
      expect(s.shopify.state.carrierServices.size).toBe(0);
      await settings.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
