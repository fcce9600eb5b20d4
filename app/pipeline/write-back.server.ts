/**
 * Write back: a CREATED shipment becomes a Shopify fulfilment on exactly the fulfillment order line
 * items it carries, with the tracking number, carrier and tracking page, notifying the customer as
 * the shop chose → FULFILLED with the fulfilment's id.
 *
 * Exactly once, although Shopify's fulfillmentCreate takes no idempotency key: the intent is stored
 * before the call. A run that finds an intent from an earlier run (which died after Shopify may have
 * created the fulfilment, before its id was stored) first looks for that fulfilment on the
 * fulfillment order, by tracking number, and adopts it instead of creating a second.
 */
import type { Shipment } from "@prisma/client";
import type { JobContext } from "~/jobs/handler";
import { countInState, shipmentLines, shipmentsInState } from "~/models/shipment-pipeline.server";
import { recordShipmentEvent, transition } from "~/models/shipment.server";
import { ShopifyUserError } from "~/shopify/errors";
import type { PipelineDeps } from "./deps";
import { forQueue } from "./errors";
import type { FulfilmentBrief, ProviderPort, ShopifyPort, TrackingInfo } from "./ports";
import { queueStatusPoll, queueTracking, queueWriteBack } from "./queue.server";

/** lastErrorCode of a shipment Shopify refused to fulfil: left for a person, not tried again by itself. */
export const WRITE_BACK_REFUSED = "WRITE_BACK_REFUSED";

