import { describe, expect, it } from "vitest";
import { providerAddressHelp } from "./address-help";

describe("the provider address field's help", () => {
  const loopback = "http://127.0.0.1:4010";

  it("in live mode, never offers an address live mode refuses", () => {
    const help = providerAddressHelp("live", loopback, false);
    expect(help.helpText).not.toContain("127.0.0.1");
    expect(help.helpText).not.toContain("Leave empty");
    expect(help.helpText).toBe("Live mode needs your provider's public https address, for example https://openapi.example.com.");
    expect(help.placeholder).toBe("e.g. https://openapi.example.com");
  });

  it("offers the operator's address where the mode takes it", () => {
    expect(providerAddressHelp("sandbox", loopback, false)).toEqual({
      helpText: "Leave empty for http://127.0.0.1:4010.",
      placeholder: "e.g. http://127.0.0.1:4010",
    });
    expect(providerAddressHelp("live", "https://api.provider.com", true).helpText).toBe("Leave empty for https://api.provider.com.");
  });
});
