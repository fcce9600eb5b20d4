/**
 * Settings > Warehouses and routing, "Suggest services", over HTTP in the built app: the countries of the shop's
 * own shipments of the last 90 days and the SKU each enabled warehouse is priced with are on the
 * page; asked, the app prices each warehouse and country at the provider (the sandbox) and answers
 * the cheapest service that delivers there, or why not; another shop's shipments count for nothing;
 * nothing without a session token.
 */
import type { Prisma } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { encodePackageRequest, PackageId } from "~/connector";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { replaceWarehouseStock } from "~/stores/stock/warehouse-stock.server";
import { AGE_BANDS } from "~/connector/inventory-age";
import { useStack } from "../support/stack";
import { adminData, adminDocument } from "./support";

const stack = useStack({ worker: false });

const ROUTE = "routes/app.settings.routing";
const OTHER_SHOP = "other-shop.myshopify.com";

let sequence = 0;

/** An outbound shipment as the push leaves it: its request sent, `daysAgo` old. */
async function shipped(
  shop: string,
  country: string,
  skus: [string, number][],
  daysAgo = 1,
  fields: Partial<Prisma.ShipmentUncheckedCreateInput> = {},
) {
  sequence += 1;
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await stack().db.shipment.create({
    data: {
      shop,
      kind: "OUTBOUND",
      state: "FULFILLED",
      fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${500_000 + sequence}`,
      orderId: `gid://shopify/Order/${400_000 + sequence}`,
      packageId: `SUGGEST-${sequence}`,
      warehouseCode: "US01",
      requestSent: encodePackageRequest({
        kind: "OUTBOUND",
        body: {
          PackageId: PackageId.parse(`SUGGEST-${sequence}`),
          ShipToAddress: { Country: country, City: "Somewhere" },
          Skus: skus.map(([Sku, Quantity]) => ({ Sku, Quantity })),
        },
      }),
      createdAt: at,
      updatedAt: at,
      ...fields,
    },
  });
}

const Plan = z.object({
  countries: z.array(z.object({ code: z.string(), name: z.string(), shipments: z.number() })),
  warehouses: z.array(z.object({ warehouseId: z.string(), sku: z.object({ sku: z.string(), why: z.string() }).nullable() })),
});
const Suggestions = z.object({
  ok: z.literal(true),
  suggestions: z.object({
    problem: z.string().nullable(),
    warehouses: z.array(
      z.object({
        warehouseId: z.string(),
        byCountry: z.array(
          z.object({
            country: z.string(),
            suggested: z.object({ code: z.string(), price: z.string(), days: z.string().nullable() }).nullable(),
            note: z.string().nullable(),
          }),
        ),
      }),
    ),
  }),
});

/** The sandbox's own answer, for what the cheapest service there is. */
async function cheapestAtSandbox(warehouseId: string, country: string, sku: string): Promise<string | null> {
  const response = await fetch(`${stack().sandboxUrl}/v1/pricing/all/outbound/skus`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer sandbox" },
    body: JSON.stringify({ WarehouseId: warehouseId, Country: country, Skus: [{ Sku: sku, Quantity: 1 }] }),
  });
  const results = z
    .array(
      z.object({
        ServiceCode: z.string(),
        Success: z.boolean(),
        ChargeInfo: z.object({ Summary: z.array(z.object({ Amount: z.number() })) }).nullable(),
      }),
    )
    .parse(await response.json());
  const priced = results
    .filter((result) => result.Success)
    .sort((a, b) => (a.ChargeInfo?.Summary[0]?.Amount ?? 0) - (b.ChargeInfo?.Summary[0]?.Amount ?? 0));
  return priced[0]?.ServiceCode ?? null;
}

