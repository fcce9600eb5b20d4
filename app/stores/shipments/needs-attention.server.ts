/**
 * What happens to a shipment once its package is at the provider that a person should know:
 * Shopify's order changed after the package was sent (the provider has no way to update or cancel
 * a package), or the follow ended without a delivery. Both stay on the shipment (the shipment page
 * and Home show them) and in Needs attention until a person marks them handled.
 */
import type { Prisma, Shipment, ShipmentState } from "@prisma/client";
import { inTransaction, type DatabaseOrTransaction } from "../database/database.server";
import { recordShipmentEvent, transition } from "./shipment.server";
import { recordAlert } from "../alerts/alerts.server";
import { en, type Words } from "~/lib/words/en";
import { nestedSayOf, said, saidAgainWithin, timelineWords, type NestedSaid, type ReasonSay } from "~/lib/words/reason-said";
import { lastErrorColumns } from "./last-error";
import { timelineSaid } from "~/lib/words/timeline-said";

/** What changed in Shopify after sending, on the shipment: its English, and its sentence to say it again by. */
export function changedInShopifyColumns(what: NestedSaid): Pick<Shipment, "changedInShopify" | "changedInShopifySay"> {
  return { changedInShopify: what.message, changedInShopifySay: JSON.stringify(what.say) };
}

/** What changed in Shopify after sending, in these words: said again while its sentence still makes the stored English. */
export function changedInShopifyIn(
  words: Pick<Words, "reasons" | "timeline">,
  shipment: Pick<Shipment, "changedInShopify" | "changedInShopifySay">,
): string | null {
  if (shipment.changedInShopify === null) return null;
  const stored = { message: shipment.changedInShopify, say: nestedSayOf(shipment.changedInShopifySay) };
  return saidAgainWithin(timelineWords(en), timelineWords(words), stored);
}

/** The package reached the provider: from then on a change in Shopify cannot change the parcel. */
const SENT: readonly ShipmentState[] = ["SUBMITTED", "CREATED", "FULFILLED", "DELIVERED", "ENDED"];

export type ChangeRecorded =
  /** Recorded on the shipment and in its timeline. */
  | "recorded"
  /** This change (its key) was recorded before: a webhook delivered twice. */
  | "already-recorded"
  /** The package has not reached the provider (HELD, READY, FAILED, CANCELLED): plan again instead. */
  | "not-sent"
  /** No shipment of this fulfillment order. */
  | "no-shipment";

export interface ChangeAfterSend {
  shop: string;
  /** The fulfillment order the shipment was planned from (gid://shopify/FulfillmentOrder/…). */
  fulfillmentOrderId: string;
  /**
   * What changed, a sentence of the timeline's (addressEdited, linesChangedAway…) and without
   * personal data (it stays in the timeline after a customer's redaction): "the shipping address
   * was edited". The shipment keeps its English and its sentence, said in the admin's language.
   */
  what: NestedSaid;
  /** What makes this change the same one when told twice: the webhook's event id, say. */
  key: string;
  at?: Date;
}

/**
 * "Changed in Shopify after it was sent: <what>": on the shipment (changedInShopify, shown on its
 * page and listed in Needs attention until handled) and once in its timeline, whatever the number
 * of deliveries. For the detection of edits, moves and address changes after push.
 */
export function recordChangeAfterSend(db: DatabaseOrTransaction, change: ChangeAfterSend): Promise<ChangeRecorded> {
  const at = change.at ?? new Date();
  return inTransaction(db, async (tx) => {
    const shipment = await tx.shipment.findUnique({
      where: { shop_fulfillmentOrderId: { shop: change.shop, fulfillmentOrderId: change.fulfillmentOrderId } },
    });
    if (shipment === null) return "no-shipment";
    if (!SENT.includes(shipment.state)) return "not-sent";
    const told = await tx.shipmentEvent.findMany({
      where: { shipmentId: shipment.id, type: "changed_in_shopify" },
      select: { data: true },
    });
    if (told.some((event) => changeKeyOf(event.data) === change.key)) return "already-recorded";
    await tx.shipment.update({
      where: { id: shipment.id },
      data: { ...changedInShopifyColumns(change.what), changedInShopifyAt: at, attentionHandledAt: null },
    });
    const changed = timelineSaid("changedAfterSending", change.what, shipment.packageId);
    await recordShipmentEvent(tx, shipment.id, {
      type: "changed_in_shopify",
      message: changed.message,
      data: { key: change.key, state: shipment.state, say: changed.say },
    });
    await recordAlert(
      tx,
      {
        shop: change.shop,
        key: `shipment:${shipment.id}:changed:${change.key}`,
        kind: "CHANGED_AFTER_SENDING",
        path: `/app/shipments/${shipment.id}`,
        orderId: shipment.orderId,
        orderName: shipment.orderName ?? shipment.packageId,
        detail: change.what.message,
        // What changed, said in each channel's language as the shipment's page says it.
        detailSay: { group: "reasons", parts: [change.what.say] },
      },
      at,
    );
    return "recorded";
  });
}

