/**
 * The sentences an alert's detail was made from (decision 0045): a held shipment's reasons, a last
 * error, a run's summary, each kept by its key (`Alert.detailSay`), so a message says the detail in
 * its channel's language. Pure. The detail itself stays the English as recorded, which a message
 * quotes when there are no sentences, or when they no longer make it.
 */
import { z } from "zod";
import { NestedSay, Say } from "~/lib/words/reason-said";

/**
 * `group`: the catalogue the parts are said by: "reasons" (a shipment's reasons and timeline, read
 * as one, as its page reads them) or "runSays" (a run's summary). The English parts joined by a
 * space make the detail.
 */
export const DetailSay = z.object({ group: z.enum(["reasons", "runSays"]), parts: z.array(NestedSay).min(1) });
export type DetailSay = z.infer<typeof DetailSay>;

/** The sentences a stored `detailSay` names; undefined when none (or it does not parse). */
export function detailSayOf(json: string | null): DetailSay | undefined {
  if (json === null) return undefined;
  try {
    const parsed = DetailSay.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

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

function nestedSayOf(json: string | null): NestedSay | undefined {
  if (json === null) return undefined;
  try {
    const parsed = NestedSay.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
