import { describe, expect, it } from "vitest";
import { jobErrorIn, jobErrorSaid, jobErrorWithin } from "./job-error-said";
import { zhCN } from "./zh-CN";

describe("a job's error fitted to what is kept", () => {
  it("cuts the failure's own text, not the sentence, so that it is still said in the reader's language", () => {
    const long = jobErrorSaid("gaveUp", "12", `Error: ${"x".repeat(3_000)}`);
    const fitted = jobErrorWithin(long, 2_000);
    expect(fitted?.message.length).toBe(2_000);
    expect(fitted?.message).toMatch(/^Gave up after 12 attempts\. Error: x+$/);
    const kept = { lastError: fitted?.message ?? "", lastErrorSay: JSON.stringify(fitted?.say) };
    expect(jobErrorIn(zhCN, kept)).toMatch(/^尝试 12 次后放弃。Error: x+$/);
    // The check's findings in the settings' sentence are cut the same way.
    const settings = jobErrorSaid("settingsUnreadable", "a.myshopify.com", `invalid:\n${"✖ wrong\n".repeat(300)}`);
    const fittedSettings = jobErrorWithin(settings, 1_000);
    expect(fittedSettings?.message.length).toBe(1_000);
    expect(fittedSettings?.message).toMatch(/^The settings saved for a\.myshopify\.com cannot be read \(invalid:\n/);
    expect(fittedSettings?.message).toMatch(
      /\)\. Check them in Settings and save them again, then retry; if they cannot be saved, ask the app's operator\.$/,
    );
  });

  it("keeps a sentence that fits as it is, and gives up on one that quotes no text of its own", () => {
    const short = jobErrorSaid("gaveUp", "1", "Error: boom");
    expect(jobErrorWithin(short, 2_000)).toBe(short);
    expect(jobErrorWithin(jobErrorSaid("appNotInstalled", "a.myshopify.com"), 20)).toBeUndefined();
  });
});