describe("suggested services by country", () => {
  it("plans from the shop's own shipments of the last 90 days, and suggests each warehouse's cheapest service per country", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, {
      warehouses: [
        { warehouseId: "US01", services: { defaultService: "US01-EXP", byCountry: { GB: "US01-EXP" } } },
        { warehouseId: "DE01" },
        { warehouseId: "XX01", enabled: false },
      ],
    });
    const bands = Object.fromEntries(AGE_BANDS.map((band) => [band, band === "To30Days" ? 50 : 0])) as Record<
      (typeof AGE_BANDS)[number],
      number
    >;
    await replaceWarehouseStock(
      s.db,
      s.shop,
      "US01",
      [
        { sku: "MUG-CER-350-WHT", storageNo: null, total: 50, bands },
        { sku: "TEA-GREEN-100G", storageNo: null, total: 500, bands },
      ],
      new Date(),
    );
    await shipped(s.shop, "GB", [["MUG-CER-350-WHT", 2]]);
    await shipped(s.shop, "GB", [["MUG-CER-350-WHT", 1]]);
    await shipped(s.shop, "gb", [["TEA-GREEN-100G", 1]]);
    await shipped(s.shop, "JP", [["MUG-CER-350-WHT", 1]]);
    await shipped(s.shop, "AU", [["MUG-CER-350-WHT", 9]], 120);
    await shipped(s.shop, "AU", [["MUG-CER-350-WHT", 9]], 3, { requestSent: null });
    await shipped(OTHER_SHOP, "NZ", [["THEIR-SKU", 50]]);

    const data = z.object({ suggestionPlan: Plan }).parse(await (await adminData(s, "/app/settings/routing", ROUTE)).json());
    expect(data.suggestionPlan).toEqual({
      countries: [
        { code: "GB", name: "United Kingdom (GB)", shipments: 3 },
        { code: "JP", name: "Japan (JP)", shipments: 1 },
      ],
      warehouses: [
        { warehouseId: "US01", sku: { sku: "MUG-CER-350-WHT", why: "your most shipped SKU it stocks" } },
        { warehouseId: "DE01", sku: { sku: "MUG-CER-350-WHT", why: "your most shipped SKU" } },
      ],
    });
    expect((await adminDocument(s, "/app/settings/routing")).text).toContain(
      "for the 2 countries you shipped to in the last 90 days (GB, JP)",
    );

    const response = await adminData(s, "/app/settings/routing", ROUTE, { form: { intent: "suggestServices" } });
    expect(response.status, s.logs().slice(-3_000)).toBe(200);
    const { suggestions } = Suggestions.parse(await response.json());
    expect(suggestions.problem).toBeNull();
    expect(suggestions.warehouses.map((warehouse) => warehouse.warehouseId)).toEqual(["US01", "DE01"]);
    for (const warehouse of suggestions.warehouses) {
      for (const cell of warehouse.byCountry) {
        expect(cell.suggested?.code ?? null, `${warehouse.warehouseId} → ${cell.country}`).toBe(
          await cheapestAtSandbox(warehouse.warehouseId, cell.country, "MUG-CER-350-WHT"),
        );
        expect(cell.suggested?.price).toMatch(/^(\$|€)[\d,]+\.\d\d$/);
      }
    }
    // Nothing of the settings changed by asking.
    expect(await s.db.job.count({ where: { shop: s.shop, kind: "install.fulfillment-services" } })).toBe(0);
  });

  it("says so, in each cell and once for all, when the provider cannot be reached", async () => {
    const s = stack();
    await s.db.shipment.deleteMany({ where: { shop: s.shop } });
    await s.db.warehouseStock.deleteMany({ where: { shop: s.shop } });
    await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "DE01" }] });
    await shipped(s.shop, "FR", [["CANDLE-SOY-200-LAV", 1]]);
    const faults = `${s.sandboxUrl}/__sandbox/faults`;
    await fetch(faults, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ operation: "priceAllServices", kind: "500", count: 10 }),
    });
    try {
      const { suggestions } = Suggestions.parse(
        await (await adminData(s, "/app/settings/routing", ROUTE, { form: { intent: "suggestServices" } })).json(),
      );
      expect(suggestions.problem).toMatch(/^The provider is not answering normally just now/);
      expect(suggestions.warehouses[0]?.byCountry).toEqual([
        { country: "FR", suggested: null, note: "Not priced: the provider did not answer." },
      ]);
    } finally {
      await fetch(faults, { method: "DELETE" });
    }
  });

  it("is neither planned nor asked without a session token", async () => {
    const s = stack();
    const ask = await adminData(s, "/app/settings/routing", ROUTE, { signedIn: false, form: { intent: "suggestServices" } });
    expect(ask.status).not.toBe(200);
    expect(await ask.text()).not.toContain("suggestions");
  });
});
