import { describe, expect, it } from "vitest";
import { trackingLanguageOf } from "./tracking-language";

describe("trackingLanguageOf", () => {
  it("asks for Chinese checkpoints for a buyer who bought in any Chinese", () => {
    for (const locale of ["zh", "zh-CN", "zh-TW", "zh-Hant-HK", "ZH_cn"]) expect(trackingLanguageOf(locale, "en")).toBe("zh");
  });

  it("asks for English for a buyer who bought in any other language", () => {
    for (const locale of ["en", "en-GB", "fr-CA", "es-MX", "de", "ja", "zu"]) expect(trackingLanguageOf(locale, "zh")).toBe("en");
  });

  it("asks in the default language when the order named none", () => {
    expect(trackingLanguageOf(null, "en")).toBe("en");
    expect(trackingLanguageOf(undefined, "zh")).toBe("zh");
    expect(trackingLanguageOf("  ", "en")).toBe("en");
  });
});
