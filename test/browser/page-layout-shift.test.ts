/** The layout shift the browser tests hold pages to (pageLayoutShift): CLS's windows, overlays left out. */
import { describe, expect, it } from "vitest";
import { pageLayoutShift } from "./support";

const shift = (at: number, value: number, more: { hadRecentInput?: boolean; overlay?: boolean } = {}) => ({
  at,
  value,
  hadRecentInput: more.hadRecentInput ?? false,
  overlay: more.overlay ?? false,
  moved: [],
});

describe("pageLayoutShift", () => {
  it("adds shifts less than a second apart into one window and keeps the largest window", () => {
    expect(pageLayoutShift([shift(100, 0.04), shift(900, 0.04), shift(3_000, 0.05)])).toBeCloseTo(0.08);
  });

  it("closes a window after 5 s, however close its shifts", () => {
    const steady = Array.from({ length: 12 }, (_, i) => shift(i * 900, 0.01));
    expect(pageLayoutShift(steady)).toBeCloseTo(0.06);
  });

  it("leaves out shifts right after an input and shifts that moved only an overlay", () => {
    expect(
      pageLayoutShift([shift(100, 0.2, { hadRecentInput: true }), shift(200, 0.105, { overlay: true }), shift(300, 0.01)]),
    ).toBeCloseTo(0.01);
  });
});
