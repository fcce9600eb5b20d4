/**
 * Write back: a CREATED shipment becomes a Shopify fulfilment on the fulfillment order line items it
 * carries, with every parcel's tracking number, the carrier and tracking pages, notifying the
 * customer as the shop chose → FULFILLED with the fulfilment's id. Exactly once, although
 * fulfillmentCreate takes no idempotency key: the intent is stored before the call, and a rerun
 * looks for the fulfilment before creating a second (docs/decisions/0007-pipeline-exactly-once.md).
 */
import type { Shipment } from "@prisma/client";
import { FulfillmentOrderGid } from "~/connector";
import { claimOf, type ClaimLine } from "~/connector/claim";
import type { JobContext } from "~/jobs/handler";
import { inTransaction, type DatabaseOrTransaction } from "~/stores/database/database.server";
import { countInState, shipmentsInState } from "~/stores/shipments/shipments-in-state.server";
import { otherParcelsOf, otherParcelsText, shipmentLines } from "~/stores/shipments/shipment-columns";
import { recordShipmentEvent, transitionEach, type ShipmentChanges, type ShipmentMove } from "~/stores/shipments/shipment.server";
import { ShopifyUserError } from "~/shopify/errors";
import { WRITE_BACK_REFUSED } from "~/stores/shipments/shipment-states";
import type { PipelineDeps } from "../ports/deps";
import { forQueue } from "../ports/errors";
import type { FulfilmentBrief, ProviderPort, ShopifyPort, TrackingInfo } from "../ports/ports";
import { queueStatusPoll, queueTracking, queueWriteBack } from "../queue/stages.server";
import { trackingLanguageOfShipment, trackingQueries } from "../track/tracking-queries";
import { webAddressOrNull } from "~/lib/web-address";
import type { NestedSaid } from "~/lib/words/reason-said";
import { timelineSaid, unitsSaid } from "~/lib/words/timeline-said";
import { changedInShopifyColumns } from "~/stores/shipments/needs-attention.server";

/**
 * A shipment about to be written to Shopify, with the tracking pages found for it by this run: only
 * those are stored with its move, so a parcel number the status poll added meanwhile is kept.
 */
type ToWrite = Shipment & { pagesFound?: Pick<ShipmentChanges, "trackingUrl" | "extraTrackingNumbers"> };

const writable = { OR: [{ lastErrorCode: null }, { lastErrorCode: { not: WRITE_BACK_REFUSED } }] };

/**
 * Carrier tracking pages (operation 3's CarrierInfo) for the parcels of shipments that have none
 * yet, each asked in its buyer's language: the page and the carrier's name are what Shopify shows them.
 */
async function fillTrackingPages(deps: PipelineDeps, provider: ProviderPort, shipments: Shipment[]): Promise<ToWrite[]> {
  const numbersWithoutPage = (shipment: Shipment) => [
    ...(shipment.trackingUrl === null && shipment.trackingNumber !== null ? [shipment.trackingNumber] : []),
    ...otherParcelsOf(shipment).flatMap((parcel) => (parcel.url === null ? [parcel.number] : [])),
  ];
  const missing = shipments.flatMap((shipment) =>
    numbersWithoutPage(shipment).map((number) => ({ number, lang: trackingLanguageOfShipment(deps.policy, shipment) })),
  );
  if (missing.length === 0) return shipments;
  const pages = new Map<string, { url: string | null; company: string | null }>();
  for (const query of trackingQueries(missing, (parcel) => parcel.lang, deps.policy.trackingNumbersPerQuery)) {
    const results = await provider.trackBatch({ TrackingNumbers: query.items.map((parcel) => parcel.number), lang: query.lang });
    for (const result of results)
      pages.set(result.TrackingNumber, { url: webAddressOrNull(result.CarrierInfo?.Url), company: result.CarrierInfo?.Company ?? null });
  }
  // Kept in memory and written with the move to FULFILLED (writtenMove), so a page costs no write of
  // its own. A run that dies before asks for the pages again; a fulfilment it made is adopted.
  return shipments.map((shipment) => {
    const main = shipment.trackingUrl === null && shipment.trackingNumber ? pages.get(shipment.trackingNumber)?.url : undefined;
    const others = otherParcelsOf(shipment);
    const otherPages = others.map((parcel) => ({ ...parcel, url: parcel.url ?? pages.get(parcel.number)?.url ?? null }));
    const othersChanged = otherPages.some((parcel, index) => parcel.url !== others[index]?.url);
    const pagesFound = {
      ...(main ? { trackingUrl: main } : {}),
      ...(othersChanged ? { extraTrackingNumbers: otherParcelsText(otherPages) } : {}),
    };
    return { ...shipment, ...pagesFound, pagesFound };
  });
}

