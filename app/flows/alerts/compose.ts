/**
 * An alert message's words: one alert as it is, several as one digest (counts by kind and the first
 * few), each with the admin page where it is fixed and what to do there, in the language its
 * channel is set to (lib/words' `alerts`). Pure.
 */
import type { Alert } from "@prisma/client";
import { formatterFor, type Formatter } from "~/lib/format";
import { wordsFor, type Words } from "~/lib/words";
import { jobErrorDaysWritten } from "~/lib/words/job-error-said";
import { partsIn, timesWrittenThrough } from "~/lib/words/parts-said";
import { AlertKind } from "~/stores/alerts/alerts.server";
import { detailSayOf } from "~/stores/alerts/detail-say";
import { timesWritten } from "~/stores/shipments/last-error";
import type { MessageWords } from "~/stores/alerts/outbox.server";

/** Alerts a digest spells out; the rest are counted. */
export const FIRST_FEW = 5;
const NEEDS_ATTENTION = "/app/shipments?filter=attention";

export interface AppLinks {
  /** "example.myshopify.com" */
  shop: string;
  /** The app's handle in the admin's address (its client id): admin.shopify.com/store/<store>/apps/<handle>. */
  appHandle: string;
}

/** The language a message is written in ("en", "zh-CN"): its words and its numbers and dates. */
interface Language {
  words: Words["alerts"];
  /** The whole catalogue, for the sentences an alert's detail was made from. */
  all: Words;
  format: Formatter;
}
const languageOf = (locale: string, timeZone?: string): Language => ({
  words: wordsFor(locale).alerts,
  all: wordsFor(locale),
  format: formatterFor(locale, timeZone),
});

const storeOf = (shop: string) => shop.replace(/\.myshopify\.com$/, "");

/** The page inside Shopify's admin, where the app's page opens embedded, as links to the app say it. */
export function adminUrl(links: AppLinks, path: string): string {
  return new URL(`https://admin.shopify.com/store/${storeOf(links.shop)}/apps/${links.appHandle}${path}`).toString();
}

type AlertLike = Pick<Alert, "kind" | "path" | "orderName" | "detail" | "detailSay" | "createdAt">;

/**
 * The alert's detail in these words, from the sentences it was made of, while their English still
 * makes exactly the recorded detail (one cut at its length, or recorded before, reads as recorded),
 * the instants and days it names written as the message's other dates are (a carrier's checkpoint
 * day, a package's last news, a payment's due date). The provider's and Shopify's own
 * words inside it stay as they said them.
 */
function detailIn(alert: AlertLike, { all, format }: Language): string {
  return partsIn(all, { message: alert.detail, say: detailSayOf(alert.detailSay) }, (part, group) =>
    timesWrittenThrough(
      part,
      (instant) => format.dateTime(instant),
      (say) => (group === "reasons" ? timesWritten(say, format) : group === "jobErrors" ? jobErrorDaysWritten(say, format) : say),
    ),
  );
}

const kindOf = (alert: AlertLike, words: Words["alerts"]) => words.kinds[AlertKind.catch("JOB_DEAD").parse(alert.kind)];

function paragraph(alert: AlertLike, links: AppLinks, language: Language): string {
  const { words } = language;
  const kind = kindOf(alert, words);
  const heading = alert.orderName ? words.aboutOrder(kind.title, alert.orderName) : kind.title;
  return [heading, detailIn(alert, language), words.todo(kind.todo), words.open(adminUrl(links, alert.path))]
    .filter((line) => line !== "")
    .join("\n");
}

/**
 * One alert's message, or several as one digest, in `locale`'s words ("en" or "zh-CN"), its dates in
 * the shop's time zone (UTC, named, until the admin has read it).
 */
export function composeMessage(alerts: readonly AlertLike[], links: AppLinks, locale: string, timeZone?: string): MessageWords {
  const language = languageOf(locale, timeZone);
  const { words, format } = language;
  const store = storeOf(links.shop);
  const [first] = alerts;
  if (first === undefined) throw new Error("composeMessage needs at least one alert");
  if (alerts.length === 1) {
    return {
      subject: words.singleSubject(store, kindOf(first, words).title, first.orderName),
      text: [paragraph(first, links, language), words.footer].join("\n\n"),
    };
  }
  const byKind = new Map<string, number>();
  for (const alert of alerts) byKind.set(kindOf(alert, words).title, (byKind.get(kindOf(alert, words).title) ?? 0) + 1);
  const since = alerts.reduce((oldest, alert) => (alert.createdAt < oldest ? alert.createdAt : oldest), first.createdAt);
  const shown = alerts.slice(0, FIRST_FEW);
  const more = alerts.length - shown.length;
  const sections = [
    [
      words.digestOpening(alerts.length, format.number(alerts.length), format.dateTime(since)),
      ...[...byKind].map(([title, n]) => words.kindCount(title, format.number(n))),
    ].join("\n"),
    words.firstFew(format.number(shown.length)),
    ...shown.map((alert) => paragraph(alert, links, language)),
    ...(more > 0 ? [`${words.more(format.number(more))}\n${adminUrl(links, NEEDS_ATTENTION)}`] : []),
    words.footer,
  ];
  return { subject: words.digestSubject(alerts.length, store, format.number(alerts.length)), text: sections.join("\n\n") };
}

/** The message "Send a test alert" sends: what it is, and a link to where the channels are set. */
export function composeTestMessage(links: AppLinks, locale: string): MessageWords {
  const { words } = languageOf(locale);
  return {
    subject: words.testSubject(storeOf(links.shop)),
    text: [words.testText, words.open(adminUrl(links, "/app/settings/notifications")), words.footer].join("\n\n"),
  };
}
