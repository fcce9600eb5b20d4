import { describe, expect, it } from "vitest";
import {
  AGE_BANDS,
  bandLabel,
  CHART_BANDS,
  unitsInChartBand,
  inventoryAgeQueryOf,
  inventoryAgeTable,
  inventoryAgeView,
  ROWS_PER_PAGE,
  stockAgeRowOf,
  unitsOlderThan,
  type AgeBands,
  type StockAgeRow,
} from "./inventory-age";

const bands = (units: Partial<AgeBands>): AgeBands => ({
  ...(Object.fromEntries(AGE_BANDS.map((band) => [band, 0])) as AgeBands),
  ...units,
});
const row = (sku: string, units: Partial<AgeBands>): StockAgeRow => {
  const all = bands(units);
  return { sku, storageNo: null, total: Object.values(all).reduce((sum, value) => sum + value, 0), bands: all };
};

describe("inventory age", () => {
  it("names the provider's bands in days", () => {
    expect(AGE_BANDS.map((band) => bandLabel(band))).toEqual([
      "0–30",
      "31–60",
      "61–90",
      "91–120",
      "121–150",
      "151–180",
      "181–210",
      "211–240",
      "241–270",
      "271–300",
      "301–330",
      "Over 330",
    ]);
  });

  it("counts as older than N days only the bands wholly older", () => {
    const mixed = row("A", { To30Days: 1, To60Days: 2, To90Days: 4, To120Days: 8, MoreThan330Days: 16 });
    expect(unitsOlderThan(mixed, 0)).toBe(31);
    expect(unitsOlderThan(mixed, 60)).toBe(28);
    // 91–120 is partly younger than 100 days: not counted.
    expect(unitsOlderThan(mixed, 100)).toBe(16);
    expect(unitsOlderThan(mixed, 330)).toBe(16);
  });

  it("reads the page's address leniently, and says why an older-than is refused", () => {
    expect(inventoryAgeQueryOf(new URLSearchParams("q=%20mug%20&olderThan=90&sort=oldest&page=2"))).toEqual({
      search: "mug",
      olderThanDays: 90,
      olderThanError: null,
      sort: "oldest",
      page: 2,
    });
    expect(inventoryAgeQueryOf(new URLSearchParams("sort=price&page=-1"))).toMatchObject({
      sort: "sku",
      page: 1,
      olderThanDays: null,
      olderThanError: null,
    });
    expect(inventoryAgeQueryOf(new URLSearchParams("olderThan=ten")).olderThanError).toBe("must be a whole number of days");
    expect(inventoryAgeQueryOf(new URLSearchParams("olderThan=400")).olderThanError).toMatch(/^must be at most 330/);
  });

  it("searches, filters old stock, sorts, totals what it shows and pages it", () => {
    const rows = [
      row("mug-white", { To30Days: 5 }),
      row("MUG-BLACK", { To30Days: 1, To210Days: 3 }),
      row("TEA", { MoreThan330Days: 2 }),
      row("LAMP", { To210Days: 9 }),
    ];
    const oldest = inventoryAgeView(rows, { search: "", olderThanDays: 180, sort: "oldest", page: 1 });
    expect(oldest.rows.map((r) => [r.sku, r.olderThan])).toEqual([
      ["TEA", 2],
      ["LAMP", 9],
      ["MUG-BLACK", 3],
    ]);
    expect(oldest.totals).toMatchObject({
      total: 15,
      olderThan: 14,
      bands: expect.objectContaining({ To30Days: 1, To210Days: 12, MoreThan330Days: 2 }),
    });

    // A tie in the oldest band goes to the most units in the band before it, then to the SKU.
    const tied = [row("MUG-BLACK", { To30Days: 1, To210Days: 3 }), row("ZED", { To90Days: 4, To210Days: 3 }), row("ABC", { To210Days: 3 })];
    expect(inventoryAgeView(tied, { search: "", olderThanDays: null, sort: "oldest", page: 1 }).rows.map((r) => r.sku)).toEqual([
      "ZED",
      "MUG-BLACK",
      "ABC",
    ]);

    const mugs = inventoryAgeView(rows, { search: "mug", olderThanDays: null, sort: "total", page: 1 });
    expect(mugs.rows.map((r) => r.sku)).toEqual(["mug-white", "MUG-BLACK"]);
    expect(mugs.totals.olderThan).toBeNull();

    const many = Array.from({ length: ROWS_PER_PAGE * 2 + 1 }, (_, index) => row(`SKU-${String(index).padStart(3, "0")}`, { To30Days: 1 }));
    const last = inventoryAgeView(many, { search: "", olderThanDays: null, sort: "sku-desc", page: 9 });
    expect([last.page, last.pages, last.pageRows.map((r) => r.sku)]).toEqual([3, 3, ["SKU-000"]]);
    expect(last.rows).toHaveLength(ROWS_PER_PAGE * 2 + 1);
  });

  it("writes every row of the view for the export, with the older-than column when asked", () => {
    const view = inventoryAgeView([row("B", { To60Days: 2 }), { ...row("A", { MoreThan330Days: 1 }), storageNo: "S-1" }], {
      search: "",
      olderThanDays: 30,
      sort: "sku",
      page: 1,
    });
    const table = inventoryAgeTable(view.rows, 30);
    expect(table.header.at(-1)).toBe("Older than 30 days");
    expect(table.rows).toEqual([
      ["A", "S-1", 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1],
      ["B", "", 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2],
    ]);
  });

  it("reads the provider's row, bands it leaves out as none", () => {
    expect(stockAgeRowOf({ Sku: "X", TotalStockQty: 7.9, To30Days: 7 })).toEqual({
      sku: "X",
      storageNo: null,
      total: 7,
      bands: bands({ To30Days: 7 }),
    });
  });
});

describe("the chart's bands", () => {
  it("are at most six, adjacent, and hold every band of the provider once", () => {
    expect(CHART_BANDS.length).toBeLessThanOrEqual(6);
    expect(CHART_BANDS.flatMap((band) => band.bands)).toEqual([...AGE_BANDS]);
    expect(CHART_BANDS.map((band) => band.label)).toEqual(["0–60", "61–120", "121–180", "181–240", "241–300", "Over 300"]);
  });

  it("add up a row's units, losing none", () => {
    const bands = Object.fromEntries(AGE_BANDS.map((band, index) => [band, index + 1])) as AgeBands;
    const units = CHART_BANDS.map((band) => unitsInChartBand({ bands }, band));
    expect(units).toEqual([3, 7, 11, 15, 19, 23]);
    expect(units.reduce((sum, value) => sum + value, 0)).toBe(78);
  });
});
