/**
 * The Inventory age page and its CSV export in the built app, over HTTP as the embedded admin
 * reaches them: before any stock sync the warehouse is read live from the provider (the sandbox);
 * the stock sync's read is shown once there is one, a page at a time by the address's query (5,000
 * SKUs send one page, not the warehouse); the export is an attachment of exactly the query's rows,
 * all of them; "Read the stock again" queues the stock sync; another shop's warehouses and stock
 * are never shown or exported; nothing without a session token.
 */
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AGE_BANDS, inventoryAgeView, ROWS_PER_PAGE, type AgeBands } from "~/connector/inventory-age";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { bandColumn, replaceWarehouseStock } from "~/stores/stock/warehouse-stock.server";
import { useStack } from "../support/stack";
import { adminData, adminDocument, BROWSER_USER_AGENT, sessionToken } from "./support";

const stack = useStack({ worker: false });

const ROUTE = "routes/app.inventory-age";
const OTHER_SHOP = "other-shop.myshopify.com";

const Row = z.object({ sku: z.string(), total: z.number(), bands: z.record(z.string(), z.number()), olderThan: z.number().nullable() });
const LoaderData = z.object({
  warehouses: z.array(z.object({ id: z.string(), enabled: z.boolean(), syncs: z.boolean() })),
  selected: z.string().nullable(),
  reading: z
    .discriminatedUnion("kind", [
      z.object({
        kind: z.literal("stock"),
        shown: z.object({
          pageRows: z.array(Row),
          matching: z.number(),
          totals: z.object({ bands: z.record(z.string(), z.number()), total: z.number(), olderThan: z.number().nullable() }),
          page: z.number(),
          pages: z.number(),
        }),
        skus: z.number(),
        readAt: z.string(),
        source: z.enum(["sync", "live"]),
        truncated: z.boolean(),
      }),
      z.object({ kind: z.literal("unreachable"), message: z.string() }),
    ])
    .nullable(),
});

async function load(path: string) {
  const response = await adminData(stack(), path, ROUTE);
  expect(response.status, stack().logs().slice(-3_000)).toBe(200);
  return LoaderData.parse(await response.json());
}

/** GET the export as the page's fetch does: with the session token (App Bridge adds it to fetches). */
function exportCsv(query: string, { signedIn = true } = {}) {
  const s = stack();
  return fetch(new URL(`/app/inventory-age/export?${query}`, s.appUrl), {
    redirect: "manual",
    headers: {
      "User-Agent": BROWSER_USER_AGENT,
      ...(signedIn ? { Authorization: `Bearer ${sessionToken(s.shop, s.apiKey, s.apiSecret)}` } : {}),
    },
  });
}

const bands = (to30: number, over330: number): AgeBands =>
  Object.fromEntries(AGE_BANDS.map((band) => [band, band === "To30Days" ? to30 : band === "MoreThan330Days" ? over330 : 0])) as AgeBands;

