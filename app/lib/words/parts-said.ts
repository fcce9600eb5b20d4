/**
 * A stored text made of one or more sentences of one group of the catalogue, run together (a
 * held shipment's reasons quoted by an alert, a SKU's checks as a registration refused it): the
 * sentences kept by their keys (`{group, parts}`, decision 0045) beside the English, so a reader
 * gets them in their language. Trusted only while the English parts, joined by a space, still make
 * exactly the stored text; otherwise, and for texts stored without them, the text reads as stored.
 */
import { z } from "zod";
import { en, type Words } from "./en";
import { NestedSay, sentenceIn, timelineWords } from "./reason-said";

/**
 * `group`: the catalogue the parts are said by: "reasons" (a shipment's reasons and timeline, read
 * as one, as its page reads them), "runSays" (a run's summary or a row's answer), "skuChecks",
 * "alertDetails" (what an alert says of the provider's outage or a paused shop) or "jobErrors" (why a
 * job stopped).
 */
export const PartsSay = z.object({
  group: z.enum(["reasons", "runSays", "skuChecks", "alertDetails", "jobErrors"]),
  parts: z.array(NestedSay).min(1),
});
export type PartsSay = z.infer<typeof PartsSay>;

/** The sentences a stored JSON names; undefined when none (or it does not parse). */
export function partsSayOf(json: string | null): PartsSay | undefined {
  if (json === null) return undefined;
  try {
    const parsed = PartsSay.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const groupIn = (words: Words, group: PartsSay["group"]): object => (group === "reasons" ? timelineWords(words) : words[group]);

/** An instant as a sentence keeps it (an alert's "since"): ISO, in UTC. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/**
 * The sentence with each instant it keeps written by `dateTime`, its inner sentences' too, and
 * each sentence first by `own` (the days its group knows it names).
 */
export function timesWrittenThrough(
  say: NestedSay,
  dateTime: (instant: string) => string,
  own: (say: NestedSay) => NestedSay = (said) => said,
): NestedSay {
  const written = own(say);
  return {
    key: written.key,
    args: written.args.map((arg) =>
      typeof arg === "object"
        ? timesWrittenThrough(arg, dateTime, own)
        : typeof arg === "string" && ISO_INSTANT.test(arg)
          ? dateTime(arg)
          : arg,
    ),
  };
}

/**
 * The stored text in these words, its parts run together as the language runs sentences; as stored
 * when they cannot be trusted. `written`: a part's arguments as the reader writes them (its instants
 * and days in the reader's language and zone, timesWrittenThrough), once that check is made; without,
 * they stay as kept (ISO).
 */
export function partsIn(
  words: Words,
  stored: { message: string; say?: PartsSay | null | undefined },
  written?: (part: NestedSay, group: PartsSay["group"]) => NestedSay,
): string {
  const say = stored.say;
  if (say === undefined || say === null) return stored.message;
  const english = say.parts.map((part) => sentenceIn(groupIn(en, say.group), part));
  if (english.some((part) => part === undefined) || english.join(" ") !== stored.message) return stored.message;
  const own = say.parts.map((part) => sentenceIn(groupIn(words, say.group), written ? written(part, say.group) : part));
  if (own.some((part) => part === undefined)) return stored.message;
  return (own as string[]).reduce((together, next) => words.shipment.thenReason(together, next));
}