const writable = { OR: [{ lastErrorCode: null }, { lastErrorCode: { not: WRITE_BACK_REFUSED } }] };

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** Carrier tracking pages (operation 3's CarrierInfo) for shipments that have none yet. */
async function fillTrackingPages(ctx: JobContext, deps: PipelineDeps, provider: ProviderPort, shipments: Shipment[]): Promise<Shipment[]> {
  const missing = shipments.filter((s) => s.trackingUrl === null && s.trackingNumber !== null);
  if (missing.length === 0) return shipments;
  const pages = new Map<string, { url: string | null; company: string | null }>();
  for (const chunk of chunks(missing, deps.policy.trackingNumbersPerQuery)) {
    const results = await provider.trackBatch({ TrackingNumbers: chunk.flatMap((s) => (s.trackingNumber ? [s.trackingNumber] : [])), lang: deps.policy.trackingLanguage });
    for (const result of results) pages.set(result.TrackingNumber, { url: result.CarrierInfo?.Url ?? null, company: result.CarrierInfo?.Company ?? null });
  }
  const filled: Shipment[] = [];
  for (const shipment of shipments) {
    const page = shipment.trackingNumber ? pages.get(shipment.trackingNumber) : undefined;
    if (page?.url) {
      filled.push(await ctx.db.shipment.update({ where: { id: shipment.id }, data: { trackingUrl: page.url } }));
    } else {
      filled.push(shipment);
    }
  }
  return filled;
}

/** Our fulfilment of this shipment, if Shopify has one: same fulfillment order, same tracking number, not cancelled. */
function ours(fulfilments: FulfilmentBrief[], shipment: Shipment): FulfilmentBrief | undefined {
  return fulfilments.find(
    (f) => f.status !== "CANCELLED" && shipment.trackingNumber !== null && f.trackingNumbers.includes(shipment.trackingNumber),
  );
}

async function refuse(ctx: JobContext, shipment: Shipment, error: ShopifyUserError, sent: unknown): Promise<void> {
  const message = `Shopify refused the fulfilment: ${error.userErrors.map((e) => e.message).join("; ")}. Check the order in Shopify, then retry.`;
  await ctx.db.$transaction(async (tx) => {
    await tx.shipment.update({ where: { id: shipment.id }, data: { lastErrorCode: WRITE_BACK_REFUSED, lastErrorText: message } });
    await recordShipmentEvent(tx, shipment.id, {
      type: "write_back_refused",
      message,
      data: { operation: "fulfillmentCreate", sent, received: { userErrors: error.userErrors } },
    });
  });
}

async function writeOne(ctx: JobContext, deps: PipelineDeps, shopify: ShopifyPort, notifyCustomer: boolean, shipment: Shipment): Promise<void> {
  if (shipment.trackingNumber === null) return;
  const tracking: TrackingInfo = { number: shipment.trackingNumber, company: shipment.trackingCarrier, url: shipment.trackingUrl };
  const lineItems = shipmentLines(shipment);
  const sent = { fulfillmentOrderId: shipment.fulfillmentOrderId, lineItems, trackingInfo: tracking, notifyCustomer };

  let fulfilment: { id: string } | undefined;
  let adopted = false;
  if (shipment.fulfilmentIntentAt !== null) {
    fulfilment = ours(await shopify.fulfilmentsOf(shipment.fulfillmentOrderId), shipment);
    adopted = fulfilment !== undefined;
  } else {
    await ctx.db.shipment.updateMany({ where: { id: shipment.id, state: "CREATED" }, data: { fulfilmentIntentAt: deps.now() } });
  }
  if (fulfilment === undefined) {
    try {
      fulfilment = await shopify.createFulfilment({ fulfillmentOrderId: shipment.fulfillmentOrderId, lineItems, tracking, notifyCustomer });
    } catch (error) {
      if (!(error instanceof ShopifyUserError)) throw error;
      // Perhaps it exists after all (the fulfillment order is closed because we fulfilled it).
      fulfilment = ours(await shopify.fulfilmentsOf(shipment.fulfillmentOrderId), shipment);
      adopted = fulfilment !== undefined;
      if (fulfilment === undefined) {
        await refuse(ctx, shipment, error, sent);
        return;
      }
    }
  }
  await transition(
    ctx.db,
    shipment,
    "FULFILLED",
    {
      type: "fulfilment_written",
      message: adopted
        ? `Found the Shopify fulfilment with tracking number ${tracking.number} written before an interruption; it was not written twice.`
        : `Written to Shopify as a fulfilment with tracking number ${tracking.number}${tracking.company ? ` (${tracking.company})` : ""}; ` +
          `the customer was ${notifyCustomer ? "" : "not "}notified.`,
      data: { operation: adopted ? "fulfilmentsOf" : "fulfillmentCreate", sent, received: { fulfillmentId: fulfilment.id } },
    },
    { shopifyFulfillmentId: fulfilment.id, lastErrorCode: null, lastErrorText: null },
  );
}

export async function writeBackShipments(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  const limit = deps.policy.fulfilmentsPerWriteBack;
  const candidates = await shipmentsInState(ctx.db, shop, "CREATED", { where: writable, take: limit + 1 });
  if (candidates.length > 0) {
    try {
      const shopify = await deps.shopify(shop);
      const { notifyCustomer } = await deps.settings(shop, shopify);
      const shipments = await fillTrackingPages(ctx, deps, await deps.provider(shop), candidates.slice(0, limit));
      for (const shipment of shipments) await writeOne(ctx, deps, shopify, notifyCustomer, shipment);
    } catch (error) {
      throw forQueue(error, deps.now(), deps.policy);
    }
  }
  const now = deps.now();
  await ctx.complete(async (tx) => {
    if ((await countInState(tx, shop, "CREATED", { where: writable })) > 0) await queueWriteBack(tx, shop, now);
    if ((await countInState(tx, shop, "FULFILLED")) > 0) await queueTracking(tx, shop, new Date(now.getTime() + deps.policy.firstTrackingPollMs));
    // Provisional tracking numbers are watched for their replacement by the status poll.
    const provisional = await tx.shipment.groupBy({ by: ["kind"], where: { shop, state: "FULFILLED", isFinalTracking: false } });
    for (const { kind } of provisional) await queueStatusPoll(tx, shop, kind, new Date(now.getTime() + deps.policy.nonFinalTrackingPollMs));
  });
}
