import { describe, expect, it } from "vitest";
import { calendarDay, formatDate, formatDateTime, formatMoney, formatMonth, formatNumber, formatTime, formatterFor } from "./format";

// Intl puts a narrow no-break space before "AM"; a merchant reads a space.
const plain = (text: string) => text.replace(/\s/g, " ");

describe("formatting for people", () => {
  it("groups the digits of a number, in the locale's way", () => {
    expect(formatNumber(2147483647)).toBe("2,147,483,647");
    expect(formatNumber(1234.5, "de")).toBe("1.234,5");
  });

  it("writes money with its currency, and keeps a currency Intl cannot name as the provider gave it", () => {
    expect(formatMoney(1234.5, "USD")).toBe("$1,234.50");
    expect(formatMoney(4.9, "EUR")).toBe("€4.90");
    expect(formatMoney(7.5, "USD", "zh-CN")).toBe("US$7.50");
    expect(formatMoney(7.5, "")).toBe("7.50");
    expect(formatMoney(7.5, "US DOLLAR")).toBe("7.50 US DOLLAR");
  });

  it("writes dates and times in UTC, saying so, and a text that is no date as it is", () => {
    const at = "2026-03-02T18:05:00.000Z";
    expect(plain(formatDateTime(at))).toBe("Mar 2, 2026, 6:05 PM UTC");
    expect(plain(formatDateTime(new Date(at), "en", { timeZone: "Asia/Shanghai" }))).toBe("Mar 3, 2026, 2:05 AM GMT+8");
    expect(formatDate(at)).toBe("Mar 2, 2026");
    expect(plain(formatTime(at))).toBe("6:05 PM UTC");
    expect(formatMonth("2026-03")).toBe("March 2026");
    expect(formatMonth("2026-03", "zh-CN")).toBe("2026年3月");
    expect(formatDateTime("tomorrow, maybe")).toBe("tomorrow, maybe");
  });

  it("binds a locale once for a page", () => {
    const format = formatterFor("zh-CN");
    expect(format.date("2026-03-02T00:00:00Z")).toBe("2026年3月2日");
    expect(format.number(12345)).toBe("12,345");
  });

  it("binds the shop's time zone for instants, and leaves calendar days and months where they are", () => {
    const format = formatterFor("en", "America/Los_Angeles");
    // 2 a.m. UTC on March 3 is still March 2 in Los Angeles.
    expect(plain(format.dateTime("2026-03-03T02:05:00Z"))).toBe("Mar 2, 2026, 6:05 PM PST");
    expect(format.date("2026-03-03T02:05:00Z")).toBe("Mar 2, 2026");
    // A reservation date and a month's costs are days of the calendar, not instants.
    expect(format.date("2026-03-03")).toBe("Mar 3, 2026");
    expect(format.month("2026-03")).toBe("March 2026");
    // A day stored as midnight UTC goes to the page as its calendar day, never as the instant.
    const reserved = new Date("2026-03-03T00:00:00.000Z");
    expect(format.date(reserved.toISOString())).toBe("Mar 2, 2026");
    expect(format.date(calendarDay(reserved))).toBe("Mar 3, 2026");
    // A call may still name its own zone.
    expect(plain(format.time("2026-03-03T02:05:00Z", { timeZone: "UTC" }))).toBe("2:05 AM UTC");
  });
});
