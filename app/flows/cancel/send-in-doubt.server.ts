/**
 * A cancellation or change that meets a send in doubt (issue 26, decision 0040). The app sent the
 * package and got no answer (5xx, network, timeout), so the provider may or may not have it; a
 * cancellation, or a change that leaves nothing to ship, withdrew it, so no push may send it again
 * (unsent-changes.server.ts). Once no creation call is under way, this asks the provider whether it
 * has it, by PackageId (operation 15 for outbound, 8 for drop-ship):
 * - it does not, or has only a failed creation: CANCELLED for good, nothing sent; Shopify's
 *   cancellation request is accepted, or, if it was refused meanwhile for want of an answer, the
 *   fulfillment order is handed back (closed as incomplete) so the merchant can finish cancelling;
 * - it does: SUBMITTED and followed as every other; the request is rejected as already at the
 *   warehouse, or the shipment says, in Needs attention, what came too late;
 * - it cannot say (down, 5xx, not connected): asked again, backing off as a status poll does.
 *   After sendInDoubtAnswerMs, Shopify's request is refused with why, and the shipment says it.
 */
import type { Shipment } from "@prisma/client";
import type { FulfillmentOrderGid } from "~/connector";
import { ProviderError, ProviderNotFoundError, type DropshipStatusRecord, type OutboundStatusRecord } from "~/fulfilment";
import { PermanentFailure, RetryLater, type JobContext } from "~/jobs/handler";
import { ShopifyUserError } from "~/shopify/errors";
import { recordChangeAfterSend } from "~/stores/shipments/needs-attention.server";
import { CLAIM_RELEASED, creationMayBeUnderWay, SEND_ANSWERED } from "~/stores/shipments/sending-claims.server";
import { recordShipmentEvent, transition } from "~/stores/shipments/shipment.server";
import { isWithdrawing } from "~/stores/shipments/shipment-states";
import type { PipelineDeps } from "../ports/deps";
import type { FulfillmentOrderBrief, ShopifyPort } from "../ports/ports";
import { queueStatusPoll } from "../queue/stages.server";
import { answerCancellation } from "./cancellation.server";
import type { NestedSaid, NestedSay } from "~/lib/words/reason-said";
import { timelineSaid } from "~/lib/words/timeline-said";

type StatusRecord = DropshipStatusRecord | OutboundStatusRecord;

type Verdict =
  /** Nothing of it will ship: the provider does not know it, or has only a failed creation of it. */
  | { kind: "absent"; said: NestedSaid }
  | { kind: "present"; record: StatusRecord }
  /** The provider could not be asked, or did not answer: why, in its own words. */
  | { kind: "unreachable"; why: string };

/** Shipment states in which the provider has the package. */
const SENT: readonly Shipment["state"][] = ["SUBMITTED", "CREATED", "FULFILLED", "DELIVERED", "ENDED"];

/** Shopify shows the message on the order; long ones are cut. */
const short = (text: string) => (text.length <= 250 ? text : `${text.slice(0, 249)}…`);

/** Why it was withdrawn: its sentence when the job was queued with one, else its English (a job queued by an older version). */
type Because = NestedSaid | string;

const operationOf = (shipment: Shipment) => (shipment.kind === "OUTBOUND" ? "outboundStatuses" : "dropshipStatuses");

/**
 * Asks the provider whether it has the package, once no creation call for it can still land: one
 * under way is waited for (its own answer may settle it), and one that ended without an answer a
 * moment ago is given sendingClaimGraceMs to arrive, if it is still arriving (RetryLater).
 */
async function askProvider(deps: PipelineDeps, db: JobContext["db"], shipment: Shipment): Promise<Verdict> {
  const now = deps.now();
  const { packageId } = shipment;
  if (await creationMayBeUnderWay(db, shipment))
    throw new RetryLater(
      new Date(now.getTime() + deps.policy.cancellationWaitMs),
      `Package ${packageId} is being sent right now: the provider is asked once that send ends`,
    );
  // The send's claim ended with an answer (a refusal, a 429 before the provider looked) and no call
  // ever went unanswered: nothing reached the provider.
  if (shipment.sendInDoubtAt === null && shipment.sendingJobId === null)
    return { kind: "absent", said: timelineSaid("noSendReached", packageId) };
  const arrivedBy = shipment.sendInDoubtAt === null ? 0 : shipment.sendInDoubtAt.getTime() + deps.policy.sendingClaimGraceMs;
  if (arrivedBy > now.getTime())
    throw new RetryLater(
      new Date(arrivedBy),
      `Package ${packageId}'s last send ended a moment ago: the provider is asked once it cannot still be arriving`,
    );
  try {
    const provider = await deps.provider(shipment.shop);
    const query = { idType: "PackageId" as const, Ids: [packageId] };
    const records: StatusRecord[] =
      shipment.kind === "OUTBOUND" ? await provider.outboundStatuses(query) : await provider.dropshipStatuses(query);
    const record = records.find((candidate) => candidate.PackageId === packageId);
    if (record === undefined) return { kind: "absent", said: timelineSaid("notReceived", packageId) };
    if (record.Status === "CreateFailed") return { kind: "absent", said: timelineSaid("notCreatedByProvider", packageId) };
    return { kind: "present", record };
  } catch (error) {
    if (error instanceof ProviderNotFoundError) return { kind: "absent", said: timelineSaid("notReceived", packageId) };
    if (error instanceof ProviderError || error instanceof PermanentFailure) return { kind: "unreachable", why: error.message };
    throw error;
  }
}

