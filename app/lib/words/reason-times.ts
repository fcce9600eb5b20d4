/**
 * The instants and days a stored reason names, written when it is said, in the shop's time zone and
 * the admin's language like the admin's other times (decision 0045): a sentence keeps an instant as
 * ISO and a day as YYYY-MM-DD, and its English message (for logs, alerts and Shopify) writes them so;
 * the admin gives the sentence them already written by the page's formatter.
 */
import type { ReasonKey, ReasonSay } from "./reason-said";

/** The arguments of each sentence that are instants (ISO): written as a date and time. */
const INSTANTS: Partial<Record<ReasonKey, readonly number[]>> = { scheduled: [0] };

/**
 * The arguments that are days: written as a date. A carrier's checkpoint day and the day of a
 * package's last news are calendar days (YYYY-MM-DD); a payment's due date is an instant, whose day
 * is the shop's.
 */
const DAYS: Partial<Record<ReasonKey, readonly number[]>> = {
  carrierReturned: [1],
  carrierLost: [1],
  carrierCouldNotDeliver: [1],
  noNewsWhileCreating: [1],
  noNewsOfAccepted: [1],
  noNewsWhileTravelling: [1],
  onUnnamedTerms: [3],
  onTerms: [3],
};

const WRITTEN_AS_DATE = /^\d{4}-\d{2}-\d{2}($|T\d{2}:\d{2})/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The page's formatter, as far as a reason needs it. */
export interface ReasonTimesFormat {
  dateTime(instant: string): string;
  date(day: string): string;
}

/** The reason with its instants and days written by `format`; a reason without any, as it is. */
export function withTimesWritten<R extends { say?: ReasonSay | undefined }>(reason: R, format: ReasonTimesFormat): R {
  const say = reason.say;
  if (say === undefined) return reason;
  const instants = INSTANTS[say.key as ReasonKey] ?? [];
  const days = DAYS[say.key as ReasonKey] ?? [];
  if (instants.length === 0 && days.length === 0) return reason;
  const args = say.args.map((arg, index) => {
    if (typeof arg !== "string") return arg;
    if (instants.includes(index) && ISO_INSTANT.test(arg)) return format.dateTime(arg);
    if (days.includes(index) && WRITTEN_AS_DATE.test(arg)) return format.date(arg);
    return arg;
  });
  return { ...reason, say: { ...say, args } };
}
