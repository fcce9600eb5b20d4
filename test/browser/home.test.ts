/**
 * Home (/app) in the browser: what the app does, in words; the admin's menu leads on to the
 * Shipments page by a client-side navigation that still authenticates.
 */
import { describe, it } from "vitest";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

describe("Home", () => {
  it("says what the app does, and the admin's menu leads to Shipments", async () => {
    const home = await admin.openAdminPage("/app");
    const { page } = home;
    await expectVisible(page.getByRole("heading", { name: "Fulfilment connector" }));
    await expectVisible(page.getByText("Your orders, shipped by your fulfilment provider"));
    await expectVisible(page.getByText("Sending a package again never creates a second parcel at the provider."));
    await home.audit();

    await home.navigateFromAdminMenu("Shipments");
    await expectVisible(page.getByRole("heading", { name: "Shipments" }));
    await expectVisible(page.getByText("Each order your fulfilment provider ships appears here"));
  }, BROWSER_TEST_TIMEOUT_MS);
});