describe("the inventory age page", () => {
  it("says there is no warehouse, then reads a warehouse live from the provider before any stock sync", async () => {
    const s = stack();
    expect(await load("/app/inventory-age")).toMatchObject({ warehouses: [], selected: null, reading: null });
    expect((await adminDocument(s, "/app/inventory-age")).text).toContain("No warehouse set up yet");

    await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }, { warehouseId: "DE01", enabled: false }] });
    const data = await load("/app/inventory-age?warehouse=DE01");
    expect(data.selected).toBe("DE01");
    expect(data.warehouses).toEqual([
      { id: "US01", enabled: true, syncs: false },
      { id: "DE01", enabled: false, syncs: false },
    ]);
    expect(data.reading).toMatchObject({ kind: "stock", source: "live", truncated: false, skus: 14 });
    const rows = data.reading?.kind === "stock" ? data.reading.shown.pageRows : [];
    // The sandbox's DE01: 14 SKUs, the lamp out of stock there.
    expect(rows).toHaveLength(14);
    expect(rows.find((row) => row.sku === "LAMP-LED-DESK-WHT")?.total).toBe(0);
    expect(rows.find((row) => row.sku === "MUG-CER-350-WHT")).toMatchObject({
      total: 180,
      bands: expect.objectContaining({ To30Days: 90 }),
    });

    const page = await adminDocument(s, "/app/inventory-age?warehouse=DE01");
    expect(page.text).toContain("Read from the provider just now");
    expect(page.text).toContain("MUG-CER-350-WHT");
  });

  it("shows the stock sync's read once there is one, and exports exactly the query's rows as an attachment", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }] });
    await replaceWarehouseStock(
      s.db,
      s.shop,
      "US01",
      [
        { sku: "OLD-1", storageNo: "A-1", total: 12, bands: bands(2, 10) },
        { sku: "NEW-1", storageNo: null, total: 5, bands: bands(5, 0) },
        { sku: "OLD-2", storageNo: null, total: 30, bands: bands(0, 30) },
      ],
      new Date("2026-04-01T09:30:00Z"),
    );
    const data = await load("/app/inventory-age");
    expect(data.reading).toMatchObject({ kind: "stock", source: "sync", readAt: "2026-04-01T09:30:00.000Z" });
    expect((await adminDocument(s, "/app/inventory-age")).text).toMatch(/As of Apr 1, 2026, 2:30\sAM PDT, from the last stock sync\./);

    const response = await exportCsv("warehouse=US01&olderThan=330&sort=total&q=old");
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="inventory-age-US01-2026-04-01.csv"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...records] = parse(bytes, { bom: true }) as string[][];
    expect(header?.slice(0, 4)).toEqual(["SKU", "Storage number", "Total units", "0–30 days"]);
    expect(header?.at(-1)).toBe("Older than 330 days");
    expect(records.map((record) => [record[0], record[1], record[2], record.at(-1)])).toEqual([
      ["OLD-2", "", "30", "30"],
      ["OLD-1", "A-1", "12", "10"],
    ]);

    const refused = await exportCsv("warehouse=US01&olderThan=ninety");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("Older than (days) must be a whole number of days.");
  });

  // 5,000 SKUs written and read back several times: well past the default bound on a busy machine.
  it("reads one page of a big warehouse by the address's query, and sends that page, not the warehouse", { timeout: 120_000 }, async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }] });
    // This test's warehouse alone (the stack is the file's).
    await s.db.warehouseStock.deleteMany({ where: { shop: s.shop } });
    const readAt = new Date("2026-04-01T09:30:00Z");
    // 5,000 SKUs, as bench:admin seeds a big merchant: three lots each, of ages spread over every band.
    const rows = Array.from({ length: 5_000 }, (_, index) => {
      const units = AGE_BANDS.map((_, band) => ((index * 7 + band * 13) % 5 === 0 ? 1 + ((index + band) % 40) : 0));
      return {
        sku: `SKU-${String(index).padStart(5, "0")}`,
        storageNo: `ST-${index}`,
        total: units.reduce((sum, n) => sum + n, 0),
        bands: Object.fromEntries(AGE_BANDS.map((band, at) => [band, units[at] ?? 0])) as AgeBands,
      };
    });
    await s.db.warehouseStock.createMany({
      data: rows.map(({ bands, ...row }) => ({
        shop: s.shop,
        warehouseId: "US01",
        ...row,
        ...Object.fromEntries(AGE_BANDS.map((band) => [bandColumn(band), bands[band]])),
        readAt,
      })),
    });

    const query = { search: "sku-01", olderThanDays: 90, sort: "oldest" as const, page: 2 };
    const data = await load("/app/inventory-age?q=SKU-01&olderThan=90&sort=oldest&page=2");
    const { rows: _all, ...expected } = inventoryAgeView(rows, query);
    expect(data.reading).toMatchObject({ kind: "stock", source: "sync", skus: 5_000 });
    expect(data.reading?.kind === "stock" && data.reading.shown).toEqual({
      ...expected,
      pageRows: expected.pageRows.map(({ storageNo: _storageNo, ...row }) => row),
    });
    expect(expected.pageRows).toHaveLength(ROWS_PER_PAGE);

    // The first page as the admin opens it: twenty SKUs, and none of the other 4,980.
    const page = await adminDocument(s, "/app/inventory-age");
    expect(page.text).toContain("SKU-00019");
    expect(page.html).not.toContain("SKU-00020");
    expect(page.text).toContain("Page 1 of 250");
    const bytes = Buffer.byteLength(page.html);
    process.stdout.write(`Inventory age at 5,000 SKUs: the document is ${(bytes / 1024).toFixed(0)} KiB\n`);
    expect(bytes).toBeLessThan(200 * 1024);

    // The export still writes every SKU the query matches, not the page.
    const file = await exportCsv("warehouse=US01");
    expect((parse(Buffer.from(await file.arrayBuffer()), { bom: true }) as string[][]).length).toBe(5_001);
    await s.db.warehouseStock.deleteMany({ where: { shop: s.shop } });
  });

  it("queues the stock sync when asked to read the stock again, once a warehouse can be read", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }] });
    const notYet = await adminData(s, "/app/inventory-age", ROUTE, { form: { intent: "readAgain" } });
    expect(await notYet.json()).toMatchObject({ ok: false, message: expect.stringContaining("once their Shopify location exists") });
    expect(await s.db.job.count({ where: { shop: s.shop, kind: "stock.sync" } })).toBe(0);

    await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01", shopifyLocationId: "gid://shopify/Location/4242" }] });
    const queued = await adminData(s, "/app/inventory-age", ROUTE, { form: { intent: "readAgain" } });
    expect(queued.status).toBe(200);
    expect(await queued.json()).toMatchObject({ ok: true, message: expect.stringContaining("Queued") });
    expect(await s.db.job.findFirst({ where: { shop: s.shop, kind: "stock.sync", status: "PENDING" } })).toMatchObject({
      payload: expect.stringContaining('"MERCHANT"'),
    });
  });

  it("never shows or exports another shop's warehouses or stock", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }] });
    await saveShopSettings(s.db, OTHER_SHOP, { warehouses: [{ warehouseId: "JP09" }, { warehouseId: "US01" }] });
    await replaceWarehouseStock(
      s.db,
      OTHER_SHOP,
      "US01",
      [{ sku: "THEIR-SECRET-SKU", storageNo: null, total: 3, bands: bands(3, 0) }],
      new Date(),
    );
    await replaceWarehouseStock(
      s.db,
      OTHER_SHOP,
      "JP09",
      [{ sku: "THEIR-JP-SKU", storageNo: null, total: 3, bands: bands(3, 0) }],
      new Date(),
    );

    const data = await load("/app/inventory-age?warehouse=JP09");
    expect(data.selected).toBe("US01");
    expect(JSON.stringify(data)).not.toMatch(/THEIR-|JP09/);
    const mine = await exportCsv("warehouse=US01");
    expect(await mine.text()).not.toContain("THEIR-");
    const theirs = await exportCsv("warehouse=JP09");
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe("No warehouse JP09 is set up for this shop.");
    // The page shows that text after "Could not export": said in the admin's language.
    expect(await (await exportCsv("warehouse=JP09&locale=zh-CN")).text()).toBe("此店铺没有设置仓库 JP09。");
  });

  it("is neither shown nor exported without a session token", async () => {
    const s = stack();
    const load = await adminData(s, "/app/inventory-age", ROUTE, { signedIn: false });
    expect(load.status).toBe(204);
    expect(load.headers.get("X-Remix-Redirect")).toBe("/auth/login");
    const file = await exportCsv("warehouse=US01", { signedIn: false });
    expect(file.status).not.toBe(200);
    expect(await file.text()).not.toContain("SKU");
    const readAgain = await adminData(s, "/app/inventory-age", ROUTE, { signedIn: false, form: { intent: "readAgain" } });
    expect(readAgain.status).not.toBe(200);
  });

  // Last: the shop stays in live mode.
  it("says what to mend in the admin's language when live mode has no connection to read the provider", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { mode: "live", warehouses: [{ warehouseId: "JP02" }] });
    expect((await load("/app/inventory-age?warehouse=JP02&locale=zh-CN")).reading).toEqual({
      kind: "unreachable",
      message: `正式模式需要连接服务商，但 ${s.shop} 尚未保存任何连接：请在“设置 > 服务商连接”中连接服务商或输入其 API 令牌，然后重试。`,
    });
    expect((await load("/app/inventory-age?warehouse=JP02")).reading).toEqual({
      kind: "unreachable",
      message: `Live mode needs a connection to the provider, and none is saved for ${s.shop}: connect the provider or enter its API token in Settings > Provider connection, then retry.`,
    });
  });
});
