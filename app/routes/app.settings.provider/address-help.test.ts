import { describe, expect, it } from "vitest";
import { wordsFor } from "~/lib/words";
import { providerAddressHelp } from "./address-help";

const ENGLISH = wordsFor("en");

describe("the provider address field's help", () => {
  const loopback = "http://127.0.0.1:4010";

  it("in live mode, never offers an address live mode refuses", () => {
    const help = providerAddressHelp("live", loopback, false, ENGLISH);
    expect(help.helpText).not.toContain("127.0.0.1");
    expect(help.helpText).not.toContain("Leave empty");
    expect(help.helpText).toBe("Live mode needs your provider's public https address, for example https://openapi.example.com.");
    expect(help.placeholder).toBe("e.g. https://openapi.example.com");
  });

  it("offers the operator's address where the mode takes it", () => {
    expect(providerAddressHelp("sandbox", loopback, false, ENGLISH)).toEqual({
      helpText: "Leave empty for http://127.0.0.1:4010.",
      placeholder: "e.g. http://127.0.0.1:4010",
    });
    expect(providerAddressHelp("live", "https://api.provider.com", true, ENGLISH).helpText).toBe(
      "Leave empty for https://api.provider.com.",
    );
  });

  it("in Chinese, says the same", () => {
    expect(providerAddressHelp("live", loopback, false, wordsFor("zh-CN"))).toEqual({
      helpText: "正式环境需要服务商的公网 https 地址，例如 https://openapi.example.com。",
      placeholder: "例如 https://openapi.example.com",
    });
  });
});
