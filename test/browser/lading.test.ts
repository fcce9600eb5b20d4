/**
 * Bulk shipments (lading orders) in the browser: packages of SKUs picked from the catalogue, sent
 * from a warehouse to one address on a reservation date (the sandbox accepts it), the order's page
 * with the ids the provider knows it by and its state; the list, empty and then with the order.
 * The order is sent from the admin's save bar; wrong fields are refused at the field before
 * anything is sent, and what only the provider can refuse (a service that does not ship from the
 * warehouse) comes back at its field. Leaving with entries not sent asks first; Discard empties it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { seedCatalogue } from "../support/catalogue";
import { adminData } from "../admin/support";
import { englishLeftOn } from "./english-left";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, saveBarButton, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

/** A day well after today, whenever the test runs. */
const LATER = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

async function pick(page: Page, item: number, search: string, option: RegExp) {
  await page.getByLabel(`Add a SKU to package ${item}`).fill(search);
  await page.getByRole("option", { name: option }).click();
}

async function fillAddress(page: Page) {
  await page.getByLabel("Contact name").fill("Receiving dock");
  await page.getByLabel("Company (optional)").fill("Retail Partner GmbH");
  await page.getByLabel("Street", { exact: true }).fill("Lagerstraße 12");
  await page.getByLabel("City").fill("Leipzig");
  await page.getByLabel("Postcode (optional)").fill("04158");
  await page.getByLabel("Country code").fill("DE");
}

async function setUp() {
  const s = admin.stack();
  await saveShopSettings(s.db, s.shop, {
    warehouses: [
      { warehouseId: "US01", services: { defaultService: "US01-STD" } },
      { warehouseId: "DE01", services: { defaultService: "DE01-STD" } },
    ],
  });
  await seedCatalogue(s.db, s.shop);
}

