import { describe, expect, it } from "vitest";
import { claimOf } from "./claim";

describe("claimOf", () => {
  const planned = [
    { id: "L1", quantity: 2 },
    { id: "L2", quantity: 1 },
    { id: "L3", quantity: 3 },
  ];

  it("claims everything when the fulfillment order still has it", () => {
    expect(
      claimOf(planned, [
        { id: "L1", remainingQuantity: 2 },
        { id: "L2", remainingQuantity: 4 },
        { id: "L3", remainingQuantity: 3 },
      ]),
    ).toEqual({ lines: planned, unclaimed: [] });
  });

  it("claims what remains of a line edited down, and nothing of a line that left", () => {
    expect(
      claimOf(planned, [
        { id: "L1", remainingQuantity: 1 },
        { id: "L3", remainingQuantity: 3 },
      ]),
    ).toEqual({
      lines: [
        { id: "L1", quantity: 1 },
        { id: "L3", quantity: 3 },
      ],
      unclaimed: [
        { id: "L1", quantity: 1 },
        { id: "L2", quantity: 1 },
      ],
    });
  });

  it("claims nothing of a closed or emptied fulfillment order", () => {
    expect(claimOf(planned, [])).toEqual({ lines: [], unclaimed: planned });
    expect(claimOf([{ id: "L1", quantity: 1 }], [{ id: "L1", remainingQuantity: 0 }])).toEqual({
      lines: [],
      unclaimed: [{ id: "L1", quantity: 1 }],
    });
  });
});
