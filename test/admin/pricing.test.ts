/**
 * The Pricing page in the built app, over HTTP as the embedded admin reaches it: the shop's own
 * warehouses and catalogue; every service of a warehouse priced by the provider (the sandbox,
 * operation 14 with the unsuccessful ones), one service in detail (operation 18), store SKUs sent as
 * their provider SKUs; wrong fields refused by field before anything is sent; another shop's
 * warehouse or SKUs not priceable; nothing without a session token.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { saveVariants } from "~/stores/catalogue/variants.server";
import { seedCatalogue } from "../support/catalogue";
import { useStack } from "../support/stack";
import { adminData, adminDocument } from "./support";

const stack = useStack({ worker: false });

const ROUTE = "routes/app.pricing";
const OTHER_SHOP = "other-shop.myshopify.com";

const Price = z.object({
  serviceCode: z.string(),
  serviceName: z.string().nullable(),
  success: z.boolean(),
  message: z.string().nullable(),
  totals: z.array(z.object({ amount: z.number(), currency: z.string() })),
  days: z.object({ min: z.number(), max: z.number() }).nullable(),
  cheapest: z.boolean(),
  fastest: z.boolean(),
});
const Priced = z.object({
  warehouseId: z.string(),
  destination: z.string(),
  lines: z.array(z.object({ sku: z.string(), providerSku: z.string(), quantity: z.number() })),
  inputs: z.record(z.string(), z.string()),
});
const Answer = z.union([
  z.object({ intent: z.literal("quote"), ok: z.literal(true), priced: Priced, services: z.array(Price) }),
  z.object({
    intent: z.literal("service"),
    ok: z.literal(true),
    priced: Priced,
    service: Price,
    charges: z.array(z.object({ name: z.string(), amount: z.number() })),
  }),
  z.object({
    intent: z.string(),
    ok: z.literal(false),
    problem: z.string().nullable(),
    result: z.object({ error: z.record(z.string(), z.array(z.string()).nullable()).optional() }).nullable(),
  }),
]);

const form = (fields: Record<string, string>) => ({
  intent: "quote",
  warehouseId: "US01",
  country: "GB",
  postcode: "SW1A 1AA",
  city: "London",
  province: "",
  "lines.0.sku": "MUG-CER-350-WHT",
  "lines.0.quantity": "2",
  ...fields,
});

async function price(fields: Record<string, string>) {
  const response = await adminData(stack(), "/app/pricing", ROUTE, { form: form(fields) });
  return { status: response.status, answer: Answer.parse(await response.json()) };
}

describe("the pricing page", () => {
  it("loads the shop's warehouses and catalogue, never another shop's", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }, { warehouseId: "DE01", enabled: false }] });
    await saveShopSettings(s.db, OTHER_SHOP, { warehouses: [{ warehouseId: "JP09" }] });
    await seedCatalogue(s.db, s.shop);
    await seedCatalogue(s.db, OTHER_SHOP, [{ sku: "THEIR-ONLY-SKU", name: "Their product" }]);

    const data = z
      .object({
        warehouses: z.array(z.object({ id: z.string(), enabled: z.boolean() })),
        catalogue: z.array(z.object({ sku: z.string(), name: z.string() })),
        countries: z.array(z.object({ value: z.string(), label: z.string() })),
      })
      .parse(await (await adminData(s, "/app/pricing", ROUTE)).json());
    expect(data.warehouses).toEqual([
      { id: "US01", enabled: true },
      { id: "DE01", enabled: false },
    ]);
    expect(data.catalogue).toHaveLength(14);
    expect(JSON.stringify(data)).not.toMatch(/THEIR-ONLY-SKU|JP09/);
    // Shopify names a product's only variant "<product> - Default Title": the page names the product.
    await saveVariants(s.db, s.shop, "test-catalogue", [
      {
        variantId: "gid://shopify/ProductVariant/79999",
        productId: "gid://shopify/Product/69999",
        productTitle: "Ceramic mug 350 ml, white",
        variantTitle: "Default Title",
        displayName: "Ceramic mug 350 ml, white - Default Title",
        sku: "SHOP-MUG-WHITE",
        price: "12.00",
        unitCost: null,
        inventoryItemId: "gid://shopify/InventoryItem/89999",
        tracked: true,
        weightGrams: 350,
        hsCode: null,
        countryOfOrigin: null,
      },
    ]);
    const named = z
      .object({ catalogue: z.array(z.object({ sku: z.string(), name: z.string() })) })
      .parse(await (await adminData(s, "/app/pricing", ROUTE)).json());
    expect(named.catalogue).toContainEqual({ sku: "SHOP-MUG-WHITE", name: "Ceramic mug 350 ml, white" });
    expect(JSON.stringify(named)).not.toContain("Default Title");
    expect(data.countries).toContainEqual({ value: "DE", label: "Germany (DE)" });
    expect((await adminDocument(s, "/app/pricing")).text).toContain("Get prices");
  });

  it("prices every service of the warehouse, cheapest first, with the provider's reason for those that cannot carry it", async () => {
    const { status, answer } = await price({});
    expect(status, stack().logs().slice(-3_000)).toBe(200);
    if (answer.intent !== "quote" || !answer.ok) throw new Error(JSON.stringify(answer));
    expect(answer.priced).toMatchObject({
      warehouseId: "US01",
      destination: "United Kingdom (GB)",
      lines: [{ sku: "MUG-CER-350-WHT", providerSku: "MUG-CER-350-WHT", quantity: 2 }],
    });
    expect(answer.services.map((service) => [service.serviceCode, service.success])).toEqual([
      ["US01-INT", true],
      ["US01-EXP", true],
      ["US01-ECO", false],
      ["US01-STD", false],
    ]);
    const [cheapest, express] = answer.services;
    expect(cheapest).toMatchObject({ cheapest: true, fastest: false, totals: [{ currency: "USD", amount: expect.any(Number) }] });
    expect(express).toMatchObject({ cheapest: false, fastest: true });
    expect(cheapest?.totals[0]?.amount).toBeLessThan(express?.totals[0]?.amount ?? 0);
    expect(answer.services[3]).toMatchObject({ message: "USPS Ground Advantage does not deliver to GB", totals: [], days: null });

    // One service in detail: its charges add up to its total in the list.
    const detail = await price({ ...answer.priced.inputs, intent: "service", service: "US01-INT" });
    if (detail.answer.intent !== "service" || !detail.answer.ok) throw new Error(JSON.stringify(detail.answer));
    expect(detail.answer.charges.map((charge) => charge.name)).toEqual(["Freight", "Fuel surcharge", "Pick and pack"]);
    const sum = detail.answer.charges.reduce((total, charge) => total + charge.amount, 0);
    expect(sum).toBeCloseTo(cheapest?.totals[0]?.amount ?? 0, 2);
  });

  it("sends a store SKU as its provider SKU", async () => {
    const s = stack();
    await seedCatalogue(s.db, s.shop, [{ sku: "SHOP-MUG", name: "Mug as the shop sells it" }]);
    await saveShopSettings(s.db, s.shop, {
      warehouses: [{ warehouseId: "US01" }],
      skus: { bySku: { "SHOP-MUG": { providerSku: "MUG-CER-350-WHT" } } },
    });
    const { status, answer } = await price({ "lines.0.sku": "SHOP-MUG" });
    expect(status, JSON.stringify(answer)).toBe(200);
    expect(answer.ok && answer.priced.lines).toEqual([expect.objectContaining({ sku: "SHOP-MUG", providerSku: "MUG-CER-350-WHT" })]);
  });

  it("refuses wrong fields by field before asking the provider, and puts the provider's own refusal at its line", async () => {
    const s = stack();
    await saveShopSettings(s.db, s.shop, { warehouses: [{ warehouseId: "US01" }] });
    const wrong = await price({
      country: "",
      postcode: "9".repeat(51),
      "lines.0.quantity": "0",
      "lines.3.sku": "TEA-GREEN-100G",
      "lines.3.quantity": "1.5",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.answer.ok === false && wrong.answer.result?.error).toEqual({
      country: ["is required: choose where the parcel goes"],
      postcode: ["must be at most 50 characters"],
      "lines.0.quantity": ["must be at least 1 unit"],
      "lines.3.quantity": ["must be a whole number"],
    });
    // "-4" is a number below the range, and a count past the provider's limit is told that limit.
    const outOfRange = await price({ "lines.0.quantity": "-4", "lines.3.sku": "TEA-GREEN-100G", "lines.3.quantity": "99999999999" });
    expect(outOfRange.answer.ok === false && outOfRange.answer.result?.error).toEqual({
      "lines.0.quantity": ["must be at least 1 unit"],
      "lines.3.quantity": ["must be at most 2,147,483,647 units"],
    });
    expect((await price({ "lines.0.sku": "", "lines.0.quantity": "" })).answer).toMatchObject({
      ok: false,
      result: { error: { lines: ["Add at least one SKU to price."] } },
    });

    // Another shop's warehouse, a SKU not in this shop's catalogue: refused, nothing priced.
    expect((await price({ warehouseId: "JP09" })).answer).toMatchObject({
      ok: false,
      result: { error: { warehouseId: ["is not one of your warehouses (Settings > Warehouses and routing)"] } },
    });
    expect((await price({ "lines.0.sku": "THEIR-ONLY-SKU" })).answer).toMatchObject({
      ok: false,
      result: { error: { "lines.0.sku": ["is not a SKU of your catalogue"] } },
    });

    await seedCatalogue(s.db, s.shop, [{ sku: "POSTER-UNREG", name: "Poster" }]);
    const unregistered = await price({ "lines.0.sku": "TEA-GREEN-100G", "lines.7.sku": "POSTER-UNREG", "lines.7.quantity": "1" });
    expect(unregistered.status).toBe(400);
    expect(unregistered.answer).toMatchObject({
      ok: false,
      problem: "The provider refused to price it: SKU POSTER-UNREG is not registered.",
      result: { error: { "lines.7.sku": ["SKU POSTER-UNREG is not registered"] } },
    });
  });

  it("says in words when the provider cannot be reached, in the admin's language", async () => {
    const s = stack();
    const faults = `${s.sandboxUrl}/__sandbox/faults`;
    await fetch(faults, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ operation: "priceAllServices", kind: "500", count: 20 }),
    });
    try {
      const { answer } = await price({});
      expect(answer).toMatchObject({
        ok: false,
        result: null,
        problem: expect.stringMatching(
          /^The provider is not answering normally just now \(HTTP 500, ticket .+\)\. Try again in a few minutes\.$/,
        ),
      });
      const chinese = await adminData(s, "/app/pricing?locale=zh-CN", ROUTE, { form: form({}) });
      expect(Answer.parse(await chinese.json())).toMatchObject({
        ok: false,
        result: null,
        problem: expect.stringMatching(/^服务商目前响应异常（HTTP 500，工单 .+）。请过几分钟再试。$/),
      });
    } finally {
      await fetch(faults, { method: "DELETE" });
    }
  });

  it("is neither shown nor priced without a session token", async () => {
    const s = stack();
    const load = await adminData(s, "/app/pricing", ROUTE, { signedIn: false });
    expect(load.status).toBe(204);
    expect(load.headers.get("X-Remix-Redirect")).toBe("/auth/login");
    const quote = await adminData(s, "/app/pricing", ROUTE, { signedIn: false, form: form({}) });
    expect(quote.status).not.toBe(200);
    expect(await quote.text()).not.toContain("US01-INT");
  });
});
