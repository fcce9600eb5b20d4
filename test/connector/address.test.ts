import { describe, expect, it } from "vitest";
import { addresses, exampleCase } from "../fixtures/orders";
import { houseNumberOf, shipToAddress } from "~/connector/address";
import { reasonText } from "~/lib/words/reason-said";
import { zhCN } from "~/lib/words/zh-CN";

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

  it("says what a postcode of the country looks like, in English and in Chinese", () => {
    const reasonOf = (zip: string, country: string, destination = addresses.US) => {
      const result = shipToAddress({ ...destination, zip }, order, country);
      if (result.ok) throw new Error(`expected ${zip} to be held`);
      return result.reasons.find((reason) => reason.field === "ShipToAddress.Postcode") ?? { message: "" };
    };
    const us = reasonOf("4000", "US");
    expect(us.message).toBe(
      'The postcode "4000" is not a postcode of United States (US) (5 digits, e.g. 40003 or 40003-1234). Correct it in the order\'s shipping address, then retry.',
    );
    expect(reasonText(zhCN.reasons, us)).toBe(
      "邮编“4000”不是美国 (US) 的邮编（5 位数字，例如 40003 或 40003-1234）。请在订单的收货地址中更正，然后重试。",
    );
    const nl = reasonOf("1015", "NL", addresses.NL);
    expect(nl.message).toContain("(4 digits and 2 letters, e.g. 1015 CJ)");
    expect(reasonText(zhCN.reasons, nl)).toContain("（4 位数字加 2 个字母，例如 1015 CJ）");
    expect(reasonOf("K2H", "CA", addresses.CA).message).toContain("(e.g. K2H 7A8)");
  });

  it("does not require a postcode in Hong Kong", () => {
    const hongKong = { ...addresses.US, province: null, provinceCode: null, zip: null, city: "Central", countryCode: "HK" };
    expect(shipToAddress(hongKong, order, "HK").ok).toBe(true);
  });
});
