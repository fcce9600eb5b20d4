/** Where a run keeps what it said (decision 0045): its result JSON, beside the kind's own summary. */
import { describe, expect, it } from "vitest";
import { textIn } from "~/lib/words/reason-said";
import { runSaid } from "~/lib/words/run-said";
import { zhCN } from "~/lib/words/zh-CN";
import { runSayOf, withSay } from "./run-say";

describe("a run's say", () => {
  it("is kept in the run's result JSON beside the kind's own summary; a run stored before reads as its message", () => {
    const said = runSaid("warehouseSynced", "US01");
    const result = JSON.stringify(withSay({ bulkOperationId: "gid://shopify/BulkOperation/1" }, said.say));
    expect(JSON.parse(result)).toEqual({ bulkOperationId: "gid://shopify/BulkOperation/1", say: said.say });
    expect(textIn(zhCN.runSays, { message: said.message, say: runSayOf(result) })).toBe("已同步仓库 US01…");
    const older = { message: "Stock synced: 3 quantities changed, 0 unchanged at 1 warehouse.", say: runSayOf('{"warehouses":[]}') };
    expect(older.say).toBeNull();
    expect(textIn(zhCN.runSays, older)).toBe(older.message);
    expect(runSayOf(null)).toBeNull();
    expect(runSayOf("not json")).toBeNull();
  });

  it("writes a big merchant's counts as each language writes numbers", () => {
    const said = runSaid("catalogueRead", 20_000, 1_250, 0, 5_000);
    expect(said.message).toBe("Read 20,000 variants from Shopify (1,250 without a SKU) and 5,000 SKUs from the provider.");
    expect(textIn(zhCN.runSays, said)).toBe("已从 Shopify 读取 20,000 个变体（其中 1,250 个没有 SKU），并从服务商读取 5,000 个 SKU。");
  });
});
