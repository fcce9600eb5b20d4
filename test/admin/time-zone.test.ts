/**
 * The admin writes dates in the shop's time zone, as Shopify's own admin does: read from Shopify
 * (shop.ianaTimezone) the first time a page opens, kept, and read again a day later, when a
 * merchant may have changed it. While Shopify cannot answer and nothing was read before, dates stay
 * in UTC and say so; the page opens all the same.
 */
import { describe, expect, it } from "vitest";
import { AGE_BANDS, type AgeBands } from "~/connector/inventory-age";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { replaceWarehouseStock } from "~/stores/stock/warehouse-stock.server";
import { useStack } from "../support/stack";
import { adminDocument } from "./support";

const stack = useStack({ worker: false });

const emulatorShop = () => {
  const shop = stack().shopify.state.shops.get(stack().shop);
  if (shop === undefined) throw new Error("the emulator has no demo shop");
  return shop;
};

/** The stock sync's read time as Inventory age shows it ("As of …, from the last stock sync."). */
async function asOf(): Promise<string> {
  const { status, text } = await adminDocument(stack(), "/app/inventory-age");
  expect(status, stack().logs().slice(-3000)).toBe(200);
  const shown = /As of (.+?), from the last stock sync\./.exec(text);
  if (shown === null) throw new Error("Inventory age does not say when the stock was read");
  return shown[1]?.replace(/\s/g, " ") ?? "";
}

describe("dates in the admin", () => {
  it("are in the shop's time zone, kept a day, then read again; in UTC while Shopify cannot say", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }] });
    const bands = Object.fromEntries(AGE_BANDS.map((band) => [band, band === "To30Days" ? 12 : 0])) as AgeBands;
    await replaceWarehouseStock(
      s.db,
      s.shop,
      "US01",
      [{ sku: "MUG-1", storageNo: null, total: 12, bands }],
      new Date("2026-04-01T21:30:00Z"),
    );

    // Shopify refuses the app (a revoked token) before the zone was ever read: UTC, said so.
    emulatorShop().access = "revoked";
    await s.db.shop.updateMany({ where: { domain: s.shop }, data: { timeZone: null, timeZoneReadAt: null } });
    expect(await asOf()).toBe("Apr 1, 2026, 9:30 PM UTC");

    emulatorShop().access = undefined;
    emulatorShop().ianaTimezone = "Asia/Shanghai";
    // Half past nine in the evening in UTC is the next morning in Shanghai.
    expect(await asOf()).toBe("Apr 2, 2026, 5:30 AM GMT+8");

    // The merchant moves the shop to Berlin: the zone read is kept for a day...
    emulatorShop().ianaTimezone = "Europe/Berlin";
    expect(await asOf()).toBe("Apr 2, 2026, 5:30 AM GMT+8");
    // ...and read again after it.
    await s.db.shop.updateMany({ where: { domain: s.shop }, data: { timeZoneReadAt: new Date(Date.now() - 25 * 3_600_000) } });
    expect(await asOf()).toBe("Apr 1, 2026, 11:30 PM GMT+2");
    expect(await s.db.shop.findUnique({ where: { domain: s.shop }, select: { timeZone: true } })).toEqual({ timeZone: "Europe/Berlin" });
  });
});
