import { describe, expect, it } from "vitest";
import { formatterFor } from "../format";
import { CATALOGUES } from ".";
import { reasonText, said } from "./reason-said";
import { withTimesWritten } from "./reason-times";

describe("withTimesWritten", () => {
  it("writes a scheduled date in the shop's zone and language; the stored English keeps UTC", () => {
    const reason = said("scheduled", "2026-12-01T09:30:00.000Z");
    expect(reason.message).toContain("2026-12-01 09:30 UTC");
    const shanghai = formatterFor("zh-CN", "Asia/Shanghai");
    const written = reasonText(CATALOGUES["zh-CN"].reasons, withTimesWritten(reason, shanghai));
    expect(written).toBe(
      `在 Shopify 中预定于 ${shanghai.dateTime("2026-12-01T09:30:00.000Z")} 发货（订阅或预售）：Shopify 开放后即会发出。`,
    );
    expect(written).toContain("17:30");
  });

  it("leaves a reason without instants, an unknown date and a reason stored without its sentence as they are", () => {
    const write = { dateTime: () => "written", date: () => "written" };
    const noHouse = said("noHouseNumber", "Lindenweg", "DE");
    expect(withTimesWritten(noHouse, write)).toEqual(noHouse);
    expect(withTimesWritten(said("scheduled", ""), write)).toEqual(said("scheduled", ""));
    const older: { message: string; say?: ReturnType<typeof said>["say"] } = { message: "Scheduled." };
    expect(withTimesWritten(older, write)).toEqual({ message: "Scheduled." });
  });

  it("writes a carrier's checkpoint day, a package's last news and a payment's due day as the admin writes dates", () => {
    const format = formatterFor("zh-CN", "America/Los_Angeles");
    const lost = said("carrierLost", "Exception", "2026-11-20", "Parcel missing");
    expect(lost.message).toContain("on 2026-11-20");
    expect(reasonText(CATALOGUES["zh-CN"].reasons, withTimesWritten(lost, format))).toContain("2026年11月20日");
    const quiet = said("noNewsWhileTravelling", "PKG-1", "2026-11-02", 14);
    expect(reasonText(CATALOGUES.en.reasons, withTimesWritten(quiet, formatterFor("en", "America/Los_Angeles")))).toContain(
      "since Nov 2, 2026: no news for 14 days",
    );
    // A due date is an instant: its day is the shop's (Los Angeles is still on the 28th).
    const terms = said("onUnnamedTerms", "#1001", "Acme", "Net 30", "2026-12-29T05:00:00Z");
    expect(terms.message).toContain("Net 30, due 2026-12-29");
    expect(reasonText(CATALOGUES["zh-CN"].reasons, withTimesWritten(terms, format))).toContain("Net 30，2026年12月28日 到期");
  });
});
