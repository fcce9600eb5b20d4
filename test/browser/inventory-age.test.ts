/**
 * Inventory age in the browser: with no warehouse it says where to set one up; before any stock
 * sync it reads the provider (the sandbox) live and says so; it filters by age and sorts as the
 * merchant types, marks the old stock, draws the chart, and its CSV holds exactly the rows the
 * table shows (all of them, not the page), read back with csv-parse; the stock sync's read is shown
 * "as of" its time, page by page, the page and the query in the address (back goes to the view
 * before, an address opened again shows its page); an unreachable provider is said in words.
 */
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { AGE_BANDS, type AgeBands } from "~/connector/inventory-age";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { replaceWarehouseStock } from "~/stores/stock/warehouse-stock.server";
import { BROWSER_TEST_TIMEOUT_MS, expectVisible, useAdminBrowser } from "./support";

const admin = useAdminBrowser({ worker: false });

/** The table's body rows as the merchant reads them: SKU, total, the twelve bands (– is 0), then any "older than" badge. */
async function tableRows(page: Page): Promise<string[][]> {
  return page
    .locator("table tbody tr")
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => (cell.textContent ?? "").trim())));
}

/** A cell's number: "1,234", "–" (none), or a badge's "120 units" (after its tone, read out to screen readers). */
const asNumber = (text: string) => (text === "–" ? 0 : Number((/([\d,]+)( units?)?$/.exec(text)?.[1] ?? "NaN").replace(/,/g, "")));

/** Downloads the CSV through the page's Export button and parses it (BOM, header row, CRLF). */
async function exportCsv(page: Page): Promise<{ name: string; bytes: Buffer; records: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  const path = await download.path();
  const bytes = await readFile(path);
  const records = parse(bytes, { bom: true, relax_column_count: false }) as string[][];
  return { name: download.suggestedFilename(), bytes, records };
}

