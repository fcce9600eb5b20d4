import { describe, expect, it } from "vitest";
import { PackageId, packageIdFor } from "./package-id";

describe("packageIdFor", () => {
  it("is the order name and the fulfillment order's id", () => {
    expect(packageIdFor({ orderName: "#1001", legacyId: "5678901234" })).toBe("1001_5678901234");
  });

  it("is the same for the same fulfillment order, every time", () => {
    const fo = { orderName: "#1001", legacyId: "5678901234" };
    expect(packageIdFor(fo)).toBe(packageIdFor({ ...fo }));
  });

  it("differs for two fulfillment orders of one order (a split order)", () => {
    expect(packageIdFor({ orderName: "#1001", legacyId: "1" })).not.toBe(packageIdFor({ orderName: "#1001", legacyId: "2" }));
  });

  it("never gives two fulfillment orders one PackageId, even when order names sanitise alike", () => {
    const names = ["#1001", "1001", "#10-01", "10-01", "#10_01", "#1001 ", "#1001-", "№1001", "#1 001", "#1001_2"];
    const fulfillmentOrderOf = new Map<string, string>();
    for (const orderName of names) {
      for (const legacyId of ["2", "12", "21", "123"]) {
        const packageId = packageIdFor({ orderName, legacyId });
        expect(fulfillmentOrderOf.get(packageId) ?? legacyId).toBe(legacyId);
        fulfillmentOrderOf.set(packageId, legacyId);
      }
    }
  });

  it("keeps to letters, digits, hyphen and underscore", () => {
    for (const orderName of ["#1001", "Bestellung Nr. 1001-ü", "注文#1001", "#ÆØÅ-7", "SHOP/EU:1001", "  ", "#"]) {
      expect(packageIdFor({ orderName, legacyId: "42" })).toMatch(/^[A-Za-z0-9_-]{1,50}$/);
    }
    expect(packageIdFor({ orderName: "Bestellung Nr. 1001-ü", legacyId: "42" })).toBe("Bestellung-Nr-1001-u_42");
  });

  it("names the fulfillment order when nothing of the order name is left", () => {
    expect(packageIdFor({ orderName: "注文", legacyId: "42" })).toBe("FO_42");
  });

  it("fits 50 characters by shortening the name, never the id", () => {
    const legacyId = "18446744073709551615";
    const id = packageIdFor({ orderName: `#${"EU-SHOP-".repeat(10)}1001`, legacyId });
    expect(id.length).toBeLessThanOrEqual(50);
    expect(id.endsWith(`_${legacyId}`)).toBe(true);
  });

  it("refuses a fulfillment order id that is not a legacy id", () => {
    expect(() => packageIdFor({ orderName: "#1001", legacyId: "gid://shopify/FulfillmentOrder/1" })).toThrow();
  });

  it("is only made by parsing", () => {
    expect(PackageId.safeParse("1001_42").success).toBe(true);
    expect(PackageId.safeParse("#1001").success).toBe(false);
    expect(PackageId.safeParse("x".repeat(51)).success).toBe(false);
  });
});
