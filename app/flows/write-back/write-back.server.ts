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
import type { DatabaseOrTransaction } from "~/stores/database/database.server";
import { countInState, shipmentLines, shipmentsInState } from "~/stores/shipments/shipment-pipeline.server";
import { recordShipmentEvent, transition } from "~/stores/shipments/shipment.server";
import { ShopifyUserError } from "~/shopify/errors";
import { WRITE_BACK_REFUSED } from "~/stores/shipments/shipment-states";
import type { PipelineDeps } from "../ports/deps";
import { forQueue } from "../ports/errors";
import type { FulfilmentBrief, ProviderPort, ShopifyPort, TrackingInfo } from "../ports/ports";
import { queueStatusPoll, queueTracking, queueWriteBack } from "../queue/stages.server";
import { chunks } from "~/lib/chunks";
import { webAddressOrNull } from "~/lib/web-address";


const writable = { OR: [{ lastErrorCode: null }, { lastErrorCode: { not: WRITE_BACK_REFUSED } }] };

/** Carrier tracking pages (operation 3's CarrierInfo) for shipments that have none yet. */
async function fillTrackingPages(ctx: JobContext, deps: PipelineDeps, provider: ProviderPort, shipments: Shipment[]): Promise<Shipment[]> {
  const missing = shipments.filter((s) => s.trackingUrl === null && s.trackingNumber !== null);
  if (missing.length === 0) return shipments;
  const pages = new Map<string, { url: string | null; company: string | null }>();
  for (const chunk of chunks(missing, deps.policy.trackingNumbersPerQuery)) {
    const results = await provider.trackBatch({ TrackingNumbers: chunk.flatMap((s) => (s.trackingNumber ? [s.trackingNumber] : [])), lang: deps.policy.trackingLanguage });
    for (const result of results) pages.set(result.TrackingNumber, { url: webAddressOrNull(result.CarrierInfo?.Url), company: result.CarrierInfo?.Company ?? null });
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

function fulfilmentInputOf(shipment: Shipment & { trackingNumber: string }, notifyCustomer: boolean) {
  const tracking: TrackingInfo = { number: shipment.trackingNumber, company: shipment.trackingCarrier, url: webAddressOrNull(shipment.trackingUrl) };
  const lineItems = shipmentLines(shipment);
  return { fulfillmentOrderId: shipment.fulfillmentOrderId, lineItems, tracking, notifyCustomer };
}

interface Written {
  shipment: Shipment;
  fulfilment: { id: string };
  /** Found on the fulfillment order (written before an interruption), not created now. */
  adopted: boolean;
  input: ReturnType<typeof fulfilmentInputOf>;
}

/** → FULFILLED with the fulfilment's id, and what was sent and received in the timeline. */
async function recordWritten(db: DatabaseOrTransaction, { shipment, fulfilment, adopted, input }: Written): Promise<void> {
  const { tracking, notifyCustomer } = input;
  const sent = { fulfillmentOrderId: input.fulfillmentOrderId, lineItems: input.lineItems, trackingInfo: tracking, notifyCustomer };
  await transition(
    db,
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

/** After Shopify refused to create it: perhaps it exists after all (the fulfillment order is closed because we fulfilled it). */
async function adoptOrRefuse(ctx: JobContext, shopify: ShopifyPort, shipment: Shipment, input: Written["input"], error: ShopifyUserError): Promise<Written | undefined> {
  const fulfilment = ours(await shopify.fulfilmentsOf(shipment.fulfillmentOrderId), shipment);
  if (fulfilment) return { shipment, fulfilment, adopted: true, input };
  const { tracking, notifyCustomer } = input;
  await refuse(ctx, shipment, error, { fulfillmentOrderId: input.fulfillmentOrderId, lineItems: input.lineItems, trackingInfo: tracking, notifyCustomer });
  return undefined;
}

/** A shipment whose intent an earlier run stored: its fulfilment may exist already, so look before creating. */
async function resumeOne(ctx: JobContext, shopify: ShopifyPort, notifyCustomer: boolean, shipment: Shipment & { trackingNumber: string }): Promise<void> {
  const input = fulfilmentInputOf(shipment, notifyCustomer);
  const found = ours(await shopify.fulfilmentsOf(shipment.fulfillmentOrderId), shipment);
  if (found) return recordWritten(ctx.db, { shipment, fulfilment: found, adopted: true, input });
  try {
    await recordWritten(ctx.db, { shipment, fulfilment: await shopify.createFulfilment(input), adopted: false, input });
  } catch (error) {
    if (!(error instanceof ShopifyUserError)) throw error;
    const written = await adoptOrRefuse(ctx, shopify, shipment, input, error);
    if (written) await recordWritten(ctx.db, written);
  }
}

/**
 * Shipments written for the first time: the intent of all stored first, then their fulfilments
 * created several to a request, then the outcomes recorded in one transaction.
 */
async function writeFresh(ctx: JobContext, deps: PipelineDeps, shopify: ShopifyPort, notifyCustomer: boolean, shipments: (Shipment & { trackingNumber: string })[]): Promise<void> {
  await ctx.db.shipment.updateMany({ where: { id: { in: shipments.map((s) => s.id) }, state: "CREATED", fulfilmentIntentAt: null }, data: { fulfilmentIntentAt: deps.now() } });
  const inputs = shipments.map((shipment) => fulfilmentInputOf(shipment, notifyCustomer));
  const outcomes = await shopify.createFulfilments(inputs);
  const written: Written[] = [];
  for (const [index, shipment] of shipments.entries()) {
    const outcome = outcomes[index];
    const input = inputs[index];
    if (!outcome || !input) continue;
    if ("id" in outcome) written.push({ shipment, fulfilment: outcome, adopted: false, input });
    else {
      const adopted = await adoptOrRefuse(ctx, shopify, shipment, input, outcome.refused);
      if (adopted) written.push(adopted);
    }
  }
  await ctx.db.$transaction(async (tx) => {
    for (const item of written) await recordWritten(tx, item);
  });
}

const withTracking = (shipment: Shipment): shipment is Shipment & { trackingNumber: string } => shipment.trackingNumber !== null;

export async function writeBackShipments(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  const limit = deps.policy.fulfilmentsPerWriteBack;
  const candidates = await shipmentsInState(ctx.db, shop, "CREATED", { where: writable, take: limit + 1 });
  if (candidates.length > 0) {
    try {
      const shopify = await deps.shopify(shop);
      const { notifyCustomer } = await deps.settings(shop, shopify);
      const shipments = await fillTrackingPages(ctx, deps, await deps.provider(shop), candidates.slice(0, limit));
      const numbered = shipments.filter(withTracking);
      for (const shipment of numbered.filter((s) => s.fulfilmentIntentAt !== null)) await resumeOne(ctx, shopify, notifyCustomer, shipment);
      const fresh = numbered.filter((s) => s.fulfilmentIntentAt === null);
      if (fresh.length > 0) await writeFresh(ctx, deps, shopify, notifyCustomer, fresh);
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
