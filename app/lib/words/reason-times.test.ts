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
    const written = reasonText(CATALOGUES["zh-CN"].reasons, withTimesWritten(reason, shanghai.dateTime));
    expect(written).toBe(
      `在 Shopify 中预定于 ${shanghai.dateTime("2026-12-01T09:30:00.000Z")} 发货（订阅或预售）：Shopify 开放后即会发出。`,
    );
    expect(written).toContain("17:30");
  });

  it("leaves a reason without instants, an unknown date and a reason stored without its sentence as they are", () => {
    const write = () => "written";
    const noHouse = said("noHouseNumber", "Lindenweg", "DE");
    expect(withTimesWritten(noHouse, write)).toEqual(noHouse);
    expect(withTimesWritten(said("scheduled", ""), write)).toEqual(said("scheduled", ""));
    const older: { message: string; say?: ReturnType<typeof said>["say"] } = { message: "Scheduled." };
    expect(withTimesWritten(older, write)).toEqual({ message: "Scheduled." });
  });
});
