/**
 * The customs declaration of a drop-ship package on its shipment page, in the browser: the form
 * starts from what was sent; a bad HS code is named at its field and nothing is sent; corrected,
 * the declaration goes to the provider, the page says so and the timeline records what changed.
 */
import { describe, expect, it } from "vitest";
import { encodePackageRequest } from "~/connector";
import { createFulfilmentClient, staticToken } from "~/fulfilment";
import { saveShopSettings } from "~/stores/shops/shop.server";
import * as example from "../provider/examples";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

describe("a drop-ship shipment's customs declaration", () => {
  it(
    "is corrected field by field and sent to the provider",
    async () => {
      const s = admin.stack();
      await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: s.sandboxUrl });
      const packageId = `BROWSER-DECLARE-${Date.now()}`;
      const pkg = example.dropshipToNewYork(packageId);
      const client = createFulfilmentClient({ baseUrl: s.sandboxUrl, auth: staticToken("browser-test") });
      await client.createDropship(example.createDropship(pkg));
      const shipment = await s.db.shipment.create({
        data: {
          shop: s.shop,
          kind: "DROPSHIP",
          state: "SUBMITTED",
          fulfillmentOrderId: "gid://shopify/FulfillmentOrder/970101",
          orderId: "gid://shopify/Order/870101",
          orderName: "#3101",
          packageId,
          serviceCode: "US01-STD",
          warehouseCode: "SZ-HUB",
          requestSent: encodePackageRequest({ kind: "DROPSHIP", body: pkg }),
          submittedAt: new Date(),
          attempts: 1,
        },
      });

      const detail = await admin.openAdminPage(`/app/shipments/${shipment.id}`, { name: "/app/shipments/:id declaration" });
      const { page } = detail;
      await expectVisible(page.getByRole("heading", { name: "Customs declaration" }));
      const hsCode = page.getByLabel("HS code");
      expect(await hsCode.inputValue()).toBe("610910");

      await hsCode.fill("61-09");
      await detail.mainAction(() => page.getByRole("button", { name: "Send declaration" }).click());
      await expectVisible(page.getByText("Nothing was sent: correct the fields below, then send the declaration again."));
      await expectVisible(page.getByText("HS code (line 1, TSHIRT-BLK-M): must be empty or 6 to 50 digits"));

      await page.getByLabel("HS code").fill("61091000");
      await page.getByLabel("Declared value per unit").fill("14");
      await page.getByRole("button", { name: "Send declaration" }).click();
      await expectVisible(page.getByText(/^Declaration sent: the provider accepted it/));
      await expectVisible(
        page.getByText(
          /^Customs declaration sent to the provider and accepted: TSHIRT-BLK-M: value 12.5 → 14; TSHIRT-BLK-M: HS code 610910 → 61091000/,
        ),
      );
      await detail.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
