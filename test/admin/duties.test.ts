/**
 * Duties and import taxes through the whole stack (decision 0042): orders placed in the emulator as
 * Shopify 2026-10 holds them, one with duties collected at checkout (each line's duties, their HS
 * code, the order's total) and one without, shipped from the merchant's studio in the US to Berlin
 * as drop-ship packages. The sandbox (which refuses a Duty not shaped as the reference's Money)
 * receives the duties with the first and a remark that the recipient pays with the second; the
 * shipment's page says which, the amount written by Intl.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { saveShopSettings } from "~/stores/shops/shop.server";
import { waitFor } from "../support/jobs";
import { orderPayload } from "../support/shopify-admin";
import { useStack } from "../support/stack";
import { studioLocationId } from "../support/studio";
import { adminData, adminDocument } from "./support";

const stack = useStack();

const DETAIL = "routes/app.shipments.$id";
const DetailData = z.object({
  duties: z.union([z.object({ collected: z.literal(true), amount: z.string() }), z.object({ collected: z.literal(false) }), z.null()]),
});

const berlin = {
  first_name: "Lena",
  last_name: "Vogel",
  name: "Lena Vogel",
  company: null,
  address1: "Torstraße 140",
  address2: null,
  city: "Berlin",
  province: null,
  province_code: null,
  zip: "10119",
  country: "Germany",
  country_code: "DE",
  phone: "+49 30 5555 0100",
  latitude: null,
  longitude: null,
};

/** The studio's parcels go through the provider's handling location SZ-HUB by US01-EXP, sent at once. */
async function studioSendsAtOnce() {
  const s = stack();
  const studio = await studioLocationId(s);
  await saveShopSettings(s.db, s.shop, {
    mode: "sandbox",
    providerBaseUrl: s.sandboxUrl,
    dropShip: { handlingLocation: "SZ-HUB", merchantLocationIds: [studio], services: { defaultService: "US01-EXP", byCountry: {} } },
    pushPolicy: "autoPush",
  });
}

/** Two candles and a tea to Berlin, as the orders/create payload has them; `duties` per line when collected at checkout. */
async function placeBerlinOrder(duties: { candle: string; tea: string } | null) {
  const s = stack();
  const payload = orderPayload(
    [
      { sku: "CANDLE-SOY-200-LAV", quantity: 2, price: "18.00" },
      { sku: "TEA-GREEN-100G", quantity: 1, price: "12.00" },
    ],
    { shipping_address: berlin, duties_included: false },
  );
  const lines = z.array(z.looseObject({ sku: z.string() })).parse(payload.line_items);
  const dutyOf = (amount: string, hsCode: string) => [
    {
      harmonized_system_code: hsCode,
      country_code_of_origin: "US",
      price_set: { shop_money: { amount, currency_code: "USD" }, presentment_money: { amount, currency_code: "USD" } },
      tax_lines: [],
    },
  ];
  const withDuties =
    duties === null
      ? lines
      : lines.map((line) => ({
          ...line,
          duties: line.sku === "TEA-GREEN-100G" ? dutyOf(duties.tea, "0902.10") : dutyOf(duties.candle, "3406.00"),
        }));
  const response = await fetch(`${s.shopifyUrl}/__emulator/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": s.shop },
    body: JSON.stringify({ ...payload, line_items: withDuties }),
  });
  if (response.status !== 201) throw new Error(`placing the order failed: ${response.status} ${await response.text()}`);
  return z.object({ order: z.object({ admin_graphql_api_id: z.string() }) }).parse(await response.json()).order.admin_graphql_api_id;
}

/** The order's drop-ship shipment once the provider has it. */
async function sentShipment(orderId: string) {
  const s = stack();
  const shipment = await waitFor(
    async () => {
      const found = await s.db.shipment.findFirst({ where: { shop: s.shop, orderId } });
      return found !== null && s.sandbox.state().dropships.has(found.packageId) ? found : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 100, what: `order ${orderId} at the provider` },
  );
  return { shipment, atProvider: s.sandbox.state().dropships.get(shipment.packageId) };
}

async function pageOf(shipmentId: string) {
  const s = stack();
  const data = DetailData.parse(await (await adminData(s, `/app/shipments/${shipmentId}`, DETAIL)).json());
  const { html } = await adminDocument(s, `/app/shipments/${shipmentId}`);
  return { data, html };
}

describe("duties and import taxes on a drop-ship parcel to Germany", () => {
  it("collected at checkout: the package carries them to the provider, and the page says they were paid", async () => {
    await studioSendsAtOnce();
    const orderId = await placeBerlinOrder({ candle: "3.60", tea: "0.90" });
    const { shipment, atProvider } = await sentShipment(orderId);
    expect(shipment).toMatchObject({ kind: "DROPSHIP", warehouseCode: "SZ-HUB" });

    expect(atProvider).toMatchObject({
      duty: { Value: 4.5, Currency: "USD" },
      remark: expect.stringMatching(/^Duties and import taxes were paid at checkout \(DDP\): 4\.50 USD\./),
    });
    const sent = z
      .object({
        Skus: z.array(
          z.object({
            Sku: z.string(),
            HsCode: z.string(),
            Duty: z.object({ Value: z.number(), Currency: z.string() }),
            DutyTaxRate: z.number(),
          }),
        ),
      })
      .parse(JSON.parse(shipment.requestSent ?? "{}"));
    expect(sent.Skus).toEqual([
      expect.objectContaining({ Sku: "CANDLE-SOY-200-LAV", HsCode: "340600", Duty: { Value: 1.8, Currency: "USD" }, DutyTaxRate: 0.1 }),
      expect.objectContaining({ Sku: "TEA-GREEN-100G", HsCode: "090210", Duty: { Value: 0.9, Currency: "USD" }, DutyTaxRate: 0.075 }),
    ]);

    const page = await pageOf(shipment.id);
    expect(page.data.duties).toEqual({ collected: true, amount: "$4.50" });
    expect(page.html).toContain("Paid by the buyer at checkout: $4.50.");
  }, 60_000);

  it("not collected: the package tells the provider the recipient pays them, and so does the page", async () => {
    await studioSendsAtOnce();
    const orderId = await placeBerlinOrder(null);
    const { shipment, atProvider } = await sentShipment(orderId);

    expect(atProvider?.duty).toBeUndefined();
    expect(atProvider?.remark).toBe("Duties and import taxes were not collected at checkout (DDU): the recipient pays them on delivery.");
    expect(JSON.parse(shipment.requestSent ?? "{}")).not.toHaveProperty("Duty");

    const page = await pageOf(shipment.id);
    expect(page.data.duties).toEqual({ collected: false });
    expect(page.html).toContain("Not collected at checkout: the buyer pays them on delivery.");
  }, 60_000);
});
