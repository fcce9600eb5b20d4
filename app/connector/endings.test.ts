import { describe, expect, it } from "vitest";
import { dayIn, endingOfPackageStatus, endingOfSilence, endingOfTracking } from "./endings";
import { CATALOGUES } from "../lib/words";
import { reasonText } from "../lib/words/reason-said";

const outbound = { kind: "OUTBOUND" as const, packageId: "1001-1", status: "Created", fulfilled: false };

describe("endingOfPackageStatus", () => {
  it("reads deletions, cancellations and returns, whatever the kind", () => {
    expect(endingOfPackageStatus({ ...outbound, handleStatus: "Delete" })).toMatchObject({
      reason: "DELETED",
      message:
        "The provider deleted package 1001-1 (HandleStatus Delete): it will not ship. If nobody at your business asked for that, ask the provider why.",
    });
    expect(endingOfPackageStatus({ ...outbound, kind: "DROPSHIP", handleStatus: "Cancel", fulfilled: true })?.message).toMatch(
      /cancelled package 1001-1 .* cancel that fulfilment in Shopify/,
    );
    expect(endingOfPackageStatus({ ...outbound, handleStatus: "ReturnApply" })).toMatchObject({
      reason: "RETURNED",
      message: expect.stringMatching(/^A return of package 1001-1 was asked for/),
    });
    expect(endingOfPackageStatus({ ...outbound, handleStatus: "ReturnFinished" })?.message).toMatch(
      /^Package 1001-1 was returned to the warehouse/,
    );
    expect(endingOfPackageStatus({ ...outbound, kind: "DROPSHIP", handleStatus: "Return" })?.reason).toBe("RETURNED");
  });

  it("reads UnShipped as an exception only once the package was created", () => {
    expect(endingOfPackageStatus({ ...outbound, handleStatus: "UnShipped", reasonText: "Carton damaged." })).toMatchObject({
      reason: "EXCEPTION",
      message:
        "The warehouse could not ship package 1001-1 (HandleStatus UnShipped: Carton damaged). Ask the provider what happened to it.",
    });
    expect(endingOfPackageStatus({ ...outbound, status: "CreateFailed", handleStatus: "UnShipped" })).toBeNull();
  });

  it("leaves the journey's ordinary statuses alone", () => {
    for (const handleStatus of [null, "Submitted", "Examined", "Shipped", "Finished", "WeightConfirm", "Intercepted"]) {
      expect(endingOfPackageStatus({ ...outbound, handleStatus })).toBeNull();
    }
  });
});

describe("endingOfTracking", () => {
  const at = new Date("2026-11-20T08:00:00Z");
  it("ends at a return, a loss or a failure the carrier gives up on, quoting it", () => {
    expect(endingOfTracking({ trackingStatus: "Returned", message: "Returned to sender", happenedAt: at }, "UTC")).toMatchObject({
      reason: "RETURNED",
      message:
        'The carrier returned the parcel to the sender (TrackingStatus Returned on 2026-11-20: "Returned to sender"). Contact the customer, then refund or send the order again from Shopify.',
    });
    expect(endingOfTracking({ trackingStatus: "Lost", message: null, happenedAt: null }, "UTC")?.reason).toBe("LOST");
    expect(endingOfTracking({ trackingStatus: "Exception", message: "Address not found", happenedAt: at }, "UTC")?.reason).toBe(
      "EXCEPTION",
    );
    expect(endingOfTracking({ trackingStatus: "RETURN_TO_SENDER", message: null, happenedAt: at }, "UTC")?.reason).toBe("RETURNED");
  });

  it("keeps following a parcel on its way, delayed, or after a failed attempt", () => {
    for (const trackingStatus of [null, "InTransit", "Delayed", "AttemptFail", "OutForDelivery", "Delivered", "Whatever"]) {
      expect(endingOfTracking({ trackingStatus, message: null, happenedAt: at }, "UTC")).toBeNull();
    }
  });
});

describe("endingOfSilence", () => {
  const last = new Date("2026-10-01T00:00:00Z");
  it("ends after the shop's number of days without news, saying where the package was", () => {
    expect(endingOfSilence(last, new Date("2026-10-30T23:59:00Z"), 30, "travelling", "1001-1", "UTC")).toBeNull();
    expect(endingOfSilence(last, new Date("2026-10-31T00:00:00Z"), 30, "travelling", "1001-1", "UTC")).toEqual({
      reason: "NO_NEWS",
      said: null,
      message:
        "Neither the provider nor the carrier has said anything new about package 1001-1 since 2026-10-01: no news for 30 days, so the app stopped following it (Settings > Orders and after sending). Ask the provider where it is.",
      say: { key: "noNewsWhileTravelling", args: ["1001-1", "2026-10-01", 30] },
    });
    expect(endingOfSilence(last, new Date("2026-10-08T00:00:00Z"), 7, "creating", "1001-1", "UTC")?.message).toMatch(
      /^The provider has not created package 1001-1 since 2026-10-01/,
    );
  });
});