describe("bulk shipments", () => {
  it(
    "sends two packages of catalogue SKUs from a warehouse to one address and opens the order with the provider's ids",
    async () => {
      await setUp();
      const list = await admin.openAdminPage("/app/lading", { name: "/app/lading (empty)" });
      await expectVisible(list.page.getByText("No bulk shipments yet"));
      await list.audit();

      const create = await admin.openAdminPage("/app/lading/new");
      const { page } = create;
      await expectVisible(page.getByRole("heading", { name: "New bulk shipment", level: 1 }));
      const reference = await page.getByLabel("Your reference").inputValue();
      expect(reference).toMatch(/^LD-\d{8}-[0-9A-F]{6}$/);
      await pick(page, 1, "green tea", /TEA-GREEN-100G/);
      await page.getByLabel("Quantity of TEA-GREEN-100G in package 1").fill("24");
      await page.getByRole("button", { name: "Add a package" }).click();
      await pick(page, 2, "mug", /MUG-CER-350-WHT/);
      await page.getByLabel("Quantity of MUG-CER-350-WHT in package 2").fill("6");
      await page.getByLabel("Consignee's shipment id (optional)").fill("REPL-4711");
      await page.getByLabel("Leaves from").selectOption("DE01");
      expect(await page.getByLabel("Service").inputValue()).toBe("DE01-STD");
      await page.getByLabel("Reservation date").fill(LATER);
      await fillAddress(page);

      await create.mainAction(() => saveBarButton(page, "Save").click());
      await expectVisible(page.getByRole("heading", { name: reference, level: 1 }));
      await expectVisible(page.getByText("Accepted by the provider"));
      await expectVisible(page.getByRole("heading", { name: "2 packages, 30 units" }));
      await expectVisible(page.getByText("REPL-4711"));
      await expectVisible(page.getByText("24 × Sencha green tea, 100 g (TEA-GREEN-100G)"));
      await expectVisible(page.getByText("Retail Partner GmbH"));
      expect(admin.stack().sandbox.state().ladings.get(reference)).toMatchObject({
        shipmentId: "REPL-4711",
        warehouseId: "DE01",
        serviceCode: "DE01-STD",
        packageCount: 2,
      });
      await create.audit();

      const listed = await admin.openAdminPage("/app/lading");
      await expectVisible(listed.page.getByRole("link", { name: reference }));
      await listed.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "refuses wrong fields at the field before sending, and shows at its field what only the provider refuses",
    async () => {
      await setUp();
      const create = await admin.openAdminPage("/app/lading/new", { name: "/app/lading/new (refused)" });
      const { page } = create;
      create.allowConsoleError(/status of 400/, "the app answers an order the provider refused with 400, and Chromium logs every 4xx");
      const accepted = admin.stack().sandbox.state().ladings.size;
      let posts = 0;
      page.on("request", (request) => {
        if (request.method() === "POST") posts += 1;
      });

      // Nothing entered yet: nothing to send, no save bar.
      expect(await page.locator("ui-save-bar[data-shown]").count()).toBe(0);
      await page.getByLabel("Country code").fill("Germany");
      await page.getByLabel("Country code").blur();
      await expectVisible(page.getByText("must be a two-letter country code such as US"));
      await page.getByLabel("Consignee's shipment id (optional)").fill("REPL 1");
      await page.getByLabel("Consignee's shipment id (optional)").blur();
      await expectVisible(page.getByText("may contain only letters, digits, hyphen (-) and underscore (_)"));
      await saveBarButton(page, "Save").click();
      await expectVisible(page.getByText("Add at least one SKU to this package."));
      expect(posts).toBe(0);

      await page.getByLabel("Consignee's shipment id (optional)").fill("");
      await page.getByLabel("Service").fill("US01-STD");
      await page.getByLabel("Leaves from").selectOption("DE01");
      await page.getByLabel("Service").fill("US01-STD");
      await page.getByLabel("Reservation date").fill(LATER);
      await fillAddress(page);
      await pick(page, 1, "green tea", /TEA-GREEN-100G/);
      await create.mainAction(() => saveBarButton(page, "Save").click());
      await expectVisible(page.getByText("The provider refused the bulk shipment: service US01-STD does not ship from warehouse DE01."));
      await expectVisible(page.getByText("service US01-STD does not ship from warehouse DE01", { exact: true }));
      expect(posts).toBe(1);
      expect(admin.stack().sandbox.state().ladings.size).toBe(accepted);
      // Not sent: what was entered stays, to correct, and so does the save bar.
      expect(await page.getByLabel("City").inputValue()).toBe("Leipzig");
      await expectVisible(saveBarButton(page, "Save"));
      await create.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "asks before leaving a new bulk shipment with entries not sent; Stay keeps them, and Discard empties the form",
    async () => {
      await setUp();
      const create = await admin.openAdminPage("/app/lading/new", { name: "/app/lading/new (leaving)" });
      const { page } = create;
      const accepted = admin.stack().sandbox.state().ladings.size;
      await fillAddress(page);
      await page.getByLabel("Leaves from").selectOption("DE01");
      await expectVisible(saveBarButton(page, "Save"));

      // The page's back link: asked first; Stay keeps what was entered.
      await page.getByRole("link", { name: "Bulk shipments" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
      await expectVisible(dialog);
      await create.audit();
      await dialog.getByRole("button", { name: "Stay" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await page.getByLabel("City").inputValue()).toBe("Leipzig");
      expect(await page.getByLabel("Service").inputValue()).toBe("DE01-STD");

      // Discard: the form as it was opened, nothing left to send.
      await saveBarButton(page, "Discard").click();
      await page.waitForFunction(() => (document.querySelector('input[name="city"]') as HTMLInputElement | null)?.value === "");
      expect(await page.getByLabel("Leaves from").inputValue()).toBe("US01");
      expect(await page.getByLabel("Service").inputValue()).toBe("US01-STD");
      expect(await page.locator("ui-save-bar[data-shown]").count()).toBe(0);

      // Nothing to lose now: the back link leaves at once, and nothing was sent.
      await create.mainAction(() => page.getByRole("link", { name: "Bulk shipments" }).first().click());
      await expectVisible(page.getByRole("heading", { name: "Bulk shipments", level: 1 }));
      expect(admin.stack().sandbox.state().ladings.size).toBe(accepted);
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
  it(
    "in Chinese: the new bulk shipment's form, its page and the list, with nothing English left but the data",
    async () => {
      await setUp();
      const s = admin.stack();
      const sent = await adminData(s, "/app/lading/new", "routes/app.lading.new", {
        form: {
          reference: "LD-ZH-1",
          shipmentId: "REPL-4712",
          warehouseId: "DE01",
          serviceCode: "DE01-STD",
          reservationDate: LATER,
          contact: "Wareneingang",
          company: "Handelspartner GmbH",
          street1: "Lagerweg 12",
          city: "Leipzig",
          postcode: "04158",
          country: "DE",
          "packages.0.lines.0.sku": "TEA-GREEN-100G",
          "packages.0.lines.0.quantity": "24",
        },
      });
      const path = sent.headers.get("X-Remix-Redirect") ?? "";
      expect(path).toMatch(/^\/app\/lading\/\w+$/);
      // The products' names and the address are the shop's, as written; the frame's own words are not the app's.
      const data = [
        "Sandbox",
        "Fulfilment",
        "Sencha",
        "green",
        "tea",
        "Wareneingang",
        "Handelspartner",
        // An earlier test's shipment, listed with its company.
        "Retail",
        "Partner",
        "GmbH",
        "Lagerweg",
        "Leipzig",
        "DE",
      ];

      const create = await admin.openAdminPage("/app/lading/new?locale=zh-CN", { name: "/app/lading/new in zh-CN" });
      const { page } = create;
      await expectVisible(page.getByRole("heading", { name: "新建批量发货", level: 1 }));
      await expectVisible(page.getByText("仓库 US01 已设置的物流服务：US01-STD。"));
      await page.getByLabel("向第 1 个包裹添加 SKU").fill("green tea");
      await page.getByRole("option", { name: /TEA-GREEN-100G/ }).click();
      await expectVisible(page.getByLabel("第 1 个包裹中 TEA-GREEN-100G 的数量"));
      await page.getByLabel("电子邮箱（可选）").fill("receiving at example");
      await page.getByLabel("电子邮箱（可选）").blur();
      await expectVisible(page.getByText("必须是电子邮箱地址，例如 receiving@example.com"));
      expect(await englishLeftOn(page, [...data, "receiving", "at", "example", "com"])).toEqual([]);
      // The provider's rule for a country, said as the merchant types (its example, US, is a code).
      await page.getByLabel("国家/地区代码").fill("USA");
      await page.getByLabel("国家/地区代码").blur();
      await expectVisible(page.getByText("必须是两个字母的国家/地区代码，例如 US"));
      await create.audit();

      const detail = await admin.openAdminPage(`${path}?locale=zh-CN`, { name: "/app/lading/:id in zh-CN" });
      await expectVisible(detail.page.getByRole("heading", { name: "LD-ZH-1", level: 1 }));
      await expectVisible(detail.page.getByText("从仓库 DE01 发出的批量发货"));
      await expectVisible(detail.page.getByText("服务商已接收"));
      await expectVisible(detail.page.getByRole("heading", { name: "1 个包裹，共 24 件" }));
      await expectVisible(detail.page.getByText("Sencha green tea, 100 g（TEA-GREEN-100G）× 24"));
      expect(await englishLeftOn(detail.page, data)).toEqual([]);
      await detail.audit();

      const list = await admin.openAdminPage("/app/lading?locale=zh-CN", { name: "/app/lading in zh-CN" });
      await expectVisible(list.page.getByRole("heading", { name: "批量发货", level: 1 }));
      await expectVisible(list.page.getByRole("columnheader", { name: "预约日期" }));
      await expectVisible(list.page.getByRole("row").filter({ hasText: "LD-ZH-1" }).getByText("服务商已接收"));
      expect(await englishLeftOn(list.page, data)).toEqual([]);
      await list.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
