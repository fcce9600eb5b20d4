import { describe, expect, it } from "vitest";
import { webAddressOrNull } from "./web-address";

describe("a web address from someone else", () => {
  it("passes as an absolute http(s) URL only", () => {
    expect(webAddressOrNull("https://tools.usps.com/go/TrackConfirmAction?tLabels=1")).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=1",
    );
    expect(webAddressOrNull(" http://track.example/1 ")).toBe("http://track.example/1");
    for (const value of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:x",
      "//evil.example/",
      "/relative",
      "",
      null,
      undefined,
    ]) {
      expect(webAddressOrNull(value), String(value)).toBeNull();
    }
  });
});