describe("the day an ending names", () => {
  // 20:30 UTC on 1 November is already 2 November in Shanghai, and still 1 November in Los Angeles.
  const evening = new Date("2026-11-01T20:30:00Z");

  it("is the shop's calendar day, not UTC's", () => {
    expect(endingOfTracking({ trackingStatus: "Lost", message: null, happenedAt: evening }, "Asia/Shanghai")?.message).toContain(
      "TrackingStatus Lost on 2026-11-02",
    );
    expect(endingOfTracking({ trackingStatus: "Lost", message: null, happenedAt: evening }, "America/Los_Angeles")?.message).toContain(
      "TrackingStatus Lost on 2026-11-01",
    );
    const silent = endingOfSilence(evening, new Date("2026-12-05T00:00:00Z"), 30, "travelling", "1001-1", "Asia/Shanghai");
    expect(silent?.message).toContain("about package 1001-1 since 2026-11-02:");
    expect(silent?.say.args).toEqual(["1001-1", "2026-11-02", 30]);
  });

  it("turns with the shop's midnight", () => {
    // Just before and at midnight in Shanghai (16:00 UTC).
    expect(dayIn(new Date("2026-12-31T15:59:59Z"), "Asia/Shanghai")).toBe("2026-12-31");
    expect(dayIn(new Date("2026-12-31T16:00:00Z"), "Asia/Shanghai")).toBe("2027-01-01");
    expect(dayIn(new Date("2026-12-31T16:00:00Z"), "UTC")).toBe("2026-12-31");
  });
});

describe("an ending in the merchant's language", () => {
  it("is said in Chinese from its sentence, the provider's and the carrier's words as they said them", () => {
    const endings = [
      endingOfPackageStatus({ ...outbound, handleStatus: "Delete", fulfilled: true }),
      endingOfPackageStatus({ ...outbound, handleStatus: "Returns" }),
      endingOfPackageStatus({ ...outbound, handleStatus: "UnShipped", reasonText: "Damaged in warehouse." }),
      endingOfTracking({ trackingStatus: "Lost", message: "Parcel missing at hub", happenedAt: new Date("2026-11-02T10:00:00Z") }, "UTC"),
      endingOfTracking({ trackingStatus: "Undeliverable", message: null, happenedAt: null }, "UTC"),
      endingOfSilence(new Date("2026-10-01T00:00:00Z"), new Date("2026-11-01T00:00:00Z"), 30, "unknown", "1001-1", "UTC"),
    ];
    const chinese = endings.map((ending) => (ending === null ? null : reasonText(CATALOGUES["zh-CN"].reasons, ending)));
    expect(chinese).toEqual([
      "服务商删除了包裹 1001-1（服务商状态 Delete）：它不会发出。如果贵公司没有人提出过删除，请向服务商询问原因。Shopify 订单已显示为已履约：请在 Shopify 中取消该履约，然后退款或重新发出订单。",
      "包裹 1001-1 正在退回（服务商状态 Returns）。请联系顾客，然后在 Shopify 中退款或重新发出订单。",
      "仓库无法发出包裹 1001-1（服务商状态 UnShipped：Damaged in warehouse）。请向服务商询问包裹的情况。",
      "承运商报告包裹丢失（承运商状态 Lost，2026-11-02：“Parcel missing at hub”）。请向服务商提出索赔，并在 Shopify 中退款或重新发出订单。",
      "承运商无法投递该包裹（承运商状态 Undeliverable）。请向服务商询问后续处理；可能需要联系顾客。",
      "服务商自 2026-10-01 接收包裹 1001-1 后一直查不到它：已 30 天没有新消息，应用已停止跟踪（“设置 > 订单与发出之后”）。请向服务商询问包裹在哪里。",
    ]);
    // The English is the same sentence, so the stored text and the page cannot differ.
    expect(endings.map((ending) => ending && reasonText(CATALOGUES.en.reasons, ending))).toEqual(endings.map((ending) => ending?.message));
  });
});
