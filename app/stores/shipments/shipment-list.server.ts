/**
 * The admin's reads of shipments: a shop's list (filtered, newest first, paged) and one shipment
 * with its reasons and timeline. Every read names the shop, so a page can never show, or reveal the
 * existence of, another shop's shipment.
 */
import type { Prisma, Shipment, ShipmentKind, ShipmentState } from "@prisma/client";
import { z } from "zod";
import { ignoringCase, type DatabaseOrTransaction } from "../database/database.server";
import { END_REASON_WORDS, type EndReason } from "~/connector/endings";
import { en, type Words } from "~/lib/words/en";
import { nestedSayInJson, reasonText, saidAgainWithin, timelineWords } from "~/lib/words/reason-said";
import { withTimesWritten } from "~/lib/words/reason-times";
import type { Formatter } from "~/lib/format";
import { changedInShopifyIn, isInNeedOfAttention, needsAttention } from "./needs-attention.server";
import { HANDED_BACK, isWithdrawing, shipmentActionsOf, type ShipmentAction } from "./shipment-states";
import { holdReasonsOf, otherParcelsOf, shipmentLines, type OtherParcel, type StoredHoldReason } from "./shipment-columns";
import { shipmentItemsOf, type ShipmentItemGroup } from "./shipment-items";
import { englishOf, eventSayOf, lastErrorIn } from "./last-error";

const isEndReason = (reason: string): reason is EndReason => reason in END_REASON_WORDS;
const endReasonWords = (reason: string | null, words: ShipmentWords) =>
  reason !== null && isEndReason(reason) ? words.shipment.endReasons[reason] : words.shipment.followedNoFurther;

/**
 * The words the app adds to what the pipeline stored, and the reasons it stored said again, in the
 * admin's language (the order page block's: English unless it names another).
 */
type ShipmentWords = Pick<Words, "shipment" | "shipmentPage" | "reasons" | "timeline">;
import { webAddressOrNull } from "~/lib/web-address";

export const SHIPMENTS_PER_PAGE = 50;

/** The list's filters, as the merchant thinks of them rather than one per state. */
export const ShipmentFilter = z.enum(["all", "attention", "progress", "fulfilled", "delivered", "cancelled"]);
export type ShipmentFilter = z.infer<typeof ShipmentFilter>;

const STATES_OF: { readonly [F in Exclude<ShipmentFilter, "attention">]: readonly ShipmentState[] | undefined } = {
  all: undefined,
  progress: ["READY", "SUBMITTED", "CREATED"],
  fulfilled: ["FULFILLED"],
  delivered: ["DELIVERED"],
  cancelled: ["CANCELLED"],
};

/** Needs attention: held or refused, ended without a delivery, or changed in Shopify after sending (needs-attention.server.ts). */
function whereOf(shop: string, filter: ShipmentFilter): Prisma.ShipmentWhereInput {
  if (filter === "attention") return needsAttention(shop);
  const states = STATES_OF[filter];
  return states ? { shop, state: { in: [...states] } } : { shop };
}

/** A search longer than this is cut: no order name, tracking number, SKU or name is that long. */
export const MAX_SEARCH_LENGTH = 100;

/** The list's query string, parsed: an unknown filter or page falls back to the first page of all. */
export const ShipmentListQuery = z.object({
  filter: ShipmentFilter.catch("all"),
  page: z.coerce.number().int().min(1).catch(1),
  /** Order name, tracking number, package id, SKU or customer name; "" for none. */
  q: z
    .string()
    .transform((text) => text.trim().slice(0, MAX_SEARCH_LENGTH))
    .catch(""),
});
export type ShipmentListQuery = z.infer<typeof ShipmentListQuery>;

export function shipmentListQueryOf(params: URLSearchParams): ShipmentListQuery {
  return ShipmentListQuery.parse({
    filter: params.get("filter") ?? undefined,
    page: params.get("page") ?? undefined,
    q: params.get("q") ?? "",
  });
}

/**
 * Shipments matching the merchant's search: the order name (with or without its #), a tracking
 * number (the main one or another parcel's), the package id, or a SKU or the recipient's name:
 * in the shipment's search words (kept from planning on, held packages included, lower case) or,
 * for shipments recorded before they existed (no search words), in the request sent. Case is ignored, as SQLite's LIKE
 * does for ASCII and PostgreSQL is asked to (ignoringCase). The recipient's name finds a shipment
 * until it is final (decision 0038); one whose customer asked to be forgotten is found by order and
 * tracking only.
 */
