/**
 * Pricing in the browser: SKUs picked from the catalogue by searching, quantities per line, a
 * destination; Get prices asks the sandbox for every service of the warehouse (a skeleton holds the
 * answer's place), lists them cheapest first with the cheapest and fastest marked and the provider's
 * reason in the rows of those that cannot carry the parcel; one service's charges on request. Wrong
 * fields are refused at the field before anything is sent, and what only the provider can refuse
 * (an unregistered SKU) comes back at its line.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "~/connector/country-codes";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { seedCatalogue } from "../support/catalogue";
import { englishLeftOn } from "./english-left";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

async function pick(page: Page, search: string, option: RegExp, label = "Add a SKU") {
  await page.getByLabel(label).fill(search);
  await page.getByRole("option", { name: option }).click();
}

/** The price table's rows: service name and code, price, delivery, and the last cell (Charges, or the provider's reason). */
async function priceRows(page: Page): Promise<string[][]> {
  return page
    .locator("table tbody tr")
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td, th")].map((cell) => (cell.textContent ?? "").trim())));
}

/** "$1,234.50" → 1234.5: prices are written by Intl (lib/format.ts). */
const amountOf = (text: string) => Number(/\$([\d,.]+)/.exec(text)?.[1]?.replaceAll(",", "") ?? NaN);