describe("inventory age", () => {
  it(
    "says where to set up a warehouse when the shop has none",
    async () => {
      const inventory = await admin.openAdminPage("/app/inventory-age", { name: "/app/inventory-age (no warehouse)" });
      await expectVisible(inventory.page.getByText("No warehouse set up yet"));
      await expectVisible(inventory.page.getByRole("link", { name: "Set up a warehouse" }));
      await inventory.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "reads the provider live before the first sync, filters old stock, sorts, and exports exactly what it shows",
    async () => {
      const s = admin.stack();
      await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }, { warehouseId: "DE01" }] });

      const inventory = await admin.openAdminPage("/app/inventory-age");
      const { page } = inventory;
      await expectVisible(
        page.getByText(
          /^Read from the provider just now \([A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M P[DS]T\): the stock sync has not read US01 yet\.$/,
        ),
      );
      await expectVisible(page.getByRole("heading", { name: "Units by age" }));
      expect((await tableRows(page)).map((row) => row[0])).toContain("MUG-CER-350-WHT");
      expect(await tableRows(page)).toHaveLength(14);
      // The chart is drawn: one bar segment per SKU and band with stock.
      await expectVisible(
        page
          .locator("svg")
          .filter({ has: page.locator("rect, path") })
          .first(),
      );

      await inventory.mainAction(async () => {
        await page.getByLabel("Older than (days)").click();
        await page.getByLabel("Older than (days)").fill("180");
        await page.getByLabel("Sort by").selectOption("oldest");
      });
      await expectVisible(page.getByRole("columnheader", { name: "Older than 180 days" }));
      await expectVisible(page.getByText("Counts bands from 181–210 days on."));
      const shown = await tableRows(page);
      // Every SKU at US01 has a lot 200 and 400 days old: all stay, each marked with its old units.
      expect(shown).toHaveLength(14);
      for (const row of shown) {
        const bands = row.slice(2, 14).map(asNumber);
        expect(asNumber(row[14] ?? "")).toBe(bands.slice(6).reduce((sum, units) => sum + units, 0));
        expect(row[14]).toMatch(/[\d,]+ units?$/);
      }
      // Oldest first: the most units in the oldest band at the top.
      const oldest = shown.map((row) => asNumber(row[13] ?? ""));
      expect([...oldest].sort((a, b) => b - a)).toEqual(oldest);
      expect(new URL(page.url()).searchParams.get("olderThan")).toBe("180");

      const csv = await exportCsv(page);
      expect(csv.name).toMatch(/^inventory-age-US01-\d{4}-\d\d-\d\d\.csv$/);
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(csv.bytes.includes("\r\n")).toBe(true);
      const [header, ...records] = csv.records;
      expect(header).toEqual([
        "SKU",
        "Storage number",
        "Total units",
        ...AGE_BANDS.map((_, index) => (index === 11 ? "Over 330 days" : `${index === 0 ? 0 : index * 30 + 1}–${index * 30 + 30} days`)),
        "Older than 180 days",
      ]);
      // The same rows in the same order, with the same numbers (the storage number is the CSV's only extra column).
      expect(records.map((record) => [record[0], ...record.slice(2).map(Number)])).toEqual(
        shown.map((row) => [row[0], ...row.slice(1).map(asNumber)]),
      );
      await expectVisible(page.getByText(/^Exported 14 SKUs to inventory-age-US01-/));

      // The stock sync reads enabled warehouses with a Shopify location only: asking now says so.
      await page.getByRole("button", { name: "Read the stock again" }).click();
      await expectVisible(
        page.getByText(
          "Nothing to read: the stock sync reads enabled warehouses once their Shopify location exists (Settings > Warehouses and routing).",
        ),
      );
      await inventory.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "shows the stock sync's read as of its time, page by page, and exports every row",
    async () => {
      const s = admin.stack();
      const readAt = new Date("2026-03-02T08:15:00Z");
      const bands = (units: number): AgeBands =>
        Object.fromEntries(AGE_BANDS.map((band, index) => [band, index === 0 ? units : index === 7 ? 2 : 0])) as AgeBands;
      const skus = [
        ...Array.from({ length: 42 }, (_, index) => `BULK-${String(index + 1).padStart(3, "0")}`),
        'TEA "SENCHA", 100 g',
        "KAFFEE-MÜHLE-GRAU",
        "=SUM(A1)",
      ];
      await replaceWarehouseStock(
        s.db,
        s.shop,
        "DE01",
        skus.map((sku, index) => ({ sku, storageNo: index === 0 ? "LOC-A1" : null, total: index + 3, bands: bands(index + 1) })),
        readAt,
      );

      const inventory = await admin.openAdminPage("/app/inventory-age", { name: "/app/inventory-age (stock sync, DE01)" });
      const { page } = inventory;
      await expectVisible(page.getByText(/the stock sync has not read US01 yet\.$/));
      // Another warehouse: read by the server, a skeleton in its place meanwhile.
      await inventory.mainAction(() => page.getByLabel("Warehouse").selectOption("DE01"));
      await expectVisible(page.getByText(/^As of Mar 2, 2026, 12:15\sAM PST, from the last stock sync\.$/));
      await expectVisible(page.getByText("Page 1 of 3"));
      expect(await tableRows(page)).toHaveLength(20);

      await page.getByLabel("Next").click();
      await expectVisible(page.getByText("Page 2 of 3"));
      expect((await tableRows(page))[0]?.[0]).toBe("BULK-020");
      await inventory.audit();

      const csv = await exportCsv(page);
      const [, ...records] = csv.records;
      expect(records).toHaveLength(45);
      expect(records.map((record) => record[0])).toEqual(["'=SUM(A1)", ...skus.slice(0, 42), "KAFFEE-MÜHLE-GRAU", 'TEA "SENCHA", 100 g']);
      expect(records[1]?.slice(0, 4)).toEqual(["BULK-001", "LOC-A1", "3", "1"]);

      // A search narrows the table and the file alike.
      await page.getByLabel("Search SKUs").fill("sencha");
      await expectVisible(page.getByText("45 units in 1 SKU"));
      const narrowed = await exportCsv(page);
      expect(narrowed.records.slice(1).map((record) => record[0])).toEqual(['TEA "SENCHA", 100 g']);
      expect(new URL(page.url()).searchParams.get("q")).toBe("sencha");

      // Back: the second page again, the search field as it was then.
      await page.goBack();
      await expectVisible(page.getByText("Page 2 of 3"));
      expect(await page.getByLabel("Search SKUs").inputValue()).toBe("");
      expect((await tableRows(page))[0]?.[0]).toBe("BULK-020");

      // The address alone, opened again (a reload, a shared link), shows the same view.
      const again = await admin.openAdminPage(`/app/inventory-age?warehouse=DE01&sort=total&page=3`, {
        name: "/app/inventory-age (DE01, most units, page 3)",
      });
      await expectVisible(again.page.getByText("Page 3 of 3"));
      expect(await again.page.getByLabel("Sort by").inputValue()).toBe("total");
      expect((await tableRows(again.page)).map((row) => row[0])).toEqual(["BULK-005", "BULK-004", "BULK-003", "BULK-002", "BULK-001"]);
      await again.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "says in words when the provider cannot be reached",
    async () => {
      const s = admin.stack();
      await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }] });
      const faults = `${s.sandboxUrl}/__sandbox/faults`;
      await fetch(faults, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ operation: "inventoryAge", kind: "500", count: 50 }),
      });
      try {
        const inventory = await admin.openAdminPage("/app/inventory-age", { name: "/app/inventory-age (provider down)" });
        await expectVisible(inventory.page.getByText("The stock at US01 could not be read"));
        await expectVisible(
          inventory.page.getByText(
            /The provider is not answering normally just now \(HTTP 500, ticket .+\)\. Try again in a few minutes\./,
          ),
        );
        await inventory.audit();
      } finally {
        await fetch(faults, { method: "DELETE" });
      }
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    "speaks the admin's language: Chinese words, dates and Polaris's own words from the admin's link, kept for the app's next page; English for another browser",
    async () => {
      const s = admin.stack();
      await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }] });
      // In the shop's time zone (the emulator's shop is in Los Angeles), as Chinese writes its offset.
      const chineseReadJustNow = /^刚刚从服务商读取（\d{4}年\d{1,2}月\d{1,2}日 GMT-[78] \d{1,2}:\d\d）：库存同步尚未读取 US01。$/;

      // Shopify's admin opens the app with the staff member's language in the link.
      const chinese = await admin.openAdminPage("/app/inventory-age?locale=zh-CN", { name: "/app/inventory-age in zh-CN" });
      await expectVisible(chinese.page.getByText(chineseReadJustNow));
      await expectVisible(chinese.page.getByRole("button", { name: "导出 CSV" }));
      await expectVisible(chinese.page.getByLabel("排序方式"));
      await expectVisible(chinese.page.getByRole("columnheader", { name: "超过 330" }));
      // Polaris's own words too (its page header's announcement), not only the app's.
      expect(await chinese.page.getByText("库龄。此页面已就绪").count()).toBe(1);
      // The app's own next requests name no language: the browser remembered the admin's, menu and all.
      await chinese.navigateFromAdminMenu("首页");
      await expectVisible(chinese.page.getByText("将仓库库存写入 Shopify"));
      await chinese.navigateFromAdminMenu("库龄");
      await expectVisible(chinese.page.getByText(chineseReadJustNow));
      expect(new URL(chinese.page.url()).searchParams.has("locale")).toBe(false);
      expect(await chinese.page.getByText(/Inventory age|Read the stock again|Sort by|Export CSV/).count()).toBe(0);
      await chinese.audit();

      // Another browser, in English and never told otherwise, reads English.
      const english = await admin.openAdminPage("/app/inventory-age", { name: "/app/inventory-age in en" });
      await expectVisible(english.page.getByText(/^Read from the provider just now \([A-Z][a-z]{2} \d{1,2}, \d{4}, /));
      await expectVisible(english.page.getByRole("button", { name: "Export CSV" }));
      await english.audit();
    },
    BROWSER_TEST_TIMEOUT_MS,
  );
});
