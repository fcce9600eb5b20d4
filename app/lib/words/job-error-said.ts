/**
 * A job's last error as a sentence of the `jobErrors` catalogue (decision 0045): what the runner
 * stores beside `Job.lastError`, and how the admin and the dead-job alert read it back.
 */
import { en, type Words } from "./en";
import { jobErrors } from "./en/job-errors";
import { nestedSayOf, saidAgainWithin, saidFrom, saidWithin, sentenceIn, type NestedSay, type Said } from "./reason-said";

/** The English message and the key it is said again by, for one sentence of the job errors. */
export const jobErrorSaid = saidFrom(jobErrors);
const saidAround = saidWithin(jobErrors);

/**
 * The argument of each sentence that is a failure's own text (an exception's, a check's findings,
 * any length): what is cut when the whole is too long to keep.
 */
const FREE_TEXT: Partial<Record<keyof typeof jobErrors, number>> = {
  gaveUp: 1,
  servicesRefused: 0,
  settingsUnreadable: 1,
  payloadUnreadable: 0,
  providerAddressUnusable: 0,
};

/**
 * The sentence within `maxChars`: as it is when it fits; else with the failure's own text it quotes
 * cut by what is over, so that it is still the sentence and is said in the reader's language (a
 * sentence cut at its end is only English). Undefined when it quotes no such text long enough.
 */
export function jobErrorWithin<T extends NestedSay>(
  said: { message: string; say: T },
  maxChars: number,
): { message: string; say: T } | undefined {
  const over = said.message.length - maxChars;
  if (over <= 0) return said;
  const index = FREE_TEXT[said.say.key as keyof typeof jobErrors];
  const text = index === undefined ? undefined : said.say.args[index];
  if (typeof text !== "string" || text.length < over) return undefined;
  const say = { ...said.say, args: said.say.args.map((arg, at) => (at === index ? text.slice(0, text.length - over) : arg)) };
  const message = sentenceIn(jobErrors, say);
  return message === undefined ? undefined : { message, say };
}

/** What a postponed job's lastError says (RetryLater's reason after the time it runs again), as a sentence around the reason. */
export function postponedSaid(until: Date, why: Said) {
  return saidAround("postponed", until.toISOString(), why);
}

/** The sentence a stopped job's alert quotes: its kind, then why it stopped. */
export function jobStoppedSay(kind: string, why: NestedSay): NestedSay {
  return { key: "jobStopped", args: [kind, why] };
}

/** The arguments of each sentence that are instants (ISO), written as the page writes days (the shop's zone). */
const DAYS: Partial<Record<keyof typeof jobErrors, readonly number[]>> = { stoppedByUninstall: [1] };

/** A job error's own sentence with the days it names written by `format`; any other as it is. */
export function jobErrorDaysWritten(say: NestedSay, format: { date(at: string): string }): NestedSay {
  const days = DAYS[say.key as keyof typeof jobErrors];
  if (days === undefined) return say;
  return { ...say, args: say.args.map((arg, index) => (days.includes(index) && typeof arg === "string" ? format.date(arg) : arg)) };
}

/**
 * A job's last error in these words: its sentence while the English one still makes exactly the
 * stored text; otherwise (an exception's own text, a row from before, a text cut at its length) as
 * stored. `format` writes the days it names as the page writes them, after that check.
 */
export function jobErrorIn(
  words: Words,
  job: { lastError: string; lastErrorSay: string | null },
  format?: { date(at: string): string },
): string {
  const daysWritten = (say: NestedSay): NestedSay => (format === undefined ? say : jobErrorDaysWritten(say, format));
  return saidAgainWithin(en.jobErrors, words.jobErrors, { message: job.lastError, say: nestedSayOf(job.lastErrorSay) }, daysWritten);
}
