/**
 * Inbound shipments in the browser: boxes packed with SKUs picked from the catalogue and sent to a
 * warehouse (the sandbox creates it), the shipment's page with the provider's id, its boxes and
 * its arrival looked for on demand, found received once the warehouse has it; the list. The new
 * shipment is sent from the admin's save bar; wrong fields are refused at the field before anything
 * is sent, and what only the provider can refuse (an unregistered SKU) comes back at its line.
 * Leaving the new shipment's page with entries not sent asks first; Discard empties it again. A
 * shipment's boxes are changed on its page and saved from the save bar too.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { adminData } from "../admin/support";
import { seedCatalogue } from "../support/catalogue";
import { englishLeftOn } from "./english-left";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, saveBarButton, useAdminBrowser } from "./support";

// A warehouse receives a minute (sandbox clock, which also runs) after sending: longer than any test takes to look.
const admin = useAdminBrowser({ worker: false, sandbox: { inboundDelayMs: 60_000 } });

async function pick(page: Page, box: number, search: string, option: RegExp) {
  await page.getByLabel(`Add a SKU to box ${box}`).fill(search);
  await page.getByRole("option", { name: option }).click();
}

async function fillBox(page: Page, box: number, size: { weight: string; length: string; width: string; height: string }) {
  await page.getByLabel(`Box ${box} weight`).fill(size.weight);
  await page.getByLabel(`Box ${box} length`).fill(size.length);
  await page.getByLabel(`Box ${box} width`).fill(size.width);
  await page.getByLabel(`Box ${box} height`).fill(size.height);
}

async function setUp() {
  const s = admin.stack();
  await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }, { warehouseId: "DE01" }] });
  await seedCatalogue(s.db, s.shop, [{ sku: "POSTER-A2-UNREG", name: "Gallery poster A2", grams: 300 }]);
}

/** Sent as the form sends it: one 4.2 kg box of 12 green teas to US01 by sea; the new shipment's page. */
async function sendTwelveTeas(reference: string): Promise<string> {
  const sent = await adminData(admin.stack(), "/app/inbound/new", "routes/app.inbound.new", {
    form: {
      reference,
      warehouseId: "US01",
      shippingType: "Sea",
      "boxes.0.weight": "4200",
      "boxes.0.length": "40",
      "boxes.0.width": "30",
      "boxes.0.height": "30",
      "boxes.0.lines.0.sku": "TEA-GREEN-100G",
      "boxes.0.lines.0.quantity": "12",
    },
  });
  const path = sent.headers.get("X-Remix-Redirect") ?? "";
  expect(path).toMatch(/^\/app\/inbound\/\w+$/);
  return path;
}

