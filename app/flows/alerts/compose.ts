/**
 * An alert message's words: one alert as it is, several as one digest (counts by kind and the first
 * few), each with the admin page where it is fixed and what to do there. Pure.
 */
import type { Alert } from "@prisma/client";
import { AlertKind } from "~/stores/alerts/alerts.server";
import type { MessageWords } from "~/stores/alerts/outbox.server";
import { ALERT_WORDS, MESSAGE_WORDS } from "./words";

/** Alerts a digest spells out; the rest are counted. */
export const FIRST_FEW = 5;
const NEEDS_ATTENTION = "/app/shipments?filter=attention";

export interface AppLinks {
  /** "example.myshopify.com" */
  shop: string;
  /** The app's handle in the admin's address (its client id): admin.shopify.com/store/<store>/apps/<handle>. */
  appHandle: string;
}

const storeOf = (shop: string) => shop.replace(/\.myshopify\.com$/, "");

/** The page inside Shopify's admin, where the app's page opens embedded, as links to the app say it. */
export function adminUrl(links: AppLinks, path: string): string {
  return new URL(`https://admin.shopify.com/store/${storeOf(links.shop)}/apps/${links.appHandle}${path}`).toString();
}

type AlertLike = Pick<Alert, "kind" | "path" | "orderName" | "detail" | "createdAt">;

const wordsOf = (alert: AlertLike) => ALERT_WORDS[AlertKind.catch("JOB_DEAD").parse(alert.kind)];

function paragraph(alert: AlertLike, links: AppLinks): string {
  const words = wordsOf(alert);
  const heading = alert.orderName ? `${words.title}: ${alert.orderName}` : words.title;
  return [heading, alert.detail, MESSAGE_WORDS.todo(words.todo), MESSAGE_WORDS.open(adminUrl(links, alert.path))]
    .filter((line) => line !== "")
    .join("\n");
}

export function composeMessage(alerts: readonly AlertLike[], links: AppLinks): MessageWords {
  const store = storeOf(links.shop);
  const [first] = alerts;
  if (first === undefined) throw new Error("composeMessage needs at least one alert");
  if (alerts.length === 1) {
    return {
      subject: MESSAGE_WORDS.singleSubject(store, wordsOf(first).title, first.orderName),
      text: [paragraph(first, links), MESSAGE_WORDS.footer].join("\n\n"),
    };
  }
  const byKind = new Map<string, number>();
  for (const alert of alerts) byKind.set(wordsOf(alert).title, (byKind.get(wordsOf(alert).title) ?? 0) + 1);
  const since = alerts.reduce((oldest, alert) => (alert.createdAt < oldest ? alert.createdAt : oldest), first.createdAt);
  const shown = alerts.slice(0, FIRST_FEW);
  const sections = [
    [MESSAGE_WORDS.digestOpening(alerts.length, since), ...[...byKind].map(([title, n]) => MESSAGE_WORDS.kindCount(title, n))].join("\n"),
    MESSAGE_WORDS.firstFew(shown.length),
    ...shown.map((alert) => paragraph(alert, links)),
    ...(alerts.length > shown.length ? [`${MESSAGE_WORDS.more(alerts.length - shown.length)}\n${adminUrl(links, NEEDS_ATTENTION)}`] : []),
    MESSAGE_WORDS.footer,
  ];
  return { subject: MESSAGE_WORDS.digestSubject(store, alerts.length), text: sections.join("\n\n") };
}

/** The message "Send a test alert" sends: what it is, and a link to where the channels are set. */
export function composeTestMessage(links: AppLinks): MessageWords {
  return {
    subject: MESSAGE_WORDS.testSubject(storeOf(links.shop)),
    text: [MESSAGE_WORDS.testText, MESSAGE_WORDS.open(adminUrl(links, "/app/settings/notifications")), MESSAGE_WORDS.footer].join("\n\n"),
  };
}
