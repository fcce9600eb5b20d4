import { describe, expect, it } from "vitest";
import { ProviderValidationError } from "~/fulfilment";
import { reasonText } from "~/lib/words/reason-said";
import { zhCN } from "~/lib/words/zh-CN";
import { refusalReasons } from "./push.server";

const request = { operation: "createDropship", method: "POST", path: "/v1/dropship" };

describe("why a package the provider refused is held", () => {
  it("names each field the provider named, its words as it said them", () => {
    const [reason] = refusalReasons(
      new ProviderValidationError({ ...request, status: 400, errors: [{ code: "ShipToAddress.Zip", message: "bad zip" }] }),
    );
    expect(reason?.field).toBe("ShipToAddress.Zip");
    expect(reason?.message).toBe("The provider refused ShipToAddress.Zip: bad zip. Correct it, then retry.");
  });

  it("says a refusal that names no field in the admin's language, with its status and ticket, not the client's English", () => {
    const [reason] = refusalReasons(new ProviderValidationError({ ...request, status: 400, ticketId: "T-9" }));
    expect(reason?.message).toBe(
      "The provider refused the package without naming a field (HTTP 400, ticket T-9). Ask the provider what it refused, correct the order, then retry.",
    );
    expect(reasonText(zhCN.reasons, reason ?? { message: "" })).toBe(
      "服务商拒绝了该包裹，但未指出字段（HTTP 400，工单 T-9）。请向服务商询问被拒绝的原因，修正订单后重试。",
    );
  });
});
