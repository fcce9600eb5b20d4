/**
 * Orders that change after their package reached the provider (issue 11). The provider has no
 * update or cancel operation, so nothing can be changed: the app says so, once per change, on the
 * shipment and in Needs attention ("Changed in Shopify after it was sent: <what>", stores'
 * needs-attention.server.ts), and the write-back later claims only what the fulfillment order still has.
 */
import type { Shipment } from "@prisma/client";
import { claimOf } from "~/connector/claim";
import { FulfillmentOrderGid } from "~/connector";
import type { JobContext } from "~/jobs/handler";
import {
  NO_SHIPPING_ADDRESS,
  orderAddressDigestsAsOf,
  type OrderAsOf,
  type WaitingReceipt,
} from "~/stores/receipts/webhook-receipt.server";
import { digestKeyId } from "~/stores/shops/envelope.server";
import { recordChangeAfterSend } from "~/stores/shipments/needs-attention.server";
import type { NestedSaid } from "~/lib/words/reason-said";
import { timelineSaid, unitsSaid } from "~/lib/words/timeline-said";
import { shipmentLines } from "~/stores/shipments/shipment-columns";
import type { ShopifyPort } from "../ports/ports";

/** At the provider and still travelling or about to: a change can matter to the parcel. */
export const SENT_AND_TRAVELLING = ["SUBMITTED", "CREATED", "FULFILLED"] as const;
/** At the provider, no fulfilment written yet: the fulfillment order's lines still decide the claim. */
const NOT_YET_FULFILLED: readonly string[] = ["SUBMITTED", "CREATED"];

/**
 * Topics after which a sent package's lines may no longer match its fulfillment order (lines edited,
 * refunded, moved, split or merged away): for packages sent but not yet fulfilled, the fulfillment
 * order's remaining lines are read and matched against what the package carries.
 */
const LINE_TOPICS: readonly string[] = [
  "orders/edited",
  "refunds/create",
  "fulfillment_orders/split",
  "fulfillment_orders/merged",
  "fulfillment_orders/moved",
];

/**
 * The address each order had when its package was sent, as the digest its last order event received
 * before then kept (orders/create or orders/updated), to compare with the digest of an orders/updated.
 * So this costs no Shopify read, which matters: every fulfilment the app writes is itself an
 * orders/updated; and one read of our own for them all. The receipts keep the digest, not the
 * address (decision 0038).
 */
async function addressesWhenSent(
  ctx: JobContext,
  shop: string,
  shipments: readonly Shipment[],
): Promise<(shipment: Shipment) => string | undefined> {
  const asOf = (shipment: Shipment): OrderAsOf[] =>
    shipment.submittedAt === null ? [] : [{ orderId: shipment.orderId, at: shipment.submittedAt }];
  const digestAsOf = await orderAddressDigestsAsOf(ctx.db, shop, shipments.flatMap(asOf));
  return (shipment) => asOf(shipment).map(digestAsOf)[0] ?? undefined;
}

/**
 * Whether two address digests tell a change: no address against one does; two digests do only when
 * made with the same key (a key rotation in between leaves the change unsaid rather than invented).
 */
function addressChanged(then: string, now: string): boolean {
  if (then === now) return false;
  if (then === NO_SHIPPING_ADDRESS || now === NO_SHIPPING_ADDRESS) return true;
  const key = digestKeyId(then);
  return key !== null && key === digestKeyId(now);
}

const HOLD_TOPICS: readonly string[] = ["fulfillment_orders/placed_on_hold", "fulfillment_holds/added"];

/**
 * Says, on each sent shipment these events concern, what changed in Shopify after it was sent.
 * `named` gives the fulfillment orders each fulfillment-order event names (the change flow read them).
 */
export async function noteChangesAfterSending(
  ctx: JobContext,
  shop: string,
  shopify: () => Promise<ShopifyPort>,
  receipts: readonly WaitingReceipt[],
  named: ReadonlyMap<string, readonly string[]>,
  now: Date,
): Promise<void> {
  const orderIds = [...new Set(receipts.flatMap((receipt) => receipt.orderId ?? []))];
  const fulfillmentOrderIds = [...new Set([...named.values()].flat())];
  if (orderIds.length === 0 && fulfillmentOrderIds.length === 0) return;
  const sent = await ctx.db.shipment.findMany({
    where: {
      shop,
      state: { in: [...SENT_AND_TRAVELLING] },
      OR: [{ orderId: { in: orderIds } }, { fulfillmentOrderId: { in: fulfillmentOrderIds } }],
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (sent.length === 0) return;
  /** The sent shipments an event concerns: its order's, or those of the fulfillment orders it names. */
  const concerned = (receipt: WaitingReceipt): Shipment[] => {
    const ids = named.get(receipt.id);
    return ids
      ? sent.filter((shipment) => ids.includes(shipment.fulfillmentOrderId))
      : sent.filter((shipment) => shipment.orderId === receipt.orderId);
  };
  const say = (shipment: Shipment, what: NestedSaid, key: string) =>
    recordChangeAfterSend(ctx.db, { shop, fulfillmentOrderId: shipment.fulfillmentOrderId, what, key, at: now });

  const addressNews = (receipt: WaitingReceipt) => receipt.topic === "orders/updated" && receipt.shippingAddressDigest !== null;
  const addressWhenSent = await addressesWhenSent(ctx, shop, [...new Set(receipts.filter(addressNews).flatMap(concerned))]);
  for (const receipt of receipts) {
    // The address: from the receipts alone (their digests).
    if (addressNews(receipt) && receipt.shippingAddressDigest !== null) {
      const current = receipt.shippingAddressDigest;
      for (const shipment of concerned(receipt)) {
        const then = addressWhenSent(shipment);
        if (then !== undefined && addressChanged(then, current))
          await say(shipment, timelineSaid(current === NO_SHIPPING_ADDRESS ? "addressRemoved" : "addressEdited"), `address:${current}`);
      }
    }
    // A hold cannot reach a package the provider has: said, so the merchant can call the provider.
    if (HOLD_TOPICS.includes(receipt.topic)) {
      for (const shipment of concerned(receipt).filter((s) => NOT_YET_FULFILLED.includes(s.state)))
        await say(shipment, timelineSaid("heldAfterSending"), `hold:${receipt.id}`);
    }
  }

  // The lines: one read of the fulfillment order per package not yet fulfilled.
  const lineShipments = new Set(receipts.filter((receipt) => LINE_TOPICS.includes(receipt.topic)).flatMap(concerned));
  for (const shipment of [...lineShipments].filter((s) => NOT_YET_FULFILLED.includes(s.state))) {
    const id = FulfillmentOrderGid.safeParse(shipment.fulfillmentOrderId);
    if (!id.success) continue;
    const remaining = await (await shopify()).fulfillmentOrderRemaining(id.data);
    const { unclaimed } = claimOf(shipmentLines(shipment), remaining?.lines ?? []);
    if (unclaimed.length === 0) continue;
    await say(
      shipment,
      timelineSaid("linesChangedAway", unitsSaid(unclaimed), remaining?.status ?? ""),
      `lines:${JSON.stringify(unclaimed)}`,
    );
  }
}
