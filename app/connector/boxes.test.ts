import { describe, expect, it } from "vitest";
import { CreateDropshipWithBoxesRequest } from "../fulfilment/schemas/requests";
import type { DropshipPackage } from "../fulfilment/schemas/types";
import { boxedRequest, boxesFor } from "./boxes";

const pkg: DropshipPackage = {
  PackageId: "SO1001-5001",
  ServiceCode: "US01-EXP",
  ShipToAddress: { Contact: "Ada", Country: "US", City: "Ontario", Street1: "1 Main St" },
  Sender: { Contact: "Studio", Country: "US" },
  Weight: 2_900,
  Skus: [
    { Sku: "MAT", Quantity: 2, Weight: 1_100, DeclareNameEn: "Yoga mat", DeclareValue: 14, HsCode: "950691" },
    { Sku: "MUG", Quantity: 2, Weight: 350, DeclareNameEn: "Ceramic mug", DeclareValue: 6.5 },
  ],
};

describe("boxesFor", () => {
  it("leaves a package within the limit, or a shop without one, to the batch", () => {
    expect(boxesFor(pkg, null)).toBeUndefined();
    expect(boxesFor(pkg, 2_900)).toBeUndefined();
  });

  it("fills each box up to the limit, line by line, keeping every unit", () => {
    const boxes = boxesFor(pkg, 2_000) ?? [];
    expect(boxes.map((box) => box.Weight)).toEqual([1_100, 1_800]);
    expect(boxes.map((box) => box.SkuInfos.map((line) => `${line.Sku}×${line.Quantity}`))).toEqual([["MAT×1"], ["MAT×1", "MUG×2"]]);
    expect(boxes[0]?.SkuInfos[0]).toMatchObject({ DeclareNameEN: "Yoga mat", DeclareValue: 14, HsCode: "950691" });
    expect(boxes.map((box) => box.CustomContainerNo)).toEqual(["SO1001-5001-1", "SO1001-5001-2"]);
  });

  it("puts a unit heavier than the limit in a box of its own", () => {
    const boxes = boxesFor(pkg, 1_000) ?? [];
    expect(boxes.map((box) => box.Weight)).toEqual([1_100, 1_100, 700]);
  });

  it("builds a request the provider's schema accepts, under the same PackageId", () => {
    const request = boxedRequest(pkg, "SZ-HUB", boxesFor(pkg, 2_000) ?? []);
    expect(CreateDropshipWithBoxesRequest.safeParse(request).success).toBe(true);
    expect(request).toMatchObject({
      PackageId: "SO1001-5001",
      Location: "SZ-HUB",
      ServiceCode: "US01-EXP",
      ShipperInfo: { Contact: "Studio" },
    });
  });
});