/** Our fulfilment of this shipment, if Shopify has one: same fulfillment order, same tracking number, not cancelled. */
function ours(fulfilments: FulfilmentBrief[], shipment: Shipment): FulfilmentBrief | undefined {
  return fulfilments.find(
    (f) => f.status !== "CANCELLED" && shipment.trackingNumber !== null && f.trackingNumbers.includes(shipment.trackingNumber),
  );
}

async function refuse(ctx: JobContext, shipment: Shipment, error: ShopifyUserError, sent: unknown): Promise<void> {
  // Shopify's own words, quoted inside our sentence.
  const refused = timelineSaid("shopifyRefusedFulfilment", error.userErrors.map((e) => e.message).join("; "));
  await ctx.db.$transaction(async (tx) => {
    await tx.shipment.update({
      where: { id: shipment.id },
      data: { lastErrorCode: WRITE_BACK_REFUSED, lastErrorText: refused.message, lastErrorSay: JSON.stringify(refused.say) },
    });
    await recordShipmentEvent(tx, shipment.id, {
      type: "write_back_refused",
      message: refused.message,
      data: { operation: "fulfillmentCreate", sent, received: { userErrors: error.userErrors }, say: refused.say },
    });
  });
}

function fulfilmentInputOf(
  shipment: ToWrite & { trackingNumber: string },
  notifyCustomer: boolean,
  lines: readonly ClaimLine[] = shipmentLines(shipment),
) {
  const tracking: TrackingInfo = {
    number: shipment.trackingNumber,
    company: shipment.trackingCarrier,
    url: webAddressOrNull(shipment.trackingUrl),
    others: otherParcelsOf(shipment).map((parcel) => ({ ...parcel, url: webAddressOrNull(parcel.url) })),
  };
  return { fulfillmentOrderId: shipment.fulfillmentOrderId, lineItems: [...lines], tracking, notifyCustomer };
}

/** What the package carried that the fulfilment could not claim, and why. */
interface Unclaimed {
  lines: ClaimLine[];
  /** The fulfillment order's status when it was read again. */
  status: string | null;
}

interface Written {
  shipment: ToWrite;
  /** Null: nothing left on the fulfillment order to claim; the parcel is followed without a fulfilment. */
  fulfilment: { id: string } | null;
  /** Found on the fulfillment order (written before an interruption), not created now. */
  adopted: boolean;
  input: ReturnType<typeof fulfilmentInputOf>;
  unclaimed?: Unclaimed;
}

const numbersOf = (tracking: TrackingInfo) => [tracking.number, ...(tracking.others ?? []).map((other) => other.number)];

/** "tracking number X (UPS)" or "tracking numbers X, Y, Z (UPS)" */
function trackingWords(tracking: TrackingInfo): NestedSaid {
  const numbers = numbersOf(tracking);
  return timelineSaid("trackingNumbers", numbers.length, numbers.join(", "), tracking.company ?? "");
}

function unclaimedWords({ lines, status }: Unclaimed): NestedSaid {
  return timelineSaid("unclaimedUnits", unitsSaid(lines), status ?? "");
}