describe("inbound shipments", () => {
  it(
    "sends two boxes of catalogue SKUs to a warehouse and opens the shipment with the provider's id",
    async () => {
      await setUp();
      const list = await admin.openAdminPage("/app/inbound", { name: "/app/inbound (empty)" });
      await expectVisible(list.page.getByText("No inbound shipments yet"));
      await list.audit();

      const create = await admin.openAdminPage("/app/inbound/new");
      const { page } = create;
      await expectVisible(page.getByRole("heading", { name: "New inbound shipment", level: 1 }));
      const reference = await page.getByLabel("Your reference").inputValue();
      expect(reference).toMatch(/^IN-\d{8}-[0-9A-F]{6}$/);
      await page.getByLabel("Travels by").selectOption("Air");
      await page.getByLabel("Box 1 label (optional)").fill("CARTON-A");
      await fillBox(page, 1, { weight: "4200", length: "40", width: "30", height: "30" });
      await pick(page, 1, "green tea", /TEA-GREEN-100G/);
      await page.getByLabel("Quantity of TEA-GREEN-100G in box 1").fill("24");
      await page.getByRole("button", { name: "Add a box" }).click();
      await fillBox(page, 2, { weight: "2500", length: "30", width: "20", height: "20.5" });
      await pick(page, 2, "mug", /MUG-CER-350-WHT/);
      await page.getByLabel("Quantity of MUG-CER-350-WHT in box 2").fill("6");

      await create.mainAction(() => saveBarButton(page, "Save").click());
      await expectVisible(page.getByRole("heading", { name: reference, level: 1 }));
      await expectVisible(page.getByText("On its way"));
      await expectVisible(page.getByRole("heading", { name: "2 boxes, 30 units" }));
      const providerId = admin.stack().sandbox.state().inbounds.get(reference)?.svcOrderId ?? "?";
      await expectVisible(page.getByText(providerId));
      await expectVisible(page.getByText("24 × Sencha green tea, 100 g (TEA-GREEN-100G)"));
      await expectVisible(page.getByText("Air freight"));
      await create.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "refuses wrong fields at the field before sending, and shows at its line what only the provider refuses",
    async () => {
      await setUp();
      const create = await admin.openAdminPage("/app/inbound/new", { name: "/app/inbound/new (refused)" });
      const { page } = create;
      create.allowConsoleError(/status of 400/, "the app answers a shipment the provider refused with 400, and Chromium logs every 4xx");
      let posts = 0;
      page.on("request", (request) => {
        if (request.method() === "POST") posts += 1;
      });

      // Nothing entered yet: nothing to send, no save bar.
      expect(await page.locator("ui-save-bar[data-shown]").count()).toBe(0);
      await page.getByLabel("Your reference").fill("IN 7");
      await page.getByLabel("Your reference").blur();
      await expectVisible(page.getByText("may contain only letters, digits, hyphen (-) and underscore (_)"));
      await page.getByLabel("Box 1 weight").fill("0");
      await page.getByLabel("Box 1 weight").blur();
      await expectVisible(page.getByText("must be more than 0 grams"));
      await saveBarButton(page, "Save").click();
      await expectVisible(page.getByText("Add at least one SKU to this box."));
      expect(posts).toBe(0);

      await page.getByLabel("Your reference").fill("IN-REFUSED-7");
      await fillBox(page, 1, { weight: "900", length: "60", width: "8", height: "8" });
      await pick(page, 1, "poster", /POSTER-A2-UNREG/);
      await page.getByLabel("Quantity of POSTER-A2-UNREG in box 1").fill("3");
      await create.mainAction(() => saveBarButton(page, "Save").click());
      await expectVisible(
        page.getByText("The provider refused the shipment: SKU POSTER-A2-UNREG is not registered; create it first (merchant SKU)."),
      );
      await expectVisible(page.getByText("SKU POSTER-A2-UNREG is not registered; create it first (merchant SKU)", { exact: true }));
      expect(posts).toBe(1);
      // Not sent: what was entered stays, to correct, and so does the save bar.
      expect(await page.getByLabel("Your reference").inputValue()).toBe("IN-REFUSED-7");
      await expectVisible(saveBarButton(page, "Save"));
      await create.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "asks before leaving a new shipment with entries not sent; Stay keeps them, and Discard empties the form",
    async () => {
      await setUp();
      const s = admin.stack();
      const create = await admin.openAdminPage("/app/inbound/new", { name: "/app/inbound/new (leaving)" });
      const { page } = create;
      const reference = await page.getByLabel("Your reference").inputValue();
      await page.getByLabel("Box 1 label (optional)").fill("CARTON-B");
      await pick(page, 1, "green tea", /TEA-GREEN-100G/);
      await expectVisible(saveBarButton(page, "Save"));

      // The page's back link: asked first; Stay keeps what was entered.
      await page.getByRole("link", { name: "Inbound shipments" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
      await expectVisible(dialog);
      await create.audit();
      await dialog.getByRole("button", { name: "Stay" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await page.getByLabel("Box 1 label (optional)").inputValue()).toBe("CARTON-B");
      await expectVisible(page.getByLabel("Quantity of TEA-GREEN-100G in box 1"));

      // Discard: the form as it was opened, nothing left to send.
      await saveBarButton(page, "Discard").click();
      await page.waitForFunction(() => (document.querySelector('input[name="boxes.0.label"]') as HTMLInputElement | null)?.value === "");
      expect(await page.getByLabel("Quantity of TEA-GREEN-100G in box 1").count()).toBe(0);
      expect(await page.getByLabel("Your reference").inputValue()).toBe(reference);
      expect(await page.locator("ui-save-bar[data-shown]").count()).toBe(0);

      // Nothing to lose now: the back link leaves at once, and nothing was sent.
      await create.mainAction(() => page.getByRole("link", { name: "Inbound shipments" }).first().click());
      await expectVisible(page.getByRole("heading", { name: "Inbound shipments", level: 1 }));
      expect(s.sandbox.state().inbounds.has(reference)).toBe(false);
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "changes the boxes of a shipment on its way: checked at the field, then replaced at the provider",
    async () => {
      await setUp();
      const s = admin.stack();
      const path = await sendTwelveTeas("IN-REPACKED-1");

      const detail = await admin.openAdminPage(path, { name: "/app/inbound/:id (boxes changed)" });
      const { page } = detail;
      await expectVisible(page.getByRole("heading", { name: "1 box, 12 units" }));
      // A change discarded from the save bar: the editor closes, the boxes are as they were.
      await page.getByRole("button", { name: "Change boxes" }).click();
      await page.getByLabel("Box 1 weight").fill("9999");
      await saveBarButton(page, "Discard").click();
      await expectVisible(page.getByRole("heading", { name: "1 box, 12 units" }));
      expect(await page.locator("ui-save-bar[data-shown]").count()).toBe(0);

      await page.getByRole("button", { name: "Change boxes" }).click();
      await page.getByLabel("Box 1 weight").fill("0");
      await page.getByLabel("Box 1 weight").blur();
      await expectVisible(page.getByText("must be more than 0 grams"));
      await page.getByLabel("Box 1 weight").fill("5100");
      await page.getByLabel("Quantity of TEA-GREEN-100G in box 1").fill("20");
      await pick(page, 1, "mug", /MUG-CER-350-WHT/);
      await page.getByLabel("Quantity of MUG-CER-350-WHT in box 1").fill("6");

      await detail.mainAction(() => saveBarButton(page, "Save").click());
      await expectVisible(page.getByText("Boxes saved: the provider has the new boxes."));
      await expectVisible(page.getByRole("heading", { name: "1 box, 26 units" }));
      // Saved: the editor is closed, nothing is left to save.
      expect(await page.locator("ui-save-bar[data-shown]").count()).toBe(0);
      await expectVisible(page.getByText("6 × Ceramic mug 350 ml, white (MUG-CER-350-WHT)"));
      expect(s.sandbox.state().inbounds.get("IN-REPACKED-1")?.boxes).toEqual([
        {
          skus: [
            { sku: "TEA-GREEN-100G", quantity: 20 },
            { sku: "MUG-CER-350-WHT", quantity: 6 },
          ],
        },
      ]);
      await detail.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "looks for the shipment's arrival on demand and shows it received once the warehouse has it",
    async () => {
      await setUp();
      const s = admin.stack();
      const path = await sendTwelveTeas("IN-ARRIVES-1");

      const detail = await admin.openAdminPage(path, { name: "/app/inbound/:id" });
      const { page } = detail;
      await page.getByRole("button", { name: "Check arrival now" }).click();
      await expectVisible(page.getByText("Still on its way: the warehouse has not received it yet. The app looks again every hour."));

      s.sandbox.advanceClock(60_000);
      await detail.mainAction(() => page.getByRole("button", { name: "Check arrival now" }).click());
      await expectVisible(page.getByText("Received by the warehouse: its stock is being written into Shopify."));
      await expectVisible(page.getByText("Received", { exact: true }));
      await expectVisible(page.getByText(/^Received by warehouse US01 on /));
      await expect(page.getByRole("button", { name: "Change boxes" }).count()).resolves.toBe(0);
      await detail.audit();

      const list = await admin.openAdminPage("/app/inbound");
      await expectVisible(list.page.getByRole("link", { name: "IN-ARRIVES-1" }));
      await list.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
  it(
    "in Chinese: the new shipment's form, a shipment's page and the list, with nothing English left but the data",
    async () => {
      await setUp();
      const path = await sendTwelveTeas("IN-ZH-1");
      // The products' names are the shop's, as written; the frame's own words are not the app's.
      const data = ["Sandbox", "Fulfilment", "Sencha", "green", "tea"];

      const create = await admin.openAdminPage("/app/inbound/new?locale=zh-CN", { name: "/app/inbound/new in zh-CN" });
      const { page } = create;
      await expectVisible(page.getByRole("heading", { name: "新建入库单", level: 1 }));
      await expectVisible(page.getByLabel("运输方式"));
      await page.getByLabel("向第 1 箱添加 SKU").fill("green tea");
      await page.getByRole("option", { name: /TEA-GREEN-100G/ }).click();
      await expectVisible(page.getByLabel("第 1 箱中 TEA-GREEN-100G 的数量"));
      await page.getByLabel("第 1 箱长度").fill("4O");
      await page.getByLabel("第 1 箱长度").blur();
      await expectVisible(page.getByText("必须是数字，例如 12.5"));
      // The provider's rule for a reference, said as the merchant types.
      await page.getByLabel("您的参考号").fill("IN 1");
      await page.getByLabel("您的参考号").blur();
      await expectVisible(page.getByText("只能包含字母、数字、连字符 (-) 和下划线 (_)"));
      expect(await englishLeftOn(page, data)).toEqual([]);
      await create.audit();

      const detail = await admin.openAdminPage(`${path}?locale=zh-CN`, { name: "/app/inbound/:id in zh-CN" });
      await expectVisible(detail.page.getByRole("heading", { name: "IN-ZH-1", level: 1 }));
      await expectVisible(detail.page.getByText("发往仓库 US01 的入库单"));
      await expectVisible(detail.page.getByRole("heading", { name: "1 箱，共 12 件" }));
      await expectVisible(detail.page.getByText("Sencha green tea, 100 g（TEA-GREEN-100G）× 12"));
      await expectVisible(detail.page.getByText("海运"));
      await detail.mainAction(() => detail.page.getByRole("button", { name: "立即查询到货" }).click());
      await expectVisible(detail.page.getByText("仍在运输中：仓库尚未收货。应用每小时会再查询一次。"));
      expect(await englishLeftOn(detail.page, data)).toEqual([]);
      await detail.audit();

      const list = await admin.openAdminPage("/app/inbound?locale=zh-CN", { name: "/app/inbound in zh-CN" });
      await expectVisible(list.page.getByRole("heading", { name: "入库单", level: 1 }));
      await expectVisible(list.page.getByRole("columnheader", { name: "服务商单号" }));
      await expectVisible(list.page.getByRole("row").filter({ hasText: "IN-ZH-1" }).getByText("运输中"));
      expect(await englishLeftOn(list.page, data)).toEqual([]);
      await list.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
