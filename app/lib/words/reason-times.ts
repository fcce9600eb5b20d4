/**
 * The instants a stored reason names, written when it is said, in the shop's time zone like the
 * admin's other times (decision 0045): a sentence keeps an instant as ISO, and its English message
 * (for logs, alerts and Shopify) writes it in UTC; the admin gives the sentence the instant already
 * written by the page's formatter.
 */
import type { ReasonKey, ReasonSay } from "./reason-said";

/** The arguments of each sentence that are instants (ISO). */
const INSTANTS: Partial<Record<ReasonKey, readonly number[]>> = { scheduled: [0] };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The reason with its instants written by `dateTime`; a reason without any, as it is. */
export function withTimesWritten<R extends { say?: ReasonSay | undefined }>(reason: R, dateTime: (instant: string) => string): R {
  const say = reason.say;
  const instants = say === undefined ? undefined : INSTANTS[say.key as ReasonKey];
  if (say === undefined || instants === undefined) return reason;
  const args = say.args.map((arg, index) =>
    instants.includes(index) && typeof arg === "string" && ISO_INSTANT.test(arg) ? dateTime(arg) : arg,
  );
  return { ...reason, say: { ...say, args } };
}