function changeKeyOf(data: string | null): string | undefined {
  if (data === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === "object" && parsed !== null && "key" in parsed && typeof parsed.key === "string" ? parsed.key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Shipments a person should look at: held or refused (until fixed), ended without a delivery, or
 * changed in Shopify after sending (until marked handled).
 *
 * The shop is named in each rule, not once around them: SQLite then reads each rule from its own
 * index (shop and state; shop and changedInShopifyAt) and counts a big shop's few in milliseconds,
 * where `shop AND (a OR b OR c)` read every shipment of the shop (decision 0048).
 */
export function needsAttention(shop: string): Prisma.ShipmentWhereInput {
  return {
    OR: [
      { shop, state: { in: ["HELD", "FAILED"] } },
      { shop, state: "ENDED", attentionHandledAt: null },
      { shop, changedInShopifyAt: { not: null }, attentionHandledAt: null, state: { not: "CANCELLED" } },
    ],
  };
}

/** Whether this shipment is one of them (the same rule as needsAttention). */
export function isInNeedOfAttention(shipment: Pick<Shipment, "state" | "attentionHandledAt" | "changedInShopifyAt">): boolean {
  if (shipment.state === "HELD" || shipment.state === "FAILED") return true;
  if (shipment.attentionHandledAt !== null) return false;
  return shipment.state === "ENDED" || (shipment.changedInShopifyAt !== null && shipment.state !== "CANCELLED");
}

/** A person saw the change or the ending and took care of it: it leaves Needs attention. False when there was nothing to mark. */
export function markAttentionHandled(db: DatabaseOrTransaction, shop: string, shipmentId: string, now = new Date()): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const shipment = await tx.shipment.findFirst({ where: { id: shipmentId, shop } });
    if (shipment === null || shipment.state === "HELD" || shipment.state === "FAILED" || !isInNeedOfAttention(shipment)) return false;
    await tx.shipment.update({ where: { id: shipment.id }, data: { attentionHandledAt: now } });
    const handled = said("markedHandled");
    await recordShipmentEvent(tx, shipment.id, { type: "attention_handled", message: handled.message, data: { say: handled.say } });
    return true;
  });
}

export interface ShipmentEnding {
  /** DELETED, RETURNED, EXCEPTION, LOST, NO_NEWS (app/connector/endings.ts). */
  reason: string;
  message: string;
  /** The sentence `message` is made from (app/connector/endings.ts), said again in the admin's language. */
  say: ReasonSay;
  /** The provider's or the carrier's status that said so, for support. */
  said: string | null;
}

/**
 * The follow ends without a delivery: ENDED with the reason (endedReason, lastErrorText), in Needs
 * attention until a person marks it handled. No more polling of it.
 */
export function endShipment(
  db: DatabaseOrTransaction,
  shipment: Pick<Shipment, "id" | "state">,
  ending: ShipmentEnding,
  data: Record<string, unknown>,
  now: Date,
): Promise<Shipment> {
  return transition(
    db,
    shipment,
    "ENDED",
    {
      type: "ended",
      message: en.shipmentPage.followedNoFurther(ending.message),
      data: { ...data, endedReason: ending.reason, said: ending.said, say: ending.say },
    },
    {
      endedReason: ending.reason,
      lastErrorCode: ending.reason,
      ...lastErrorColumns(ending),
      lastPolledAt: now,
      attentionHandledAt: null,
      sendingJobId: null,
      sendingAt: null,
    },
  );
}