/** The move to FULFILLED with the fulfilment's id, and what was sent and received in the timeline. */
function writtenMove({ shipment, fulfilment, adopted, input, unclaimed }: Written): ShipmentMove {
  const { tracking, notifyCustomer } = input;
  const sent = { fulfillmentOrderId: input.fulfillmentOrderId, lineItems: input.lineItems, trackingInfo: tracking, notifyCustomer };
  const trackingSaid = trackingWords(tracking);
  const notified = notifyCustomer ? 1 : 0;
  const said =
    fulfilment === null
      ? timelineSaid("nothingLeftToClaim", unclaimed ? unclaimedWords(unclaimed) : timelineSaid("fulfillmentOrderEmpty"), trackingSaid)
      : adopted
        ? timelineSaid("fulfilmentFound", trackingSaid)
        : unclaimed
          ? timelineSaid("fulfilmentWrittenPartly", trackingSaid, notified, unitsSaid(input.lineItems), unclaimedWords(unclaimed))
          : timelineSaid("fulfilmentWritten", trackingSaid, notified);
  return {
    shipment,
    to: "FULFILLED",
    event: {
      type: "fulfilment_written",
      message: said.message,
      data: {
        say: said.say,
        operation: fulfilment === null ? "fulfillmentOrderRemaining" : adopted ? "fulfilmentsOf" : "fulfillmentCreate",
        sent,
        received: { fulfillmentId: fulfilment?.id ?? null },
      },
    },
    // Never tracked yet: due for its first read at once (the status poll's reads do not count).
    changes: {
      ...shipment.pagesFound,
      shopifyFulfillmentId: fulfilment?.id ?? null,
      lastErrorCode: null,
      lastErrorText: null,
      lastErrorSay: null,
      lastPolledAt: null,
    },
  };
}

/** → FULFILLED, all in one transaction (transitionEach), with what could not be claimed said and flagged. */
async function recordWritten(db: DatabaseOrTransaction, written: readonly Written[]): Promise<void> {
  if (written.length === 0) return;
  await inTransaction(db, async (tx) => {
    await transitionEach(tx, written.map(writtenMove));
    for (const { shipment, unclaimed } of written) {
      if (!unclaimed) continue;
      const partly = timelineSaid("partlyClaimed", unclaimedWords(unclaimed));
      await recordShipmentEvent(tx, shipment.id, {
        type: "partly_claimed",
        message: partly.message,
        data: { unclaimed: unclaimed.lines, fulfillmentOrderStatus: unclaimed.status, say: partly.say },
      });
      await tx.shipment.update({
        where: { id: shipment.id },
        data: {
          ...changedInShopifyColumns(timelineSaid("leftFulfillmentOrder", unitsSaid(unclaimed.lines))),
          changedInShopifyAt: new Date(),
          attentionHandledAt: null,
        },
      });
    }
  });
}

/**
 * After Shopify refused to create it: perhaps it exists after all (the fulfillment order is closed
 * because we fulfilled it). Otherwise the fulfillment order is read again: the fulfilment claims
 * what it still has of the package's lines, or, when it has none, none is written. A refusal that
 * is not about lines that left (an order on hold in Shopify, say) waits for a person.
 *
 * So the fulfilment claims exactly what shipped, as far as the fulfillment order still has it: a
 * line edited away, moved or split off after the package was sent is left out (said in the
 * timeline), never refused for; a fulfillment order with nothing left (cancelled, closed by someone
 * else) gets no fulfilment at all, and the parcel is followed all the same.
 */
