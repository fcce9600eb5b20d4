/**
 * The admin writes dates in the shop's time zone, as Shopify's own admin does: read from Shopify
 * (shop.ianaTimezone) the first time a page opens, kept, and taken again from the shop/update
 * Shopify sends when the merchant changes it (or read again a day later, should that never come).
 * While Shopify cannot answer and nothing was read before, dates stay in UTC and say so; the page
 * opens all the same.
 */
import { describe, expect, it } from "vitest";
import { AGE_BANDS, type AgeBands } from "~/connector/inventory-age";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { replaceWarehouseStock } from "~/stores/stock/warehouse-stock.server";
import { restShop } from "../emulator/payloads";
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

/** A stock sync that read the warehouse at half past nine in the evening, UTC, on April 1st. */
async function stockReadAtNineThirtyUtc(): Promise<void> {
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
}

/** The merchant picks another zone in Shopify's Settings > General; Shopify sends shop/update. */
async function merchantChangesZoneInShopify(ianaTimezone: string): Promise<void> {
  const s = stack();
  const answer = await fetch(`${s.shopify.url}/__emulator/shops/${s.shop}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ianaTimezone }),
  });
  expect(answer.status).toBe(200);
}

/** Shopify delivers a shop/update of this shop's object with the given fields; the app answered 200. */
async function shopUpdateDelivered(fields: { iana_timezone: string; updated_at: string }): Promise<void> {
  const s = stack();
  const [delivery] = s.shopify.publish(s.shop, "shop/update", { ...restShop(s.shopify.state, emulatorShop()), ...fields });
  await s.shopify.settled();
  expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([200]);
}

const storedZone = async () =>
  stack().db.shop.findUniqueOrThrow({ where: { domain: stack().shop }, select: { timeZone: true, timeZoneReadAt: true } });

describe("dates in the admin", () => {
  it("are in the shop's time zone, kept a day, then read again; in UTC while Shopify cannot say", async () => {
    const s = stack();
    await stockReadAtNineThirtyUtc();

    // Shopify refuses the app (a revoked token) before the zone was ever read: UTC, said so.
    emulatorShop().access = "revoked";
    await s.db.shop.updateMany({ where: { domain: s.shop }, data: { timeZone: null, timeZoneReadAt: null } });
    expect(await asOf()).toBe("Apr 1, 2026, 9:30 PM UTC");

    emulatorShop().access = undefined;
    emulatorShop().ianaTimezone = "Asia/Shanghai";
    // Half past nine in the evening in UTC is the next morning in Shanghai.
    expect(await asOf()).toBe("Apr 2, 2026, 5:30 AM GMT+8");

    // The shop moves to Berlin, and its shop/update never reaches the app (Shopify gave up its
    // retries): the zone read is kept for a day...
    emulatorShop().ianaTimezone = "Europe/Berlin";
    expect(await asOf()).toBe("Apr 2, 2026, 5:30 AM GMT+8");
    // ...and read again after it.
    await s.db.shop.updateMany({ where: { domain: s.shop }, data: { timeZoneReadAt: new Date(Date.now() - 25 * 3_600_000) } });
    expect(await asOf()).toBe("Apr 1, 2026, 11:30 PM GMT+2");
    expect(await s.db.shop.findUnique({ where: { domain: s.shop }, select: { timeZone: true } })).toEqual({ timeZone: "Europe/Berlin" });
  });

  it("follow the merchant's change of zone in Shopify as soon as its shop/update is taken", async () => {
    const s = stack();
    await stockReadAtNineThirtyUtc();
    emulatorShop().ianaTimezone = "Asia/Shanghai";
    await s.db.shop.updateMany({ where: { domain: s.shop }, data: { timeZone: null, timeZoneReadAt: null } });
    expect(await asOf()).toBe("Apr 2, 2026, 5:30 AM GMT+8");

    await merchantChangesZoneInShopify("Europe/Berlin");
    await s.shopify.settled();
    expect(await asOf()).toBe("Apr 1, 2026, 11:30 PM GMT+2");
    expect(await s.db.webhookReceipt.findFirstOrThrow({ where: { shop: s.shop, topic: "shop/update" } })).toMatchObject({
      status: "PROCESSED",
      reason: null,
    });
  });

  it("keep the newer zone when an older shop/update arrives after it, and refuse a zone dates cannot be written in", async () => {
    const s = stack();
    await stockReadAtNineThirtyUtc();
    emulatorShop().ianaTimezone = "Asia/Shanghai";
    await merchantChangesZoneInShopify("Europe/Berlin");
    await s.shopify.settled();
    const berlin = await storedZone();
    expect(berlin.timeZone).toBe("Europe/Berlin");
    const berlinAsOf = berlin.timeZoneReadAt?.getTime() ?? 0;

    // The shop was in Tokyo a minute before it moved to Berlin; that change's delivery comes late.
    await shopUpdateDelivered({ iana_timezone: "Asia/Tokyo", updated_at: new Date(berlinAsOf - 60_000).toISOString() });
    expect(await asOf()).toBe("Apr 1, 2026, 11:30 PM GMT+2");
    expect(
      await s.db.webhookReceipt.findFirstOrThrow({ where: { shop: s.shop, topic: "shop/update", payload: { contains: "Asia/Tokyo" } } }),
    ).toMatchObject({
      status: "PROCESSED",
      reason: expect.stringMatching(
        /^Older than the time zone the app holds \(Europe\/Berlin, as of .+\): Asia\/Tokyo, as of .+, was not stored$/,
      ),
    });

    // A newer one naming a zone Intl does not know: kept with the reason, the zone held stays.
    await shopUpdateDelivered({ iana_timezone: "Mars/Olympus_Mons", updated_at: new Date(berlinAsOf + 60_000).toISOString() });
    expect(await asOf()).toBe("Apr 1, 2026, 11:30 PM GMT+2");
    expect(await storedZone()).toEqual(berlin);
    expect(
      await s.db.webhookReceipt.findFirstOrThrow({ where: { shop: s.shop, topic: "shop/update", payload: { contains: "Mars" } } }),
    ).toMatchObject({
      status: "REJECTED",
      reason: expect.stringContaining('"Mars/Olympus_Mons" is not a time zone this server knows: the shop\'s zone is kept'),
    });
  });
});
