import { describe, expect, it } from "vitest";
import { PackageId } from "./package-id";
import { decodePackageRequest, encodePackageRequest, withoutRecipient, type PackageRequest } from "./package-request";

const recipient = {
  Contact: "Jane Doe",
  Phone: "+1 613 555 0100",
  Email: "jane@example.com",
  TaxId: "123.456.789-09",
  Country: "BR",
  Province: "SP",
  City: "São Paulo",
  Street1: "Rua Augusta 1",
  Street2: "Apto 2",
  Postcode: "01305-000",
};

describe("a package without its recipient", () => {
  it("keeps the destination country, SKUs, service and customs lines, and still reads as the package", () => {
    const request: PackageRequest = {
      kind: "DROPSHIP",
      body: {
        PackageId: PackageId.parse("1001-5"),
        ServiceCode: "US01-EXP",
        ShipToAddress: recipient,
        ImportsInfo: { Contact: "Jane Doe", Email: "jane@example.com" },
        Sender: { Contact: "The Candle Shop", Country: "US" },
        Skus: [{ Sku: "CANDLE-1", Quantity: 2, DeclareNameEn: "Candle", DeclareValue: 12 }],
      },
    };
    const kept = withoutRecipient(request);
    expect(kept).toEqual({
      kind: "DROPSHIP",
      body: {
        PackageId: "1001-5",
        ServiceCode: "US01-EXP",
        ShipToAddress: { Country: "BR" },
        Sender: { Contact: "The Candle Shop", Country: "US" },
        Skus: [{ Sku: "CANDLE-1", Quantity: 2, DeclareNameEn: "Candle", DeclareValue: 12 }],
      },
    });
    expect(decodePackageRequest("DROPSHIP", encodePackageRequest(kept))).toEqual({ success: true, data: kept });
  });

  it("of an outbound package keeps its lines", () => {
    const request: PackageRequest = {
      kind: "OUTBOUND",
      body: { PackageId: PackageId.parse("1002-6"), ShipToAddress: recipient, Skus: [{ Sku: "MUG", Quantity: 1 }] },
    };
    const text = encodePackageRequest(withoutRecipient(request));
    expect(JSON.parse(text)).toEqual({ PackageId: "1002-6", ShipToAddress: { Country: "BR" }, Skus: [{ Sku: "MUG", Quantity: 1 }] });
    for (const value of Object.values(recipient).filter((value) => value !== "BR")) expect(text).not.toContain(value);
  });
});
