/**
 * Home (/app) in the browser: the setup guide reads the shop's real state (a fresh install: the
 * provider is the sandbox, nothing else is done yet), the counts, and the admin's menu leads on
 * to the Shipments page by a client-side navigation that still authenticates.
 */
import { describe, it } from "vitest";
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
});
