import { describe, expect, it } from "vitest";
import { kitsAvailable, pickedSkusOf } from "./kits";

describe("a kit's line", () => {
  it("is picked as each component times the kits ordered; any other line as itself", () => {
    const kits = {
      "GIFT-SET": [
        { sku: "MUG", quantity: 2 },
        { sku: "CANDLE", quantity: 1 },
      ],
    };
    expect(pickedSkusOf({ line: { sku: "GIFT-SET" }, sku: "GIFT-SET", quantity: 3 }, kits)).toEqual([
      { sku: "MUG", quantity: 6, perKit: 2 },
      { sku: "CANDLE", quantity: 3, perKit: 1 },
    ]);
    expect(pickedSkusOf({ line: { sku: "SHOP-MUG" }, sku: "MUG", quantity: 2 }, kits)).toEqual([{ sku: "MUG", quantity: 2 }]);
  });
});

describe("what kits a warehouse can make", () => {
  it("is the least any component allows, in whole kits", () => {
    const kits = {
      "GIFT-SET": [
        { sku: "MUG", quantity: 2 },
        { sku: "CANDLE", quantity: 1 },
      ],
      "YOGA-3PACK": [{ sku: "MAT", quantity: 3 }],
    };
    const stock: Record<string, number> = { MUG: 9, CANDLE: 7, MAT: 80 };
    expect(kitsAvailable(kits, (sku) => stock[sku] ?? 0)).toEqual(
      new Map([
        ["GIFT-SET", 4],
        ["YOGA-3PACK", 26],
      ]),
    );
  });

  it("shares a component several kits use evenly between them, so no unit is offered twice", () => {
    const kits = {
      "GIFT-SET": [
        { sku: "MUG", quantity: 2 },
        { sku: "CANDLE", quantity: 1 },
      ],
      "MUG-PAIR": [{ sku: "MUG", quantity: 2 }],
    };
    // 11 mugs: 5 for each kit (one left over), so 2 of each; candles are not short.
    expect(kitsAvailable(kits, (sku) => (sku === "MUG" ? 11 : 100))).toEqual(
      new Map([
        ["GIFT-SET", 2],
        ["MUG-PAIR", 2],
      ]),
    );
  });

  it("is none when a component is missing or short", () => {
    const kits = {
      "GIFT-SET": [
        { sku: "MUG", quantity: 2 },
        { sku: "CANDLE", quantity: 1 },
      ],
    };
    expect(kitsAvailable(kits, (sku) => (sku === "MUG" ? 1 : -3))).toEqual(new Map([["GIFT-SET", 0]]));
  });
});
