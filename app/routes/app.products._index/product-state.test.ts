/**
 * What a Products row not registered says of its last attempt: the registration's answer said in
 * the admin's language, the provider's own words quoted; an answer stored before it kept its
 * sentences, or no longer made by them, as stored.
 */
import { describe, expect, it } from "vitest";
import { en } from "~/lib/words/en";
import { runSaid } from "~/lib/words/run-said";
import { zhCN } from "~/lib/words/zh-CN";
import { whatToKnow } from "./product-state";
import type { ProductRow } from "./products.server";

const refused = runSaid("skuRefused", "Weight: must be between 1 and 30000");

const row = (lastFailure: ProductRow["lastFailure"]): ProductRow => ({
  key: "gid://shopify/ProductVariant/1",
  title: "Linen apron",
  sku: "APRON-LIN-NAT",
  providerSku: null,
  state: "NOT_REGISTERED",
  approvalStatus: null,
  differences: [],
  problems: [],
  missingComponents: [],
  lastFailure,
  weightGrams: 350,
  hsCode: null,
  origin: null,
  entry: null,
  kit: null,
});

const number = (value: number) => String(value);

describe("a row's last registration attempt", () => {
  it("is said in the admin's language, the provider's words quoted as it said them", () => {
    const stored = row({ message: refused.message, say: { group: "runSays", parts: [refused.say] } });
    expect(whatToKnow(stored, zhCN, number)).toEqual([
      "上次尝试：服务商拒绝了备案：Weight: must be between 1 and 30000。请在 Shopify 或下方修正，然后重新备案。",
    ]);
    expect(whatToKnow(stored, en, number)).toEqual([
      "Last attempt: The provider refused it: Weight: must be between 1 and 30000. Correct it in Shopify or below, then register it again.",
    ]);
  });

  it("writes a difference's numbers as the admin writes numbers; codes and names as they are", () => {
    const differs: ProductRow = {
      ...row(null),
      state: "DIFFERS",
      differences: [
        { field: "Weight", provider: "1200", shopify: "1250", unit: "g" },
        { field: "Size", provider: "30 × 20 × 2.5", shopify: "? × 20 × 2.5", unit: "cm" },
        { field: "HS code", provider: "6211", shopify: "621142", unit: null },
      ],
    };
    const grouped = (value: number) => new Intl.NumberFormat("en").format(value);
    expect(whatToKnow(differs, en, grouped).join("\n")).toMatch(/1,200 g.*1,250 g/);
    expect(whatToKnow(differs, en, grouped).join("\n")).toContain("? × 20 × 2.5");
    expect(whatToKnow(differs, en, grouped).join("\n")).toContain("621142");
  });

  it("reads as stored when it kept no sentences, or they no longer make it", () => {
    expect(whatToKnow(row({ message: refused.message, say: null }), zhCN, number)).toEqual([`上次尝试：${refused.message}`]);
    const reworded = row({ message: "The provider refused it.", say: { group: "runSays", parts: [refused.say] } });
    expect(whatToKnow(reworded, zhCN, number)).toEqual(["上次尝试：The provider refused it."]);
  });
});
