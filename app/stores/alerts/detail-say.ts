/**
 * The sentences an alert's detail was made from (decision 0045): a held shipment's reasons, a last
 * error, a run's summary, each kept by its key (`Alert.detailSay`), so a message says the detail in
 * its channel's language. Pure. The detail itself stays the English as recorded, which a message
 * quotes when there are no sentences, or when they no longer make it.
 */
import { z } from "zod";
import { partsSayOf, PartsSay } from "~/lib/words/parts-said";
import { nestedSayOf, Say } from "~/lib/words/reason-said";

/** The sentences of an alert's detail: a shipment's reasons or last error, or a run's summary (lib/words/parts-said.ts). */
export const DetailSay = PartsSay;
export type DetailSay = PartsSay;

/** The sentences a stored `detailSay` names; undefined when none (or it does not parse). */
export const detailSayOf = partsSayOf;

const HeldReasons = z.array(z.object({ message: z.string(), say: Say.optional() }));

/**
 * What a shipment's last error was said by: its hold's reasons while their messages make it (a hold
 * writes both), else its own sentence (`lastErrorSay`); null when it keeps none.
 */
export function lastErrorDetailSay(shipment: {
  lastErrorText: string | null;
  lastErrorSay: string | null;
  holdReasons: string | null;
}): DetailSay | null {
  if (shipment.lastErrorText === null) return null;
  const reasons = heldReasonsOf(shipment.holdReasons);
  const says = reasons.flatMap((reason) => (reason.say === undefined ? [] : [reason.say]));
  if (says.length > 0 && says.length === reasons.length && reasons.map((reason) => reason.message).join(" ") === shipment.lastErrorText)
    return { group: "reasons", parts: says };
  const own = nestedSayOf(shipment.lastErrorSay);
  return own === undefined ? null : { group: "reasons", parts: [own] };
}

function heldReasonsOf(json: string | null): z.infer<typeof HeldReasons> {
  if (json === null) return [];
  try {
    const parsed = HeldReasons.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
