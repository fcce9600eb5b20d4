/**
 * How a package's journey ends without a delivery, and what the merchant reads then: the provider
 * deleted or cancelled it, it was returned, the warehouse or the carrier reports an exception or a
 * loss, or nobody has said anything new about it for the shop's number of days. Each ending stops
 * the app following the package (state ENDED with the reason). Pure. Each message is a sentence of
 * the `reasons` catalogue (decision 0045), so the admin says it again in the merchant's language.
 */
import { said as saidIn, type ReasonSay } from "../lib/words/reason-said";

export type EndReason = "DELETED" | "RETURNED" | "EXCEPTION" | "LOST" | "NO_NEWS";

export interface Ending {
  reason: EndReason;
  /** For the merchant: what happened and what to do. No personal data (the timeline keeps it). */
  message: string;
  /** The sentence `message` is made from and its arguments, for the admin to say it in any language. */
  say: ReasonSay;
  /** The provider's or the carrier's own status that said so; null for no news. */
  said: string | null;
}

/** The reason in a few words, for badges and lists. */
export const END_REASON_WORDS: Readonly<Record<EndReason, string>> = {
  DELETED: "Deleted by the provider",
  RETURNED: "Returned",
  EXCEPTION: "Delivery exception",
  LOST: "Lost",
  NO_NEWS: "No news",
};

export interface PackageStatus {
  kind: "OUTBOUND" | "DROPSHIP";
  packageId: string;
  /** The status record's Status: Creating, Created, CreateFailed. */
  status: string;
  handleStatus: string | null;
  /** UnShippedReason's text, when the provider gave one. */
  reasonText?: string | null;
  /** Whether the fulfilment is already in Shopify (the customer was told it shipped). */
  fulfilled: boolean;
}

const key = (text: string) => text.replace(/[^A-Za-z]/g, "").toLowerCase();

/**
 * What the provider's HandleStatus says about the end of the package, if anything. The reference
 * lists the provider's statuses without saying what they mean; the sandbox and the provider's help
 * pages read them so (DESIGN.md section 6):
 *   drop-ship: Cancel (the provider cancelled it), Return (it comes back);
 *   outbound: Delete (deleted at the provider), Returns / ReturnApply / ReturnFinished (a return
 *   under way, asked for, done), UnShipped once created (the warehouse could not ship it).
 */
export function endingOfPackageStatus(record: PackageStatus): Ending | null {
  const handle = record.handleStatus;
  if (handle === null) return null;
  const said = `HandleStatus ${handle}`;
  const id = record.packageId;
  const fulfilled = record.fulfilled ? 1 : 0;
  switch (key(handle)) {
    case "delete":
      return { reason: "DELETED", said, ...saidIn("providerDeleted", id, handle, fulfilled) };
    case "cancel":
      return { reason: "DELETED", said, ...saidIn("providerCancelled", id, handle, fulfilled) };
    case "returnfinished":
      return { reason: "RETURNED", said, ...saidIn("returnedToWarehouse", id, handle) };
    case "returnapply":
      return { reason: "RETURNED", said, ...saidIn("returnAskedFor", id, handle) };
    case "return":
    case "returns":
      return { reason: "RETURNED", said, ...saidIn("beingReturned", id, handle) };
    case "unshipped": {
      // Before creation UnShipped is the creation failure itself (CreateFailed), not an ending.
      if (record.status !== "Created") return null;
      const why = record.reasonText ? record.reasonText.trim().replace(/[.]$/, "") : "";
      return { reason: "EXCEPTION", said, ...saidIn("warehouseCouldNotShip", id, handle, why, fulfilled) };
    }
    default:
      return null;
  }
}

export interface LastWord {
  /** The newest checkpoint's TrackingStatus (or the result's). */
  trackingStatus: string | null;
  message: string | null;
  happenedAt: Date | null;
}

/**
 * Tracking statuses are the carrier's and open-ended: Returned / ReturnToSender, Lost, and the
 * failures a carrier gives up on (Exception, Undeliverable, Expired, DeliveryFailed). An attempted
 * delivery or a delay is not an ending.
 */
const TRACKING_ENDINGS: Readonly<Record<string, EndReason>> = {
  returned: "RETURNED",
  returntosender: "RETURNED",
  returnedtosender: "RETURNED",
  lost: "LOST",
  exception: "EXCEPTION",
  undeliverable: "EXCEPTION",
  expired: "EXCEPTION",
  deliveryfailed: "EXCEPTION",
  failure: "EXCEPTION",
  failed: "EXCEPTION",
};

/**
 * The calendar day of `date` (YYYY-MM-DD) in the shop's time zone: the day the merchant and
 * Shopify's own admin count in, not UTC's (a checkpoint at 20:00 UTC is the next morning in
 * Shanghai). Written into the ending when it is made, in the zone the app knows then.
 */
export function dayIn(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** What the carrier's last word says about the end of the parcel, if anything; its day in the shop's `timeZone`. */
export function endingOfTracking(last: LastWord, timeZone: string): Ending | null {
  if (last.trackingStatus === null) return null;
  const reason = TRACKING_ENDINGS[key(last.trackingStatus)];
  if (reason === undefined) return null;
  const said = `TrackingStatus ${last.trackingStatus}`;
  // The carrier's own words stay as it said them, an argument of our sentence.
  const args = [last.trackingStatus, last.happenedAt === null ? "" : dayIn(last.happenedAt, timeZone), last.message?.trim() ?? ""] as const;
  switch (reason) {
    case "RETURNED":
      return { reason, said, ...saidIn("carrierReturned", ...args) };
    case "LOST":
      return { reason, said, ...saidIn("carrierLost", ...args) };
    default:
      return { reason: "EXCEPTION", said, ...saidIn("carrierCouldNotDeliver", ...args) };
  }
}

/** Where the package was when the news stopped. */
export type Waiting = "creating" | "unknown" | "travelling";

/** No news for `days` days since `lastNewsAt`: the app stops following the package, naming that day in the shop's `timeZone`. */
export function endingOfSilence(
  lastNewsAt: Date,
  now: Date,
  days: number,
  waiting: Waiting,
  packageId: string,
  timeZone: string,
): Ending | null {
  if (now.getTime() - lastNewsAt.getTime() < days * 24 * 60 * 60_000) return null;
  const since = dayIn(lastNewsAt, timeZone);
  const sentence = waiting === "creating" ? "noNewsWhileCreating" : waiting === "unknown" ? "noNewsOfAccepted" : "noNewsWhileTravelling";
  return { reason: "NO_NEWS", said: null, ...saidIn(sentence, packageId, since, days) };
}
