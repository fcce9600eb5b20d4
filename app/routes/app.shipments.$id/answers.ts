/** The shipment page's answers to Retry, Refresh and Mark as handled, in the merchant's words. */
import type { RetryOutcome } from "~/flows/retry/retry.server";

/** What the merchant reads after pressing Retry. */
export interface RetryAnswer {
  outcome: RetryOutcome["outcome"] | "refreshed" | "unknown";
  message: string;
  reasons: { field: string; message: string }[];
}

export function answerOf(result: RetryOutcome): RetryAnswer {
  switch (result.outcome) {
    case "ready":
      return { outcome: "ready", message: "Queued again: the package is checked and on its way to the provider.", reasons: [] };
    case "held":
      return {
        outcome: "held",
        message: "Still on hold: fix the following, then retry.",
        reasons: result.reasons.map(({ field, message }) => ({ field, message })),
      };
    case "cancelled":
      return { outcome: "cancelled", message: "Cancelled: the order is closed or cancelled in Shopify, so nothing was sent.", reasons: [] };
    case "refused":
      return { outcome: "refused", message: result.message, reasons: [] };
  }
}
