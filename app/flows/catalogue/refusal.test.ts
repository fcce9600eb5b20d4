import { describe, expect, it } from "vitest";
import { ProviderValidationError } from "~/fulfilment";
import { textIn } from "~/lib/words/reason-said";
import { zhCN } from "~/lib/words/zh-CN";
import { describeRefusal } from "./register.server";

const request = { operation: "createSkus", method: "POST", path: "/v1/skus" };

describe("a SKU the provider refused to register", () => {
  it("quotes the fields it named, and says a refusal naming none in the admin's language, not the client's English", () => {
    const named = describeRefusal(
      new ProviderValidationError({ ...request, status: 400, errors: [{ code: "Weight", message: "too heavy" }] }),
    );
    expect(named.message).toBe("The provider refused it: Weight: too heavy. Correct it in Shopify or below, then register it again.");
    const unnamed = describeRefusal(new ProviderValidationError({ ...request, status: 400 }));
    expect(unnamed.message).not.toMatch(/fulfilment provider rejected the data/);
    expect(textIn(zhCN.runSays, unnamed)).toBe(
      "服务商拒绝了备案，但未指出字段。请在 Shopify 或下方检查其重量、尺寸和申报名称，然后重新备案。",
    );
  });
});
