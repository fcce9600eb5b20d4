/**
 * Duties and import taxes on a drop-ship parcel (decision 0042): collected at checkout, the package
 * carries them (Duty and DutyTaxRate per line and per package, in the declared value's currency)
 * and says so; not collected, it says the recipient pays them on delivery.
 */
import { describe, expect, it } from "vitest";
import { boxedRequest, boxesFor } from "~/connector/boxes";
import { crossesCustoms, dutiesOfPackage } from "~/connector/duties";
import { planPackage } from "~/connector/plan-package";
import { DropshipPackage } from "~/fulfilment/schemas";
import { addresses, exampleCase, locations, product, testSettings } from "../fixtures/orders";

/** Two lines to Germany from the Shenzhen stock room, in euros. */
function germanOrder(duties?: { total: string; included?: boolean }, remaining = 2) {
  return exampleCase({
    location: locations.SHENZHEN,
    destination: addresses.DE,
    currency: "USD",
    presentmentCurrency: "EUR",
    ...(duties === undefined ? {} : { duties }),
    lines: [
      product({
        sku: "TEE-ORG",
        title: "Organic cotton T-shirt",
        quantity: 2,
        remaining,
        price: "40.00",
        shopPrice: "44.00",
        hsCode: "610910",
        duties: [{ amount: "8.00", shopAmount: "8.80", hsCode: "6109.10.00" }],
      }),
      product({ sku: "CAP-WOOL", title: "Wool cap", price: "20.00", shopPrice: "22.00", duties: [{ amount: "2.50", shopAmount: "2.75" }] }),
    ],
  });
}

function dropshipOf(plan: ReturnType<typeof planPackage>) {
  if (plan.kind !== "DROPSHIP") throw new Error(`not a drop-ship package: ${JSON.stringify(plan)}`);
  return DropshipPackage.parse(plan.request);
}

describe("duties collected at checkout (delivered duty paid)", () => {
  it("travel with the package: per unit on each line, the total on the package, with their rates and a remark", () => {
    const { fo, order } = germanOrder({ total: "10.50" });
    const pkg = dropshipOf(planPackage(fo, order, testSettings()));
    expect(pkg.Skus).toMatchObject([
      // The HS code Shopify computed the duty by, as digits.
      { Sku: "TEE-ORG", Quantity: 2, HsCode: "61091000", Duty: { Value: 4, Currency: "EUR" }, DutyTaxRate: 0.1 },
      { Sku: "CAP-WOOL", Quantity: 1, Duty: { Value: 2.5, Currency: "EUR" }, DutyTaxRate: 0.125 },
    ]);
    expect(pkg).toMatchObject({ Duty: { Value: 10.5, Currency: "EUR" }, DutyTaxRate: 0.105 });
    expect(pkg.Remark).toBe("Duties and import taxes were paid at checkout (DDP): 10.50 EUR. Do not collect them from the recipient.");
    expect(dutiesOfPackage(pkg)).toEqual({ collected: true, duty: { amount: 10.5, currency: "EUR" } });
  });

  it("sent in boxes (operation 6, no Duty field), the remark still says they were paid", () => {
    const { fo, order } = germanOrder({ total: "10.50" });
    const pkg = dropshipOf(planPackage(fo, order, testSettings()));
    const boxes = boxesFor(pkg, 300) ?? expect.unreachable();
    expect(boxedRequest(pkg, "SZX", boxes).Remark).toMatch(/^Duties and import taxes were paid at checkout \(DDP\): 10\.50 EUR\./);
  });

  it("a package with some of a line's units carries their share of its duties", () => {
    const { fo, order } = germanOrder({ total: "10.50" }, 1);
    const pkg = dropshipOf(planPackage(fo, order, testSettings()));
    expect(pkg.Skus[0]).toMatchObject({ Quantity: 1, Duty: { Value: 4, Currency: "EUR" } });
    expect(pkg.Duty).toEqual({ Value: 6.5, Currency: "EUR" });
  });

  it("are in the shop's currency when the value is declared in it, as Shopify converted them", () => {
    const { fo, order } = germanOrder({ total: "10.50" });
    const settings = testSettings();
    const pkg = dropshipOf(planPackage(fo, order, { ...settings, customs: { ...settings.customs, declaredValueCurrency: "SHOP" } }));
    expect(pkg.Skus[0]).toMatchObject({
      NewDeclareValue: { Value: 44, Currency: "USD" },
      Duty: { Value: 4.4, Currency: "USD" },
      DutyTaxRate: 0.1,
    });
    expect(pkg.Duty).toEqual({ Value: 11.55, Currency: "USD" });
  });

  it("included in the prices with nothing charged on the lines: paid, at zero", () => {
    const { fo, order } = exampleCase({
      location: locations.SHENZHEN,
      destination: addresses.GB,
      duties: { total: "0.00", included: true },
      lines: [product({ sku: "PIN-ENAMEL", title: "Enamel pin", price: "12.00" })],
    });
    const pkg = dropshipOf(planPackage(fo, order, testSettings()));
    expect(pkg.Duty).toEqual({ Value: 0, Currency: "USD" });
    expect(pkg.Skus[0]).toMatchObject({ Duty: { Value: 0, Currency: "USD" }, DutyTaxRate: 0 });
  });

  it("not read for an order that has them: held as the app's fault, never sent without them", () => {
    const { fo, order } = germanOrder({ total: "10.50" });
    const unread = { ...fo, lineItems: fo.lineItems.map((line) => ({ ...line, duties: null })) };
    const plan = planPackage(unread, order, testSettings());
    expect(plan).toMatchObject({ kind: "HELD", reasons: [{ field: "Skus.Duty", message: expect.stringMatching(/fault of the app/) }] });
  });
});

describe("duties not collected at checkout", () => {
  it("the package carries no Duty and tells the provider the recipient pays on delivery", () => {
    const { fo, order } = germanOrder();
    const pkg = dropshipOf(planPackage(fo, order, testSettings()));
    expect(pkg).not.toHaveProperty("Duty");
    expect(pkg).not.toHaveProperty("DutyTaxRate");
    expect(pkg.Skus.some((line) => line.Duty !== undefined)).toBe(false);
    expect(pkg.Remark).toBe("Duties and import taxes were not collected at checkout (DDU): the recipient pays them on delivery.");
    expect(dutiesOfPackage(pkg)).toEqual({ collected: false });
  });

  it("a parcel that clears no customs says nothing about duties", () => {
    expect(crossesCustoms("CN", "DE")).toBe(true);
    expect(crossesCustoms("DE", "GB")).toBe(true);
    expect(crossesCustoms("US", "US")).toBe(false);
    expect(crossesCustoms("DE", "FR")).toBe(false);
    const { fo, order } = exampleCase({ location: locations.US01, lines: [product({ sku: "PIN-ENAMEL", title: "Enamel pin" })] });
    expect(planPackage(fo, order, testSettings())).not.toHaveProperty("request.Remark");
  });
});