function searchWhere(db: DatabaseOrTransaction, q: string): Prisma.ShipmentWhereInput {
  const bare = q.replace(/^#/, "");
  const caseless = ignoringCase(db);
  return {
    OR: [
      { orderName: { contains: bare, ...caseless } },
      { trackingNumber: { contains: q, ...caseless } },
      { extraTrackingNumbers: { contains: q, ...caseless } },
      { packageId: { contains: q, ...caseless } },
      { searchText: { contains: q.toLowerCase() } },
      { recipientSearchText: { contains: q.toLowerCase() } },
      // Only where the search words are missing: the request is the longest column, and reading it
      // for every shipment doubled a search's time at 100,000 shipments (decision 0048).
      { searchText: null, requestSent: { contains: q, ...caseless } },
    ],
  };
}

export interface ShipmentRow {
  id: string;
  orderName: string | null;
  packageId: string;
  kind: ShipmentKind;
  warehouseCode: string | null;
  state: ShipmentState;
  trackingNumber: string | null;
  trackingUrl: string | null;
  /** Held, refused, ended, or changed in Shopify after sending: why, in words the merchant can act on. */
  reason: string | null;
  createdAt: string;
}

export interface ShipmentPage {
  rows: ShipmentRow[];
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

const STOPPED: readonly ShipmentState[] = ["HELD", "FAILED", "ENDED"];

/** What changed in Shopify after sending, in these words, and when; null when nothing did. */
function changedOf(shipment: Shipment, words: ShipmentWords): { what: string; at: string } | null {
  const what = changedInShopifyIn(words, shipment);
  return what === null ? null : { what, at: (shipment.changedInShopifyAt ?? shipment.updatedAt).toISOString() };
}

/**
 * Why a held, refused or ended shipment stopped, why a withdrawn one waits for the provider's word,
 * or what changed in Shopify after sending; null otherwise.
 */
function reasonOf(shipment: Shipment, words: ShipmentWords, format: Formatter | undefined): string | null {
  if (isWithdrawing(shipment) && shipment.lastErrorText !== null) return lastErrorIn(words, shipment, format);
  if (STOPPED.includes(shipment.state)) {
    return stoppedBecause(shipment, words, format) || words.shipment.noReasonRecorded;
  }
  const changed = changedInShopifyIn(words, shipment);
  if (changed !== null && isInNeedOfAttention(shipment)) return words.shipment.changedAfterSent(changed);
  return null;
}

/**
 * Why it stopped: the stored reasons said in these words while they are what the last error says
 * (a hold writes both, heldChanges), else the last error (an ending, a refusal), in these words
 * when it was written as a sentence of the catalogue.
 */
function stoppedBecause(shipment: Shipment, words: ShipmentWords, format: Formatter | undefined): string {
  const reasons = holdReasonsOf(shipment);
  const stored = reasons.map((reason) => reason.message).join(" ");
  if (shipment.lastErrorText !== null && shipment.lastErrorText !== stored) return lastErrorIn(words, shipment, format) ?? "";
  const said = reasons.map((reason) => reasonText(words.reasons, format ? withTimesWritten(reason, format) : reason));
  return said.length === 0 ? "" : said.reduce((together, next) => words.shipment.thenReason(together, next));
}

/**
 * `format` writes the times a reason names, in the shop's zone (the admin); without one they read
 * as stored, in UTC (the order page block when it names no language: the English the pipeline stored).
 */
function rowOf(shipment: Shipment, words: ShipmentWords = en, format?: Formatter): ShipmentRow {
  return {
    id: shipment.id,
    orderName: shipment.orderName,
    packageId: shipment.packageId,
    kind: shipment.kind,
    warehouseCode: shipment.warehouseCode,
    state: shipment.state,
    trackingNumber: shipment.trackingNumber,
    // Stored before links were checked, or written past the flows: rendered only if it is a web address.
    trackingUrl: webAddressOrNull(shipment.trackingUrl),
    reason: reasonOf(shipment, words, format),
    createdAt: shipment.createdAt.toISOString(),
  };
}

export async function listShipments(
  db: DatabaseOrTransaction,
  shop: string,
  { filter, page, q }: ShipmentListQuery,
  words: ShipmentWords = en,
  format?: Formatter,
): Promise<ShipmentPage> {
  const where = q === "" ? whereOf(shop, filter) : { AND: [whereOf(shop, filter), searchWhere(db, q)] };
  // One more than a page tells whether there is a next one without counting.
  const found = await db.shipment.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * SHIPMENTS_PER_PAGE,
    take: SHIPMENTS_PER_PAGE + 1,
  });
  return {
    rows: found.slice(0, SHIPMENTS_PER_PAGE).map((shipment) => rowOf(shipment, words, format)),
    page,
    hasPrevious: page > 1,
    hasNext: found.length > SHIPMENTS_PER_PAGE,
  };
}

export interface ShipmentTimelineEntry {
  id: string;
  at: string;
  type: string;
  message: string;
}

