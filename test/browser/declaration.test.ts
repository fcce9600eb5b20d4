/**
 * The customs declaration of a drop-ship package on its shipment page, in the browser: the form
 * starts from what was sent; a changed field raises the admin's save bar, which sends it; a bad HS
 * code is named at its field and nothing is sent; corrected, the declaration goes to the provider,
 * the page says so and the timeline records what changed. Leaving with changes not sent asks first,
 * and Discard puts the declaration back as it was.
 */
import { describe, expect, it } from "vitest";
import { encodePackageRequest } from "~/connector";
import { createFulfilmentClient, staticToken } from "~/fulfilment";
import { saveShopSettings } from "~/stores/shops/shop.server";
import * as example from "../provider/examples";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, saveBarButton, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

/** A drop-ship package the sandbox has, as the pipeline sent it: its shipment row. */
async function dropshipSent(order: string) {
  const s = admin.stack();
  await saveShopSettings(s.db, s.shop, { mode: "sandbox", providerBaseUrl: s.sandboxUrl });
  const packageId = `BROWSER-DECLARE-${order}-${Date.now()}`;
  const pkg = example.dropshipToNewYork(packageId);
  const client = createFulfilmentClient({ baseUrl: s.sandboxUrl, auth: staticToken("browser-test") });
  await client.createDropship(example.createDropship(pkg));
  return s.db.shipment.create({
    data: {
      shop: s.shop,
      kind: "DROPSHIP",
      state: "SUBMITTED",
      fulfillmentOrderId: `gid://shopify/FulfillmentOrder/97${order}`,
      orderId: `gid://shopify/Order/87${order}`,
      orderName: `#${order}`,
      packageId,
      serviceCode: "US01-STD",
      warehouseCode: "SZ-HUB",
      requestSent: encodePackageRequest({ kind: "DROPSHIP", body: pkg }),
      submittedAt: new Date(),
      attempts: 1,
    },
  });
}

describe("a drop-ship shipment's customs declaration", () => {
  it(
    "is corrected field by field and sent to the provider",
    async () => {
      const shipment = await dropshipSent("3101");
      const detail = await admin.openAdminPage(`/app/shipments/${shipment.id}`, { name: "/app/shipments/:id declaration" });
      const { page } = detail;
      await expectVisible(page.getByRole("heading", { name: "Customs declaration" }));
      const hsCode = page.getByLabel("HS code");
      expect(await hsCode.inputValue()).toBe("610910");

      // Nothing changed yet: no save bar.
      expect(await page.locator("ui-save-bar[data-shown]").count()).toBe(0);
      await hsCode.fill("61-09");
      await detail.mainAction(() => saveBarButton(page, "Save").click());
      await expectVisible(page.getByText("Nothing was sent: correct the fields below, then send the declaration again."));
      await expectVisible(page.getByText("HS code (line 1, TSHIRT-BLK-M): must be empty or 6 to 50 digits"));

      await page.getByLabel("HS code").fill("61091000");
      await page.getByLabel("Declared value per unit").fill("14");
      await saveBarButton(page, "Save").click();
      await expectVisible(page.getByText(/^Declaration sent: the provider accepted it/));
      // Sent: the form starts from the declaration now, nothing is left to send.
      await page.locator("ui-save-bar[data-shown]").waitFor({ state: "detached" });
      expect(await page.getByLabel("HS code").inputValue()).toBe("61091000");
      await expectVisible(
        page.getByText(
          /^Customs declaration sent to the provider and accepted: TSHIRT-BLK-M: value 12.5 → 14; TSHIRT-BLK-M: HS code 610910 → 61091000/,
        ),
      );
      await detail.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "asks before leaving with changes not sent; Stay keeps them, and Discard puts the declaration back",
    async () => {
      const shipment = await dropshipSent("3102");
      const detail = await admin.openAdminPage(`/app/shipments/${shipment.id}`, { name: "/app/shipments/:id declaration (leaving)" });
      const { page } = detail;
      const hsCode = page.getByLabel("HS code");
      await hsCode.fill("61091000");
      await expectVisible(saveBarButton(page, "Save"));

      // The page's back link: asked first; Stay keeps the change.
      await page.getByRole("link", { name: "Shipments" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
      await expectVisible(dialog);
      await detail.audit();
      await dialog.getByRole("button", { name: "Stay" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await hsCode.inputValue()).toBe("61091000");

      await saveBarButton(page, "Discard").click();
      await page.waitForFunction(
        () => (document.querySelector('input[name="lines.0.hsCode"]') as HTMLInputElement | null)?.value === "610910",
      );
      expect(await page.locator("ui-save-bar[data-shown]").count()).toBe(0);

      // Nothing to lose now: the back link leaves at once, and nothing was declared.
      await detail.mainAction(() => page.getByRole("link", { name: "Shipments" }).first().click());
      await expectVisible(page.getByRole("heading", { name: "Shipments", level: 1 }));
      expect(await admin.stack().db.shipmentEvent.count({ where: { shipmentId: shipment.id, type: "declared" } })).toBe(0);
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
  it(
    "asks before leaving in the admin's language: the save bar and the question before leaving in Chinese",
    async () => {
      const shipment = await dropshipSent("3103");
      const detail = await admin.openAdminPage(`/app/shipments/${shipment.id}?locale=zh-CN`, {
        name: "/app/shipments/:id declaration (leaving, zh-CN)",
      });
      const { page } = detail;
      // The document says its language, for screen readers and the characters' Chinese forms.
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
      const hsCode = page.locator('input[name="lines.0.hsCode"]');
      await hsCode.fill("61091000");
      await expectVisible(saveBarButton(page, "保存"));
      await expectVisible(saveBarButton(page, "放弃"));

      await page.getByRole("link", { name: "发货" }).first().click();
      const dialog = page.getByRole("dialog", { name: "不保存就离开？" });
      await expectVisible(dialog);
      await expectVisible(dialog.getByText("此页的更改尚未保存。离开后，这些更改将丢失。"));
      await expectVisible(dialog.getByRole("button", { name: "离开" }));
      await detail.audit();
      await dialog.getByRole("button", { name: "留下" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await hsCode.inputValue()).toBe("61091000");

      // A field that breaks a customs rule: its label and its rule in Chinese, beside it and in the list.
      await hsCode.fill("61-09");
      await detail.mainAction(() => saveBarButton(page, "保存").click());
      await expectVisible(page.getByText("HS 编码（第 1 行，TSHIRT-BLK-M）：须留空，或填写 6 到 50 位数字"));
      await expectVisible(page.getByText("须留空，或填写 6 到 50 位数字", { exact: true }));
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
