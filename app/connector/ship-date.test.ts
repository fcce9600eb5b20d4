import { describe, expect, it } from "vitest";
import { estimatedShipDate } from "./ship-date";

// 2026-11-25 is a Wednesday.
const wednesday = new Date("2026-11-25T14:00:00.000Z");

describe("estimatedShipDate", () => {
  it("counts working days from the acceptance", () => {
    expect(estimatedShipDate(wednesday, 0)?.toISOString()).toBe("2026-11-25T14:00:00.000Z");
    expect(estimatedShipDate(wednesday, 1)?.toISOString()).toBe("2026-11-26T14:00:00.000Z");
    expect(estimatedShipDate(wednesday, 2)?.toISOString()).toBe("2026-11-27T14:00:00.000Z");
    // Over the weekend: Monday, then Tuesday.
    expect(estimatedShipDate(wednesday, 3)?.toISOString()).toBe("2026-11-30T14:00:00.000Z");
    expect(estimatedShipDate(wednesday, 4)?.toISOString()).toBe("2026-12-01T14:00:00.000Z");
  });

  it("starts on Monday when accepted at the weekend", () => {
    const saturday = new Date("2026-11-28T09:30:00.000Z");
    expect(estimatedShipDate(saturday, 0)?.toISOString()).toBe("2026-11-30T09:30:00.000Z");
    expect(estimatedShipDate(saturday, 1)?.toISOString()).toBe("2026-12-01T09:30:00.000Z");
  });

  it("gives no estimate without a handling time", () => {
    expect(estimatedShipDate(wednesday, undefined)).toBeNull();
    expect(estimatedShipDate(wednesday, -1)).toBeNull();
  });
});
