/**
 * A stored reason said in the admin's language (decision 0045): from its sentence's key when this
 * version knows it, else as it was stored (rows written before reasons had a key).
 */
import { describe, expect, it } from "vitest";
import { en } from "./en";
import { reasonFieldText, reasonText, said, textIn } from "./reason-said";
import { runSaid } from "./run-said";
import { zhCN } from "./zh-CN";

describe("a stored reason", () => {
  it("keeps its English message made from the English sentence, and is said again in Chinese", () => {
    const reason = { field: "ShipToAddress.Postcode", ...said("noPostcode", "DE") };
    expect(reason.message).toBe(
      "The shipping address has no postcode, and carriers in Germany (DE) need one. Add it to the order, then retry.",
    );
    expect(JSON.parse(JSON.stringify(reason))).toEqual(reason);
    expect(reasonText(en.reasons, reason)).toBe(reason.message);
    expect(reasonText(zhCN.reasons, reason)).toBe("收货地址没有邮编，而德国 (DE) 的承运商需要。请在订单中补上，然后重试。");
    expect(reasonFieldText(zhCN.reasonFields, reason.field)).toBe("邮编");
  });

  it("quotes the provider's own words as it said them, inside our sentence", () => {
    const reason = said("providerRefusedField", "ShipToAddress.Phone", "Phone format invalid");
    expect(reasonText(zhCN.reasons, reason)).toBe("服务商拒绝了 ShipToAddress.Phone：Phone format invalid。请修正后重试。");
  });

  it("written before reasons had a key, or naming a sentence this version lacks, reads as stored", () => {
    const older = { field: "Postal code", message: "The postal code 1234 is not valid for the United States." };
    expect(reasonText(zhCN.reasons, older)).toBe(older.message);
    expect(reasonFieldText(zhCN.reasonFields, older.field)).toBe("Postal code");
    const unknown = { message: "Something new.", say: { key: "somethingNew", args: [] } };
    expect(reasonText(zhCN.reasons, unknown)).toBe("Something new.");
    const otherArguments = { message: "No postcode.", say: { key: "noPostcode", args: [] } };
    expect(reasonText(zhCN.reasons, otherArguments)).toBe("No postcode.");
    const inherited = { message: "Stored.", say: { key: "toString", args: [] } };
    expect(reasonText(zhCN.reasons, inherited)).toBe("Stored.");
  });
});

describe("what a run says of itself", () => {
  it("keeps its English message made from the English sentence, and is said again in Chinese", () => {
    const synced = runSaid("stockSynced", 14, 0, 1, 0);
    expect(synced.message).toBe("Stock synced: 14 quantities changed, 0 unchanged at 1 warehouse.");
    expect(textIn(en.runSays, synced)).toBe(synced.message);
    expect(textIn(zhCN.runSays, synced)).toBe("库存已同步：在 1 个仓库中，14 个数量已更新，0 个未变化。");
    const none = runSaid("nothingWrittenNoMatch", 1);
    expect(none.message).toBe(en.runSays.nothingWrittenNoMatch(1));
    expect(none.message).toMatch(/^No stock was written: the provider holds stock of 1 SKU, but none/);
    expect(textIn(zhCN.runSays, none)).toMatch(/^未写入任何库存：服务商有 1 个 SKU 的库存/);
    const read = runSaid("catalogueRead", 12, 2, 0, 10);
    expect(read.message).toBe("Read 12 variants from Shopify (2 without a SKU) and 10 SKUs from the provider.");
    expect(textIn(zhCN.runSays, read)).toBe("已从 Shopify 读取 12 个变体（其中 2 个没有 SKU），并从服务商读取 10 个 SKU。");
    expect(textIn(zhCN.runSays, runSaid("catalogueNotRead", ""))).toBe("Shopify 未能读取商品目录（未说明原因）。请几分钟后重试。");
  });

  it("says a stock sync's notes in Chinese, Shopify's own words quoted as it said them", () => {
    const refused = runSaid("notStockedAtLocation", "The location is not active");
    expect(refused.message).toBe("Shopify would not stock it at the warehouse's location: The location is not active");
    expect(textIn(zhCN.runSays, refused)).toBe("Shopify 未能在该仓库的地点为它建立库存：The location is not active");
    expect(textIn(zhCN.runSays, runSaid("locationGone"))).toBe("它的 Shopify 地点已不存在：请重新保存设置，以便重新创建。");
  });
});