/** Absent: cancelled for good. sendInDoubtAt stays, so the cancellation's answer can say what was asked. */
function cancelForGood(ctx: JobContext, shipment: Shipment, because: Because, said: NestedSaid): Promise<Shipment> {
  const forGood = timelineSaid("cancelledForGood", because, said);
  return transition(
    ctx.db,
    shipment,
    "CANCELLED",
    {
      type: "cancelled",
      message: forGood.message,
      data: { operation: operationOf(shipment), withdrawnAt: shipment.sendWithdrawnAt?.toISOString() ?? null, say: forGood.say },
    },
    { ...CLAIM_RELEASED, lastErrorCode: null, lastErrorText: null, lastErrorSay: null },
  );
}

/** Present: a send whose answer was lost had reached it. It ships, and is followed from here as every other. */
async function followAsSent(
  ctx: JobContext,
  deps: PipelineDeps,
  shipment: Shipment,
  because: Because,
  record: StatusRecord,
): Promise<Shipment> {
  const now = deps.now();
  const notHeld = timelineSaid("providerHasItNotHeld", shipment.packageId);
  const hadIt = timelineSaid("providerHadIt", shipment.packageId, String(record.Status), record.HandleStatus ?? "", because);
  return ctx.db.$transaction(async (tx) => {
    // Held meanwhile (its stored package could not be read when a push took it): nothing is held
    // back any more, and nothing skips the state machine's way to SUBMITTED.
    const ready =
      shipment.state === "HELD"
        ? await transition(tx, shipment, "READY", { type: "provider_answer", message: notHeld.message, data: { say: notHeld.say } })
        : shipment;
    const sent = await transition(
      tx,
      ready,
      "SUBMITTED",
      {
        type: "sent",
        message: hadIt.message,
        data: {
          say: hadIt.say,
          operation: operationOf(shipment),
          received: { status: record.Status, handleStatus: record.HandleStatus ?? null, svcPackageId: record.SvcPackageId ?? null },
        },
      },
      {
        ...SEND_ANSWERED,
        sendWithdrawnAt: null,
        lastErrorCode: null,
        lastErrorText: null,
        lastErrorSay: null,
        holdReasons: null,
        svcPackageId: record.SvcPackageId ?? null,
        lastNewsAt: now,
      },
    );
    await queueStatusPoll(tx, shipment.shop, shipment.kind, new Date(now.getTime() + deps.policy.firstStatusPollMs));
    return sent;
  });
}

/** The fulfillment order as Shopify has it now (outbound: at the app's warehouse location); undefined for a drop-ship one. */
async function briefOf(shopify: ShopifyPort, shipment: Shipment): Promise<FulfillmentOrderBrief | undefined> {
  if (shipment.kind !== "OUTBOUND") return undefined;
  const briefs = await shopify.orderFulfillmentOrders(shipment.orderId);
  return briefs?.find((brief) => brief.id === shipment.fulfillmentOrderId);
}

/** Shopify's refusal of the cancellation, when the provider cannot say: why, and what happens next. */
const refusalWhileUnreachable = (packageId: string) =>
  `Not cancelled yet: package ${packageId} was being sent when the provider stopped answering, and the provider could not say whether it has package ${packageId}. ` +
  "The app sends nothing more and keeps asking: if the provider never received it, the app hands this order back to you; if it did, it ships and the app follows it.";

/**
 * Says, once, after sendInDoubtAnswerMs without an answer: on the shipment first (what the merchant
 * finds from Shopify's answer), then to Shopify's cancellation request, then in the timeline.
 */
async function sayUnreachable(ctx: JobContext, deps: PipelineDeps, shipment: Shipment, why: string): Promise<void> {
  if ((await ctx.db.shipmentEvent.count({ where: { shipmentId: shipment.id, type: "provider_unreachable" } })) > 0) return;
  const waiting = timelineSaid("waitingForProvider", shipment.packageId, why);
  await ctx.db.shipment.updateMany({
    where: { id: shipment.id, state: { in: ["READY", "HELD"] }, sendWithdrawnAt: { not: null } },
    data: { lastErrorText: waiting.message, lastErrorSay: JSON.stringify(waiting.say) },
  });
  const shopify = await deps.shopify(shipment.shop);
  const brief = await briefOf(shopify, shipment);
  let told = false;
  if (brief?.requestStatus === "CANCELLATION_REQUESTED") {
    try {
      await shopify.rejectCancellationRequest(brief.id, refusalWhileUnreachable(shipment.packageId));
      told = true;
    } catch (error) {
      // Answered meanwhile (the merchant withdrew the request, a run before this one): nothing to refuse.
      if (!(error instanceof ShopifyUserError)) throw error;
    }
  }
  await ctx.db.$transaction(async (tx) => {
    if ((await tx.shipmentEvent.count({ where: { shipmentId: shipment.id, type: "provider_unreachable" } })) > 0) return;
    const said = told ? timelineSaid("refusedInShopifyToo", waiting) : waiting;
    await recordShipmentEvent(tx, shipment.id, {
      type: "provider_unreachable",
      message: said.message,
      data: { operation: operationOf(shipment), why, refusedInShopify: told, say: said.say },
    });
  });
}

