import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import {
  getShopSettings,
  InvalidShopSettings,
  recordInstall,
  recordUninstall,
  recordWarehouseLocations,
  saveShopSettings,
  shopInstallation,
} from "~/stores/shops/shop.server";

const { db } = useTestDatabase();
const domain = "a.myshopify.com";

beforeEach(async () => {
  await db.shop.deleteMany();
});

describe("shop settings", () => {
  it("are the defaults until the merchant saves any: sandbox, auto-push, customers notified", async () => {
    expect(await getShopSettings(db, domain)).toEqual({
      mode: "sandbox",
      providerBaseUrl: null,
      warehouses: [],
      dropShip: null,
      customs: { currency: "USD", hsCode: "", declareNameEn: "", originCountry: null, declaredValueCurrency: "PRESENTMENT" },
      taxIds: { ioss: null, euVatNumber: null, ukVatNumber: null },
      skus: { strict: false, bySku: {} },
      skuDefaults: { size: null, declaredValueFrom: "PRICE" },
      stockSync: { enabled: true, intervalMinutes: 15 },
      afterSending: { failedPackages: "hold", noNewsDays: 30 },
      codGatewayNames: [],
      notifyCustomer: true,
      pushPolicy: "autoPush",
      orders: { shipUnpaid: false, shipHighRisk: false, shipOnTerms: { FULFILLMENT: true, NET: true, FIXED: true, RECEIPT: false } },
      checkoutRates: { enabled: false, carrierServiceId: null, problem: null, flatRates: [], cacheMinutes: 10 },
    });
  });

  it("are stored whole and read back with defaults filled in", async () => {
    const saved = await saveShopSettings(db, domain, {
      mode: "live",
      warehouses: [{ warehouseId: "US01", shopifyLocationId: "gid://shopify/Location/1", services: { byCountry: { US: "USPS-GA" } } }],
      dropShip: { handlingLocation: "SZ", merchantLocationIds: ["gid://shopify/Location/9"] },
      pushPolicy: "holdForReview",
    });
    expect(await getShopSettings(db, domain)).toEqual(saved);
    expect(saved.warehouses[0]).toEqual({
      warehouseId: "US01",
      shopifyLocationId: "gid://shopify/Location/1",
      country: null,
      enabled: true,
      services: { defaultService: null, byCountry: { US: "USPS-GA" }, byShippingMethod: {} },
      handlingDays: null,
    });
    expect(saved.dropShip?.services).toEqual({ defaultService: null, byCountry: {}, byShippingMethod: {} });
  });

  it("refuse what the provider or Shopify would refuse, naming the field", async () => {
    const invalid = saveShopSettings(db, domain, {
      warehouses: [
        { warehouseId: "US 01", shopifyLocationId: "42" },
        { warehouseId: "DE01", shopifyLocationId: "gid://shopify/Location/2", services: { byCountry: { Germany: "DHL" } } },
      ],
    });
    await expect(invalid).rejects.toThrow(/warehouseId[\s\S]*letters, digits[\s\S]*shopifyLocationId[\s\S]*two-letter country code/);
    expect(await db.shop.count()).toBe(0);
  });

  it("refuse a warehouse configured twice, and a warehouse location mapped to drop-ship", async () => {
    const location = "gid://shopify/Location/1";
    await expect(
      saveShopSettings(db, domain, {
        warehouses: [
          { warehouseId: "US01", shopifyLocationId: location },
          { warehouseId: "US01", shopifyLocationId: "gid://shopify/Location/2" },
        ],
        dropShip: { handlingLocation: "SZ", merchantLocationIds: [location] },
      }),
    ).rejects.toThrow(/is configured twice[\s\S]*not one the merchant ships from/);
  });

  it("that no longer parse are reported, not silently replaced by defaults", async () => {
    await db.shop.create({ data: { domain, settings: JSON.stringify({ mode: "production" }) } });
    await expect(getShopSettings(db, domain)).rejects.toBeInstanceOf(InvalidShopSettings);
  });
});

describe("install and uninstall", () => {
  it("keep the shop and its settings across an uninstall and a reinstall", async () => {
    await recordInstall(db, domain, new Date("2030-01-01T00:00:00Z"));
    await saveShopSettings(db, domain, { notifyCustomer: false });
    await recordUninstall(db, domain, new Date("2030-02-01T00:00:00Z"));
    await recordUninstall(db, domain, new Date("2030-02-02T00:00:00Z")); // delivered twice
    expect(await db.shop.findUniqueOrThrow({ where: { domain } })).toMatchObject({ uninstalledAt: new Date("2030-02-01T00:00:00Z") });

    await recordInstall(db, domain, new Date("2030-03-01T00:00:00Z"));
    expect(await db.shop.findUniqueOrThrow({ where: { domain } })).toMatchObject({
      installedAt: new Date("2030-03-01T00:00:00Z"),
      uninstalledAt: null,
    });
    expect((await getShopSettings(db, domain)).notifyCustomer).toBe(false);
  });

  it("of a shop never recorded records it uninstalled, so shop/redact finds it so; a second one keeps the first time", async () => {
    const first = new Date("2030-01-01T00:00:00Z");
    await recordUninstall(db, "never.myshopify.com", first);
    await recordUninstall(db, "never.myshopify.com", new Date("2030-02-01T00:00:00Z"));
    expect(await db.shop.findUniqueOrThrow({ where: { domain: "never.myshopify.com" } })).toMatchObject({
      uninstalledAt: first,
      settings: "{}",
    });
    expect(await shopInstallation(db, "never.myshopify.com")).toBe("uninstalled");
    expect(await shopInstallation(db, "nobody.myshopify.com")).toBe("unknown");
  });
});

describe("warehouse locations", () => {
  it("are unknown until the fulfillment service exists, and recorded without touching other settings", async () => {
    await saveShopSettings(db, domain, {
      warehouses: [{ warehouseId: "US01" }, { warehouseId: "DE01", enabled: false }],
      notifyCustomer: false,
    });
    expect((await getShopSettings(db, domain)).warehouses.map((w) => w.shopifyLocationId)).toEqual([null, null]);

    const changed = await recordWarehouseLocations(
      db,
      domain,
      new Map([
        ["US01", "gid://shopify/Location/11"],
        ["GONE", "gid://shopify/Location/99"], // removed from the settings meanwhile: not brought back
      ]),
    );
    expect(changed).toEqual(["US01"]);
    const settings = await getShopSettings(db, domain);
    expect(settings.warehouses.map((w) => [w.warehouseId, w.shopifyLocationId])).toEqual([
      ["US01", "gid://shopify/Location/11"],
      ["DE01", null],
    ]);
    expect(settings.notifyCustomer).toBe(false);
    expect(await recordWarehouseLocations(db, domain, new Map([["US01", "gid://shopify/Location/11"]]))).toEqual([]);
  });
});