async function adoptOrRefuse(
  ctx: JobContext,
  shopify: ShopifyPort,
  shipment: ToWrite & { trackingNumber: string },
  input: Written["input"],
  error: ShopifyUserError,
): Promise<Written | undefined> {
  const fulfilment = ours(await shopify.fulfilmentsOf(shipment.fulfillmentOrderId), shipment);
  if (fulfilment) return { shipment, fulfilment, adopted: true, input };
  const { tracking, notifyCustomer } = input;
  const sent = { fulfillmentOrderId: input.fulfillmentOrderId, lineItems: input.lineItems, trackingInfo: tracking, notifyCustomer };
  const id = FulfillmentOrderGid.safeParse(shipment.fulfillmentOrderId);
  const remaining = id.success ? await shopify.fulfillmentOrderRemaining(id.data) : null;
  const claim = claimOf(input.lineItems, remaining?.lines ?? []);
  if (claim.unclaimed.length === 0) {
    await refuse(ctx, shipment, error, sent);
    return undefined;
  }
  const unclaimed: Unclaimed = { lines: claim.unclaimed, status: remaining?.status ?? null };
  const reduced = fulfilmentInputOf(shipment, notifyCustomer, claim.lines);
  if (claim.lines.length === 0) return { shipment, fulfilment: null, adopted: false, input: reduced, unclaimed };
  try {
    return { shipment, fulfilment: await shopify.createFulfilment(reduced), adopted: false, input: reduced, unclaimed };
  } catch (again) {
    if (!(again instanceof ShopifyUserError)) throw again;
    await refuse(ctx, shipment, again, { ...sent, lineItems: reduced.lineItems });
    return undefined;
  }
}

/**
 * A shipment whose intent an earlier run stored: its fulfilment may exist already, so look before
 * creating. That run died after Shopify may have created the fulfilment, before its id was stored;
 * the fulfilment is found on the fulfillment order by tracking number, and adopted.
 */
async function resumeOne(
  ctx: JobContext,
  shopify: ShopifyPort,
  notifyCustomer: boolean,
  shipment: ToWrite & { trackingNumber: string },
): Promise<void> {
  const input = fulfilmentInputOf(shipment, notifyCustomer);
  const found = ours(await shopify.fulfilmentsOf(shipment.fulfillmentOrderId), shipment);
  if (found) return recordWritten(ctx.db, [{ shipment, fulfilment: found, adopted: true, input }]);
  try {
    await recordWritten(ctx.db, [{ shipment, fulfilment: await shopify.createFulfilment(input), adopted: false, input }]);
  } catch (error) {
    if (!(error instanceof ShopifyUserError)) throw error;
    const written = await adoptOrRefuse(ctx, shopify, shipment, input, error);
    if (written) await recordWritten(ctx.db, [written]);
  }
}

/**
 * Shipments written for the first time: the intent of all stored first, then their fulfilments
 * created several to a request, then the outcomes recorded in one transaction.
 */
async function writeFresh(
  ctx: JobContext,
  deps: PipelineDeps,
  shopify: ShopifyPort,
  notifyCustomer: boolean,
  shipments: (ToWrite & { trackingNumber: string })[],
): Promise<void> {
  await ctx.db.shipment.updateMany({
    where: { id: { in: shipments.map((s) => s.id) }, state: "CREATED", fulfilmentIntentAt: null },
    data: { fulfilmentIntentAt: deps.now() },
  });
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
  await recordWritten(ctx.db, written);
}

const withTracking = (shipment: ToWrite): shipment is ToWrite & { trackingNumber: string } => shipment.trackingNumber !== null;

export async function writeBackShipments(ctx: JobContext, deps: PipelineDeps, shop: string): Promise<void> {
  const limit = deps.policy.fulfilmentsPerWriteBack;
  const candidates = await shipmentsInState(ctx.db, shop, "CREATED", { where: writable, take: limit + 1 });
  if (candidates.length > 0) {
    try {
      const shopify = await deps.shopify(shop);
      const { notifyCustomer } = await deps.settings(shop, shopify);
      const shipments = await fillTrackingPages(deps, await deps.provider(shop), candidates.slice(0, limit));
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
    if ((await countInState(tx, shop, "FULFILLED")) > 0)
      await queueTracking(tx, shop, new Date(now.getTime() + deps.policy.firstTrackingPollMs));
    // Provisional tracking numbers are watched for their replacement by the status poll.
    const provisional = await tx.shipment.groupBy({ by: ["kind"], where: { shop, state: "FULFILLED", isFinalTracking: false } });
    for (const { kind } of provisional) await queueStatusPoll(tx, shop, kind, new Date(now.getTime() + deps.policy.nonFinalTrackingPollMs));
  });
}
