/** The shipment page's answers to Retry, Refresh and Mark as handled, in the merchant's words. */
import type { RetryOutcome } from "~/flows/retry/retry.server";
import type { Words } from "~/lib/words";
import { en } from "~/lib/words/en";
import { reasonFieldText, reasonText, saidAgainWithin, timelineWords, type NestedSaid } from "~/lib/words/reason-said";
import { withTimesWritten } from "~/lib/words/reason-times";
import type { Formatter } from "~/lib/format";

/** What the merchant reads after pressing Retry. */
export interface RetryAnswer {
  outcome: RetryOutcome["outcome"] | "refreshed" | "unknown";
  message: string;
  reasons: { field: string; message: string }[];
}

/** What the pipeline said (a refusal, Refresh's answer) in these words; its English when this version cannot say it. */
export function pipelineSaidIn(all: Words, said: NestedSaid): string {
  return saidAgainWithin(timelineWords(en), timelineWords(all), said);
}

/**
 * A refusal is said in these words as the pipeline said it; the reasons it stored are said in these
 * words (their field named too, a time in the shop's zone), or as stored when written before they could be.
 */
export function answerOf(result: RetryOutcome, all: Words, format: Formatter): RetryAnswer {
  const words = all.shipmentPage;
  switch (result.outcome) {
    case "ready":
      return { outcome: "ready", message: words.queuedAgain, reasons: [] };
    case "held":
      return {
        outcome: "held",
        message: words.stillOnHold,
        reasons: result.reasons.map((reason) => ({
          field: reasonFieldText(all.reasonFields, reason.field),
          message: reasonText(all.reasons, withTimesWritten(reason, format)),
        })),
      };
    case "cancelled":
      return { outcome: "cancelled", message: words.cancelled, reasons: [] };
    case "refused":
      return { outcome: "refused", message: pipelineSaidIn(all, result), reasons: [] };
  }
}
