import { describe, expect, it } from "vitest";
import { formatterFor } from "~/lib/format";
import { runSaid } from "~/lib/words/run-said";
import { withSay } from "~/stores/catalogue/run-say";
import { stockStep } from "./home.server";

const synced = (warehouse: Record<string, number>, message = "Stock synced: 3 quantities changed, 0 unchanged at 1 warehouse.") => ({
  finishedAt: new Date("2026-11-29T10:00:00Z"),
  message,
  result: JSON.stringify({
    warehouses: [{ warehouseId: "US01", providerSkus: 3, changed: 3, unchanged: 0, activated: 3, ...warehouse }],
    changes: [],
    providerOnly: [],
    unknownToProvider: [],
    notTracked: [],
    sharedSkus: [],
    refused: [],
  }),
});

describe("the setup guide's stock step", () => {
  it("is done only when the last sync read back what the provider holds, for the variants it stocked", () => {
    expect(
      stockStep({
        located: 1,
        lastSync: synced({ providerUnits: 30, stocked: 3, checked: 3, mismatched: 0 }),
        syncing: false,
        readSince: false,
      }),
    ).toEqual({
      done: true,
      detail: "Shopify holds the provider's stock for 3 variants at 1 warehouse (checked Nov 29, 2026, 10:00 AM UTC).",
    });
  });

  it("is not done over a sync that wrote nothing while the provider has stock, and says why", () => {
    const why = "No stock was written: the provider holds stock of 14 SKUs, but none is the SKU of a variant in your store.";
    const step = stockStep({
      located: 1,
      lastSync: synced({ providerUnits: 3260, stocked: 0, checked: 0, mismatched: 0 }, why),
      syncing: false,
      readSince: false,
    });
    expect(step).toEqual({ done: false, detail: why });
  });

  it("says the sync's account in the admin's language, and an older sync's as it was stored", () => {
    const why = runSaid("nothingWrittenNoMatch", 14);
    const older = synced({ providerUnits: 3260, stocked: 0, checked: 0, mismatched: 0 }, why.message);
    const lastSync = { ...older, result: JSON.stringify(withSay(JSON.parse(older.result), why.say)) };
    const step = (sync: typeof older, locale: string) =>
      stockStep({ located: 1, lastSync: sync, syncing: false, readSince: false, format: formatterFor(locale) }).detail;
    expect(step(lastSync, "en")).toBe(why.message);
    expect(step(lastSync, "zh-CN")).toBe(
      "未写入任何库存：服务商有 14 个 SKU 的库存，但没有一个是您店铺中变体的 SKU。请为变体填写服务商的 SKU，或在“商品”页面将变体对应到它们，然后再次同步。",
    );
    expect(step(older, "zh-CN")).toBe(why.message);
  });

  it("is not done while a sync or a catalogue read is under way, when quantities differ, or before any warehouse", () => {
    const good = synced({ providerUnits: 30, stocked: 3, checked: 3, mismatched: 0 });
    expect(stockStep({ located: 1, lastSync: good, syncing: true, readSince: false }).done).toBe(false);
    expect(stockStep({ located: 1, lastSync: good, syncing: false, readSince: true }).done).toBe(false);
    expect(stockStep({ located: 0, lastSync: good, syncing: false, readSince: false }).done).toBe(false);
    expect(stockStep({ located: 1, lastSync: null, syncing: false, readSince: false }).done).toBe(false);
    const differs = stockStep({
      located: 1,
      lastSync: synced({ providerUnits: 30, stocked: 3, checked: 3, mismatched: 1 }),
      syncing: false,
      readSince: false,
    });
    expect(differs).toMatchObject({
      done: false,
      detail: expect.stringMatching(/^1 of 3 quantities in Shopify differ from the provider's/),
    });
  });

  it("asks for stock at the provider when it holds none, and for a sync when none has finished", () => {
    expect(
      stockStep({
        located: 1,
        lastSync: synced({ providerUnits: 0, stocked: 0, checked: 2, mismatched: 0 }),
        syncing: false,
        readSince: false,
      }).detail,
    ).toMatch(/^The provider holds no stock at your warehouses yet/);
    expect(stockStep({ located: 1, lastSync: null, syncing: false, readSince: false }).detail).toMatch(/^Not synced yet/);
  });
});
