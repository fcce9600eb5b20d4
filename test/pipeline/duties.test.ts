/**
 * Duties and import taxes on the order-management path, on both databases (decision 0042): an order
 * the emulator holds with duties collected at checkout (Shopify 2026-10's Order.currentTotalDutiesSet
 * and LineItem.duties) reaches the sandbox with Duty and DutyTaxRate on its lines and on the package;
 * one without says the recipient pays them on delivery. The sandbox checks Duty's shape (the
 * reference's Money: Value and Currency) with the provider's own schema.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dutiesOfRequestSent } from "~/connector/duties";
import { orderPayload } from "../support/shopify-admin";
import { useHarness } from "./harness";

const harness = useHarness();

const toronto = {
  first_name: "Chloé",
  last_name: "Tremblay",
  name: "Chloé Tremblay",
  company: null,
  address1: "290 Bremner Blvd",
  address2: null,
  city: "Toronto",
  province: "Ontario",
  province_code: "ON",
  zip: "M5V 3L9",
  country: "Canada",
  country_code: "CA",
  phone: "+1 416-555-0199",
  latitude: null,
  longitude: null,
};

/** Three candles to Toronto from the studio; `duty` on the line (all three units) when collected at checkout. */
function candlesToToronto(duty: string | null) {
  const payload = orderPayload([{ sku: "CANDLE-SOY-200-LAV", quantity: 3, price: "18.00" }]);
  const lines = z.array(z.looseObject({})).parse(payload.line_items);
  return {
    shipping_address: toronto,
    line_items:
      duty === null
        ? lines
        : lines.map((line) => ({
            ...line,
            duties: [
              {
                harmonized_system_code: "340600",
                country_code_of_origin: "US",
                price_set: {
                  shop_money: { amount: duty, currency_code: "USD" },
                  presentment_money: { amount: duty, currency_code: "USD" },
                },
                tax_lines: [],
              },
            ],
          })),
  };
}

describe("a drop-ship parcel to Canada", () => {
  it("with duties collected at checkout carries them to the provider", async () => {
    const placed = await harness.placeOrder([], candlesToToronto("5.40"));
    const delivered = await harness.waitForShipment(placed.orderId, "DELIVERED", 20_000);
    expect(delivered).toMatchObject({ kind: "DROPSHIP" });
    expect(harness.sandbox.state().dropships.get(delivered.packageId)).toMatchObject({
      duty: { Value: 5.4, Currency: "USD" },
      remark: expect.stringContaining("paid at checkout (DDP): 5.40 USD"),
    });
    const sent = JSON.parse(delivered.requestSent ?? "{}") as unknown;
    expect(sent).toMatchObject({
      Duty: { Value: 5.4, Currency: "USD" },
      DutyTaxRate: 0.1,
      Skus: [{ Sku: "CANDLE-SOY-200-LAV", Quantity: 3, Duty: { Value: 1.8, Currency: "USD" }, DutyTaxRate: 0.1 }],
    });
    expect(dutiesOfRequestSent("DROPSHIP", delivered.requestSent)).toEqual({ collected: true, duty: { amount: 5.4, currency: "USD" } });
  }, 30_000);

  it("without duties collected tells the provider the recipient pays them", async () => {
    const placed = await harness.placeOrder([], candlesToToronto(null));
    const created = await harness.waitForShipment(placed.orderId, "DELIVERED", 20_000);
    const atProvider = harness.sandbox.state().dropships.get(created.packageId);
    expect(atProvider?.duty).toBeUndefined();
    expect(atProvider?.remark).toMatch(/not collected at checkout \(DDU\): the recipient pays them on delivery/);
    expect(dutiesOfRequestSent("DROPSHIP", created.requestSent)).toEqual({ collected: false });
  }, 30_000);
});
