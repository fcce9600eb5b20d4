import { describe, expect, it } from "vitest";
import { addresses, exampleCase } from "../fixtures/orders";
import { houseNumberOf, shipToAddress } from "~/connector/address";

describe("houseNumberOf", () => {
  it.each([
    ["Hauptstraße 5", "5"],
    ["Hauptstraße 5a", "5a"],
    ["Hauptstr. 12 b", "12 b"],
    ["Keizersgracht 123-2", "123-2"],
    ["Prinsengracht 263/1", "263/1"],
    ["Straße des 17. Juni 135", "135"],
    ["Am Exer 10", "10"],
  ])("finds the number of %s", (street, number) => {
    expect(houseNumberOf(street)).toBe(number);
  });

  it.each(["Hauptstraße", "Postfach", "Straße des 17. Juni"])("finds none in %s", (street) => {
    expect(houseNumberOf(street)).toBeUndefined();
  });
});

describe("shipToAddress", () => {
  const { order } = exampleCase();

  it("counts characters as a reader does: a long Japanese address within the limit passes", () => {
    const city = "東".repeat(50);
    const result = shipToAddress({ ...addresses.JP, city }, order, "JP");
    expect(result).toMatchObject({ ok: true, value: { City: city } });
  });

  it("counts an emoji as one character, not two UTF-16 units", () => {
    const name = "😀".repeat(45);
    expect(shipToAddress({ ...addresses.US, firstName: name, lastName: "Smith" }, order, "US")).toMatchObject({
      ok: false,
      reasons: [{ field: "ShipToAddress.Contact", value: `${name} Smith`, limit: 50 }],
    });
    expect(shipToAddress({ ...addresses.US, firstName: "😀".repeat(40), lastName: "Smith" }, order, "US").ok).toBe(true);
  });

  it("keeps a Latin name in first-last order in Japan", () => {
    const result = shipToAddress({ ...addresses.JP, firstName: "John", lastName: "Smith" }, order, "JP");
    expect(result).toMatchObject({ ok: true, value: { Contact: "John Smith" } });
  });

  it("sends an optional tax id the customer gave, such as Mexico's RFC", () => {
    const mexico = exampleCase({ localizedFields: [{ key: "TAX_CREDENTIAL_MX", value: "GODE561231GR8" }] });
    const result = shipToAddress(
      { ...addresses.US, countryCode: "MX", province: "Ciudad de México", provinceCode: "CMX", zip: "06700", city: "Ciudad de México" },
      mexico.order,
      "MX",
    );
    expect(result).toMatchObject({ ok: true, value: { TaxId: "GODE561231GR8", Province: "CMX" } });
  });

  it("needs China's resident ID, in the ID number field", () => {
    const china = {
      ...addresses.US,
      firstName: "伟",
      lastName: "李",
      city: "上海市",
      province: "Shanghai",
      provinceCode: "SH",
      zip: "200000",
      countryCode: "CN",
    };
    expect(shipToAddress(china, order, "CN")).toMatchObject({ ok: false, reasons: [{ field: "ShipToAddress.IDNumber" }] });
    const withId = exampleCase({ localizedFields: [{ key: "SHIPPING_CREDENTIAL_CN", value: "11010519491231002x" }] });
    expect(shipToAddress(china, withId.order, "CN")).toMatchObject({
      ok: true,
      value: { Contact: "李 伟", IDNumber: "11010519491231002X" },
    });
  });

  it("does not require a postcode in Hong Kong", () => {
    const hongKong = { ...addresses.US, province: null, provinceCode: null, zip: null, city: "Central", countryCode: "HK" };
    expect(shipToAddress(hongKong, order, "HK").ok).toBe(true);
  });
});
