/**
 * What the store keeps of a shipment after its package was sent: a change made in Shopify since
 * (recorded once per change, whatever the deliveries), an ending, and a person marking either as
 * handled, which takes it out of Needs attention.
 */
import type { ShipmentState } from "@prisma/client";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { said } from "~/lib/words/reason-said";
import { CATALOGUES } from "~/lib/words";
import { timelineSaid } from "~/lib/words/timeline-said";
import {
  changedInShopifyIn,
  endShipment,
  markAttentionHandled,
  needsAttention,
  recordChangeAfterSend,
} from "~/stores/shipments/needs-attention.server";

const { db } = useTestDatabase();
const SHOP = "a.myshopify.com";
let n = 0;

async function shipment(state: ShipmentState) {
  n += 1;
  return db.shipment.create({
    data: {
      shop: SHOP,
      kind: "DROPSHIP",
      state,
      fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${n}`,
      orderId: `gid://shopify/Order/${n}`,
      packageId: `P-${n}`,
    },
  });
}

const attention = async () => (await db.shipment.findMany({ where: needsAttention(SHOP), select: { id: true } })).map((s) => s.id);
const change = (fulfillmentOrderId: string, key: string, what = timelineSaid("addressEdited")) =>
  recordChangeAfterSend(db, { shop: SHOP, fulfillmentOrderId, what, key });

beforeEach(async () => {
  await db.shipment.deleteMany();
});

describe("recordChangeAfterSend", () => {
  it("records a change once per key, on the shipment and in its timeline, and lists it in Needs attention", async () => {
    const sent = await shipment("FULFILLED");
    expect(await change(sent.fulfillmentOrderId, "event-1")).toBe("recorded");
    expect(await change(sent.fulfillmentOrderId, "event-1")).toBe("already-recorded");
    expect(await change(sent.fulfillmentOrderId, "event-2", timelineSaid("heldAfterSending"))).toBe("recorded");

    const stored = await db.shipment.findUniqueOrThrow({ where: { id: sent.id } });
    expect(stored).toMatchObject({ changedInShopify: "it was put on hold", attentionHandledAt: null });
    // What changed, as a Chinese admin reads it on the shipment and in Needs attention; English as stored.
    expect(changedInShopifyIn(CATALOGUES["zh-CN"], stored)).toBe("订单被暂缓");
    expect(changedInShopifyIn(CATALOGUES.en, stored)).toBe("it was put on hold");
    // Written before it kept its sentence: shown as written, in any language.
    expect(changedInShopifyIn(CATALOGUES["zh-CN"], { ...stored, changedInShopifySay: null })).toBe("it was put on hold");
    const timeline = await db.shipmentEvent.findMany({ where: { shipmentId: sent.id }, orderBy: { createdAt: "asc" } });
    expect(timeline.map((e) => e.message)).toEqual([
      expect.stringMatching(
        /^Changed in Shopify after it was sent: the shipping address was edited\. Package P-\d+ is already at the provider/,
      ),
      expect.stringMatching(/^Changed in Shopify after it was sent: it was put on hold\./),
    ]);
    expect(await attention()).toEqual([sent.id]);
  });

  it("leaves shipments not sent yet to planning, and says when there is none", async () => {
    for (const state of ["HELD", "READY", "FAILED", "CANCELLED"] as const) {
      const unsent = await shipment(state);
      expect(await change(unsent.fulfillmentOrderId, "e")).toBe("not-sent");
    }
    expect(await change("gid://shopify/FulfillmentOrder/0", "e")).toBe("no-shipment");
    expect(await db.shipmentEvent.count()).toBe(0);
  });

  it("leaves Needs attention once marked handled, and comes back with the next change", async () => {
    const sent = await shipment("SUBMITTED");
    await change(sent.fulfillmentOrderId, "e1");
    expect(await markAttentionHandled(db, "other-shop.myshopify.com", sent.id)).toBe(false);
    expect(await markAttentionHandled(db, SHOP, sent.id)).toBe(true);
    expect(await attention()).toEqual([]);
    expect(await markAttentionHandled(db, SHOP, sent.id)).toBe(false);
    await change(sent.fulfillmentOrderId, "e2");
    expect(await attention()).toEqual([sent.id]);
  });
});

describe("endShipment", () => {
  it("ends the follow with the reason, in Needs attention until handled; held and refused ones cannot be marked away", async () => {
    const travelling = await shipment("FULFILLED");
    const ended = await endShipment(
      db,
      travelling,
      { reason: "LOST", ...said("carrierLost", "Lost", "", ""), said: "TrackingStatus Lost" },
      {},
      new Date(),
    );
    expect(ended).toMatchObject({
      state: "ENDED",
      endedReason: "LOST",
      lastErrorCode: "LOST",
      lastErrorText:
        "The carrier reports the parcel lost (TrackingStatus Lost). Open a claim with the provider, and refund or send the order again from Shopify.",
      lastErrorSay: JSON.stringify({ key: "carrierLost", args: ["Lost", "", ""] }),
    });
    const held = await shipment("HELD");
    expect((await attention()).sort()).toEqual([ended.id, held.id].sort());
    expect(await markAttentionHandled(db, SHOP, held.id)).toBe(false);
    expect(await markAttentionHandled(db, SHOP, ended.id)).toBe(true);
    expect(await attention()).toEqual([held.id]);
  });
});
