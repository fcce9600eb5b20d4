import { describe, expect, it } from "vitest";
import { ProviderAuthError, ProviderNetworkError, ProviderServerError, ProviderValidationError } from "../fulfilment/errors";
import { providerProblem } from "./provider-problem";

const request = { operation: "priceAllServices", method: "POST", path: "/v1/pricing/all/outbound/skus" };

describe("what a page says when the provider fails", () => {
  it("says what happened and what to do, with the reference support needs, never that it retries by itself", () => {
    expect(providerProblem(new ProviderNetworkError(request, { timedOut: true, timeoutMs: 15_000 }))).toBe(
      "The provider could not be reached in time. Try again in a few minutes; if it keeps failing, check the provider's address in Settings > Provider connection.",
    );
    expect(providerProblem(new ProviderServerError({ ...request, status: 503, ticketId: "T-1" }))).toBe(
      "The provider is not answering normally just now (HTTP 503, ticket T-1). Try again in a few minutes.",
    );
    expect(providerProblem(new ProviderAuthError({ ...request, status: 401 }))).toBe(
      "The provider refused the app's credentials (HTTP 401). Connect the provider again in Settings > Provider connection.",
    );
    expect(
      providerProblem(
        new ProviderValidationError({ ...request, status: 400, errors: [{ code: "Skus[0].Sku", message: "SKU X is not registered" }] }),
      ),
    ).toBe("The provider refused the request: Skus[0].Sku SKU X is not registered (HTTP 400).");
  });
});