export interface ShipmentDetail extends ShipmentRow {
  fulfillmentOrderId: string;
  orderId: string;
  serviceCode: string | null;
  trackingCarrier: string | null;
  attempts: number;
  holdReasons: StoredHoldReason[];
  /** The package's other parcels' tracking numbers, with their pages. */
  otherParcels: OtherParcel[];
  /** The latest change made in Shopify after the package was sent; null when none. */
  changedInShopify: { what: string; at: string } | null;
  /** ENDED: why the follow stopped (a few words and the full reason). */
  ended: { reason: string; words: string; message: string | null; at: string | null } | null;
  /** Whether it is in Needs attention, and whether a person may mark it handled from here. */
  needsAttention: boolean;
  canMarkHandled: boolean;
  /** FAILED and given back to Shopify: fixed and requested again there, not retried here. */
  handedBack: boolean;
  /** Withdrawn by a cancellation or change while its send was in doubt: the provider is being asked whether it has it. */
  withdrawing: boolean;
  updatedAt: string;
  /** What the package carries, a bundle's components under the bundle (empty for a shipment planned before lines were named). */
  items: ShipmentItemGroup[];
  /** Oldest first: the order things happened in. */
  timeline: ShipmentTimelineEntry[];
}

/** One shipment of the shop, or null when the shop has none with this id (another shop's included). */
export async function findShipmentDetail(
  db: DatabaseOrTransaction,
  shop: string,
  id: string,
  words: ShipmentWords = en,
  format?: Formatter,
): Promise<ShipmentDetail | null> {
  const shipment = await db.shipment.findFirst({
    where: { id, shop },
    include: { events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  if (shipment === null) return null;
  return {
    ...rowOf(shipment, words, format),
    fulfillmentOrderId: shipment.fulfillmentOrderId,
    orderId: shipment.orderId,
    serviceCode: shipment.serviceCode,
    trackingCarrier: shipment.trackingCarrier,
    attempts: shipment.attempts,
    holdReasons: holdReasonsOf(shipment),
    otherParcels: otherParcelsOf(shipment).map((parcel) => ({ ...parcel, url: webAddressOrNull(parcel.url) })),
    changedInShopify: changedOf(shipment, words),
    ended:
      shipment.state === "ENDED"
        ? {
            reason: shipment.endedReason ?? "ENDED",
            words: endReasonWords(shipment.endedReason, words),
            message: lastErrorIn(words, shipment, format),
            at: shipment.endedAt?.toISOString() ?? null,
          }
        : null,
    needsAttention: isInNeedOfAttention(shipment),
    canMarkHandled: shipment.state !== "HELD" && shipment.state !== "FAILED" && isInNeedOfAttention(shipment),
    handedBack: shipment.state === "FAILED" && shipment.lastErrorCode === HANDED_BACK,
    withdrawing: isWithdrawing(shipment),
    updatedAt: shipment.updatedAt.toISOString(),
    items: shipmentItemsOf(shipmentLines(shipment)),
    timeline: shipment.events.map((event) => ({
      id: event.id,
      at: event.createdAt.toISOString(),
      type: event.type,
      message: timelineMessage(event, words, format),
    })),
  };
}

/**
 * What an event says, in these words when the app wrote it as a sentence of the catalogue (its
 * data's `say`, a retry's or a change's frame with the plan's own sentence inside); an ending is
 * framed as the page frames it. Older events, and the provider's or
 * Shopify's own words, read as recorded.
 */
function timelineMessage(event: { type: string; message: string; data: string | null }, words: ShipmentWords, format?: Formatter): string {
  if (event.type !== "ended")
    return saidAgainWithin(timelineWords(en), timelineWords(words), { message: event.message, say: nestedSayInJson(event.data) });
  const say = eventSayOf(event.data);
  if (say === undefined) return event.message;
  const english = englishOf(say);
  if (english === "" || en.shipmentPage.followedNoFurther(english) !== event.message) return event.message;
  return words.shipmentPage.followedNoFurther(
    reasonText(words.reasons, format ? withTimesWritten({ message: english, say }, format) : { message: english, say }),
  );
}

export async function shipmentExists(db: DatabaseOrTransaction, shop: string, id: string): Promise<boolean> {
  return (await db.shipment.count({ where: { id, shop } })) === 1;
}

/** A shipment as the order page block shows it: its row, every parcel, why it waits, what may be done. */
export interface OrderShipmentRow extends ShipmentRow {
  serviceCode: string | null;
  otherParcels: OtherParcel[];
  holdReasons: StoredHoldReason[];
  actions: ShipmentAction[];
}

/** The shipments of one order of the shop, oldest first, why each stopped said in these words; none for another shop's order. */
export async function listOrderShipments(
  db: DatabaseOrTransaction,
  shop: string,
  orderId: string,
  words: ShipmentWords = en,
  format?: Formatter,
): Promise<OrderShipmentRow[]> {
  const shipments = await db.shipment.findMany({ where: { shop, orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return shipments.map((shipment) => ({
    ...rowOf(shipment, words, format),
    serviceCode: shipment.serviceCode,
    otherParcels: otherParcelsOf(shipment).map((parcel) => ({ ...parcel, url: webAddressOrNull(parcel.url) })),
    holdReasons: holdReasonsOf(shipment),
    actions: shipmentActionsOf(shipment),
  }));
}
