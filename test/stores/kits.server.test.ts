/** The shop's kits as stored: read back as the merchant entered them, replaced whole, removed, one shop's never another's. */
import { beforeEach, describe, expect, it } from "vitest";
import { kitOf, kitsOf, saveKit } from "~/stores/catalogue/kits.server";
import { useTestDatabase } from "../support/database";

const { db } = useTestDatabase();
const shop = "a.myshopify.com";
const other = "b.myshopify.com";

beforeEach(async () => {
  await db.kitComponent.deleteMany();
});

describe("kits", () => {
  it("read back in the merchant's order, are replaced whole when saved again, and go when saved with no component", async () => {
    await saveKit(db, shop, "GIFT-SET", [
      { sku: "MUG", quantity: 2 },
      { sku: "CANDLE", quantity: 1 },
    ]);
    await saveKit(db, shop, "MUG-PAIR", [{ sku: "MUG", quantity: 2 }]);
    await saveKit(db, other, "GIFT-SET", [{ sku: "THEIR-MUG", quantity: 5 }]);
    expect(await kitsOf(db, shop)).toEqual({
      "GIFT-SET": [
        { sku: "MUG", quantity: 2 },
        { sku: "CANDLE", quantity: 1 },
      ],
      "MUG-PAIR": [{ sku: "MUG", quantity: 2 }],
    });

    await saveKit(db, shop, "GIFT-SET", [
      { sku: "CANDLE", quantity: 3 },
      { sku: "MUG", quantity: 1 },
    ]);
    expect(await kitOf(db, shop, "GIFT-SET")).toEqual([
      { sku: "CANDLE", quantity: 3 },
      { sku: "MUG", quantity: 1 },
    ]);

    await saveKit(db, shop, "GIFT-SET", []);
    expect(await kitOf(db, shop, "GIFT-SET")).toEqual([]);
    expect(Object.keys(await kitsOf(db, shop))).toEqual(["MUG-PAIR"]);
    expect(await kitsOf(db, other)).toEqual({ "GIFT-SET": [{ sku: "THEIR-MUG", quantity: 5 }] });
  });
});
