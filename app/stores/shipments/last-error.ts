/**
 * The shipment's last error as the pipeline writes it and the admin reads it (decision 0045): its
 * English text (lastErrorText, read by logs, alerts and Shopify's notes) and, when the text is a
 * sentence of the `reasons` catalogue, that sentence and its arguments (lastErrorSay), so the admin
 * says it in the merchant's language. A text written without a sentence (by an older version, or
 * one of the flows not moved yet) is shown as written.
 */
import type { Shipment } from "@prisma/client";
import { en, type Words } from "~/lib/words/en";
import { reasons as english } from "~/lib/words/en/reasons";
import { nestedSayOf, ReasonSay, reasonText, saidAgainWithin, sayInJson, timelineWords, type NestedSay } from "~/lib/words/reason-said";
import { withTimesWritten, type ReasonTimesFormat } from "~/lib/words/reason-times";

/** The columns that make a reason the shipment's last error. */
export function lastErrorColumns(reason: { message: string; say: ReasonSay }): { lastErrorText: string; lastErrorSay: string } {
  return { lastErrorText: reason.message, lastErrorSay: JSON.stringify(reason.say) };
}

/** The sentence a stored JSON says, or undefined when it says none (or does not parse). */
export { sayOf } from "~/lib/words/reason-said";

/** The sentence an event's JSON data says its message by (its `say`), if any. */
export const eventSayOf = (data: string | null): ReasonSay | undefined => sayInJson(data);

/** The English a sentence makes; "" when this version has no such sentence. */
export function englishOf(say: ReasonSay): string {
  return reasonText(english, { message: "", say });
}

/**
 * The last error in these words; null when there is none. A reason, or a sentence of the timeline
 * (why a withdrawn package waits for the provider), said again while it still makes exactly the text;
 * `format` writes the days and times it names as the page writes them (an ending's last news, a
 * carrier's checkpoint day), after that check, which compares the English as stored.
 */
export function lastErrorIn(
  words: Pick<Words, "reasons" | "timeline">,
  shipment: Pick<Shipment, "lastErrorText" | "lastErrorSay">,
  format?: ReasonTimesFormat,
): string | null {
  if (shipment.lastErrorText === null) return null;
  const say = nestedSayOf(shipment.lastErrorSay);
  return saidAgainWithin(timelineWords(en), timelineWords(words), { message: shipment.lastErrorText, say }, (said) =>
    format ? timesWritten(said, format) : said,
  );
}

/** A reason's own sentence (no sentence inside) with its days and times written; a framed one as it is. */
export function timesWritten(say: NestedSay, format: ReasonTimesFormat): NestedSay {
  const flat = ReasonSay.safeParse(say);
  return flat.success ? (withTimesWritten({ say: flat.data }, format).say ?? say) : say;
}
