import { describe, expect, it } from "vitest";
import { wordsFor } from "../lib/words";
import { ProviderAuthError, ProviderNetworkError, ProviderServerError, ProviderValidationError } from "../fulfilment/errors";
import { providerProblem } from "./provider-problem";

const request = { operation: "priceAllServices", method: "POST", path: "/v1/pricing/all/outbound/skus" };
const english = wordsFor("en").providerProblems;
const chinese = wordsFor("zh-CN").providerProblems;

describe("what a page says when the provider fails", () => {
  it("says what happened and what to do, with the reference support needs, never that it retries by itself", () => {
    expect(providerProblem(new ProviderNetworkError(request, { timedOut: true, timeoutMs: 15_000 }), english)).toBe(
      "The provider could not be reached in time. Try again in a few minutes; if it keeps failing, check the provider's address in Settings > Provider connection.",
    );
    expect(providerProblem(new ProviderServerError({ ...request, status: 503, ticketId: "T-1" }), english)).toBe(
      "The provider is not answering normally just now (HTTP 503, ticket T-1). Try again in a few minutes.",
    );
    expect(providerProblem(new ProviderAuthError({ ...request, status: 401 }), english)).toBe(
      "The provider refused the app's credentials (HTTP 401). Connect the provider again in Settings > Provider connection.",
    );
    expect(
      providerProblem(
        new ProviderValidationError({ ...request, status: 400, errors: [{ code: "Skus[0].Sku", message: "SKU X is not registered" }] }),
        english,
      ),
    ).toBe("The provider refused the request: Skus[0].Sku SKU X is not registered (HTTP 400).");
  });

  it("says it in Simplified Chinese for a Chinese admin, the provider's own words quoted as it wrote them", () => {
    expect(providerProblem(new ProviderNetworkError(request, { timedOut: false, reason: "ECONNREFUSED" }), chinese)).toBe(
      "无法连接到服务商。请过几分钟再试；如果一直失败，请在“设置 > 服务商连接”中检查服务商的地址。",
    );
    expect(providerProblem(new ProviderServerError({ ...request, status: 503, ticketId: "T-1" }), chinese)).toBe(
      "服务商目前响应异常（HTTP 503，工单 T-1）。请过几分钟再试。",
    );
    expect(
      providerProblem(
        new ProviderValidationError({ ...request, status: 400, errors: [{ code: "Skus[0].Sku", message: "SKU X is not registered" }] }),
        chinese,
      ),
    ).toBe("服务商拒绝了这次请求：Skus[0].Sku SKU X is not registered（HTTP 400）。");
  });
});
