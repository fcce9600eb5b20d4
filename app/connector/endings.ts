/**
 * How a package's journey ends without a delivery, and what the merchant reads then: the provider
 * deleted or cancelled it, it was returned, the warehouse or the carrier reports an exception or a
 * loss, or nobody has said anything new about it for the shop's number of days. Each ending stops
 * the app following the package (state ENDED with the reason). Pure.
 */

export type EndReason = "DELETED" | "RETURNED" | "EXCEPTION" | "LOST" | "NO_NEWS";

export interface Ending {
  reason: EndReason;
  /** For the merchant: what happened and what to do. No personal data (the timeline keeps it). */
  message: string;
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

/** After the fulfilment was written, the merchant undoes it in Shopify; before, nothing was announced. */
function inShopify(fulfilled: boolean): string {
  return fulfilled ? " The Shopify order shows it fulfilled: cancel that fulfilment in Shopify, then refund or send the order again." : "";
}

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
  switch (key(handle)) {
    case "delete":
    case "cancel":
      return {
        reason: "DELETED",
        said,
        message:
          `The provider ${key(handle) === "delete" ? "deleted" : "cancelled"} package ${id} (${said}): it will not ship. ` +
          `If nobody at your business asked for that, ask the provider why.${inShopify(record.fulfilled)}`,
      };
    case "return":
    case "returns":
    case "returnapply":
    case "returnfinished":
      return {
        reason: "RETURNED",
        said,
        message:
          `${key(handle) === "returnfinished" ? `Package ${id} was returned to the warehouse` : key(handle) === "returnapply" ? `A return of package ${id} was asked for` : `Package ${id} is being returned`} (${said}). ` +
          `Contact the customer, then refund or send the order again from Shopify.`,
      };
    case "unshipped":
      // Before creation UnShipped is the creation failure itself (CreateFailed), not an ending.
      if (record.status !== "Created") return null;
      return {
        reason: "EXCEPTION",
        said,
        message:
          `The warehouse could not ship package ${id} (${said}${record.reasonText ? `: ${record.reasonText.trim().replace(/[.]$/, "")}` : ""}). ` +
          `Ask the provider what happened to it.${inShopify(record.fulfilled)}`,
      };
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

const day = (date: Date | null) => (date === null ? "" : ` on ${date.toISOString().slice(0, 10)}`);
const quoted = (message: string | null) => (message ? `: "${message.trim()}"` : "");

/** What the carrier's last word says about the end of the parcel, if anything. */
export function endingOfTracking(last: LastWord): Ending | null {
  if (last.trackingStatus === null) return null;
  const reason = TRACKING_ENDINGS[key(last.trackingStatus)];
  if (reason === undefined) return null;
  const said = `TrackingStatus ${last.trackingStatus}`;
  const what = `${said}${day(last.happenedAt)}${quoted(last.message)}`;
  switch (reason) {
    case "RETURNED":
      return {
        reason,
        said,
        message: `The carrier returned the parcel to the sender (${what}). Contact the customer, then refund or send the order again from Shopify.`,
      };
    case "LOST":
      return {
        reason,
        said,
        message: `The carrier reports the parcel lost (${what}). Open a claim with the provider, and refund or send the order again from Shopify.`,
      };
    default:
      return {
        reason: "EXCEPTION",
        said,
        message: `The carrier could not deliver the parcel (${what}). Ask the provider what happens to it next; the customer may need to be contacted.`,
      };
  }
}

/** Where the package was when the news stopped. */
export type Waiting = "creating" | "unknown" | "travelling";

/** No news for `days` days since `lastNewsAt`: the app stops following the package. */
export function endingOfSilence(lastNewsAt: Date, now: Date, days: number, waiting: Waiting, packageId: string): Ending | null {
  if (now.getTime() - lastNewsAt.getTime() < days * 24 * 60 * 60_000) return null;
  const since = lastNewsAt.toISOString().slice(0, 10);
  const what =
    waiting === "creating"
      ? `The provider has not created package ${packageId} since ${since}`
      : waiting === "unknown"
        ? `The provider has not known package ${packageId} since it accepted it (${since})`
        : `Neither the provider nor the carrier has said anything new about package ${packageId} since ${since}`;
  return {
    reason: "NO_NEWS",
    said: null,
    message: `${what}: no news for ${days} days, so the app stopped following it (Settings > Orders and after sending). Ask the provider where it is.`,
  };
}
