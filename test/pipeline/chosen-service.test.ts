/**
 * The service the customer chose at checkout, through the emulator and the sandbox: an order whose
 * shipping line is a rate of the app's own carrier service ("Warehouse shipping") goes to the
 * provider with exactly that service, not the country's; a choice the order's warehouse does not
 * ship with is held with the reason, nothing sent, and after the merchant says which service
 * ships it from there, Retry sends it with that one.
 */
import { describe, expect, it } from "vitest";
import { retryShipment } from "~/flows/retry/retry.server";
import { DEMO_SHOP, useHarness } from "./harness";
import { CATALOGUES } from "~/lib/words";
import { findShipmentDetail } from "~/stores/shipments/shipment-list.server";

const harness = useHarness();

/** A shipping line as Shopify writes it for a rate the app's carrier service answered. */
const fromAppRates = (code: string, title: string, price: string) => ({
  title,
  code,
  source: "Warehouse shipping",
  carrier_identifier: "2f0c3b1e9a7d4c5b8e6f1a2b3c4d5e6f",
  price,
});

const london = {
  first_name: "Amelia",
  last_name: "Hughes",
  name: "Amelia Hughes",
  company: null,
  address1: "221B Baker Street",
  address2: null,
  city: "London",
  province: null,
  province_code: null,
  zip: "NW1 6XE",
  country: "United Kingdom",
  country_code: "GB",
  phone: "+44 20 7946 0958",
  latitude: null,
  longitude: null,
};

describe("the service the customer chose at checkout", () => {
  it("sends the package with exactly the provider service of the app's rate, not the country's", async () => {
    // The harness's US01 ships to the US with US01-STD; the customer paid for UPS at checkout.
    const placed = await harness.placeOrder([{ sku: "MUG-CER-350-WHT", quantity: 1 }], {
      shipping_lines: [fromAppRates("US01-EXP", "UPS Worldwide Expedited", "12.70")],
    });
    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 20_000);
    expect(delivered).toMatchObject({ kind: "OUTBOUND", warehouseCode: "US01", serviceCode: "US01-EXP" });
    expect(harness.sandbox.state().outbounds.get(delivered.packageId)?.serviceCode).toBe("US01-EXP");
    expect(delivered.trackingCarrier).toBe("UPS");
  }, 30_000);

  it("holds a choice the order's warehouse does not ship with, sends nothing, and sends it after the merchant says how", async () => {
    // Checkout prices carts to GB from DE01 (a service set for GB there); Shopify routed the order to US01's stock.
    await harness.setSettings((settings) => ({
      ...settings,
      warehouses: [...(settings.warehouses ?? []), { warehouseId: "DE01", services: { byCountry: { GB: "DE01-INT" } } }],
    }));
    const placed = await harness.placeOrder([{ sku: "PUZZLE-1000-MAP", quantity: 1 }], {
      shipping_address: london,
      shipping_lines: [fromAppRates("DE01-EXP", "UPS Express Saver", "14.50")],
    });
    const held = await harness.waitForShipment(placed.orderId, "HELD");
    expect(held).toMatchObject({ warehouseCode: "US01", serviceCode: null, requestSent: null });
    expect(held.lastErrorText).toContain(
      'The customer chose "UPS Express Saver" at checkout, the provider\'s service DE01-EXP, which warehouse US01 does not ship with ' +
        "(checkout priced it from warehouse DE01). It is not sent with another service unless you say so",
    );
    expect(harness.sandbox.state().outbounds.has(held.packageId)).toBe(false);
    // Its timeline says the hold in the admin's language, naming the field in it.
    const inChinese = await findShipmentDetail(harness.db, DEMO_SHOP, held.id, CATALOGUES["zh-CN"]);
    expect(inChinese?.timeline.map((e) => e.message)).toContain("暂缓至问题修正：1 个问题（物流服务代码）；发货单上列出了需要修改的内容。");

    // Retry without a fix holds it again, for the same reason.
    expect(await retryShipment(harness.db, harness.deps, DEMO_SHOP, held.id)).toMatchObject({ shipment: { state: "HELD" } });
    expect(harness.sandbox.state().outbounds.has(held.packageId)).toBe(false);

    // The merchant says which of US01's services ships that choice, then retries.
    await harness.setSettings((settings) => ({
      ...settings,
      warehouses: (settings.warehouses ?? []).map((w) =>
        w.warehouseId === "US01" ? { ...w, services: { ...w.services, byShippingMethod: { "DE01-EXP": "US01-EXP" } } } : w,
      ),
    }));
    expect(await retryShipment(harness.db, harness.deps, DEMO_SHOP, held.id)).toMatchObject({
      outcome: "ready",
      shipment: { state: "READY", serviceCode: "US01-EXP" },
    });
    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 20_000);
    expect(harness.sandbox.state().outbounds.get(delivered.packageId)?.serviceCode).toBe("US01-EXP");
  }, 40_000);
});
