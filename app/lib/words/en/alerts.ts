/**
 * What an alert message says (app/flows/alerts/compose.ts), in the language its channel is set to
 * (Settings > Notifications): what happened, where it is fixed and what to do there. Numbers and
 * dates come formatted; what the alert records (a hold's reason, the provider's words) is quoted as
 * it was written.
 */
import { plural } from "./plural";

/** Each kind of alert: what happened, as a heading, and what to do on the page its link opens. */
const kinds = {
  SHIPMENT_HELD: {
    title: "Held: not sent to the provider",
    todo: "Open the shipment, correct what the reason says (in Shopify or in Settings), then retry it.",
  },
  SHIPMENT_FAILED: {
    title: "The provider could not create the package",
    todo: "Open the shipment, correct what the provider refused, then retry it, or hand it back to Shopify.",
  },
  SHIPMENT_ENDED: {
    title: "Followed no further without a delivery",
    todo: "Check the parcel with the provider or the carrier, then mark it handled on the shipment's page.",
  },
  CHANGED_AFTER_SENDING: {
    title: "Changed in Shopify after it was sent",
    todo: "The provider cannot change a package it has: check it with the provider if it matters, then mark it handled.",
  },
  JOB_DEAD: {
    title: "Work in the background gave up",
    todo: "Open Needs attention on the Shipments page to see why, correct it, then retry the work.",
  },
  CATALOGUE_READ_FAILED: {
    title: "Shopify could not read your catalogue",
    todo: "Read it again on the Products page in a few minutes.",
  },
  STOCK_SYNC_PROBLEMS: {
    title: "The stock sync needs you",
    todo: "Open Stock to see what was not written and why, correct it, then sync again.",
  },
  SHOP_PAUSED: {
    title: "Shopify refuses the app for your store: its work waits",
    todo: "Open the app in Shopify's admin, or settle what Shopify asks of the store; the work resumes by itself.",
  },
  PROVIDER_UNREACHABLE: {
    title: "The provider has not answered for several minutes",
    todo: "Nothing is lost: the app keeps trying. If it lasts, check the provider's address in Settings > Provider connection, or ask the provider.",
  },
  PROVIDER_REFUSED: {
    title: "The provider refuses the app's credentials",
    todo: "Connect the provider again, or enter a new API token, in Settings > Provider connection.",
  },
};

export const alerts = {
  kinds,
  /** A message of one alert: `about` is the order's name, when it is about one. */
  singleSubject: (store: string, title: string, about: string | null) => `[${store}] ${title}${about ? `: ${about}` : ""}`,
  /** A message of several. */
  digestSubject: (count: number, store: string, n: string) => `[${store}] ${n} ${plural(count, "thing needs", "things need")} you`,
  /** `since` is a date and time with its time zone, already written. */
  digestOpening: (count: number, n: string, since: string) => `${n} ${plural(count, "thing needs", "things need")} you, since ${since}:`,
  /** An alert's heading in a message, when it is about an order. */
  aboutOrder: (title: string, order: string) => `${title}: ${order}`,
  kindCount: (title: string, n: string) => `• ${title}: ${n}`,
  firstFew: (n: string) => `The first ${n}:`,
  more: (n: string) => `And ${n} more: see them all in Needs attention:`,
  todo: (todo: string) => `What to do: ${todo}`,
  open: (url: string) => `Open: ${url}`,
  testSubject: (store: string) => `[${store}] Test alert`,
  testText:
    "This is a test alert from the fulfilment connector: alerts will arrive here as set in Settings > Notifications. Nothing needs you.",
  footer: "You get this because the fulfilment connector sends its alerts here.",
};
