import { describe, expect, it } from "vitest";
import { eachValueUpdate, groupMovesAlike, type MoveToGroup } from "./moves-alike";

const move = (id: string, changes: Record<string, unknown>, to: MoveToGroup["to"] = "CREATED"): MoveToGroup => ({
  shipment: { id, state: "SUBMITTED" },
  to,
  changes,
});

describe("moves written alike", () => {
  it("sets alike what every move sets alike, and each shipment's own tracking number by itself", () => {
    const at = new Date("2026-12-01T10:00:00Z");
    const [group, ...others] = groupMovesAlike([
      move("a", { trackingNumber: "A1", lastPolledAt: at, lastErrorCode: null }),
      move("b", { trackingNumber: "B1", lastPolledAt: new Date(at), lastErrorCode: null }),
    ]);
    expect(others).toEqual([]);
    expect(group?.moves.map((m) => m.shipment.id)).toEqual(["a", "b"]);
    expect(group?.alike).toEqual({ lastPolledAt: at, lastErrorCode: null });
    expect(group?.each).toEqual(
      new Map([
        [
          "trackingNumber",
          new Map([
            ["a", "A1"],
            ["b", "B1"],
          ]),
        ],
      ]),
    );
  });

  it("keeps apart moves to other states or changing other columns", () => {
    const groups = groupMovesAlike([
      move("a", { trackingNumber: "A1" }),
      move("b", { trackingNumber: "B1", trackingCarrier: "UPS" }),
      move("c", { trackingNumber: "C1" }, "FAILED"),
      move("d", { trackingNumber: "D1", trackingUrl: undefined }),
    ]);
    expect(groups.map((g) => g.moves.map((m) => m.shipment.id))).toEqual([["a", "d"], ["b"], ["c"]]);
  });

  it("groups by equal changes, as before, where a time or a count differs between the moves", () => {
    const groups = groupMovesAlike([
      move("a", { trackingNumber: "A1", attempts: { increment: 1 } }),
      move("b", { trackingNumber: "A1", attempts: { increment: 1 } }),
      move("c", { trackingNumber: "C1", attempts: { increment: 2 } }),
    ]);
    expect(groups.map((g) => [g.moves.map((m) => m.shipment.id), g.alike, g.each.size])).toEqual([
      [["a", "b"], { trackingNumber: "A1", attempts: { increment: 1 } }, 0],
      [["c"], { trackingNumber: "C1", attempts: { increment: 2 } }, 0],
    ]);
  });

  it("writes one CASE per column, over the group's shipments only", () => {
    const each = new Map([
      [
        "trackingNumber",
        new Map<string, string | null>([
          ["a", "A1"],
          ["b", null],
        ]),
      ],
      [
        "shopifyFulfillmentId",
        new Map<string, string | null>([
          ["a", "gid://shopify/Fulfillment/1"],
          ["b", "gid://shopify/Fulfillment/2"],
        ]),
      ],
    ]);
    expect(eachValueUpdate(each)).toEqual({
      sql: 'UPDATE "Shipment" SET "trackingNumber" = CASE "id" WHEN ? THEN ? WHEN ? THEN ? END, "shopifyFulfillmentId" = CASE "id" WHEN ? THEN ? WHEN ? THEN ? END WHERE "id" IN (?, ?)',
      args: ["a", "A1", "b", null, "a", "gid://shopify/Fulfillment/1", "b", "gid://shopify/Fulfillment/2", "a", "b"],
    });
  });
});