describe("pricing", () => {
  it(
    "prices every service of the warehouse for the picked SKUs, marks the cheapest and the fastest, and shows one service's charges",
    async () => {
      const s = admin.stack();
      await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }, { warehouseId: "DE01" }] });
      await seedCatalogue(s.db, s.shop);

      const pricing = await admin.openAdminPage("/app/pricing");
      const { page } = pricing;
      await expectVisible(page.getByRole("heading", { name: "Pricing", level: 1 }));
      await page.getByLabel("Destination country").selectOption("DE");
      await page.getByLabel("Postcode (optional)").fill("10115");
      await page.getByLabel("City (optional)").fill("Berlin");
      await pick(page, "mug", /Ceramic mug 350 ml, white · MUG-CER-350-WHT/);
      await pick(page, "TEA-GREEN", /TEA-GREEN-100G/);
      await page.getByLabel("Quantity of MUG-CER-350-WHT").fill("2");

      await pricing.mainAction(() => page.getByRole("button", { name: "Get prices" }).click());
      await expectVisible(page.getByRole("heading", { name: "Prices from US01 to Germany (DE)" }));
      await expectVisible(
        page.getByText(
          "For 2 × Ceramic mug 350 ml, white (MUG-CER-350-WHT), 1 × Sencha green tea, 100 g (TEA-GREEN-100G). 2 of 4 services can carry it.",
        ),
      );
      const rows = await priceRows(page);
      expect(rows.map((row) => row[0]?.replace(/(Success)?Cheapest|(Info)?Fastest/g, "").replace(/\s+/g, " "))).toEqual([
        "DHL eCommerce InternationalUS01-INT",
        "UPS Worldwide ExpeditedUS01-EXP",
        "Economy Parcel (USPS last mile)US01-ECO",
        "USPS Ground AdvantageUS01-STD",
      ]);
      // Cheapest first; the international economy service is the cheapest, the express the fastest.
      expect(amountOf(rows[0]?.[1] ?? "")).toBeLessThan(amountOf(rows[1]?.[1] ?? ""));
      const row = (code: string) => page.getByRole("row").filter({ hasText: code });
      await expectVisible(row("US01-INT").getByText("Cheapest"));
      await expectVisible(row("US01-EXP").getByText("Fastest"));
      // The provider's reason, in the rows of the services that cannot carry it.
      await expectVisible(row("US01-STD").getByText("USPS Ground Advantage does not deliver to DE"));
      await expectVisible(row("US01-ECO").getByText("Economy Parcel (USPS last mile) does not deliver to DE"));

      await row("US01-INT").getByRole("button", { name: "Charges of US01-INT" }).click();
      await expectVisible(page.getByRole("heading", { name: "DHL eCommerce International (US01-INT)" }));
      await expectVisible(page.getByText("Freight (per started 0.5 kg)"));
      await expectVisible(page.getByText("Pick and pack (per unit)"));
      await expectVisible(page.getByText("$1.35"));
      await expectVisible(page.getByText(/^Total, delivered in \d+–\d+ days$/));
      await expectVisible(page.getByText(rows[0]?.[1] ?? "?", { exact: true }).last());
      await pricing.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "refuses wrong fields at the field before sending, and shows at its line what only the provider refuses",
    async () => {
      const s = admin.stack();
      await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }] });
      await seedCatalogue(s.db, s.shop, [{ sku: "POSTER-A2-UNREG", name: "Gallery poster A2", grams: 300 }]);

      const pricing = await admin.openAdminPage("/app/pricing", { name: "/app/pricing (refused)" });
      const { page } = pricing;
      pricing.allowConsoleError(/status of 400/, "the app answers a price the provider refused with 400, and Chromium logs every 4xx");
      let posts = 0;
      page.on("request", (request) => {
        if (request.method() === "POST") posts += 1;
      });

      await page.getByRole("button", { name: "Get prices" }).click();
      await expectVisible(page.getByText("is required: choose where the parcel goes"));
      await expectVisible(page.getByText("Add at least one SKU to price."));
      await page.getByLabel("Postcode (optional)").fill("9".repeat(51));
      await page.getByLabel("Postcode (optional)").blur();
      await expectVisible(page.getByText("must be at most 50 characters"));
      await pick(page, "poster", /POSTER-A2-UNREG/);
      await page.getByLabel("Quantity of POSTER-A2-UNREG").fill("0");
      await page.getByLabel("Quantity of POSTER-A2-UNREG").blur();
      await expectVisible(page.getByText("must be at least 1"));
      expect(posts).toBe(0);

      await page.getByLabel("Destination country").selectOption("US");
      await page.getByLabel("Postcode (optional)").fill("97210");
      await page.getByLabel("Quantity of POSTER-A2-UNREG").fill("3");
      await pricing.mainAction(() => page.getByRole("button", { name: "Get prices" }).click());
      await expectVisible(page.getByText("The provider refused to price it: SKU POSTER-A2-UNREG is not registered."));
      await expectVisible(page.getByText("SKU POSTER-A2-UNREG is not registered", { exact: true }));
      expect(posts).toBe(1);
      await pricing.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "in Chinese: the form, the prices and one service's charges in the admin's words; the provider's names and reasons as it wrote them",
    async () => {
      const s = admin.stack();
      await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }] });
      await seedCatalogue(s.db, s.shop);

      const pricing = await admin.openAdminPage("/app/pricing?locale=zh-CN", { name: "/app/pricing in zh-CN" });
      const { page } = pricing;
      await expectVisible(page.getByRole("heading", { name: "运费试算", level: 1 }));
      await expectVisible(page.getByRole("heading", { name: "包裹" }));
      // The destinations are named in Chinese, each with its code ("德国 (DE)").
      expect(await englishLeftOn(page, COUNTRY_CODES)).toEqual([]);

      await page.getByLabel("目的国家/地区").selectOption("DE");
      await pick(page, "mug", /MUG-CER-350-WHT/, "添加 SKU");
      await page.getByLabel("MUG-CER-350-WHT 的数量").fill("2");
      await pricing.mainAction(() => page.getByRole("button", { name: "查询运费" }).click());
      await expectVisible(page.getByRole("heading", { name: "从 US01 发往 德国 (DE) 的运费" }));
      await expectVisible(page.getByText("包裹内容：2 × Ceramic mug 350 ml, white（MUG-CER-350-WHT）。4 个物流服务中有 2 个可以承运。"));
      await expectVisible(page.getByRole("columnheader", { name: "时效" }));
      const row = (code: string) => page.getByRole("row").filter({ hasText: code });
      await expectVisible(row("US01-INT").getByText("最便宜"));
      await expectVisible(row("US01-EXP").getByText("最快"));
      await expectVisible(row("US01-EXP").getByText(/^\d+–\d+ 天$/));

      await row("US01-INT").getByRole("button", { name: "US01-INT 的费用明细" }).click();
      await expectVisible(page.getByRole("heading", { name: "DHL eCommerce International (US01-INT)" }));
      await expectVisible(page.getByText(/^合计，\d+–\d+ 天送达$/));
      // The data: the product's name, and the provider's services, reasons and charges as it wrote them.
      const data = [
        ...["Ceramic", "mug", "ml", "white"],
        ...["DHL", "eCommerce", "International", "UPS", "Worldwide", "Expedited", "Economy", "Parcel", "USPS", "last", "mile"],
        ...COUNTRY_CODES,
        ...[
          "Ground",
          "Advantage",
          "does",
          "not",
          "deliver",
          "to",
          "Freight",
          "per",
          "started",
          "kg",
          "Pick",
          "and",
          "pack",
          "unit",
          "Fuel",
          "surcharge",
          "of",
          "freight",
        ],
      ];
      expect(await englishLeftOn(page, data)).toEqual([]);
      await pricing.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