/** The provider cannot say: asked again, backing off as a status poll does; Shopify told why once the bound has passed. */
async function waitForTheProvider(ctx: JobContext, deps: PipelineDeps, shipment: Shipment, why: string): Promise<never> {
  const now = deps.now().getTime();
  const since = (shipment.sendWithdrawnAt ?? deps.now()).getTime();
  const answerBy = since + deps.policy.sendInDoubtAnswerMs;
  if (now >= answerBy) await sayUnreachable(ctx, deps, shipment, why);
  const wait = Math.min(Math.max((now - since) / 2, deps.policy.minStatusPollMs), deps.policy.maxStatusPollMs);
  const next = now < answerBy ? Math.min(now + wait, answerBy) : now + wait;
  throw new RetryLater(new Date(next), `The provider could not say whether it has package ${shipment.packageId}: ${why}`);
}

/** The merchant could not be answered in time and the cancellation was refused; now nothing ships: the order is given back. */
async function handBack(ctx: JobContext, shopify: ShopifyPort, shipment: Shipment, id: FulfillmentOrderGid): Promise<void> {
  const message = short(
    `Not shipped: the provider does not have package ${shipment.packageId}, so nothing ships. The cancellation was refused while the provider could not say; it can be finished now.`,
  );
  let outcome: NestedSaid;
  try {
    await shopify.closeFulfillmentOrder(id, message);
    outcome = timelineSaid("handedBackAfterDoubt", message);
  } catch (error) {
    if (!(error instanceof ShopifyUserError)) throw error;
    if ((await shopify.fulfillmentOrderRemaining(id))?.status === "INCOMPLETE") return;
    outcome = timelineSaid("couldNotHandBack", error.userErrors.map((e) => e.message).join("; "));
  }
  await recordShipmentEvent(ctx.db, shipment.id, {
    type: "handed_back",
    message: outcome.message,
    data: { operation: "fulfillmentOrderClose", say: outcome.say },
  });
}

/** Tells Shopify and the merchant what the provider's answer means, by where the shipment and its fulfillment order are now. */
async function tellShopify(ctx: JobContext, deps: PipelineDeps, shipment: Shipment): Promise<void> {
  const shopify = await deps.shopify(shipment.shop);
  const brief = await briefOf(shopify, shipment);
  if (brief?.requestStatus === "CANCELLATION_REQUESTED") return answerCancellation(ctx, deps, shopify, shipment.shop, brief.id);
  if (brief?.requestStatus === "CANCELLATION_REJECTED" && shipment.state === "CANCELLED") return handBack(ctx, shopify, shipment, brief.id);
  if (!SENT.includes(shipment.state)) return;
  // It ships though Shopify was told otherwise: the merchant should know, and call the provider if it matters.
  await recordChangeAfterSend(ctx.db, {
    shop: shipment.shop,
    fulfillmentOrderId: shipment.fulfillmentOrderId,
    what: timelineSaid("changedWhileInDoubt"),
    key: `in-doubt:${shipment.id}`,
    at: deps.now(),
  });
}

/** cancel.in-doubt: one withdrawn package settled with the provider, and Shopify told. */
export async function settleSendInDoubt(
  ctx: JobContext,
  deps: PipelineDeps,
  {
    shop,
    shipmentId,
    because: english,
    becauseSay,
  }: { shop: string; shipmentId: string; because: string; becauseSay?: NestedSay | undefined },
): Promise<void> {
  const because: Because = becauseSay === undefined ? english : { message: english, say: becauseSay };
  const shipment = await ctx.db.shipment.findFirst({ where: { id: shipmentId, shop } });
  if (shipment === null) return;
  let settled = shipment;
  if (isWithdrawing(shipment)) {
    const verdict = await askProvider(deps, ctx.db, shipment);
    if (verdict.kind === "unreachable") return waitForTheProvider(ctx, deps, shipment, verdict.why);
    settled =
      verdict.kind === "absent"
        ? await cancelForGood(ctx, shipment, because, verdict.said)
        : await followAsSent(ctx, deps, shipment, because, verdict.record);
  }
  // Also when the send under way settled it first (accepted: SUBMITTED; refused: HELD, cancelled above).
  await tellShopify(ctx, deps, settled);
}
