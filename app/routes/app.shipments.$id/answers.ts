/** The shipment page's answers to Retry, Refresh and Mark as handled, in the merchant's words. */
import type { RetryOutcome } from "~/flows/retry/retry.server";
import type { Words } from "~/lib/words";

/** What the merchant reads after pressing Retry. */
export interface RetryAnswer {
  outcome: RetryOutcome["outcome"] | "refreshed" | "unknown";
  message: string;
  reasons: { field: string; message: string }[];
}

/** The reasons and a refusal's message are the pipeline's, as it wrote them. */
export function answerOf(result: RetryOutcome, words: Words["shipmentPage"]): RetryAnswer {
  switch (result.outcome) {
    case "ready":
      return { outcome: "ready", message: words.queuedAgain, reasons: [] };
    case "held":
      return {
        outcome: "held",
        message: words.stillOnHold,
        reasons: result.reasons.map(({ field, message }) => ({ field, message })),
      };
    case "cancelled":
      return { outcome: "cancelled", message: words.cancelled, reasons: [] };
    case "refused":
      return { outcome: "refused", message: result.message, reasons: [] };
  }
}
